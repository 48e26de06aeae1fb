package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A rating list of 10,000 players in a forked JVM with a 48 MiB heap: with counts kept per pairing
 * that played and the sparse fit this needs a few MiB; dense players^2 arrays (3 x 16384^2 longs of
 * counts, players^2 doubles in the fit) throw OutOfMemoryError.
 */
class GameCountsMemoryTest {

    /** The forked JVM's entry point: PLAYERS players, GAMES random games, rated; prints the totals. */
    public static void main(String[] args) {
        int players = Integer.parseInt(args[0]);
        int games = Integer.parseInt(args[1]);
        GameCounts c = new GameCounts();
        for (int i = 0; i < players; i++) {
            c.player("p" + i);
        }
        SplittableRandom rng = new SplittableRandom(7);
        for (int g = 0; g < games; g++) {
            int w = rng.nextInt(players);
            int b = (w + 1 + rng.nextInt(players - 1)) % players;
            int r = rng.nextInt(3);
            c.add(w, b, r == 0 ? 1 : 0, r == 1 ? 1 : 0, r == 2 ? 1 : 0);
        }
        long[] sum = new long[1];
        c.forEachPairing((w, b, x, y, z) -> sum[0] += x + y + z);
        Ratings r = RatingList.compute(c, RatingOptions.defaults());
        System.out.println(c.players() + " " + c.totalGames() + " " + sum[0] + " " + r.players().size());
    }

    @Test
    void tenThousandPlayersFitInASmallHeap() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(List.of(java, "-Xmx48m", "-cp", System.getProperty("java.class.path"),
                GameCountsMemoryTest.class.getName(), "10000", "100000")).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), out);
        assertEquals("10000 100000 100000 10000", out.strip());
    }

    @Test
    void sparseCountsAnswerLikeDenseOnes() {
        GameCounts c = new GameCounts();
        int a = c.player("a");
        int b = c.player("b");
        int x = c.player("x");
        c.add(a, b, 2, 1, 0);
        c.add(b, a, 0, 0, 3);
        c.add(x, a, 1, 0, 0);
        for (int i = 0; i < 100; i++) {
            c.player("filler" + i); // forces no growth of the count table
        }
        c.add(a, b, 1, 0, 0);
        assertEquals(3, c.wins(a, b));
        assertEquals(1, c.draws(a, b));
        assertEquals(3, c.losses(b, a));
        assertEquals(0, c.games(a, x));
        assertEquals(7, c.gamesBetween(a, b));
        assertEquals(List.of(6L, 1L, 0L), java.util.Arrays.stream(c.wdl(a, b)).boxed().toList());
        assertEquals(8, c.totalGames());
        assertEquals(3, c.pairings());
        StringBuilder order = new StringBuilder();
        c.forEachPairing((w, bl, ww, d, l) -> order.append(w).append(bl).append(' '));
        assertEquals("01 10 20 ", order.toString());
        GameCounts copy = c.copy();
        copy.add(a, x, 1, 0, 0);
        assertEquals(0, c.games(a, x));
        assertEquals(1, copy.games(a, x));
    }
}
