package arbiter.stats;

import java.util.Arrays;
import org.apache.commons.math3.special.Erf;
import org.apache.commons.math3.special.Gamma;

/**
 * Whether rows of counts — one per worker: how many of its game pairs fell in each of a few outcome
 * categories — could come from one distribution: Pearson's chi-squared test of homogeneity on the
 * rows x categories table (expected count {@code e_ij = n_i m_j / N} from the row totals {@code n_i},
 * category totals {@code m_j} and grand total {@code N}; {@code chi2 = sum (o - e)^2 / e} with
 * {@code (rows - 1)(categories - 1)} degrees of freedom), and per row a residual: the chi-squared of
 * the two-row table of that row against all the others together, which is the row's own share of the
 * sum divided by {@code 1 - n_i / N}, with {@code categories - 1} degrees of freedom under the
 * hypothesis, given as the standard normal deviate of the same upper-tail probability ({@code z}, at
 * least 0). A category no row used is left out; a row whose expected count in some category is 5 or
 * less is left out too (the chi-squared law is a poor guide to such small counts), again until no row
 * is; with fewer than two rows left there is no test. fishtest's {@code get_chi2}
 * (server/fishtest/util.py) computes the same statistic to flag bad workers.
 *
 * @param chi2 the table's statistic (NaN: no test)
 * @param dof  its degrees of freedom
 * @param p    the probability of a statistic at least as large if every row came from one distribution
 * @param z    per row, its residual as a normal deviate (NaN for a row left out); capped at {@link #MAX_Z}
 */
public record Homogeneity(double chi2, int dof, double p, double[] z) {
    /** Rows whose expected count in a category is this or less are left out. */
    public static final double MIN_EXPECTED = 5;
    /** The largest residual given: an upper-tail probability below about 1e-300 (a double's range) is shown as this. */
    public static final double MAX_Z = 37;

    public Homogeneity {
        z = z.clone();
    }

    @Override
    public double[] z() {
        return z.clone();
    }

    /** The residual of row {@code i} (NaN when left out). */
    public double z(int i) {
        return z[i];
    }

    /** True when the test could be made (two rows or more with enough counts). */
    public boolean tested() {
        return !Double.isNaN(chi2);
    }

    /** The test of these rows (each the counts of one row in the same categories). */
    public static Homogeneity of(long[][] rows) {
        int r = rows.length;
        double[] z = new double[r];
        Arrays.fill(z, Double.NaN);
        if (r == 0) {
            return new Homogeneity(Double.NaN, 0, Double.NaN, z);
        }
        int k = rows[0].length;
        boolean[] in = new boolean[r];
        Arrays.fill(in, true);
        while (true) {
            long[] columns = new long[k];
            long total = 0;
            int rowsIn = 0;
            for (int i = 0; i < r; i++) {
                if (in[i]) {
                    rowsIn++;
                    for (int j = 0; j < k; j++) {
                        columns[j] += rows[i][j];
                        total += rows[i][j];
                    }
                }
            }
            int used = (int) Arrays.stream(columns).filter(c -> c > 0).count();
            if (rowsIn < 2 || total == 0 || used < 2) {
                return new Homogeneity(Double.NaN, 0, Double.NaN, z);
            }
            boolean dropped = false;
            double[] rowChi2 = new double[r];
            long[] rowTotal = new long[r];
            double chi2 = 0;
            for (int i = 0; i < r; i++) {
                if (!in[i]) {
                    continue;
                }
                rowTotal[i] = Arrays.stream(rows[i]).sum();
                for (int j = 0; j < k; j++) {
                    if (columns[j] == 0) {
                        continue;
                    }
                    double e = (double) rowTotal[i] * columns[j] / total;
                    if (e <= MIN_EXPECTED) {
                        in[i] = false;
                        dropped = true;
                        break;
                    }
                    double d = rows[i][j] - e;
                    rowChi2[i] += d * d / e;
                }
                chi2 += rowChi2[i];
            }
            if (dropped) {
                continue; // the totals change without the rows left out: compute again
            }
            int dof = (rowsIn - 1) * (used - 1);
            for (int i = 0; i < r; i++) {
                if (in[i]) {
                    double adjusted = rowChi2[i] / (1 - (double) rowTotal[i] / total);
                    z[i] = Math.max(0, upperQuantile(chiSquaredTail(adjusted, used - 1)));
                }
            }
            return new Homogeneity(chi2, dof, chiSquaredTail(chi2, dof), z);
        }
    }

    /** P(X >= x) for X chi-squared with {@code dof} degrees of freedom, accurate far into the tail. */
    public static double chiSquaredTail(double x, int dof) {
        return x <= 0 ? 1 : Gamma.regularizedGammaQ(dof / 2.0, x / 2.0);
    }

    /**
     * The z with P(Z >= z) = p for a standard normal Z, accurate far into the tail (where 1 - p is 1
     * in double arithmetic); at most {@link #MAX_Z}.
     */
    public static double upperQuantile(double p) {
        if (p >= 1e-8) {
            return -Elo.phiInverse(p);
        }
        if (!(p > 0)) {
            return MAX_Z;
        }
        // Newton's method on ln Q(z) = ln p, Q(z) = erfc(z / sqrt 2) / 2, from the tail's asymptote.
        double t = -2 * Math.log(p);
        double z = Math.sqrt(t - Math.log(t) - Math.log(2 * Math.PI));
        for (int i = 0; i < 50 && z < MAX_Z; i++) {
            double q = 0.5 * Erf.erfc(z / Math.sqrt(2));
            if (!(q > 0)) {
                return MAX_Z;
            }
            double density = Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
            double step = (Math.log(q) - Math.log(p)) * q / density;
            z += step;
            if (Math.abs(step) < 1e-12 * z) {
                break;
            }
        }
        return Math.min(z, MAX_Z);
    }
}
