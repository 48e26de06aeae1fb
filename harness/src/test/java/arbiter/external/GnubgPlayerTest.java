package arbiter.external;

import arbiter.play.Protocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The gnubg player's glue to a backgammon position, through the game API alone: board from the
 * position's text, gnubg's move matched to the legal move with the same result. The backgammon game
 * is not in this branch, so a scripted position stands in for it.
 */
class GnubgPlayerTest {

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    /** A named move. */
    record Named(String name) implements Move {
    }

    /** A backgammon position as text, with a few legal moves and the texts they lead to. */
    record Scripted(String text, Map<Move, String> results) implements Position {
        @Override
        public Rules rules() {
            return null;
        }

        @Override
        public int sideToMove() {
            return text.charAt(0) == 'W' ? 0 : 1;
        }

        @Override
        public List<Move> legalMoves() {
            return new ArrayList<>(results.keySet());
        }

        @Override
        public Position play(Move move) {
            return new Scripted(results.get(move), Map.of());
        }

        @Override
        public Outcome outcome() {
            return null;
        }

        @Override
        public boolean isIrreversible(Move move) {
            return true;
        }

        @Override
        public String formatMove(Move move) {
            return ((Named) move).name();
        }

        @Override
        public Move parseMove(String text) throws NotationException {
            throw new NotationException("scripted");
        }

        @Override
        public String toText() {
            return text;
        }

        @Override
        public long hash() {
            return text.hashCode();
        }

        @Override
        public long perft(int depth) {
            return 0;
        }
    }

    private static final String START = "W:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:";

    private static Scripted start65() {
        Map<Move, String> results = new LinkedHashMap<>();
        results.put(new Named("13/7 13/8"), "B:W24x2,13x3,8x4,7,6x5:B24x2,13x5,8x3,6x5:-");
        results.put(new Named("24/13"), "B:W24,13x6,8x3,6x5:B24x2,13x5,8x3,6x5:-");
        results.put(new Named("24/18 13/8"), "B:W24,18,13x4,8x4,6x5:B24x2,13x5,8x3,6x5:-");
        return new Scripted(START + "65", results);
    }

    @Test
    void theBoardComesFromThePositionTextOfThePlayerOnRoll() {
        TextBackgammonAdapter a = new TextBackgammonAdapter();
        assertEquals(GnubgBoard.start(6, 5), a.board(start65()));
        GnubgBoard black = a.board(new Scripted("B:W24,6x14:Bbar,20x3,6x11:31", Map.of()));
        assertEquals(1, black.mine()[25]);
        assertEquals(3, black.mine()[20]);
        assertEquals(14, black.theirs()[6]);
        assertEquals(3, black.die1());
        assertEquals(1, black.die2());
        assertThrows(IllegalArgumentException.class, () -> a.board(new Scripted(START + "-", Map.of())));
    }

    @Test
    void gnubgsStepsFindTheLegalMoveWithTheSameResultHitsIncluded() throws NotationException {
        TextBackgammonAdapter a = new TextBackgammonAdapter();
        assertEquals(new Named("24/13"), a.move(start65(), GnubgMove.parse("24/18 18/13")));
        assertEquals(new Named("24/13"), a.move(start65(), GnubgMove.parse("24/13")));
        assertThrows(NotationException.class, () -> a.move(start65(), GnubgMove.parse("6/1 6/0")));
        // White hits Black's blot on White's 5-point (Black's 20) with 8/5*.
        Map<Move, String> results = new LinkedHashMap<>();
        results.put(new Named("8/5 6/4"), "B:W5,4:B20:-");
        results.put(new Named("8/5*/4"), "B:W6,4:Bbar:-");
        results.put(new Named("8/5* 6/4"), "B:W5,4:Bbar:-");
        Scripted hit = new Scripted("W:W8,6:B20:31", results);
        assertEquals(new Named("8/5* 6/4"), a.move(hit, GnubgMove.parse("8/5* 6/4")));
        assertEquals(new Named("8/5*/4"), a.move(hit, GnubgMove.parse("8/5*/4")));
        // A blocked roll: gnubg answers nothing, the pass leaves the checkers where they are.
        Map<Move, String> pass = Map.of(new Named("pass"), "B:Wbar:B6x2,5x2,4x2,3x2,2x2,1x2:-");
        assertEquals(new Named("pass"), a.move(new Scripted("W:Wbar:B6x2,5x2,4x2,3x2,2x2,1x2:66", pass),
                GnubgMove.parse("")));
    }

    @Test
    void thePlayerAsksGnubgAndPlaysItsMove() {
        var engine = new ExternalEngine(Protocol.GNUBG, List.of(TestEngines.gnubg().toString()), null,
                Map.of(), 20_000, 20_000, null, 0, null);
        try (GnubgPlayer p = new GnubgPlayer("gnubg", engine, Map.of("level", "expert"), null, new TextBackgammonAdapter())) {
            p.newGame(1);
            SearchResult r = p.chooseMove(new GameHistory(start65()), Limits.depth(1), () -> false);
            assertEquals(new Named("24/13"), r.move(), "gnubg runs 24/13 with 6-5");
            assertEquals("gnubg:gnubg", p.engineId());
            assertEquals(versionLine(), p.ownName(), "the name and version gnubg gives itself (its banner)");
        }
    }

    /** The first line gnubg prints for {@code --version}, e.g. "GNU Backgammon 1.07.001 20230103". */
    private static String versionLine() {
        try {
            Process v = new ProcessBuilder(TestEngines.gnubg().toString(), "--version").redirectErrorStream(true).start();
            try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(v.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                String first = r.readLine();
                v.waitFor();
                return first == null ? null : first.strip();
            }
        } catch (java.io.IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
