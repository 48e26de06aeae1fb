package arbiter.search.mcts;

import arbiter.player.Options;

/**
 * The switchable features of {@link Uct}, read from a player's options. The seed S1 thesis' four
 * heuristics are {@code maxd} (cut-off playouts scored by the evaluation), {@code smartPlayouts},
 * {@code nodeSkipping} and {@code losingMoveCheck}; all off with {@code maxd} 0 is plain UCT.
 *
 * <p>Defaults: {@code c} 0.1 — the thesis' sweep liked 0.05 best at 1.5 s/move with 0.1 next, but
 * 100 games per point (about +-68 Elo) cannot tell them apart; 0.1 is the middle of the 0.05-0.2
 * range it found good, and cut-off playouts return squashed evaluations close to 1/2, so the
 * constant must stay small against their spread. {@code skipDepth} 2: the root's children are
 * expanded fully, so every reply to a root move is tried before the search may skip below it.
 *
 * @param c               exploration constant of UCB1: winrate + c * sqrt(ln N / n)
 * @param playouts        playouts per move when the limits give neither nodes nor time
 * @param maxd            playout plies before the evaluation scores the playout; 0 = play to the end
 * @param smartPlayouts   each side's 1st, 3rd, 5th... playout move is a shortest-path step (S1)
 * @param nodeSkipping    from {@code skipDepth} down, a coin flip may descend into the children
 *                        already made instead of adding a new one (S1)
 * @param skipDepth       shallowest tree depth (root = 0) where node skipping applies
 * @param losingMoveCheck drop root moves after which the opponent wins at once (S1)
 * @param playoutWins     playouts take an immediate win when there is one
 * @param treeReuse       keep the subtree of the moves played since the last search
 * @param seed            mixed with the game's seed and the position: reproducible under playout limits
 * @param maxNodes        tree size cap; when full, playouts go on from the leaves without new nodes
 */
public record UctOptions(
        double c,
        long playouts,
        int maxd,
        boolean smartPlayouts,
        boolean nodeSkipping,
        int skipDepth,
        boolean losingMoveCheck,
        boolean playoutWins,
        boolean treeReuse,
        long seed,
        int maxNodes) {

    /** Reads (and declares) the options; the defaults are the S1 reference configuration. */
    public static UctOptions from(Options o) {
        return new UctOptions(
                o.real("c", 0.1, 0, 100, "UCT exploration constant"),
                o.integer("playouts", 10_000, 1, Long.MAX_VALUE / 2,
                        "playouts per move when the limits give neither nodes nor time"),
                (int) o.integer("maxd", 5, 0, 10_000, "playout plies before the evaluation decides (0 = to the end)"),
                o.bool("smartPlayouts", true, "every other playout move of each side is a shortest-path step"),
                o.bool("nodeSkipping", true, "coin flip: descend before all children are added"),
                (int) o.integer("skipDepth", 2, 0, 1000, "shallowest depth where node skipping applies (root 0)"),
                o.bool("losingMoveCheck", true, "drop root moves that let the opponent win at once"),
                o.bool("playoutWins", true, "playouts take an immediate win"),
                o.bool("treeReuse", true, "keep the subtree of the played moves between moves"),
                o.integer("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE, "random seed (mixed with the game seed)"),
                (int) o.integer("maxNodes", 1_000_000, 1_000, 50_000_000, "tree size cap in nodes (about 40 bytes each)"));
    }

    public static UctOptions defaults() {
        return from(Options.none());
    }
}
