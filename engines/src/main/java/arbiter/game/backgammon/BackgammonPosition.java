package arbiter.game.backgammon;

import static arbiter.game.backgammon.BackgammonMove.BAR;
import static arbiter.game.backgammon.BackgammonMove.OFF;
import static arbiter.game.backgammon.MoveGenerator.CHECKERS;
import static arbiter.game.backgammon.MoveGenerator.SLOTS;

import arbiter.game.EndReason;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Position;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * An immutable backgammon position: both players' checkers, whose turn it is, and the dice.
 *
 * <p>A position either awaits the dice ({@link #needsDice()}; no legal moves until
 * {@link #withDice} supplies a roll) or has them rolled, and then its legal moves are full moves
 * (see {@link BackgammonMove}). The opening position awaits the opening roll, one die per player:
 * the higher die's owner moves first and plays both numbers; its side to move is reported as White
 * (0) until the roll decides. Every position has 15 checkers per player; those not on a point or the
 * bar are borne off. Text form: see {@link BackgammonText}.
 */
public final class BackgammonPosition implements Position {
    /** Zobrist keys by player, slot (0 off .. 25 bar) and count; side, dice and opening keys. */
    private static final long[][][] ZOBRIST = new long[2][SLOTS][CHECKERS + 1];
    private static final long[][] ZOBRIST_DICE = new long[7][7];
    private static final long ZOBRIST_BLACK_TO_MOVE;
    private static final long ZOBRIST_OPENING;

    static {
        SplittableRandom random = new SplittableRandom(0x5EED_BAC6_0001L);
        for (long[][] player : ZOBRIST) {
            for (long[] slot : player) {
                for (int i = 0; i < slot.length; i++) {
                    slot[i] = random.nextLong();
                }
            }
        }
        for (long[] row : ZOBRIST_DICE) {
            for (int i = 0; i < row.length; i++) {
                row[i] = random.nextLong();
            }
        }
        ZOBRIST_BLACK_TO_MOVE = random.nextLong();
        ZOBRIST_OPENING = random.nextLong();
    }

    /** One generator per thread: generation keeps scratch state in the generator. */
    private static final ThreadLocal<MoveGenerator> GENERATOR = ThreadLocal.withInitial(MoveGenerator::new);

    private static final int[] START = new int[SLOTS];

    static {
        START[24] = 2;
        START[13] = 5;
        START[8] = 3;
        START[6] = 5;
    }

    private final BackgammonRules rules;
    /** Per player, in that player's own numbering: 0 borne off, 1..24 points, 25 bar. */
    private final int[][] boards;
    private final int side;
    private final boolean opening;
    /** The rolled dice, larger first, or 0 and 0 while awaiting the dice. */
    private final int die1;
    private final int die2;
    private final Outcome outcome;
    private final long hash;
    /** Lazily generated; one immutable object so that a racing reader sees moves and keys together. */
    private Generated generated;

    /** The legal moves and, for each, the generator's key of the position it leads to. */
    private record Generated(List<Move> moves, long[] keys) {
    }

    /** Boards are owned by the new position (not copied). */
    BackgammonPosition(BackgammonRules rules, int[] white, int[] black, int side, boolean opening, int die1,
                       int die2) {
        this.rules = rules;
        this.boards = new int[][] {white, black};
        this.side = side;
        this.opening = opening;
        this.die1 = Math.max(die1, die2);
        this.die2 = Math.min(die1, die2);
        this.outcome = decideOutcome();
        this.hash = computeHash();
    }

    static BackgammonPosition start(BackgammonRules rules) {
        return new BackgammonPosition(rules, START.clone(), START.clone(), 0, true, 0, 0);
    }

    /** This thread's generator (generation is not re-entrant, but each call finishes before returning). */
    static MoveGenerator generator() {
        return GENERATOR.get();
    }

    @Override
    public BackgammonRules rules() {
        return rules;
    }

    @Override
    public int sideToMove() {
        return side;
    }

    /** Whether this is the opening position, before the opening roll. */
    public boolean isOpening() {
        return opening;
    }

    /** Checkers of a player on one of its points (1..24, its own numbering), on the bar (25) or off (0). */
    public int checkers(int player, int point) {
        return boards[player][point];
    }

    /**
     * Copies a player's checkers, in its own numbering, into {@code out} (length 26): index 0 borne
     * off, 1..24 the points, 25 the bar. The layout of {@link Successors}.
     */
    public void copyBoard(int player, int[] out) {
        System.arraycopy(boards[player], 0, out, 0, SLOTS);
    }

    public int bar(int player) {
        return boards[player][BAR];
    }

    public int borneOff(int player) {
        return boards[player][OFF];
    }

    /** Pips the player still has to travel: the sum over its checkers of their point (bar = 25). */
    public int pipCount(int player) {
        int pips = 0;
        for (int p = 1; p <= BAR; p++) {
            pips += p * boards[player][p];
        }
        return pips;
    }

    /** The rolled dice, larger first, or an empty array while awaiting the dice. */
    public int[] dice() {
        return die1 == 0 ? new int[0] : new int[] {die1, die2};
    }

    @Override
    public boolean needsDice() {
        return die1 == 0 && outcome == null;
    }

    /**
     * This position with the dice rolled. At the opening the first die is White's, the second
     * Black's: the higher starts and plays both; a tie must be re-rolled and is refused.
     *
     * @throws NotationException for a die outside 1..6 or a tied opening roll
     * @throws IllegalStateException when the dice are already rolled or the game is over
     */
    @Override
    public BackgammonPosition withDice(int first, int second) {
        Dice.check(first, second);
        if (outcome != null) {
            throw new IllegalStateException("the game is over: no dice to roll");
        }
        if (die1 != 0) {
            throw new IllegalStateException("the dice are already rolled (" + die1 + "-" + die2 + ")");
        }
        if (opening) {
            if (first == second) {
                throw new NotationException("opening roll " + first + "-" + second
                        + " is a tie: each player rolls one die and ties are rolled again");
            }
            return new BackgammonPosition(rules, boards[0], boards[1], first > second ? 0 : 1, false, first, second);
        }
        return new BackgammonPosition(rules, boards[0], boards[1], side, false, first, second);
    }

    @Override
    public List<Move> legalMoves() {
        return generated().moves();
    }

    private Generated generated() {
        Generated g = generated;
        if (g == null) {
            if (die1 == 0 || outcome != null) {
                g = new Generated(List.of(), new long[0]);
            } else {
                MoveList list = new MoveList();
                generator().generate(boards[side], boards[1 - side], die1, die2, list);
                Move[] moves = new Move[list.size];
                for (int i = 0; i < list.size; i++) {
                    moves[i] = toMove(list.paths[i], list.steps);
                }
                g = new Generated(List.of(moves), Arrays.copyOf(list.keys, list.size));
            }
            generated = g;
        }
        return g;
    }

    private static BackgammonMove toMove(long path, int steps) {
        if (steps == 0) {
            return BackgammonMove.PASS;
        }
        BackgammonMove.Step[] list = new BackgammonMove.Step[steps];
        for (int i = 0; i < steps; i++) {
            list[i] = new BackgammonMove.Step(MoveList.stepFrom(path, i), MoveList.stepTo(path, i),
                    MoveList.stepHit(path, i));
        }
        return new BackgammonMove(List.of(list));
    }

    /** The generator's key of the position the legal move of this index leads to (see MoveGenerator#key). */
    long resultKey(int index) {
        return generated().keys()[index];
    }

    /** The generator's key of the position a legal move leads to (see MoveGenerator#key). */
    long resultKey(Move move) {
        Generated g = generated();
        int index = g.moves().indexOf(move);
        if (index < 0) {
            throw new IllegalArgumentException("not a legal move in " + toText() + ": " + move);
        }
        return g.keys()[index];
    }

    @Override
    public BackgammonPosition play(Move move) {
        if (!(move instanceof BackgammonMove)) {
            throw new IllegalArgumentException("not a backgammon move: " + move);
        }
        long key = resultKey(move);
        int[] mover = new int[SLOTS];
        int[] other = new int[SLOTS];
        MoveGenerator.decodeOwn(key, mover);
        MoveGenerator.applyHits(key, boards[1 - side], other);
        int[] white = side == 0 ? mover : other;
        int[] black = side == 0 ? other : mover;
        return new BackgammonPosition(rules, white, black, 1 - side, false, 0, 0);
    }

    @Override
    public Outcome outcome() {
        return outcome;
    }

    private Outcome decideOutcome() {
        for (int player = 0; player < 2; player++) {
            if (boards[player][OFF] == CHECKERS) {
                return new Outcome.Win(player, EndReason.BORNE_OFF, winPoints(1 - player));
            }
        }
        return null;
    }

    /** 1 for a single win; 2 for a gammon (loser bore off none); 3 for a backgammon (and still has a
     * checker on the bar or in the winner's home board). */
    private int winPoints(int loser) {
        int[] board = boards[loser];
        if (!rules.gammons() || board[OFF] > 0) {
            return 1;
        }
        for (int p = 19; p <= BAR; p++) {
            if (board[p] > 0) {
                return 3;
            }
        }
        return 2;
    }

    /** Backgammon has no repetition: every move counts as irreversible. */
    @Override
    public boolean isIrreversible(Move move) {
        return true;
    }

    @Override
    public String formatMove(Move move) {
        return BackgammonNotation.format((BackgammonMove) move);
    }

    @Override
    public BackgammonMove parseMove(String text) throws NotationException {
        return BackgammonNotation.parse(this, text);
    }

    @Override
    public String toText() {
        return BackgammonText.format(this);
    }

    @Override
    public long hash() {
        return hash;
    }

    @Override
    public long perft(int depth) {
        if (depth <= 0) {
            return 1;
        }
        if (outcome != null) {
            return 0;
        }
        return generator().perft(boards[side], boards[1 - side], die1, die2, opening, depth);
    }

    int[] board(int player) {
        return boards[player];
    }

    private long computeHash() {
        long h = side == 1 ? ZOBRIST_BLACK_TO_MOVE : 0;
        if (opening) {
            h ^= ZOBRIST_OPENING;
        }
        h ^= ZOBRIST_DICE[die1][die2];
        for (int player = 0; player < 2; player++) {
            for (int slot = 0; slot < SLOTS; slot++) {
                h ^= ZOBRIST[player][slot][boards[player][slot]];
            }
        }
        return h;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BackgammonPosition p && p.rules.equals(rules) && p.side == side
                && p.opening == opening && p.die1 == die1 && p.die2 == die2
                && Arrays.equals(p.boards[0], boards[0]) && Arrays.equals(p.boards[1], boards[1]);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hash);
    }

    @Override
    public String toString() {
        return toText();
    }
}
