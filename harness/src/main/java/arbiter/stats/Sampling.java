package arbiter.stats;

import java.util.SplittableRandom;
import org.apache.commons.math3.special.Gamma;

/** Exact discrete samplers for the bootstrap (no per-game loop: cost grows with sqrt(n) at most). */
final class Sampling {
    private Sampling() {
    }

    /** Binomial(n, p) by inversion: from 0 when n p is small, else outward from the mode. */
    static long binomial(SplittableRandom rng, long n, double p) {
        if (n <= 0 || p <= 0) {
            return 0;
        }
        if (p >= 1) {
            return n;
        }
        if (p > 0.5) {
            return n - binomial(rng, n, 1 - p);
        }
        double q = 1 - p;
        double ratio = p / q;
        double u = rng.nextDouble();
        if (n * p < 30) {
            double f = Math.pow(q, n);
            long k = 0;
            while (u > f && k < n) {
                u -= f;
                k++;
                f *= (n - k + 1) / (double) k * ratio;
            }
            return k;
        }
        long mode = (long) Math.floor((n + 1) * p);
        if (mode > n) {
            mode = n;
        }
        double fm = Math.exp(Gamma.logGamma(n + 1.0) - Gamma.logGamma(mode + 1.0) - Gamma.logGamma(n - mode + 1.0)
                + mode * Math.log(p) + (n - mode) * Math.log(q));
        if (u <= fm) {
            return mode;
        }
        u -= fm;
        long lo = mode;
        long hi = mode;
        double flo = fm;
        double fhi = fm;
        while (true) {
            boolean moved = false;
            if (hi < n) {
                hi++;
                fhi *= (n - hi + 1) / (double) hi * ratio;
                if (u <= fhi) {
                    return hi;
                }
                u -= fhi;
                moved = true;
            }
            if (lo > 0) {
                lo--;
                flo *= (lo + 1) / (double) (n - lo) / ratio;
                if (u <= flo) {
                    return lo;
                }
                u -= flo;
                moved = true;
            }
            if (!moved || (fhi < 1e-300 && flo < 1e-300)) {
                return mode; // rounding left a sliver of probability: give it to the mode
            }
        }
    }

    /**
     * Splits {@code n} games into wins, draws, losses with probabilities pw, pd, 1 - pw - pd;
     * writes them to {@code out[0..2]}.
     */
    static void trinomial(SplittableRandom rng, long n, double pw, double pd, long[] out) {
        long w = binomial(rng, n, pw);
        double rest = 1 - pw;
        long d = rest <= 0 ? 0 : binomial(rng, n - w, Math.min(1.0, pd / rest));
        out[0] = w;
        out[1] = d;
        out[2] = n - w - d;
    }
}
