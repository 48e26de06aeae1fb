package arbiter.engine;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Position;
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
            // The start position, Kiwipete and positions 3-6 of the chessprogramming wiki's perft page.
            new Suite("chess-alphabeta", "chess", Limits.depth(7), List.of(
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")),
            // Rolled positions (opening, middle game, holding and priming games, contact bear-off, race):
            // one 2-ply move each, default options (star2, prefilter 8).
            new Suite("backgammon-expectimax", "backgammon", Limits.depth(2), List.of(
                    "W:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:33",
                    "W:W24x2,13x5,8x3,6x5:B24x2,13x4,8x2,7x2,6x5:31",
                    "B:W24x2,13x5,8,7x2,6x3,5x2:B24x2,13x3,9,8x4,6x5:41",
                    "W:W24x2,13x4,10,8x2,6x3,5x3:B24x2,13x3,8,7x3,6x4,5x2:21",
                    "W:W17x2,13x3,8x3,6x3,5x2,4x2:B24x3,13x2,5x2,4x2,3,1x5:61",
                    "W:W16,15,13x2,8x2,7x2,6x3,5x2,4x2:Bbar,24x3,7,5x2,4x2,3,1x5:65",
                    "W:W12x2,9x2,8x2,7x2,6x3,5x2,4x2:B24x2,22x2,5,4x2,3x2,2,1x5:52",
                    "W:W24x2,7x2,6x3,5x3,4x2,3x3:B24x2,5x2,4x3,3x4,2x4:51",
                    "W:W6x2,5x2,4x2:B24x2,6x5,5x5,4x3:51",
                    "B:W2x7,1x2:B12,9,4,3x3,2x6,1x3:22")),
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
            Position start = rules.parsePosition(text);
            Search s = searchOnce(suite.engineId(), rules, options, Map.of(), start, limits);
            long ms = s.nanos() / 1_000_000;
            lines.add(new Line(text, start.formatMove(s.result().move()), s.result().nodes(), ms));
            nodes += s.result().nodes();
            time += ms;
        }
        return new Result(suite, lines, nodes, time);
    }

    /** One timed search. */
    public record Search(SearchResult result, long nanos) {
    }

    /** A fresh player of the engine, at a new game, searches the position once: its result and wall time. */
    public static Search searchOnce(String engineId, Rules rules, Map<String, ?> options, Map<String, Double> weights,
                                    Position start, Limits limits) {
        Player player = EngineRegistry.create(engineId, rules, options, weights);
        player.newGame(0);
        GameHistory game = new GameHistory(start);
        long t0 = System.nanoTime();
        SearchResult r = player.chooseMove(game, limits, () -> false);
        return new Search(r, System.nanoTime() - t0);
    }
}
