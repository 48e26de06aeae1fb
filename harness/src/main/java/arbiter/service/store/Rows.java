package arbiter.service.store;

import arbiter.service.protocol.Counts;

/**
 * The rows of the service's tables as values (see the migrations for what each column means). Times
 * are milliseconds since the epoch.
 */
public final class Rows {
    private Rows() {
    }

    /**
     * A person: role {@code user}, {@code approver} or {@code admin}; state {@code pending} (registered,
     * waiting for an approver), {@code active} or {@code blocked}; {@code passwordHash} as
     * {@code api.Passwords} writes it, or null for an account without a password (tokens only).
     */
    public record User(long id, String name, String role, String state, String passwordHash, long created) {
        public boolean admin() {
            return "admin".equals(role);
        }

        /** An approver or an admin: may approve others' tests and accounts. */
        public boolean approver() {
            return "approver".equals(role) || admin();
        }

        public boolean active() {
            return "active".equals(state);
        }
    }

    /**
     * A token: kind {@code api} or {@code worker}; {@code hash} the SHA-256 (hex) of its text; revoked
     * null while valid; blocked: a machine an approver keeps out (until unblocked).
     */
    public record Token(long id, long userId, String kind, String label, String hash, long created, Long revoked,
                        boolean blocked) {
        public Token(long id, long userId, String kind, String label, String hash, long created, Long revoked) {
            this(id, userId, kind, label, hash, created, revoked, false);
        }
    }

    /**
     * A line of the event log: at a time, a person ({@code userId}; null for the service itself) did
     * {@code kind} (submitted, approved, stopped...) to a test ({@code testId}, or null); {@code id} is
     * the database's (0 for one not written yet). A text longer than its column is cut.
     */
    public record Event(long id, long at, Long userId, Long testId, String kind, String text) {
        public static final int MAX_TEXT = 400;

        public Event {
            text = text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT - 3) + "...";
        }

        /** A new line of the log (its id is the database's to give). */
        public static Event of(long at, Long userId, Long testId, String kind, String text) {
            return new Event(0, at, userId, testId, kind, text);
        }
    }

    /** A started worker: the token it came with, where it runs, its version, slots and declared engines (comma-separated). */
    public record Worker(long id, long tokenId, String machine, String version, int slots, String engines, long registered) {
    }

    /**
     * A test. state: {@code pending} (waits for an approver other than its author), {@code active}, {@code finished}
     * (decided, or every pair played) or {@code stopped} (by a person). {@code pass}: its virtual time
     * in the fair share; {@code late}: counts that came in after it stopped.
     */
    public record Test(long id, long userId, String name, String variant, String definition, String state, int priority,
                       int throughput, int pairsTarget, int nextPair, double pass, Counts counts, Counts late,
                       String result, long created, long updated, Long finished) {
    }

    /**
     * A task: pairs {@code firstPair} up to {@code firstPair + pairCount} of a test, leased to a worker
     * until {@code deadline}. state: {@code leased}, {@code done}, {@code expired}, {@code failed} or
     * {@code cancelled}; {@code counts} are the worker's cumulative ones as last accepted; {@code crashes}
     * and {@code timeLosses} the games of them lost by an engine's failure and on time; {@code purged}:
     * its games no longer count.
     */
    public record Task(long id, long testId, long workerId, int firstPair, int pairCount, String state, boolean live,
                       long deadline, Counts counts, int chunks, long playMillis, String reason, long created, long updated,
                       long crashes, long timeLosses, boolean purged) {
        /** A task with no crash, no time loss, not purged. */
        public Task(long id, long testId, long workerId, int firstPair, int pairCount, String state, boolean live,
                    long deadline, Counts counts, int chunks, long playMillis, String reason, long created, long updated) {
            this(id, testId, workerId, firstPair, pairCount, state, live, deadline, counts, chunks, playMillis, reason, created,
                    updated, 0, 0, false);
        }
    }

    /**
     * A worker's tasks of a test added up (purged ones apart): how many, their counts, crashes and time
     * losses, and the machine the worker runs on.
     */
    public record Tally(long testId, long workerId, String machine, boolean purged, int tasks, Counts counts, long crashes,
                        long timeLosses) {
    }

    /**
     * An SPSA pair as handed out with a task ({@code gain}: the schedule's iteration index then; theta+
     * and theta- as played) and, once applied, its place among the applied pairs (from 1), its W-L and
     * theta after it (null until then).
     */
    public record SpsaPair(long testId, int pair, long taskId, double gain, double[] plus, double[] minus, Integer applied,
                           Double result, double[] theta) {
    }

    /** The gzipped PDN of the pairs {@code firstPair ..} of one accepted report. */
    public record Chunk(long taskId, int seq, long testId, int firstPair, int pairs, boolean afterStop, byte[] pdn) {
    }

    /** Pairs of a test given back to be handed out again. */
    public record FreePairs(long testId, int firstPair, int pairs) {
    }
}
