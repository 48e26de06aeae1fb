package arbiter.service.store;

import arbiter.service.protocol.Counts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import javax.sql.DataSource;

/**
 * Every SQL statement of the service: what the server loads when it starts, the one transaction a
 * group commit writes ({@link #flush}), and the reads of finished tests and of games. Parameterised
 * statements only; SQL that H2 and PostgreSQL both run.
 */
public final class Store {
    private static final String TEST_COLUMNS = "id, user_id, name, variant, definition, state, priority, throughput, "
            + "pairs_target, next_pair, pass, pairs, wins, draws, losses, p0, p1, p2, p3, p4, late_pairs, late_wins, "
            + "late_draws, late_losses, late_p0, late_p1, late_p2, late_p3, late_p4, result, created, updated, finished";
    private static final String TASK_COLUMNS = "id, test_id, worker_id, first_pair, pair_count, state, live, deadline, "
            + "pairs, wins, draws, losses, p0, p1, p2, p3, p4, chunks, play_ms, reason, created, updated, crashes, time_losses, purged";
    private static final String SPSA_COLUMNS = "test_id, pair_no, task_id, gain, theta_plus, theta_minus, applied, result, theta";
    /** The tests the server holds: not over, or over with live tasks. */
    private static final String HELD_TESTS = "SELECT id FROM tests WHERE state IN ('pending', 'active') "
            + "OR id IN (SELECT test_id FROM tasks WHERE live = TRUE)";

    private final DataSource pool;

    public Store(DataSource pool) {
        this.pool = pool;
    }

    /**
     * What a starting server needs in memory, and the next free id of each table: also, of the tests
     * held, each worker's tasks added up ({@code tallies}) and the SPSA pairs handed out ({@code spsa}).
     */
    public record Loaded(List<Rows.User> users, List<Rows.Token> tokens, List<Rows.Worker> workers, List<Rows.Test> tests,
                         List<Rows.FreePairs> free, List<Rows.Task> tasks, Ids next, List<Rows.Tally> tallies,
                         List<Rows.SpsaPair> spsa) {
        /** No tallies and no SPSA pairs. */
        public Loaded(List<Rows.User> users, List<Rows.Token> tokens, List<Rows.Worker> workers, List<Rows.Test> tests,
                      List<Rows.FreePairs> free, List<Rows.Task> tasks, Ids next) {
            this(users, tokens, workers, tests, free, tasks, next, List.of(), List.of());
        }
    }

    /** The next free id of each table the server gives ids in. */
    public record Ids(long user, long token, long worker, long test, long task) {
    }

    /**
     * Users, valid tokens, the tests not over (pending or active) and those with live tasks, the free
     * pairs of the tests not over, the live tasks and the workers that hold them.
     */
    public Loaded load() {
        try (Connection c = pool.getConnection()) {
            List<Rows.User> users = query(c, "SELECT id, name, role, state, password_hash, created FROM users ORDER BY id",
                    List.of(), Store::user);
            List<Rows.Token> tokens = query(c, "SELECT id, user_id, kind, label, hash, created, revoked, blocked FROM tokens "
                    + "WHERE revoked IS NULL ORDER BY id", List.of(), Store::token);
            List<Rows.Test> tests = query(c, "SELECT " + TEST_COLUMNS + " FROM tests WHERE id IN (" + HELD_TESTS + ") ORDER BY id",
                    List.of(), Store::test);
            List<Rows.FreePairs> free = query(c, "SELECT f.test_id, f.first_pair, f.pairs FROM free_pairs f "
                    + "JOIN tests t ON t.id = f.test_id WHERE t.state IN ('pending', 'active') ORDER BY f.test_id, f.first_pair",
                    List.of(), r -> new Rows.FreePairs(r.getLong(1), r.getInt(2), r.getInt(3)));
            List<Rows.Task> tasks = query(c, "SELECT " + TASK_COLUMNS + " FROM tasks WHERE live = TRUE ORDER BY id",
                    List.of(), Store::task);
            List<Rows.Worker> workers = query(c, "SELECT id, token_id, machine, version, slots, engines, registered "
                    + "FROM workers WHERE id IN (SELECT worker_id FROM tasks WHERE live = TRUE) ORDER BY id", List.of(), Store::worker);
            Ids next = new Ids(max(c, "users") + 1, max(c, "tokens") + 1, max(c, "workers") + 1, max(c, "tests") + 1,
                    max(c, "tasks") + 1);
            List<Rows.Tally> tallies = query(c, TALLIES + " WHERE t.test_id IN (" + HELD_TESTS + ")" + TALLIES_GROUP, List.of(),
                    Store::tally);
            List<Rows.SpsaPair> spsa = query(c, "SELECT " + SPSA_COLUMNS + " FROM spsa_pairs WHERE test_id IN (" + HELD_TESTS
                    + ") ORDER BY test_id, pair_no, task_id", List.of(), Store::spsaPair);
            return new Loaded(users, tokens, workers, tests, free, tasks, next, tallies, spsa);
        } catch (SQLException e) {
            throw new StoreException("loading the service's state", e);
        }
    }

    private static long max(Connection c, String table) throws SQLException {
        // table names are this class's constants, never input
        try (PreparedStatement s = c.prepareStatement("SELECT COALESCE(MAX(id), 0) FROM " + table);
             ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    /** Writes a group commit's rows in one transaction: all of them, or none (then throws). */
    public void flush(Writes w) {
        if (w.isEmpty()) {
            return;
        }
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try {
                batch(c, "INSERT INTO users (id, name, role, state, password_hash, created) VALUES (?, ?, ?, ?, ?, ?)",
                        w.users.values(), (s, u) -> bind(s, u.id(), u.name(), u.role(), u.state(), u.passwordHash(), u.created()));
                batch(c, "INSERT INTO tokens (id, user_id, kind, label, hash, created, revoked, blocked) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", w.newTokens.values(), (s, t) -> bind(s, t.id(), t.userId(), t.kind(),
                        t.label(), t.hash(), t.created(), t.revoked(), t.blocked()));
                batch(c, "UPDATE users SET role = ?, state = ?, password_hash = ? WHERE id = ?", w.changedUsers.values(),
                        (s, u) -> bind(s, u.role(), u.state(), u.passwordHash(), u.id()));
                batch(c, "UPDATE tokens SET revoked = ?, blocked = ? WHERE id = ?", w.tokens.values(),
                        (s, t) -> bind(s, t.revoked(), t.blocked(), t.id()));
                batch(c, "INSERT INTO workers (id, token_id, machine, version, slots, engines, registered) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)", w.workers.values(), (s, x) -> bind(s, x.id(), x.tokenId(), x.machine(),
                        x.version(), x.slots(), x.engines(), x.registered()));
                batch(c, "INSERT INTO tests (" + TEST_COLUMNS + ") VALUES (" + "?, ".repeat(32) + "?)", w.newTests.values(),
                        (s, t) -> bind(s, t.id(), t.userId(), t.name(), t.variant(), t.definition(), t.state(), t.priority(),
                                t.throughput(), t.pairsTarget(), t.nextPair(), t.pass(), t.counts(), t.late(), t.result(),
                                t.created(), t.updated(), t.finished()));
                batch(c, "UPDATE tests SET state = ?, priority = ?, throughput = ?, next_pair = ?, pass = ?, pairs = ?, "
                        + "wins = ?, draws = ?, losses = ?, p0 = ?, p1 = ?, p2 = ?, p3 = ?, p4 = ?, late_pairs = ?, late_wins = ?, "
                        + "late_draws = ?, late_losses = ?, late_p0 = ?, late_p1 = ?, late_p2 = ?, late_p3 = ?, late_p4 = ?, "
                        + "result = ?, updated = ?, finished = ? WHERE id = ?", w.tests.values(),
                        (s, t) -> bind(s, t.state(), t.priority(), t.throughput(), t.nextPair(), t.pass(), t.counts(), t.late(),
                                t.result(), t.updated(), t.finished(), t.id()));
                batch(c, "DELETE FROM free_pairs WHERE test_id = ?", w.freeCleared, (s, id) -> bind(s, id));
                batch(c, "DELETE FROM free_pairs WHERE test_id = ? AND first_pair = ?", w.freeRemoved.values(),
                        (s, f) -> bind(s, f.testId(), f.firstPair()));
                batch(c, "INSERT INTO free_pairs (test_id, first_pair, pairs) VALUES (?, ?, ?)", w.freeAdded.values(),
                        (s, f) -> bind(s, f.testId(), f.firstPair(), f.pairs()));
                batch(c, "INSERT INTO tasks (" + TASK_COLUMNS + ") VALUES (" + "?, ".repeat(24) + "?)", w.newTasks.values(),
                        (s, t) -> bind(s, t.id(), t.testId(), t.workerId(), t.firstPair(), t.pairCount(), t.state(), t.live(),
                                t.deadline(), t.counts(), t.chunks(), t.playMillis(), t.reason(), t.created(), t.updated(),
                                t.crashes(), t.timeLosses(), t.purged()));
                batch(c, "UPDATE tasks SET state = ?, live = ?, deadline = ?, pairs = ?, wins = ?, draws = ?, losses = ?, "
                        + "p0 = ?, p1 = ?, p2 = ?, p3 = ?, p4 = ?, chunks = ?, play_ms = ?, reason = ?, updated = ?, crashes = ?, "
                        + "time_losses = ?, purged = ? WHERE id = ?",
                        w.tasks.values(), (s, t) -> bind(s, t.state(), t.live(), t.deadline(), t.counts(), t.chunks(),
                                t.playMillis(), t.reason(), t.updated(), t.crashes(), t.timeLosses(), t.purged(), t.id()));
                batch(c, "INSERT INTO chunks (task_id, seq, test_id, first_pair, pairs, after_stop, pdn) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        w.chunks, (s, k) -> bind(s, k.taskId(), k.seq(), k.testId(), k.firstPair(), k.pairs(), k.afterStop(),
                                k.pdn()));
                batch(c, "UPDATE chunks SET pdn = ? WHERE task_id = ? AND seq = ?", w.rewrittenChunks.values(),
                        (s, k) -> bind(s, k.pdn(), k.taskId(), k.seq()));
                batch(c, "INSERT INTO spsa_pairs (" + SPSA_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", w.newSpsa.values(),
                        (s, p) -> bind(s, p.testId(), p.pair(), p.taskId(), p.gain(), json(p.plus()), json(p.minus()), p.applied(),
                                p.result(), json(p.theta())));
                batch(c, "UPDATE spsa_pairs SET applied = ?, result = ?, theta = ? WHERE test_id = ? AND pair_no = ? AND task_id = ?",
                        w.spsa.values(), (s, p) -> bind(s, p.applied(), p.result(), json(p.theta()), p.testId(), p.pair(), p.taskId()));
                batch(c, "INSERT INTO events (at, user_id, test_id, kind, text) VALUES (?, ?, ?, ?, ?)", w.events,
                        (s, e) -> bind(s, e.at(), e.userId(), e.testId(), e.kind(), e.text()));
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException("writing " + w.rows() + " rows", e);
        }
    }

    /** A test in any state. */
    public Optional<Rows.Test> test(long id) {
        try (Connection c = pool.getConnection()) {
            List<Rows.Test> t = query(c, "SELECT " + TEST_COLUMNS + " FROM tests WHERE id = ?", List.of(id), Store::test);
            return t.stream().findFirst();
        } catch (SQLException e) {
            throw new StoreException("reading test " + id, e);
        }
    }

    /** The latest tests in these states, newest first, at most {@code limit}. */
    public List<Rows.Test> tests(Collection<String> states, int limit) {
        String marks = String.join(", ", states.stream().map(x -> "?").toList());
        List<Object> args = new ArrayList<>(states);
        try (Connection c = pool.getConnection()) {
            try (PreparedStatement s = c.prepareStatement("SELECT " + TEST_COLUMNS + " FROM tests WHERE state IN (" + marks
                    + ") ORDER BY id DESC")) {
                bindAll(s, args);
                s.setMaxRows(limit);
                return rows(s, Store::test);
            }
        } catch (SQLException e) {
            throw new StoreException("listing tests", e);
        }
    }

    /** Every task of a test, in the order of their first pairs. */
    public List<Rows.Task> tasks(long testId) {
        try (Connection c = pool.getConnection()) {
            return query(c, "SELECT " + TASK_COLUMNS + " FROM tasks WHERE test_id = ? ORDER BY first_pair, id", List.of(testId),
                    Store::task);
        } catch (SQLException e) {
            throw new StoreException("reading the tasks of test " + id(testId), e);
        }
    }

    /** The chunks of a test without their games, in the order of their first pairs. */
    public List<Rows.Chunk> chunks(long testId) {
        try (Connection c = pool.getConnection()) {
            return query(c, "SELECT task_id, seq, test_id, first_pair, pairs, after_stop FROM chunks WHERE test_id = ? "
                    + "ORDER BY first_pair, task_id, seq", List.of(testId),
                    r -> new Rows.Chunk(r.getLong(1), r.getInt(2), r.getLong(3), r.getInt(4), r.getInt(5), r.getBoolean(6), null));
        } catch (SQLException e) {
            throw new StoreException("reading the games of test " + id(testId), e);
        }
    }

    /**
     * Writes a test's games to {@code out} as one PDN text, in the order of their pairs, read in
     * pieces (a test of a million games is never in memory at once).
     */
    public void pdn(long testId, OutputStream out) throws IOException {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false); // PostgreSQL reads with a cursor (fetch size) only inside a transaction
            try (PreparedStatement s = c.prepareStatement("SELECT pdn FROM chunks WHERE test_id = ? "
                    + "ORDER BY first_pair, task_id, seq")) {
                s.setFetchSize(64);
                s.setLong(1, testId);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        try (InputStream in = new GZIPInputStream(r.getBinaryStream(1))) {
                            in.transferTo(out);
                        }
                    }
                }
            } finally {
                c.rollback();
            }
        } catch (SQLException e) {
            throw new StoreException("reading the games of test " + id(testId), e);
        }
    }

    private static final String TALLIES = "SELECT t.test_id, t.worker_id, w.machine, t.purged, COUNT(*), SUM(t.pairs), "
            + "SUM(t.wins), SUM(t.draws), SUM(t.losses), SUM(t.p0), SUM(t.p1), SUM(t.p2), SUM(t.p3), SUM(t.p4), SUM(t.crashes), "
            + "SUM(t.time_losses) FROM tasks t JOIN workers w ON w.id = t.worker_id";
    private static final String TALLIES_GROUP = " GROUP BY t.test_id, t.worker_id, w.machine, t.purged ORDER BY t.test_id, t.worker_id";

    /** Each worker's tasks of a test added up, purged ones apart. */
    public List<Rows.Tally> tallies(long testId) {
        try (Connection c = pool.getConnection()) {
            return query(c, TALLIES + " WHERE t.test_id = ?" + TALLIES_GROUP, List.of(testId), Store::tally);
        } catch (SQLException e) {
            throw new StoreException("reading the workers of test " + id(testId), e);
        }
    }

    /** The SPSA pairs of a test as handed out and applied, in the order of their numbers. */
    public List<Rows.SpsaPair> spsaPairs(long testId) {
        try (Connection c = pool.getConnection()) {
            return query(c, "SELECT " + SPSA_COLUMNS + " FROM spsa_pairs WHERE test_id = ? ORDER BY pair_no, task_id",
                    List.of(testId), Store::spsaPair);
        } catch (SQLException e) {
            throw new StoreException("reading the SPSA pairs of test " + id(testId), e);
        }
    }

    /** The chunks of some tasks of a test with their games (gzipped), in the order of their first pairs. */
    public List<Rows.Chunk> chunks(long testId, Collection<Long> taskIds) {
        if (taskIds.isEmpty()) {
            return List.of();
        }
        List<Object> args = new ArrayList<>();
        args.add(testId);
        args.addAll(taskIds);
        String marks = String.join(", ", taskIds.stream().map(x -> "?").toList());
        try (Connection c = pool.getConnection()) {
            return query(c, "SELECT task_id, seq, test_id, first_pair, pairs, after_stop, pdn FROM chunks WHERE test_id = ? "
                    + "AND task_id IN (" + marks + ") ORDER BY first_pair, task_id, seq", args,
                    r -> new Rows.Chunk(r.getLong(1), r.getInt(2), r.getLong(3), r.getInt(4), r.getInt(5), r.getBoolean(6),
                            r.getBytes(7)));
        } catch (SQLException e) {
            throw new StoreException("reading the games of test " + id(testId), e);
        }
    }

    /** The text of one chunk's games, or null when there is no such chunk. */
    public String chunkPdn(long taskId, int seq) {
        try (Connection c = pool.getConnection()) {
            List<String> t = query(c, "SELECT pdn FROM chunks WHERE task_id = ? AND seq = ?", List.of(taskId, seq),
                    r -> Gzip.text(r.getBytes(1)));
            return t.isEmpty() ? null : t.get(0);
        } catch (SQLException e) {
            throw new StoreException("reading the games of task " + id(taskId), e);
        }
    }

    /**
     * The latest lines of the event log, newest first, at most {@code limit}: of one test, or of all
     * ({@code testId} null).
     */
    public List<Rows.Event> events(Long testId, int limit) {
        String where = testId == null ? "" : " WHERE test_id = ?";
        try (Connection c = pool.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT id, at, user_id, test_id, kind, text FROM events" + where
                     + " ORDER BY id DESC")) {
            bindAll(s, testId == null ? List.of() : List.of(testId));
            s.setMaxRows(limit);
            return rows(s, r -> new Rows.Event(r.getLong(1), r.getLong(2), nullable(r, 3), nullable(r, 4), r.getString(5),
                    r.getString(6)));
        } catch (SQLException e) {
            throw new StoreException("reading the event log", e);
        }
    }

    /** Each token's latest worker start (what the machines page shows of a machine), newest first. */
    public List<Rows.Worker> latestWorkers() {
        try (Connection c = pool.getConnection()) {
            return query(c, "SELECT id, token_id, machine, version, slots, engines, registered FROM workers "
                    + "WHERE id IN (SELECT MAX(id) FROM workers GROUP BY token_id) ORDER BY id DESC", List.of(), Store::worker);
        } catch (SQLException e) {
            throw new StoreException("reading the workers", e);
        }
    }

    /** The workers of these ids (those that played a test's tasks). */
    public List<Rows.Worker> workers(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        String marks = String.join(", ", ids.stream().map(x -> "?").toList());
        try (Connection c = pool.getConnection()) {
            return query(c, "SELECT id, token_id, machine, version, slots, engines, registered FROM workers WHERE id IN ("
                    + marks + ") ORDER BY id", new ArrayList<>(ids), Store::worker);
        } catch (SQLException e) {
            throw new StoreException("reading the workers", e);
        }
    }

    private static Long nullable(ResultSet r, int column) throws SQLException {
        long v = r.getLong(column);
        return r.wasNull() ? null : v;
    }

    private static String id(long id) {
        return Long.toString(id);
    }

    // ---- mapping ----

    private static Rows.User user(ResultSet r) throws SQLException {
        return new Rows.User(r.getLong(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5), r.getLong(6));
    }

    private static Rows.Token token(ResultSet r) throws SQLException {
        return new Rows.Token(r.getLong(1), r.getLong(2), r.getString(3), r.getString(4), r.getString(5).trim(), r.getLong(6),
                nullable(r, 7), r.getBoolean(8));
    }

    private static Rows.Worker worker(ResultSet r) throws SQLException {
        return new Rows.Worker(r.getLong(1), r.getLong(2), r.getString(3), r.getString(4), r.getInt(5), r.getString(6),
                r.getLong(7));
    }

    private static Rows.Test test(ResultSet r) throws SQLException {
        long finished = r.getLong(33);
        Long fin = r.wasNull() ? null : finished;
        return new Rows.Test(r.getLong(1), r.getLong(2), r.getString(3), r.getString(4), r.getString(5), r.getString(6),
                r.getInt(7), r.getInt(8), r.getInt(9), r.getInt(10), r.getDouble(11), counts(r, 12), counts(r, 21),
                r.getString(30), r.getLong(31), r.getLong(32), fin);
    }

    private static Rows.Task task(ResultSet r) throws SQLException {
        return new Rows.Task(r.getLong(1), r.getLong(2), r.getLong(3), r.getInt(4), r.getInt(5), r.getString(6),
                r.getBoolean(7), r.getLong(8), counts(r, 9), r.getInt(18), r.getLong(19), r.getString(20), r.getLong(21),
                r.getLong(22), r.getLong(23), r.getLong(24), r.getBoolean(25));
    }

    private static Rows.Tally tally(ResultSet r) throws SQLException {
        return new Rows.Tally(r.getLong(1), r.getLong(2), r.getString(3), r.getBoolean(4), r.getInt(5), counts(r, 6),
                r.getLong(15), r.getLong(16));
    }

    private static Rows.SpsaPair spsaPair(ResultSet r) throws SQLException {
        int applied = r.getInt(7);
        Integer app = r.wasNull() ? null : applied;
        double result = r.getDouble(8);
        Double res = r.wasNull() ? null : result;
        return new Rows.SpsaPair(r.getLong(1), r.getInt(2), r.getLong(3), r.getDouble(4), doubles(r.getString(5)),
                doubles(r.getString(6)), app, res, doubles(r.getString(9)));
    }

    /** A vector as the database keeps it: a JSON array of numbers, or null. */
    private static String json(double[] v) {
        if (v == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(v[i]);
        }
        return sb.append(']').toString();
    }

    private static double[] doubles(String json) {
        if (json == null) {
            return null;
        }
        String inner = json.strip().replaceAll("^\\[|]$", "").strip();
        if (inner.isEmpty()) {
            return new double[0];
        }
        String[] parts = inner.split(",");
        double[] v = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            v[i] = Double.parseDouble(parts[i].strip());
        }
        return v;
    }

    /** Counts in nine columns from {@code first}: pairs, wins, draws, losses, p0..p4. */
    private static Counts counts(ResultSet r, int first) throws SQLException {
        long[] penta = new long[5];
        for (int i = 0; i < 5; i++) {
            penta[i] = r.getLong(first + 4 + i);
        }
        return new Counts(r.getLong(first), r.getLong(first + 1), r.getLong(first + 2), r.getLong(first + 3), penta);
    }

    // ---- statements ----

    private interface RowMapper<T> {
        T map(ResultSet r) throws SQLException;
    }

    private interface Binder<T> {
        void bind(PreparedStatement s, T row) throws SQLException;
    }

    private static <T> List<T> query(Connection c, String sql, List<Object> args, RowMapper<T> mapper) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            bindAll(s, args);
            return rows(s, mapper);
        }
    }

    private static <T> List<T> rows(PreparedStatement s, RowMapper<T> mapper) throws SQLException {
        List<T> out = new ArrayList<>();
        try (ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(mapper.map(r));
            }
        }
        return out;
    }

    private static <T> void batch(Connection c, String sql, Collection<T> rows, Binder<T> binder) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (T row : rows) {
                binder.bind(s, row);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private static void bindAll(PreparedStatement s, List<Object> args) throws SQLException {
        bind(s, args.toArray());
    }

    /** Binds values in order; a {@link Counts} takes nine parameters (pairs, wins, draws, losses, p0..p4). */
    private static void bind(PreparedStatement s, Object... values) throws SQLException {
        int i = 1;
        for (Object v : values) {
            if (v instanceof Counts c) {
                s.setLong(i++, c.pairs());
                s.setLong(i++, c.wins());
                s.setLong(i++, c.draws());
                s.setLong(i++, c.losses());
                for (int k = 0; k < 5; k++) {
                    s.setLong(i++, c.penta(k));
                }
            } else if (v == null) {
                s.setNull(i++, Types.NULL);
            } else if (v instanceof byte[] b) {
                s.setBytes(i++, b);
            } else {
                s.setObject(i++, v);
            }
        }
    }

    /** The database failed (it is unreachable, full, or refused a statement). */
    public static final class StoreException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public StoreException(String what, Throwable cause) {
            super(what + ": " + (cause.getMessage() == null ? cause.toString() : cause.getMessage()), cause);
        }
    }
}
