package arbiter.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A game in progress: the start position, the moves played and the positions they led to. It adds
 * what a single position cannot know: repetition.
 */
public final class GameHistory {
    private final List<Position> positions = new ArrayList<>();
    private final List<Move> moves = new ArrayList<>();
    /** Index in {@link #positions} of the first position after the last irreversible move. */
    private int reversibleFrom;

    public GameHistory(Position start) {
        positions.add(start);
    }

    public Position current() {
        return positions.get(positions.size() - 1);
    }

    public Position start() {
        return positions.get(0);
    }

    public List<Move> moves() {
        return Collections.unmodifiableList(moves);
    }

    public List<Position> positions() {
        return Collections.unmodifiableList(positions);
    }

    /** Plays a legal move; the caller (the referee) has checked legality. */
    public void play(Move move) {
        Position before = current();
        Position after = before.play(move);
        if (before.isIrreversible(move)) {
            reversibleFrom = positions.size();
        }
        moves.add(move);
        positions.add(after);
    }

    /**
     * Replaces the current position by the same position with chance resolved (backgammon: the dice
     * rolled by the referee). Not a move: the move list is unchanged.
     */
    public void replaceCurrent(Position resolved) {
        positions.set(positions.size() - 1, resolved);
    }

    /** Occurrences of the current position since the last irreversible move, itself included. */
    public int repetitions() {
        Position now = current();
        long hash = now.hash();
        int count = 0;
        for (int i = positions.size() - 1; i >= reversibleFrom; i--) {
            if (positions.get(i).hash() == hash) {
                count++;
            }
        }
        return count;
    }

    /** The result by the rules (including repetition), or {@code null} while the game goes on. */
    public Outcome outcome() {
        Position now = current();
        Outcome byPosition = now.outcome();
        if (byPosition != null) {
            return byPosition;
        }
        int limit = now.rules().repetitionLimit();
        if (limit > 0 && repetitions() >= limit) {
            return new Outcome.Draw(EndReason.REPETITION);
        }
        return null;
    }
}
