package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EloTest {

    @Test
    void seventyFivePercentIs190Point85() {
        // d = -400 log10(1/0.75 - 1) = 400 log10(3) = 190.8485...
        assertEquals(190.85, Elo.fromScore(0.75), 0.005);
        assertEquals(400 * Math.log10(3), Elo.fromScore(0.75), 1e-12);
        assertEquals(-400 * Math.log10(3), Elo.fromScore(0.25), 1e-12);
    }

    @Test
    void scoreAndEloAreInverse() {
        assertEquals(0.5, Elo.score(0), 0);
        assertEquals(10.0 / 11.0, Elo.score(400), 1e-15);
        for (double d = -1000; d <= 1000; d += 37.5) {
            assertEquals(d, Elo.fromScore(Elo.score(d)), 1e-9);
        }
    }

    @Test
    void extremeScores() {
        assertEquals(Double.POSITIVE_INFINITY, Elo.fromScore(1.0));
        assertEquals(Double.NEGATIVE_INFINITY, Elo.fromScore(0.0));
        assertTrue(Double.isNaN(Elo.fromScore(1.5)));
        // clamped to 0.999: -400 log10(1/0.999 - 1) = 400 log10(999)
        assertEquals(400 * Math.log10(999), Elo.fromScoreClamped(1.0), 1e-9);
        assertEquals(-400 * Math.log10(999), Elo.fromScoreClamped(0.0), 1e-9);
    }

    @Test
    void normalQuantiles() {
        assertEquals(0.975, Elo.phi(Elo.Z95), 1e-12);
        assertEquals(Elo.Z95, Elo.phiInverse(0.975), 1e-9);
        assertEquals(347.43558552260146, Elo.NELO_PER_T, 1e-12);
    }
}
