package arbiter.stats;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** {@link RatingList}'s error bars: inverse Fisher information, or the parametric bootstrap. */
final class RatingListErrors {
    private RatingListErrors() {
    }


    static double[][] fisherCovariance(RatingList r, double[] w, double[] d, double[] l, double[] theta) {
        double[][] cov = new double[r.p][r.p];
        if (r.m == 0) {
            return cov;
        }
        double[] grad = new double[r.m];
        double[] info = new double[r.m * r.m];
        r.evaluate(w, d, l, theta, grad, info);
        double[] inverse = Linear.choleskyInverse(info, r.m);
        if (inverse == null) {
            for (double[] row : cov) {
                Arrays.fill(row, Double.NaN);
            }
            return cov;
        }
        for (int i = 0; i < r.p; i++) {
            for (int j = 0; j < r.p; j++) {
                int a = r.freeIndex[i];
                int b = r.freeIndex[j];
                cov[i][j] = a < 0 || b < 0 ? 0 : inverse[a * r.m + b];
            }
        }
        return cov;
    }

    static double[][] bootstrap(RatingList r, GameCounts counts, RatingOptions options, double[] theta, double drawRatio) {
        int b = options.bootstrap();
        double[][] samples = new double[b][];
        IntStream.range(0, b).parallel().forEach(k -> samples[k] = sample(r, counts, options, theta, drawRatio, k));
        double[] mean = new double[r.p];
        for (double[] s : samples) {
            for (int i = 0; i < r.p; i++) {
                mean[i] += s[i] / b;
            }
        }
        double[][] cov = new double[r.p][r.p];
        double[] dev = new double[r.p];
        for (double[] s : samples) {
            for (int i = 0; i < r.p; i++) {
                dev[i] = s[i] - mean[i];
            }
            for (int i = 0; i < r.p; i++) {
                double di = dev[i];
                double[] row = cov[i];
                for (int j = i; j < r.p; j++) {
                    row[j] += di * dev[j];
                }
            }
        }
        double denom = Math.max(1, b - 1);
        for (int i = 0; i < r.p; i++) {
            for (int j = i; j < r.p; j++) {
                cov[i][j] /= denom;
                cov[j][i] = cov[i][j];
            }
        }
        return cov;
    }

    /** One bootstrap sample: simulated counts from the fitted model, refitted and re-anchored. */
    static double[] sample(RatingList r, GameCounts counts, RatingOptions options, double[] theta, double drawRatio, int k) {
        SplittableRandom rng = new SplittableRandom(mix(options.seed(), k));
        double[] w = new double[r.p * r.p];
        double[] d = new double[r.p * r.p];
        double[] l = new double[r.p * r.p];
        long[] out = new long[3];
        double adv = theta[r.p];
        double delta = theta[r.p + 1];
        for (int c : r.cells) {
            int i = c / r.p;
            int j = c % r.p;
            long n = counts.games(i, j);
            double x = theta[i] - theta[j] + adv;
            double pw;
            double pd;
            if (r.drawModel) {
                pw = RatingList.logistic(x - delta);
                pd = Math.max(0, RatingList.logistic(x + delta) - pw);
            } else {
                double s = RatingList.logistic(x);
                pd = Math.min(drawRatio, 2 * Math.min(s, 1 - s));
                pw = Math.max(0, s - pd / 2);
            }
            Sampling.trinomial(rng, n, pw, pd, out);
            w[c] = out[0];
            d[c] = out[1];
            l[c] = out[2];
        }
        RatingListGroups.addVirtualDraws(r, w, d, l, counts, null);
        double[] fitted = r.fit(w, d, l, theta);
        return r.normalize(fitted, options);
    }

    /** Seed of sample k: a 64-bit mix (Stafford variant 13) so nearby seeds give unrelated streams. */
    static long mix(long seed, long k) {
        long z = seed * 0x9E3779B97F4A7C15L + (k + 1) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
