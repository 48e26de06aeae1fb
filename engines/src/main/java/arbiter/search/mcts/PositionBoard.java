package arbiter.search.mcts;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Outcome;
import arbiter.game.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link MctsBoard} over the game API's immutable positions, for any two-player game without dice:
 * a move's code is its index in {@link Position#legalMoves()}, making a move pushes the next
 * position. It allocates a position per move and knows no evaluation (a cut-off playout counts as a
 * draw) nor smart moves, so it suits small games and plain UCT ({@code maxd} 0); fast games get
 * their own board. Repetition is not seen (a position alone cannot know it); long playouts end at
 * the search's playout cap.
 */
public final class PositionBoard implements MctsBoard {
    private static final int MAX_MOVES = 1024;
    /** Score units per unit of win chance above one half (so a sure win maps to 1000). */
    private static final int SCORE_SCALE = 2000;

    private final List<Position> stack = new ArrayList<>();

    @Override
    public void load(GameHistory game) {
        Position p = game.current();
        if (p.rules().playerCount() != 2 || p.needsDice()) {
            throw new IllegalArgumentException("UCT plays two-player games without dice; not " + p.rules().id());
        }
        stack.clear();
        stack.add(p);
    }

    private Position current() {
        return stack.get(stack.size() - 1);
    }

    private List<Move> moves() {
        List<Move> moves = current().legalMoves();
        if (moves.size() > MAX_MOVES) {
            throw new IllegalStateException("more than " + MAX_MOVES + " moves in " + current().toText());
        }
        return moves;
    }

    @Override
    public int sideToMove() {
        return current().sideToMove();
    }

    @Override
    public long hash() {
        return current().hash();
    }

    @Override
    public boolean isOver() {
        return current().outcome() != null || current().legalMoves().isEmpty();
    }

    @Override
    public double result() {
        Outcome outcome = current().outcome();
        if (outcome instanceof Outcome.Win win) {
            return win.winner() == 0 ? 1 : 0;
        }
        return 0.5;
    }

    @Override
    public int[] legalMoves() {
        int[] codes = new int[moves().size()];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = i;
        }
        return codes;
    }

    @Override
    public int legalMoveCount() {
        return isOver() ? 0 : moves().size();
    }

    @Override
    public int moveCodeLimit() {
        return MAX_MOVES;
    }

    @Override
    public int randomMove(Rng rng, long[] tried) {
        int n = moves().size();
        if (tried == null) {
            return rng.nextInt(n);
        }
        int untried = 0;
        for (int i = 0; i < n; i++) {
            untried += (int) (~tried[i >>> 6] >>> i & 1);
        }
        int k = rng.nextInt(untried);
        for (int i = 0; i < n; i++) {
            if ((tried[i >>> 6] >>> i & 1) == 0 && k-- == 0) {
                return i;
            }
        }
        throw new IllegalStateException("every move has been tried");
    }

    @Override
    public int greedyMove(Rng rng) {
        return randomMove(rng, null);
    }

    @Override
    public int winningMove() {
        Position p = current();
        List<Move> moves = moves();
        for (int i = 0; i < moves.size(); i++) {
            if (p.play(moves.get(i)).outcome() instanceof Outcome.Win win && win.winner() == p.sideToMove()) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void make(int code) {
        stack.add(current().play(moves().get(code)));
    }

    @Override
    public void unmake() {
        stack.remove(stack.size() - 1);
    }

    @Override
    public double playoutValue() {
        return 0.5;
    }

    @Override
    public int score(double winChance) {
        return (int) Math.round((winChance - 0.5) * SCORE_SCALE);
    }

    @Override
    public Move toMove(int code) {
        return moves().get(code);
    }

    @Override
    public int codeOf(Position position, Move move) {
        return position.legalMoves().indexOf(move);
    }
}
