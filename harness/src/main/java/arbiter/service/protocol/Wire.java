package arbiter.service.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;

/**
 * The service's messages, as JSON records, and the one reader and writer of them: unknown fields,
 * missing numbers and trailing text are refused, so a malformed request is told why and changes nothing.
 * The HTTP API (docs/service.md) says which endpoint takes and answers which.
 */
public final class Wire {
    /**
     * The version of what server and worker say to each other; a worker that says an older one is
     * told to update and gets no work. Raised whenever a worker must behave differently.
     */
    public static final int PROTOCOL = 2;
    /** The header every worker request carries its protocol version in. */
    public static final String PROTOCOL_HEADER = "Arbiter-Protocol";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    static {
        JSON.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build());
    }

    private Wire() {
    }

    // ---- workers ----

    /**
     * A worker starting: its protocol and Arbiter version, machine name, game slots, the external
     * engines it declares (name to protocol id) and whether it builds engines from source.
     */
    public record Hello(int protocol, String version, String machine, int slots, Map<String, String> engines,
                        boolean builds) {
    }

    /** The worker's id for this start, and how often to speak: heartbeat, report, and the lease a silence ends. */
    public record Welcome(long worker, long heartbeatMillis, long reportMillis, long leaseMillis) {
    }

    /**
     * A lease on pairs {@code firstPair .. firstPair + pairs - 1} of a test, held while the worker speaks
     * within {@code leaseMillis}; for an SPSA tuning, each pair's two sides ({@code spsa}, in pair order;
     * null for other tests).
     */
    public record Grant(long task, long test, int firstPair, int pairs, long leaseMillis, List<Perturbation> spsa) {
    }

    /** An SPSA pair's sides: the tuned weights (in the tune block's order, as played) of theta+ and of theta-. */
    public record Perturbation(int pair, double[] plus, double[] minus) {
    }

    /** A task, or none with why (then the worker asks again after {@code retryMillis}). */
    public record TaskAnswer(Grant task, String info, long retryMillis) {
    }

    /**
     * A task's cumulative counts (every whole pair played so far, from the task's first pair on, in
     * order), the PDN of the pairs not yet accepted, and the play time so far (game threads' wall
     * time, milliseconds). A retry or a late copy of a report changes nothing.
     */
    public record Report(long worker, Counts counts, String pdn, long playMillis) {
    }

    /**
     * What the server holds of the task after a report: {@code accepted} (new pairs counted),
     * {@code duplicate} (these counts were already held: nothing changed). {@code stop}: play no more
     * of it (the test ended or the task is complete).
     */
    public record ReportAnswer(String status, Counts held, boolean stop, String info) {
    }

    /** A task the worker gives up, with why (an engine it lacks, a build that failed, a crash). */
    public record Failure(long worker, String reason) {
    }

    /** The tasks a worker is playing. */
    public record Beat(List<Long> tasks) {
    }

    /** Of those, the ones to stop now (their test ended, or the lease was lost). */
    public record BeatAnswer(List<Long> stop) {
    }

    // ---- tests, users, tokens ----

    public record Submitted(long id, String state) {
    }

    /**
     * A test as anyone may read it: its counts (those that decide it and, apart, those that came in
     * after it stopped), the SPRT at those counts, and its share of the workers as the scheduler aims
     * it now (0 when not running).
     */
    public record TestView(long id, String name, String user, String state, String kind, String variant, int priority,
                           int throughput, int pairs, Counts counts, Counts late, Sprt sprt, String result, double share, int tasks,
                           long created, Long finished) {
    }

    /**
     * A task of a test: its worker and machine, its pairs, state and counts, its games an engine lost by
     * a crash or on time, its worker's residual in the test (null: not tested), and whether it was
     * purged (with why, or why it ended).
     */
    public record TaskView(long id, long worker, String machine, int firstPair, int pairs, String state, Counts counts,
                           long crashes, long timeLosses, Double residual, boolean purged, String reason) {
    }

    /**
     * A test's workers as bad-worker detection sees them: the chi-squared test of homogeneity of their
     * pairs (null: fewer than two workers with enough pairs), the residual above which the worst is
     * flagged, and each worker.
     */
    public record WorkersView(Double chi2, int dof, Double p, Double threshold, List<WorkerView> workers) {
    }

    /**
     * A worker's tasks of a test added up: its residual (null: too few pairs to test), and what flags it
     * (null: nothing): its residual, its crashes or its time losses.
     */
    public record WorkerView(long worker, String machine, int tasks, Counts counts, long crashes, long timeLosses,
                             Double residual, String flag, boolean purged) {
    }

    /** An approver purges a worker's games of a test, saying why. */
    public record Purge(long worker, String reason) {
    }

    /** The pairs that no longer count. */
    public record Purged(long pairs) {
    }

    /**
     * An SPSA tuning: its weights, their start and theta now, the pairs applied of all, each applied
     * pair's row (pair, theta after it, its W-L), and what the tuning says of its answer so far.
     */
    public record SpsaView(List<String> names, double[] start, double[] theta, int applied, int pairs, List<double[]> history,
                           List<String> estimate) {
    }

    /** A round robin's or gauntlet's rating list, as {@code arbiter elo} gives it from the test's counted games. */
    public record RatingsView(List<Rating> players, String text) {
    }

    /** A player of a rating list: rating and its 95% error, games, points. */
    public record Rating(String name, double rating, double error, long games, double points) {
    }

    /** The SPRT of a test at its counts: bounds, LLR and verdict as {@code stats.Sprt} gives them. */
    public record Sprt(double elo0, double elo1, double alpha, double beta, double llr, double lower, double upper,
                       String verdict) {
    }

    public record NewUser(String name, String role) {
    }

    /** A test's new priority and throughput (percent of a normal share). */
    public record Modify(int priority, int throughput) {
    }

    /** A user's new role: user, approver or admin. */
    public record Role(String role) {
    }

    /** The caller's new password (for the web pages; never logged, kept only as a slow hash). */
    public record Password(String password) {
    }

    /**
     * fishtest's SPRT calculator: at each true Elo (logistic) the probability of accepting H1 and the
     * games it is expected to take, for the hypotheses as given and in logistic Elo.
     */
    public record Forecast(double elo0, double elo1, double logisticElo0, double logisticElo1, double alpha, double beta,
                           double drawRatio, double rmsBias, String model, List<ForecastPoint> points) {
    }

    public record ForecastPoint(double elo, double pass, double games) {
    }

    public record NewToken(String kind, String label) {
    }

    /** A token made for its owner: its text is shown here once and kept by the server only as a hash. */
    public record Token(long id, String user, String kind, String token) {
    }

    // ---- reading and writing ----

    public static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // records of plain values always write
        }
    }

    public static JsonNode tree(String text) {
        try {
            JsonNode n = JSON.readTree(text);
            if (n == null || n.isMissingNode()) {
                throw new BadMessageException("an empty body, not JSON");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw new BadMessageException("not JSON: " + oneLine(e.getOriginalMessage()));
        }
    }

    /** @throws BadMessageException naming what is wrong, in one line */
    public static <T> T read(String text, Class<T> type) {
        try {
            T value = JSON.readValue(text, type);
            if (value == null) {
                throw new BadMessageException("no " + type.getSimpleName());
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new BadMessageException("not a " + type.getSimpleName() + ": " + oneLine(e.getOriginalMessage()));
        }
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        String line = s.lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    /** A message that is not what its endpoint takes. */
    public static final class BadMessageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BadMessageException(String message) {
            super(message);
        }
    }
}
