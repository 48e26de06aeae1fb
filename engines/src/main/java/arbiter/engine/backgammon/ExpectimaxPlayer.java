package arbiter.engine.backgammon;

import arbiter.eval.Weights;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.backgammon.BackgammonPosition;
import arbiter.game.backgammon.BackgammonRules;
import arbiter.player.Limits;
import arbiter.player.Options;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * {@code backgammon-expectimax}: the S4 thesis' expectiminimax player. Options: {@code plies}
 * (default 1; {@link Limits#depth} overrides), {@code star} (none, star1 or star2, the default: exact
 * pruning, see {@link Pruning}), {@code prefilter} and {@code prefilterMoves} (default on, 8: at
 * searches of 2 plies or more, only the best candidates by 0-ply evaluation are searched at every
 * max node that has chance layers below, the root included; 1-ply searches are exhaustive), {@code seed} (accepted
 * for uniformity; the player has no randomness: ties go to the first move in 0-ply order).
 *
 * <p>Depth-only limits search the given plies at once. Time or node limits deepen ply by ply and
 * play the deepest completed search's choice.
 */
public final class ExpectimaxPlayer implements Player {
    public static final String ID = "backgammon-expectimax";

    private final ExpectimaxSearch search;
    private final int plies;

    public ExpectimaxPlayer(BackgammonRules rules, Weights weights, Options options) {
        this.plies = (int) options.integer("plies", 1, 0, ExpectimaxSearch.MAX_PLIES,
                "search depth in plies: 0 greedy, 1 averages over the opponent's replies, ... (depth limits override)");
        Pruning pruning = Pruning.of(options.choice("star", "star2", Pruning.NAMES,
                "chance-node pruning: none, star1 or star2 (same result, fewer nodes)"));
        boolean prefilter = options.bool("prefilter", true,
                "at 2 plies or more, search only the best candidates by 0-ply evaluation at each max node");
        int prefilterMoves = (int) options.integer("prefilterMoves", 8, 1, 1000, "candidates kept by the prefilter");
        options.integer("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE, "unused: the player is deterministic");
        this.search = new ExpectimaxSearch(new BackgammonEvaluation(weights), rules.gammons(), pruning,
                prefilter ? prefilterMoves : 0);
    }

    @Override
    public String engineId() {
        return ID;
    }

    @Override
    public void newGame(long gameSeed) {
        // No per-game state.
    }

    @Override
    public SearchResult chooseMove(GameHistory game, Limits limits, BooleanSupplier stop) {
        if (!(game.current() instanceof BackgammonPosition position) || position.needsDice()) {
            throw new IllegalStateException("backgammon-expectimax needs a backgammon position with the dice rolled, got "
                    + game.current().toText());
        }
        long start = System.nanoTime();
        int depth = limits.depth() > 0 ? Math.min(limits.depth(), ExpectimaxSearch.MAX_PLIES) : plies;
        ExpectimaxSearch.Result r = search.search(position, depth,
                new ExpectimaxSearch.Budget(limits.nodes(), limits.hardTimeMs() * 1_000_000, stop));
        Move move = position.legalMoves().get(r.moveIndex());
        long ms = (System.nanoTime() - start) / 1_000_000;
        return new SearchResult(move, (int) Math.round(r.score()), r.plies(), r.plies(), r.nodes(), ms, List.of(move));
    }
}
