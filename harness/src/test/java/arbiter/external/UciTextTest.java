package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.player.IllegalMoveException;
import arbiter.player.Limits;
import arbiter.player.Score;
import arbiter.player.SearchResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the UCI player writes and reads, without an engine. */
class UciTextTest {
    private final Rules chess = Games.rules("chess");

    @Test
    void positionsSendTheStartAndEveryMove() {
        GameHistory g = new GameHistory(chess.start());
        assertEquals("position startpos", UciPlayer.positionCommand(g, chess));
        g.play(g.current().parseMove("e4"));
        g.play(g.current().parseMove("e5"));
        g.play(g.current().parseMove("Nf3"));
        assertEquals("position startpos moves e2e4 e7e5 g1f3", UciPlayer.positionCommand(g, chess));
        GameHistory castle = new GameHistory(chess.parsePosition("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
        castle.play(castle.current().parseMove("O-O"));
        assertEquals("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1", UciPlayer.positionCommand(castle, chess));
    }

    @Test
    void goCarriesBothClocksAndEveryOtherLimit() {
        assertEquals("go wtime 60000 btime 55000 winc 500 binc 400 movestogo 12",
                UciPlayer.goCommand(new Limits(0, 0, 0, 60_000, 500, 12, 55_000, 400), 0));
        assertEquals("go wtime 55000 btime 60000 winc 400 binc 500",
                UciPlayer.goCommand(new Limits(0, 0, 0, 60_000, 500, 0, 55_000, 400), 1));
        assertEquals("go wtime 1000 btime 1000", UciPlayer.goCommand(Limits.clock(1000, 0, 0), 0),
                "without the opponent's clock both get the mover's");
        assertEquals("go movetime 250", UciPlayer.goCommand(Limits.moveTime(250), 0));
        assertEquals("go depth 7 nodes 10000", UciPlayer.goCommand(new Limits(7, 10_000, 0, 0, 0, 0), 1));
        assertEquals("go infinite", UciPlayer.goCommand(new Limits(0, 0, 0, 0, 0, 0), 0));
    }

    @Test
    void infoLinesGiveScoreDepthNodesAndPv() {
        SearchInfo info = new SearchInfo();
        UciInfo.parse("info depth 12 seldepth 17 multipv 1 score cp -35 nodes 123456 nps 987000 hashfull 5 tbhits 0 time 125 pv e2e4 e7e5 g1f3", info);
        UciInfo.parse("info depth 12 multipv 2 score cp 900 pv d2d4", info);
        UciInfo.parse("info currmove e2e4 currmovenumber 1", info);
        UciInfo.parse("info string hello world depth 99", info);
        UciInfo.parse("info depth x score cp", info);
        info = info.settled();
        assertEquals(-35, info.score);
        assertEquals(12, info.depth);
        assertEquals(17, info.selDepth);
        assertEquals(123456, info.nodes);
        assertEquals(987000, info.nps);
        assertEquals(125, info.timeMs);
        assertEquals(List.of("e2e4", "e7e5", "g1f3"), info.pv());
        SearchInfo mate = new SearchInfo();
        UciInfo.parse("info depth 5 score mate 3 pv a1a8", mate);
        assertEquals(Score.WIN - 5, mate.settled().score, "mate in 3 moves is a win in 5 plies");
        assertEquals("+M5", Score.format(mate.settled().score), "fastchess's form: plies to the mate");
        UciInfo.parse("info depth 5 score mate -2", mate);
        assertEquals(-(Score.WIN - 4), mate.settled().score);
        assertEquals("-M4", Score.format(mate.settled().score));
    }

    @Test
    void infoLinesAreSplitAtAnyWhiteSpace() {
        for (char c = 0; c < Character.MAX_VALUE; c++) {
            assertEquals(Character.isWhitespace(c), UciPlayer.space(c), "char " + (int) c);
        }
        SearchInfo info = new SearchInfo();
        UciInfo.parse("info\tdepth 7  seldepth\t9 multipv\t1 score cp\t-12 nodes 2000 pv e2e4\te7e5\r", info);
        assertEquals(7, info.depth);
        assertEquals(9, info.selDepth);
        assertEquals(-12, info.settled().score);
        assertEquals(2000, info.nodes);
        assertEquals(List.of("e2e4", "e7e5"), info.pv());
        UciInfo.parse("info depth 8 multipv 2 score cp 50 nodes 9 pv d2d4", info);
        assertEquals(7, info.depth, "a second multipv line changes nothing, not even the fields before its multipv");
    }

    @Test
    void readingASearchsInfoLinesBackwardsGivesWhatFoldingThemForwardGives() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        String[] fields = {"depth 7", "seldepth 12", "nodes 4000", "nps 90000", "time 44", "score cp 31",
            "score mate -3", "score cp 12 lowerbound", "hashfull 3", "currmove e2e4", "multipv 1", "multipv 2",
            "depth x", "nodes", "string hi there depth 3", "pv e2e4 e7e5", "pv d2d4"};
        for (int trial = 0; trial < 3000; trial++) {
            int lines = random.nextInt(trial % 10 == 0 ? 200 : 12);
            SearchInfo forward = new SearchInfo();
            UciInfo.Lines backward = new UciInfo.Lines();
            List<String> sent = new java.util.ArrayList<>();
            for (int i = 0; i < lines; i++) {
                StringBuilder line = new StringBuilder("info");
                for (int k = random.nextInt(6); k > 0; k--) {
                    // numbers vary so that which line a field came from shows
                    line.append(' ').append(fields[random.nextInt(fields.length)].replace("7", Integer.toString(i)));
                }
                if (random.nextInt(4) == 0) {
                    line.append(" pv ").append(i % 2 == 0 ? "g1f3 g8f6" : "c2c4");
                }
                sent.add(line.toString());
                UciInfo.parse(line.toString(), forward);
                backward.add(line.toString());
            }
            SearchInfo b = backward.fold().settled();
            forward = forward.settled();
            String why = String.join("\n", sent);
            assertEquals(forward.depth, b.depth, why);
            assertEquals(forward.selDepth, b.selDepth, why);
            assertEquals(forward.nodes, b.nodes, why);
            assertEquals(forward.nps, b.nps, why);
            assertEquals(forward.timeMs, b.timeMs, why);
            assertEquals(forward.score, b.score, why);
            assertEquals(forward.pv(), b.pv(), why);
        }
    }

    /**
     * fastchess (uci_engine.cpp, {@code lastInfoLine}) takes the newest line with an exact score, a line with
     * {@code lowerbound} or {@code upperbound} only when there is none; the depth and pv are that line's. A
     * search stopped by its node limit inside a fail-high ends with such a line: Stockfish 15.1 at 2000 nodes.
     */
    @Test
    void aBoundScoreCountsOnlyWithoutAnExactOne() {
        SearchInfo info = new SearchInfo();
        UciInfo.parse("info depth 12 seldepth 14 multipv 1 score cp 30 nodes 1000 nps 50000 time 20 pv e2e4 e7e5", info);
        UciInfo.parse("info depth 13 seldepth 17 multipv 1 score cp 80 lowerbound nodes 1500 nps 50000 time 30 pv d2d4", info);
        SearchInfo s = info.settled();
        assertEquals(30, s.score, "the exact score, not the bound after it");
        assertEquals(12, s.depth);
        assertEquals(14, s.selDepth);
        assertEquals(List.of("e2e4", "e7e5"), s.pv());
        assertEquals(1500, s.nodes, "the counters are the newest line's");
        UciInfo.Lines backward = new UciInfo.Lines();
        backward.add("info depth 12 seldepth 14 multipv 1 score cp 30 nodes 1000 nps 50000 time 20 pv e2e4 e7e5");
        backward.add("info depth 13 seldepth 17 multipv 1 score cp 80 upperbound nodes 1500 nps 50000 time 30 pv d2d4");
        assertEquals(30, backward.fold().settled().score, "read from the last line back: the same");
        SearchInfo onlyBounds = new SearchInfo();
        UciInfo.parse("info depth 1 score cp 5 upperbound pv e2e4", onlyBounds);
        UciInfo.parse("info depth 2 score cp 9 lowerbound pv d2d4", onlyBounds);
        assertEquals(9, onlyBounds.settled().score, "no exact score: the newest bound");
        assertEquals(2, onlyBounds.settled().depth);
    }

    @Test
    void theSearchResultKeepsTheLegalPartOfThePv() {
        SearchInfo info = new SearchInfo();
        UciInfo.parse("info depth 3 score cp 20 nodes 100 time 10 pv e2e4 e7e5 e1e8 g1f3", info);
        var start = chess.start();
        SearchResult r = info.result(start.parseMove("e2e4"), start, 50, UciPlayer::parseUciMove);
        assertEquals(2, r.pv().size(), "the pv stops at the illegal e1e8");
        assertEquals(10, r.timeMs(), "the engine's own time");
        SearchResult other = info.result(start.parseMove("d2d4"), start, 50, UciPlayer::parseUciMove);
        assertEquals(List.of(start.parseMove("d2d4")), other.pv(), "a pv not starting with the move is dropped");
    }

    @Test
    void movesMustBeLongAlgebraicAndLegal() {
        var start = chess.start();
        assertEquals(start.parseMove("e4"), UciPlayer.parseUciMove(start, "e2e4"));
        IllegalMoveException san = assertThrows(IllegalMoveException.class, () -> UciPlayer.parseUciMove(start, "e4"));
        assertTrue(san.getMessage().contains("unparsable"), san.getMessage());
        IllegalMoveException illegal = assertThrows(IllegalMoveException.class, () -> UciPlayer.parseUciMove(start, "e2e5"));
        assertEquals("e2e5", illegal.move());
        assertEquals("\\u0001x", UciPlayer.printable("\u0001x"));
    }

    /** The position command kept as text and extended move by move says what a rebuild from scratch says. */
    @Test
    void incrementalPositionCommandsEqualRebuiltOnes() {
        arbiter.game.Rules chess = arbiter.game.Games.rules("chess");
        UciPlayer.PositionCommands commands = new UciPlayer.PositionCommands(chess);
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        int checked = 0;
        for (int n = 0; n < 60; n++) {
            // Every other game from a position with castling and promotions close at hand.
            arbiter.game.GameHistory g = new arbiter.game.GameHistory(n % 2 == 0 ? chess.start()
                    : chess.parsePosition("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1"));
            assertEquals(UciPlayer.positionCommand(g, chess), commands.of(g));
            for (int ply = 0; ply < 120 && g.outcome() == null; ply++) {
                java.util.List<arbiter.game.Move> legal = g.current().legalMoves();
                g.play(legal.get(random.nextInt(legal.size())));
                if (random.nextInt(3) > 0) { // the command is not asked for at every ply: it must catch up
                    assertEquals(UciPlayer.positionCommand(g, chess), commands.of(g), "game " + n + " ply " + ply);
                    checked++;
                }
            }
        }
        assertTrue(checked > 2000, checked + " commands compared");
    }
}
