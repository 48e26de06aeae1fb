package arbiter.engine;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A fixed set of positions per engine searched to a fixed depth (or playouts): the total node count
 * is a signature of the search that changes only when the search changes, and nodes per second
 * measure its speed. One thread, a fresh player per position.
 */
public final class EngineBench {

    /** One engine's bench: the game, the limit per position (depth, or playouts for MCTS) and the positions. */
    public record Suite(String engineId, String variant, Limits limits, List<String> positions) {
    }

    /** Result of one position. */
    public record Line(String position, String move, long nodes, long timeMs) {
    }

    /** Result of a whole suite. */
    public record Result(Suite suite, List<Line> lines, long nodes, long timeMs) {
        public long nodesPerSecond() {
            return timeMs == 0 ? 0 : nodes * 1000 / timeMs;
        }
    }

    public static final List<Suite> SUITES = List.of(
            new Suite("draughts-alphabeta", "international", Limits.depth(11), List.of(
                    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
                    "W:W31,32,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,13,14,15,16,20,21,22,30",
                    "B:W27,32,33,34,35,36,37,39,40,42,44,45,46,47,48,49,50:B1,2,3,4,5,6,8,10,11,13,14,15,16,17,18,23,25",
                    "W:W21,26,29,35,36,38,40,41,42,43,45,46,47,48,49,50:B3,4,5,6,7,8,9,10,11,12,14,15,17,39",
                    "B:W18,26,33,34,36,37,39,42,43,45,47,48,49:B1,2,4,5,6,7,8,9,10,12,13,15,20,25,27",
                    "W:W18,27,31,32,35,39,40,41,43,46,47,48,49,50:B2,3,5,7,8,11,17,20,21",
                    "B:W27,30,31,35,37,38,41,43,44,45,46,49,50:B2,3,4,7,8,11,14")),
            new Suite("draughts-alphabeta", "english", Limits.depth(15), List.of(
                    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
                    "B:W18,20,22,24,25,26,28,29,30,31,32:B1,2,3,4,5,6,7,10,11,12,16,21",
                    "W:W15,19,20,21,23,25,27,28,29,30,31:B3,4,5,7,8,9,10,12,13,14,16",
                    "B:W22,23,27,29,32:B1,3,4,5,8,13,28",
                    "W:W12,18,19,22,24,26,27,28:B4,5,10,15,16,20")),
            // Quoridor: the start, then positions of one alpha-beta vs MCTS game (walls used up by the last).
            new Suite("quoridor-mcts", "quoridor", Limits.nodes(20_000), QuoridorBench.POSITIONS),
            new Suite("quoridor-alphabeta", "quoridor", Limits.depth(5), QuoridorBench.POSITIONS));

    /** The Quoridor bench positions, shared by both engines. */
    private static final class QuoridorBench {
        static final List<String> POSITIONS = List.of(
                "e1,e9/10,10/-/1",
                "e2,e9/10,10/-/2",
                "e7,e5/9,8/d2h,d9h,f9h/1",
                "e7,e3/8,7/d2h,f2h,d8v,d9h,f9h/1",
                "e7,d2/5,6/b2h,d2h,f2h,h2h,a3v,d8v,d9h,f9h,h9h/1",
                "f7,d2/3,3/b2h,d2h,f2h,h2h,a3v,a5v,d6v,a7v,e7h,g7h,d8v,d9h,f9h,h9h/1",
                "h8,f3/0,0/b2h,d2h,f2h,h2h,a3v,b4h,d4h,f4h,a5v,h5v,d6v,a7v,e7h,g7h,h7v,d8v,b9h,d9h,f9h,h9h/1");
    }

    private EngineBench() {
    }

    /** The suites of one engine, or all suites for {@code null}. */
    public static List<Suite> suites(String engineId) {
        List<Suite> out = new ArrayList<>();
        for (Suite s : SUITES) {
            if (engineId == null || s.engineId().equals(engineId)) {
                out.add(s);
            }
        }
        return out;
    }

    public static Result run(Suite suite, Map<String, ?> options, Limits limits) {
        Rules rules = Games.rules(suite.variant());
        List<Line> lines = new ArrayList<>();
        long nodes = 0;
        long time = 0;
        for (String text : suite.positions()) {
            Player player = EngineRegistry.create(suite.engineId(), rules, options, Map.of());
            player.newGame(0);
            GameHistory game = new GameHistory(rules.parsePosition(text));
            long start = System.nanoTime();
            SearchResult r = player.chooseMove(game, limits, () -> false);
            long ms = (System.nanoTime() - start) / 1_000_000;
            lines.add(new Line(text, game.current().formatMove(r.move()), r.nodes(), ms));
            nodes += r.nodes();
            time += ms;
        }
        return new Result(suite, lines, nodes, time);
    }
}
