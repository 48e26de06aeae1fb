package arbiter.game.backgammon;

import static arbiter.game.backgammon.MoveGenerator.SLOTS;

/**
 * The distinct positions one roll leads to, without move objects: a reusable buffer for searches
 * that only need the resulting boards. Boards are {@code int[26]} in their owner's numbering (index
 * 0 borne off, 1..24 the points, 25 the bar), as {@link BackgammonPosition#copyBoard} writes them.
 * The results are those of {@link BackgammonPosition#legalMoves()} for the same roll (the pass
 * included, leaving both boards unchanged), in the generator's order. Not thread-safe: one per
 * search level.
 */
public final class Successors {
    private final MoveList list = new MoveList();
    /** The opponent's board before the move; the results' opponent boards add the hits to it. */
    private final int[] opponentBefore = new int[SLOTS];

    /**
     * Replaces the contents with the results of {@code mover} playing a roll against
     * {@code opponent}; returns their number (at least 1: the pass when no die can be used).
     */
    public int generate(int[] mover, int[] opponent, int die1, int die2) {
        Dice.check(die1, die2);
        System.arraycopy(opponent, 0, opponentBefore, 0, SLOTS);
        BackgammonPosition.generator().generate(mover, opponentBefore, die1, die2, list);
        return list.size;
    }

    public int size() {
        return list.size;
    }

    /** Whether the result of this index sent at least one opposing blot to the bar. */
    public boolean hits(int index) {
        return MoveGenerator.hitPoints(list.keys[index]) != 0;
    }

    /** The mover's board after the move of this index, into {@code out}. */
    public void mover(int index, int[] out) {
        MoveGenerator.decodeOwn(list.keys[index], out);
    }

    /** The opponent's board after the move of this index (its hit blots on the bar), into {@code out}. */
    public void opponent(int index, int[] out) {
        MoveGenerator.applyHits(list.keys[index], opponentBefore, out);
    }
}
