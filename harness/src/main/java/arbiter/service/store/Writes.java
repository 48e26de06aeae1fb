package arbiter.service.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one group commit writes: rows to insert and rows to update, each at most once (a row
 * changed twice in a batch is written once, as it ends; a row inserted and then changed is inserted
 * as it ends). {@link Store#flush} writes it in one transaction.
 */
public final class Writes {
    final Map<Long, Rows.User> users = new LinkedHashMap<>();
    final Map<Long, Rows.User> changedUsers = new LinkedHashMap<>();
    final Map<Long, Rows.Token> newTokens = new LinkedHashMap<>();
    final Map<Long, Rows.Token> tokens = new LinkedHashMap<>();
    final Map<Long, Rows.Worker> workers = new LinkedHashMap<>();
    final Map<Long, Rows.Test> newTests = new LinkedHashMap<>();
    final Map<Long, Rows.Test> tests = new LinkedHashMap<>();
    final Map<Long, Rows.Task> newTasks = new LinkedHashMap<>();
    final Map<Long, Rows.Task> tasks = new LinkedHashMap<>();
    final List<Rows.Chunk> chunks = new ArrayList<>();
    final Map<List<Long>, Rows.FreePairs> freeAdded = new LinkedHashMap<>();
    final Map<List<Long>, Rows.FreePairs> freeRemoved = new LinkedHashMap<>();
    final List<Rows.Event> events = new ArrayList<>();

    public void newUser(Rows.User u) {
        users.put(u.id(), u);
    }

    /** A changed user (role, state or password). */
    public void user(Rows.User u) {
        (users.containsKey(u.id()) ? users : changedUsers).put(u.id(), u);
    }

    public void newToken(Rows.Token t) {
        newTokens.put(t.id(), t);
    }

    /** A changed token (revoked, blocked or unblocked). */
    public void token(Rows.Token t) {
        (newTokens.containsKey(t.id()) ? newTokens : tokens).put(t.id(), t);
    }

    public void newWorker(Rows.Worker w) {
        workers.put(w.id(), w);
    }

    public void newTest(Rows.Test t) {
        newTests.put(t.id(), t);
    }

    public void test(Rows.Test t) {
        (newTests.containsKey(t.id()) ? newTests : tests).put(t.id(), t);
    }

    public void newTask(Rows.Task t) {
        newTasks.put(t.id(), t);
    }

    public void task(Rows.Task t) {
        (newTasks.containsKey(t.id()) ? newTasks : tasks).put(t.id(), t);
    }

    public void chunk(Rows.Chunk c) {
        chunks.add(c);
    }

    /** A line of the event log. */
    public void event(Rows.Event e) {
        events.add(e);
    }

    /** Pairs given back (deleted first and inserted after, when a batch takes a range and gives part of it back). */
    public void freeAdded(Rows.FreePairs f) {
        freeAdded.put(List.of(f.testId(), (long) f.firstPair()), f);
    }

    /** Pairs handed out again. */
    public void freeRemoved(Rows.FreePairs f) {
        List<Long> key = List.of(f.testId(), (long) f.firstPair());
        if (freeAdded.remove(key) == null) {
            freeRemoved.put(key, f); // added in an earlier batch: deleted now (one added in this batch is never written)
        }
    }

    public boolean isEmpty() {
        return rows() == 0;
    }

    /** Statements this batch will send (for the log and the benchmark). */
    public int rows() {
        return users.size() + changedUsers.size() + newTokens.size() + tokens.size() + workers.size() + newTests.size()
                + tests.size() + newTasks.size() + tasks.size() + chunks.size() + freeAdded.size() + freeRemoved.size()
                + events.size();
    }
}
