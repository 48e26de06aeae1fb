package arbiter.tune;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Simultaneous perturbation stochastic approximation as fishtest runs it. Each iteration k plays
 * theta + c_k*Delta against theta - c_k*Delta (Delta a random +-1 per parameter) and moves theta by
 * R_k * c_k * (wins - losses of theta+) * Delta, with c_k = c / (k+1)^gamma, a_k = a / (A+k+1)^alpha
 * and R_k = a_k / c_k^2. The user gives each parameter's final step {@code cEnd} and final learning
 * rate {@code rEnd} (fishtest's c_end, r_end), from which c = cEnd * N^gamma and
 * a = rEnd * cEnd^2 * (A+N)^alpha for N iterations. Values stay within bounds. A parameter tuned on
 * a log scale takes these steps in the logarithm of its value: its perturbations are factors.
 */
public final class Spsa {

    /** One tuned value. */
    public record Parameter(String name, double start, double min, double max, double cEnd, double rEnd,
                            boolean integer, boolean log) {
        public Parameter {
            if (!(min < max)) {
                throw new IllegalArgumentException(name + ": min " + min + " must be below max " + max);
            }
            if (log && !(min > 0)) {
                throw new IllegalArgumentException(name + ": a log scale needs min > 0, got " + min);
            }
            if (start < min || start > max) {
                throw new IllegalArgumentException(name + ": start " + start + " outside [" + min + ", " + max + "]");
            }
            if (!(cEnd > 0) || !(rEnd > 0)) {
                throw new IllegalArgumentException(name + ": cEnd and rEnd must be positive");
            }
        }

        public Parameter(String name, double start, double min, double max, double cEnd, double rEnd, boolean integer) {
            this(name, start, min, max, cEnd, rEnd, integer, false);
        }

        /** The coordinate SPSA steps in: the value, or its logarithm. */
        double toStep(double value) {
            return log ? Math.log(value) : value;
        }

        double fromStep(double u) {
            return clamp(log ? Math.exp(u) : u);
        }

        double clamp(double v) {
            return Math.max(min, Math.min(max, v));
        }
    }

    /** One iteration's perturbation. */
    public record Step(int k, double[] plus, double[] minus, int[] delta, double[] c, double[] r) {
    }

    public static final double ALPHA = 0.602;
    public static final double GAMMA = 0.101;

    private final List<Parameter> parameters;
    private final int iterations;
    private final double bigA;
    private final double[] c;
    private final double[] a;
    private final long seed;

    /**
     * @param iterations N, the planned number of iterations (the schedule ends there)
     * @param bigA       A, the stability constant; fishtest uses 10% of N
     */
    public Spsa(List<Parameter> parameters, int iterations, double bigA, long seed) {
        if (parameters.isEmpty() || iterations < 1) {
            throw new IllegalArgumentException("SPSA needs parameters and at least one iteration");
        }
        this.parameters = List.copyOf(parameters);
        this.iterations = iterations;
        this.bigA = bigA;
        this.seed = seed;
        int n = parameters.size();
        this.c = new double[n];
        this.a = new double[n];
        for (int i = 0; i < n; i++) {
            Parameter p = parameters.get(i);
            c[i] = p.cEnd() * Math.pow(iterations, GAMMA);
            a[i] = p.rEnd() * p.cEnd() * p.cEnd() * Math.pow(bigA + iterations, ALPHA);
        }
    }

    public List<Parameter> parameters() {
        return parameters;
    }

    public int iterations() {
        return iterations;
    }

    public double[] start() {
        double[] theta = new double[parameters.size()];
        for (int i = 0; i < theta.length; i++) {
            theta[i] = parameters.get(i).start();
        }
        return theta;
    }

    /** The perturbation of iteration {@code k} (from 0); the same k and seed give the same Delta. */
    public Step step(int k, double[] theta) {
        return step(k, k, theta);
    }

    /**
     * The perturbation numbered {@code k} (its Delta drawn from k and the seed) with the gains of the
     * schedule at {@code gainIndex} iterations: barrier-free SPSA numbers its pairs, and indexes the
     * schedule by the iterations' worth of pairs already applied when the pair is sent out, as fishtest
     * indexes c_k and R_k by its {@code iter} at the worker's request.
     */
    public Step step(int k, double gainIndex, double[] theta) {
        int n = parameters.size();
        SplittableRandom random = new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * (k + 1)));
        double[] plus = new double[n];
        double[] minus = new double[n];
        int[] delta = new int[n];
        double[] ck = new double[n];
        double[] rk = new double[n];
        for (int i = 0; i < n; i++) {
            Parameter p = parameters.get(i);
            delta[i] = random.nextBoolean() ? 1 : -1;
            ck[i] = c[i] / Math.pow(gainIndex + 1, GAMMA);
            double ak = a[i] / Math.pow(bigA + gainIndex + 1, ALPHA);
            rk[i] = ak / (ck[i] * ck[i]);
            plus[i] = p.fromStep(p.toStep(theta[i]) + ck[i] * delta[i]);
            minus[i] = p.fromStep(p.toStep(theta[i]) - ck[i] * delta[i]);
        }
        return new Step(k, plus, minus, delta, ck, rk);
    }

    /**
     * Theta after the games of a step.
     *
     * @param result wins minus losses of theta+ against theta- (draws count 0)
     */
    public double[] update(double[] theta, Step step, double result) {
        double[] next = new double[theta.length];
        for (int i = 0; i < theta.length; i++) {
            Parameter p = parameters.get(i);
            next[i] = p.fromStep(p.toStep(theta[i]) + step.r()[i] * step.c()[i] * result * step.delta()[i]);
        }
        return next;
    }

    /** Values as played: integers rounded for integer parameters. */
    public double[] played(double[] theta) {
        double[] out = theta.clone();
        for (int i = 0; i < out.length; i++) {
            if (parameters.get(i).integer()) {
                out[i] = Math.rint(out[i]);
            }
        }
        return out;
    }
}
