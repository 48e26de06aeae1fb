package arbiter.stats;

import java.util.SplittableRandom;

/**
 * Seeded synthetic tournaments for benchmarks and tests: players with known true ratings play
 * random games one by one, aggregated on the fly into {@link GameCounts} (no game list is kept).
 */
public final class SyntheticGames {
    /** Standard deviation of the true ratings. */
    public static final double RATING_SPREAD = 200;
    /** Colour advantage of White in the simulation. */
    public static final double WHITE_ADVANTAGE = 30;
    /** Draw probability for equal players (capped so win/loss probabilities stay >= 0). */
    public static final double DRAW_RATE = 0.35;

    private final double[] trueRatings;
    private final GameCounts counts;

    private SyntheticGames(double[] trueRatings, GameCounts counts) {
        this.trueRatings = trueRatings;
        this.counts = counts;
    }

    /** Plays {@code games} games between {@code players} players (random pairs and colours). */
    public static SyntheticGames generate(int players, long games, long seed) {
        if (players < 2) {
            throw new IllegalArgumentException("need at least 2 players, got " + players);
        }
        SplittableRandom rng = new SplittableRandom(seed);
        double[] r = new double[players];
        GameCounts counts = new GameCounts();
        for (int i = 0; i < players; i++) {
            r[i] = RATING_SPREAD * gaussian(rng);
            counts.player(String.format("P%03d", i + 1));
        }
        long[][] tally = new long[players * players][3];
        for (long g = 0; g < games; g++) {
            int a = rng.nextInt(players);
            int b = rng.nextInt(players - 1);
            if (b >= a) {
                b++;
            }
            double s = Elo.score(r[a] - r[b] + WHITE_ADVANTAGE);
            double pd = Math.min(DRAW_RATE, 2 * Math.min(s, 1 - s));
            double pw = s - pd / 2;
            double u = rng.nextDouble();
            tally[a * players + b][u < pw ? 0 : u < pw + pd ? 1 : 2]++;
        }
        for (int a = 0; a < players; a++) {
            for (int b = 0; b < players; b++) {
                long[] t = tally[a * players + b];
                if (t[0] + t[1] + t[2] > 0) {
                    counts.add(a, b, t[0], t[1], t[2]);
                }
            }
        }
        return new SyntheticGames(r, counts);
    }

    public GameCounts counts() {
        return counts;
    }

    /** The true rating of player i (as generated, not centred). */
    public double trueRating(int i) {
        return trueRatings[i];
    }

    private static double gaussian(SplittableRandom rng) {
        // Box-Muller; one value per call is enough here
        double u = 1 - rng.nextDouble();
        double v = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
