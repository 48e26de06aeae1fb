package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RatingBenchCommandTest {

    @Test
    void smallBenchRuns() {
        CliRunner r = CliRunner.run("bench", "ratings", "--players", "10", "--games", "20000", "--bootstrap", "50",
                "--seed", "3");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("players: 10\ngames: 20000\nbootstrap: 50\nseed: 3\n"), r.out());
        assertTrue(r.out().contains("total_s: "), r.out());
        double rms = Double.parseDouble(r.out().replaceAll("(?s).*rms_vs_truth: ([0-9.]+).*", "$1"));
        assertTrue(rms < 30, "ratings far from the truth: " + rms);
        assertEquals(2, CliRunner.run("bench", "ratings", "--players", "1").exit());
    }
}
