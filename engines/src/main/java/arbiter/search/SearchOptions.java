package arbiter.search;

import arbiter.player.OptionException;
import arbiter.player.Options;
import java.util.List;

/**
 * The switchable features of {@link AlphaBeta}, read from a player's options. Every feature can be
 * turned off, so the seed programs are configurations: S0 is
 * {@code {"tt":false,"iterativeDeepening":false,"pvs":false,"aspiration":false,"killers":false,
 * "history":"s0","quiescence":false,"captureExtension":true}}, minimax is {@code {"search":"minimax"}}.
 *
 * @param minimax            full-width search without any pruning
 * @param iterativeDeepening search depth 1, 2, ... up to the limit (off: the limit depth at once)
 * @param pvs                principal-variation search (null windows after the first move)
 * @param aspiration         aspiration windows around the previous iteration's score
 * @param aspirationWindow   half-width of the first window, in score units
 * @param tt                 transposition table
 * @param ttMb               its size in MiB
 * @param ordering           any move ordering at all (off: generation order)
 * @param captureOrdering    captures and promotions first, biggest first
 * @param evalOrdering       S0's "static ordering": make each move, evaluate the position it leads to,
 *                           and search the moves best-first by that score (after TT move and captures)
 * @param killers            two killer moves per ply
 * @param history            history heuristic scheme ({@link HistoryScheme#S2}: AutoCheckers' whole ordering,
 *                           so captureOrdering, evalOrdering and killers are off)
 * @param quiescence         resolve captures at the horizon (draughts: forced captures; chess: captures, promotions)
 * @param captureExtension   S0's rule: do not reduce depth while the side to move must capture
 * @param fixedDepth         depth used when no depth limit is given and iterative deepening is off
 * @param randomSeed         0 = deterministic; otherwise ties between root moves are broken by this seed
 */
public record SearchOptions(
        boolean minimax,
        boolean iterativeDeepening,
        boolean pvs,
        boolean aspiration,
        int aspirationWindow,
        boolean tt,
        int ttMb,
        boolean ordering,
        boolean captureOrdering,
        boolean evalOrdering,
        boolean killers,
        HistoryScheme history,
        boolean quiescence,
        boolean captureExtension,
        int fixedDepth,
        long randomSeed) {

    /** Reads (and declares) the search options; defaults give the strongest configuration. */
    public static SearchOptions from(Options o) {
        return from(o, true);
    }

    /** As {@link #from(Options)}, with the default of {@code quiescence} given (off for games without captures). */
    public static SearchOptions from(Options o, boolean quiescenceByDefault) {
        boolean minimax = o.choice("search", "alphabeta", List.of("alphabeta", "minimax"),
                "alphabeta, or minimax (no pruning)").equals("minimax");
        boolean iterativeDeepening = o.bool("iterativeDeepening", true, "search depth 1, 2, ... up to the limit");
        boolean pvs = o.bool("pvs", !minimax, "principal-variation search");
        boolean aspiration = o.bool("aspiration", !minimax, "aspiration windows");
        int aspirationWindow = (int) o.integer("aspirationWindow", 50, 1, 1_000_000, "first aspiration half-width");
        boolean tt = o.bool("tt", true, "transposition table");
        int ttMb = (int) o.integer("ttMb", 16, 1, 4096, "transposition table size in MiB");
        boolean ordering = o.bool("ordering", true, "move ordering (off: generation order)");
        HistoryScheme history = HistoryScheme.byId(o.choice("history", "depthSquared",
                List.of("off", "s0", "s2", "depthSquared"), "history heuristic: off, s0 (2^depth, halved per search), "
                        + "s2 (AutoCheckers' whole ordering: 2^ply from the root to every node's best move), depthSquared"));
        // S2's ordering is the history values alone: its program has no killers, captures-first or evaluation look.
        boolean s2 = history == HistoryScheme.S2;
        boolean captureOrdering = o.bool("captureOrdering", !s2, "captures and promotions first (not with history s2)");
        boolean evalOrdering = o.bool("evalOrdering", false,
                "order moves by the evaluation after each (S0's static ordering; not with history s2)");
        boolean killers = o.bool("killers", !s2, "killer moves (not with history s2)");
        if (s2 && (captureOrdering || evalOrdering || killers)) {
            String option = killers ? "killers" : captureOrdering ? "captureOrdering" : "evalOrdering";
            throw new OptionException("option '" + option + "' cannot be on with history s2: AutoCheckers orders "
                    + "by history values alone, without killer moves, captures first or an evaluation look "
                    + "(Pongor 2009, appendix); set " + option + " false or leave it out");
        }
        return new SearchOptions(minimax, iterativeDeepening, pvs, aspiration, aspirationWindow, tt, ttMb, ordering,
                captureOrdering, evalOrdering, killers, history,
                o.bool("quiescence", quiescenceByDefault, "resolve captures at the horizon"),
                o.bool("captureExtension", false, "do not reduce depth while a capture is forced (S0)"),
                (int) o.integer("depth", 6, 1, 200, "depth when neither a depth limit nor iterative deepening applies"),
                o.integer("random", 0, Long.MIN_VALUE, Long.MAX_VALUE, "seed for breaking ties at the root (0 = off)"));
    }

    public static SearchOptions defaults() {
        return from(Options.none());
    }
}
