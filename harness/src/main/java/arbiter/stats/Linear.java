package arbiter.stats;

/** Dense symmetric positive-definite solves on flat row-major arrays (small, allocation-light). */
final class Linear {
    private Linear() {
    }

    /** Solves A x = b in place (b becomes x; A is overwritten by its Cholesky factor). False if not SPD. */
    static boolean choleskySolve(double[] a, double[] b, int n) {
        if (!factor(a, n)) {
            return false;
        }
        substitute(a, b, n);
        return true;
    }

    /** Inverse of an SPD matrix (a is overwritten); null if not SPD. */
    static double[] choleskyInverse(double[] a, int n) {
        if (!factor(a, n)) {
            return null;
        }
        double[] inv = new double[n * n];
        double[] col = new double[n];
        for (int c = 0; c < n; c++) {
            java.util.Arrays.fill(col, 0);
            col[c] = 1;
            substitute(a, col, n);
            for (int r = 0; r < n; r++) {
                inv[r * n + c] = col[r];
            }
        }
        return inv;
    }

    /** Lower Cholesky factor L (A = L L^T) written into the lower triangle of a. */
    private static boolean factor(double[] a, int n) {
        for (int j = 0; j < n; j++) {
            double s = a[j * n + j];
            int rowJ = j * n;
            for (int k = 0; k < j; k++) {
                s -= a[rowJ + k] * a[rowJ + k];
            }
            if (!(s > 0)) {
                return false;
            }
            double diag = Math.sqrt(s);
            a[rowJ + j] = diag;
            for (int i = j + 1; i < n; i++) {
                int rowI = i * n;
                double t = a[rowI + j];
                for (int k = 0; k < j; k++) {
                    t -= a[rowI + k] * a[rowJ + k];
                }
                a[rowI + j] = t / diag;
            }
        }
        return true;
    }

    private static void substitute(double[] a, double[] b, int n) {
        for (int i = 0; i < n; i++) {
            double s = b[i];
            int row = i * n;
            for (int k = 0; k < i; k++) {
                s -= a[row + k] * b[k];
            }
            b[i] = s / a[row + i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int k = i + 1; k < n; k++) {
                s -= a[k * n + i] * b[k];
            }
            b[i] = s / a[i * n + i];
        }
    }
}
