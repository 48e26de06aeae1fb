package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The sparse path (lists over RatingList.DENSE_LIMIT players) finds the same maximum as the dense one. */
class SparseRatingListTest {

    private static GameCounts random(int players, int games, long seed) {
        GameCounts c = new GameCounts();
        SplittableRandom rng = new SplittableRandom(seed);
        double[] truth = new double[players];
        for (int i = 0; i < players; i++) {
            c.player("p" + i);
            truth[i] = 200 * rng.nextGaussian();
        }
        for (int g = 0; g < games; g++) {
            int w = rng.nextInt(players);
            int b = (w + 1 + rng.nextInt(players - 1)) % players;
            double s = RatingList.logistic(truth[w] - truth[b]);
            double u = rng.nextDouble();
            double draw = 0.3 * 2 * Math.min(s, 1 - s);
            c.add(w, b, u < s - draw / 2 ? 1 : 0, u >= s - draw / 2 && u < s + draw / 2 ? 1 : 0, u >= s + draw / 2 ? 1 : 0);
        }
        return c;
    }

    private static void assertSame(GameCounts c, RatingOptions o) {
        Ratings dense = RatingList.compute(c, o.withBootstrap(0, 1));
        Ratings sparse = SparseRatingList.compute(c, o);
        assertEquals(dense.groups(), sparse.groups());
        assertEquals(dense.notes(), sparse.notes().stream().map(n -> n.startsWith("2 groups") ? dense.notes().get(0) : n).toList());
        for (PlayerRating d : dense.players()) {
            PlayerRating s = sparse.player(d.index());
            assertEquals(d.rating(), s.rating(), 1e-3, d.name());
            assertEquals(d.games(), s.games());
            assertEquals(d.points(), s.points(), 1e-12);
            assertEquals(d.group(), s.group());
        }
        assertNull(sparse.los());
    }

    @Test
    void randomRoundRobinGivesTheDenseRatings() {
        assertSame(random(40, 2000, 3), RatingOptions.defaults());
    }

    @Test
    void perfectScoresAnchorsAndGroupsAsTheDenseList() {
        GameCounts c = random(12, 300, 5);
        int champ = c.player("champ");
        int loser = c.player("loser");
        c.add(champ, c.indexOf("p1"), 3, 0, 0);
        c.add(c.indexOf("p2"), champ, 0, 0, 2);
        c.add(loser, c.indexOf("p3"), 0, 0, 4);
        int x = c.player("x");
        int y = c.player("y");
        c.add(x, y, 2, 1, 1);
        assertSame(c, RatingOptions.defaults().withMean(1500));
        assertSame(c, RatingOptions.defaults().withAnchors(Map.of("p0", 2000.0, "p5", 2100.0)));
    }

    @Test
    void fiveThousandPlayersUseTheSparsePath() {
        GameCounts c = random(5000, 60_000, 9);
        Ratings r = RatingList.compute(c, RatingOptions.defaults());
        assertNull(r.differenceError());
        assertEquals(5000, r.players().size());
        double mean = r.players().stream().mapToDouble(PlayerRating::rating).average().orElseThrow();
        assertEquals(0, mean, 1e-6);
    }
}
