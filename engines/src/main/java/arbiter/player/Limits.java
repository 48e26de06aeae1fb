package arbiter.player;

/**
 * What a player may spend on one move. Zero means "no limit of this kind"; with several limits the
 * first reached stops the search. Under depth or node limits alone a player is deterministic.
 *
 * @param depth       plies (alpha-beta), 0 = none
 * @param nodes       nodes, or playouts for MCTS, 0 = none
 * @param moveTimeMs  exact time for this move, 0 = none
 * @param remainingMs the mover's clock, 0 = no clock
 * @param incrementMs added after each move
 * @param movesToGo   moves until the next time control, 0 = rest of the game
 * @param opponentRemainingMs the opponent's clock, 0 = unknown or no clock (external engines whose
 *                    protocol sends both clocks, e.g. UCI {@code wtime btime}, need it)
 * @param opponentIncrementMs the opponent's increment
 */
public record Limits(int depth, long nodes, long moveTimeMs, long remainingMs, long incrementMs, int movesToGo,
                     long opponentRemainingMs, long opponentIncrementMs) {

    public Limits {
        if (depth < 0 || nodes < 0 || moveTimeMs < 0 || remainingMs < 0 || incrementMs < 0 || movesToGo < 0
                || opponentRemainingMs < 0 || opponentIncrementMs < 0) {
            throw new IllegalArgumentException("limits must not be negative");
        }
    }

    /** Limits without the opponent's clock. */
    public Limits(int depth, long nodes, long moveTimeMs, long remainingMs, long incrementMs, int movesToGo) {
        this(depth, nodes, moveTimeMs, remainingMs, incrementMs, movesToGo, 0, 0);
    }

    /** These limits with the opponent's clock and increment. */
    public Limits withOpponentClock(long opponentRemainingMs, long opponentIncrementMs) {
        return new Limits(depth, nodes, moveTimeMs, remainingMs, incrementMs, movesToGo, opponentRemainingMs,
                opponentIncrementMs);
    }

    public static Limits depth(int depth) {
        return new Limits(depth, 0, 0, 0, 0, 0);
    }

    public static Limits nodes(long nodes) {
        return new Limits(0, nodes, 0, 0, 0, 0);
    }

    public static Limits moveTime(long ms) {
        return new Limits(0, 0, ms, 0, 0, 0);
    }

    public static Limits clock(long remainingMs, long incrementMs, int movesToGo) {
        return new Limits(0, 0, 0, remainingMs, incrementMs, movesToGo);
    }

    public boolean hasClock() {
        return remainingMs > 0;
    }

    /** True when only depth and/or nodes bound the search, so the result is reproducible. */
    public boolean deterministic() {
        return moveTimeMs == 0 && remainingMs == 0 && (depth > 0 || nodes > 0);
    }

    /**
     * Time to aim for on this move, in ms, or 0 when no time limit applies: the fixed move time, or
     * a share of the clock (remaining / moves to go, 30 moves if unknown, plus most of the increment),
     * never more than a third of the remaining time.
     */
    public long targetTimeMs() {
        if (moveTimeMs > 0) {
            return moveTimeMs;
        }
        if (remainingMs <= 0) {
            return 0;
        }
        int moves = movesToGo > 0 ? Math.min(movesToGo, 30) : 30;
        long share = remainingMs / moves + incrementMs * 3 / 4;
        return Math.max(1, Math.min(share, remainingMs / 3));
    }

    /** The latest the search may run, in ms: the move time, or a hard cap on the clock. */
    public long hardTimeMs() {
        if (moveTimeMs > 0) {
            return moveTimeMs;
        }
        if (remainingMs <= 0) {
            return 0;
        }
        return Math.max(1, Math.min(targetTimeMs() * 4, remainingMs / 2));
    }
}
