package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.NotationException;
import arbiter.player.OptionException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** GNU Backgammon through its external interface: FIBS boards out, moves back, at its evaluation levels. */
class GnubgTest {

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    private static GnubgEngine gnubg(Map<String, ?> options) {
        GnubgEngine e = new GnubgEngine("gnubg", List.of(TestEngines.gnubg().toString()), null, Map.of(),
                GnubgSettings.from(options), 20_000);
        e.start();
        return e;
    }

    private static GnubgMove.Step step(int from, int to) {
        return new GnubgMove.Step(from, to, false);
    }

    @Test
    void movesAreReadFromGnubgsNotation() {
        assertEquals(List.of(step(24, 18), step(18, 13)), GnubgMove.parse("24/18 18/13 ").steps());
        assertEquals(List.of(new GnubgMove.Step(25, 22, true)), GnubgMove.parse("bar/22*").steps());
        assertEquals(List.of(step(8, 2), step(8, 2)), GnubgMove.parse("8/2(2)").steps());
        assertEquals(List.of(step(13, 7), new GnubgMove.Step(7, 1, true)), GnubgMove.parse("13/7/1*").steps());
        assertEquals(List.of(step(6, 0), step(5, 0)), GnubgMove.parse("6/off 5/off").steps());
        assertEquals(List.of(), GnubgMove.parse("").steps());
        for (String bad : List.of("double", "take", "24-18", "18/24", "bar/off/3")) {
            assertThrows(NotationException.class, () -> GnubgMove.parse(bad), bad);
        }
    }

    @Test
    void settingsComeFromLevelsAndOptions() {
        assertEquals(new GnubgSettings(0, 0.06, true, false), GnubgSettings.from(Map.of("level", "beginner")));
        assertEquals(new GnubgSettings(2, 0.0, true, true), GnubgSettings.from(Map.of("level", "worldclass")));
        assertEquals(new GnubgSettings(1, 0.02, false, false),
                GnubgSettings.from(Map.of("plies", 1L, "noise", 0.02, "deterministic", false)));
        assertTrue(GnubgSettings.from(Map.of()).commands().contains("set evaluation chequerplay evaluation plies 0"));
        OptionException e = assertThrows(OptionException.class, () -> GnubgSettings.from(Map.of("ply", 2L)));
        assertTrue(e.getMessage().contains("unknown option 'ply' for engine gnubg; known options: level, plies"), e.getMessage());
        assertThrows(OptionException.class, () -> GnubgSettings.from(Map.of("plies", 9L)));
    }

    @Test
    void theBoardIsAFibsStringFromThePlayerOnRoll() {
        String fibs = GnubgBoard.start(6, 5).fibs("me", "you");
        assertEquals("board:me:you:9999:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0"
                + ":1:6:5:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0", fibs);
        assertEquals(1 + 2 + 50, fibs.split(":").length, "board, two names, 50 numbers");
        int[] crowded = new int[26];
        crowded[6] = 16;
        assertThrows(IllegalArgumentException.class, () -> new GnubgBoard(crowded, new int[26], 1, 2));
    }

    @Test
    void gnubgAnswersItsMovesFromTheStartTheBarAndTheBearOff() {
        try (GnubgEngine g = gnubg(Map.of())) {
            assertEquals(List.of(step(24, 18), step(18, 13)), g.move(GnubgBoard.start(6, 5), 10_000).steps(), "6-5: 24/13");
            assertEquals(List.of(step(8, 5), step(6, 5)), g.move(GnubgBoard.start(3, 1), 10_000).steps(), "3-1 makes the 5-point");
            List<GnubgMove.Step> doubles = g.move(GnubgBoard.start(6, 6), 10_000).steps();
            assertEquals(4, doubles.size(), "6-6 moves four checkers: " + doubles);
            // On the bar: a checker must enter first.
            int[] mine = new int[26];
            mine[25] = 1;
            mine[13] = 5;
            mine[8] = 3;
            mine[6] = 5;
            mine[24] = 1;
            int[] theirs = new int[26];
            theirs[24] = 2;
            theirs[13] = 5;
            theirs[8] = 3;
            theirs[6] = 5;
            GnubgMove enter = g.move(new GnubgBoard(mine, theirs, 4, 2), 10_000);
            assertEquals(25, enter.steps().get(0).from(), "enters from the bar: " + enter.text());
            // All home: bear off.
            int[] home = new int[26];
            home[6] = 5;
            home[5] = 5;
            home[4] = 5;
            GnubgMove off = g.move(new GnubgBoard(home, theirs, 6, 5), 10_000);
            assertEquals(List.of(step(6, 0), step(5, 0)), off.steps(), off.text());
            assertTrue(g.isRunning());
            assertTrue(g.process().pid() > 0);
        }
    }

    @Test
    void aNoisyLevelPlaysOtherMovesThanTheExpertLevel() {
        int differences = 0;
        try (GnubgEngine expert = gnubg(Map.of("level", "expert"));
             GnubgEngine noisy = gnubg(Map.of("noise", 0.5))) {
            for (int d1 = 1; d1 <= 6; d1++) {
                for (int d2 = 1; d2 < d1; d2++) {
                    GnubgBoard b = GnubgBoard.start(d1, d2);
                    GnubgMove e = expert.move(b, 10_000);
                    GnubgMove n = noisy.move(b, 10_000);
                    if (!e.steps().equals(n.steps())) {
                        differences++;
                    }
                    // Deterministic noise: the same position gets the same move again.
                    assertEquals(n.steps(), noisy.move(b, 10_000).steps());
                }
            }
        }
        assertTrue(differences >= 3, "noise 0.5 changes some of the 15 opening moves, changed " + differences);
    }

    @Test
    void twoPlyAnswersToo() {
        try (GnubgEngine g = gnubg(Map.of("level", "worldclass"))) {
            GnubgMove m = g.move(GnubgBoard.start(2, 1), 30_000);
            assertEquals(2, m.steps().size(), m.text());
            assertNotEquals("", m.text());
        }
    }

    @Test
    void aKilledGnubgLeavesNothingBehindAndRestarts() {
        GnubgEngine g = gnubg(Map.of());
        long pid = g.process().pid();
        g.kill();
        assertTrue(ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
        g.start();
        assertEquals(List.of(step(24, 18), step(18, 13)), g.move(GnubgBoard.start(6, 5), 10_000).steps());
        g.close();
    }
}
