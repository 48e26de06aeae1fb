package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.EndReason;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Time forfeits that point at the machine or the limits are said: one on an overloaded machine (load
 * averages read as Linux writes /proc/loadavg, proc(5): "0.20 0.18 0.12 1/80 11206"), or three among the
 * last twenty games; each once a run, none for forfeits spread thin on a quiet machine.
 */
class ForfeitWatchTest {
    @TempDir
    Path dir;

    private static int id;

    private static RunListener.GameEnd end(boolean forfeit) {
        GameTask t = new GameTask(++id, 1, -1, "A", "B", null, 1);
        Termination why = forfeit ? new Termination.TimeForfeit(1, 40) : new Termination.ByRules(EndReason.CHECKMATE);
        return new RunListener.GameEnd(new PlayedGame(t, null, List.of(), 0, GameResult.WHITE_WIN, why, 1), null, false, true);
    }

    private MachineLoad load(String text, int cores) throws Exception {
        Path f = dir.resolve("loadavg");
        Files.writeString(f, text);
        return MachineLoad.read(f, cores);
    }

    @Test
    void theLoadIsReadAsLinuxWritesIt() throws Exception {
        MachineLoad quiet = load("0.20 0.18 0.12 1/80 11206\n", 2);
        assertEquals(new MachineLoad(0.20, 0.18, 0.12, 2), quiet);
        assertEquals("load average 0.20, 0.18, 0.12 (1, 5, 15 min) on 2 cores", quiet.describe());
        assertTrue(!quiet.overloaded());
        assertTrue(load("5.02 4.10 3.00 7/512 12345", 2).overloaded(), "5 tasks wanting 2 cores");
        assertTrue(load("1.50 2.40 1.00 1/80 1", 2).overloaded(), "the last 5 minutes were overloaded");
        assertNull(load("garbage", 2));
        assertNull(MachineLoad.read(dir.resolve("none"), 2), "not Linux: not known");
    }

    @Test
    void aForfeitOnAnOverloadedMachineIsSaidOnce() throws Exception {
        StringWriter err = new StringWriter();
        MachineLoad busy = load("5.02 4.10 3.00 7/512 12345", 2);
        ForfeitWatch w = new ForfeitWatch(new PrintWriter(err), () -> busy);
        id = 0;
        w.gameFinished(end(false));
        assertEquals("", err.toString(), "no forfeit, nothing to say, whatever the load");
        w.gameFinished(end(true));
        assertEquals("warning: game 2: Black lost on time (40 ms over) while this machine is overloaded (load average "
                + "5.02, 4.10, 3.00 (1, 5, 15 min) on 2 cores): engines on a clock lose time waiting for a core; lower the "
                + "concurrency or lengthen the clock\n", err.toString().replace(System.lineSeparator(), "\n"));
        w.gameFinished(end(true));
        assertEquals(1, err.toString().lines().count(), "once a run: " + err);
    }

    @Test
    void forfeitsClusteringOnAQuietMachineAreSaidOnceAndSpreadOnesAreNot() throws Exception {
        StringWriter err = new StringWriter();
        MachineLoad quiet = load("0.20 0.18 0.12 1/80 11206", 2);
        ForfeitWatch w = new ForfeitWatch(new PrintWriter(err), () -> quiet);
        id = 0;
        // two forfeits in every twenty games: never three among the last twenty
        for (int i = 0; i < 60; i++) {
            w.gameFinished(end(i % 10 == 0));
        }
        assertEquals("", err.toString());
        w.gameFinished(end(true)); // game 61: with game 51, two among the last twenty (42..61)
        assertEquals("", err.toString());
        w.gameFinished(end(true)); // game 62: games 51, 61 and 62, three among the last twenty
        assertEquals("warning: 3 of the last 20 games were lost on time (load average 0.20, 0.18, 0.12 (1, 5, 15 min) on "
                + "2 cores): a clock too short for the engines, a margin too small (timemargin=, limits.marginMs) or a "
                + "loaded machine\n", err.toString().replace(System.lineSeparator(), "\n"));
        w.gameFinished(end(true));
        assertEquals(1, err.toString().lines().count(), "once a run: " + err);
    }
}
