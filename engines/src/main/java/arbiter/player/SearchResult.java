package arbiter.player;

import arbiter.game.Move;
import java.util.List;

/**
 * A player's answer: the move and what the search saw.
 *
 * @param score    from the mover's view in the engine's units (centi-units of its weights), or a win
 *                 / loss score, see {@link Score}
 * @param depth    completed nominal depth (0 for players without depth)
 * @param selDepth deepest ply reached
 * @param nodes    nodes (or playouts) searched
 * @param timeMs   wall time spent
 * @param pv       principal variation, starting with {@code move}
 */
public record SearchResult(Move move, int score, int depth, int selDepth, long nodes, long timeMs, List<Move> pv) {

    public SearchResult {
        pv = List.copyOf(pv);
    }

    public static SearchResult of(Move move) {
        return new SearchResult(move, 0, 0, 0, 0, 0, List.of(move));
    }
}
