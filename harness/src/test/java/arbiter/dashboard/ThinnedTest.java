package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The dashboard's series over games stay bounded and evenly spread, whatever the number of games. */
class ThinnedTest {
    @Test
    void aMillionGamesKeepAtMostMaxPointsEvenlySpreadWithTheLatest() {
        Thinned t = new Thinned(200);
        for (int g = 1; g <= 1_000_000; g++) {
            t.offer(g, g * 0.5);
            assertTrue(t.points().size() < 200, g + ": " + t.points().size());
        }
        List<double[]> p = t.points();
        assertTrue(p.size() >= 50, "still a curve: " + p.size());
        assertEquals(1, p.get(0)[0], "the first game stays");
        double gap = p.get(1)[0] - p.get(0)[0];
        for (int i = 1; i < p.size(); i++) {
            double d = p.get(i)[0] - p.get(i - 1)[0];
            assertTrue(d >= gap / 2 && d <= gap * 2, "evenly spread: gap " + d + " vs " + gap + " at " + i);
            assertEquals(p.get(i)[0] * 0.5, p.get(i)[1], "each point keeps its own value");
        }
        assertTrue(p.get(p.size() - 1)[0] > 1_000_000 - 2 * gap, "recent: " + p.get(p.size() - 1)[0]);
    }

    @Test
    void aRefreshWithoutNewGamesAddsNothing() {
        Thinned t = new Thinned(10);
        t.offer(5, 1);
        t.offer(5, 2);
        assertEquals(1, t.points().size());
        t.clear();
        assertEquals(0, t.points().size());
        t.offer(3, 1);
        assertEquals(1, t.points().size());
    }
}
