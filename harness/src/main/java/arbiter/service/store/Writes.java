package arbiter.service.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
    final Set<Long> freeCleared = new LinkedHashSet<>();
    final Map<List<Long>, Rows.Chunk> rewrittenChunks = new LinkedHashMap<>();
    final Map<List<Long>, Rows.SpsaPair> newSpsa = new LinkedHashMap<>();
    final Map<List<Long>, Rows.SpsaPair> spsa = new LinkedHashMap<>();
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

    /** A task as this batch leaves it: its row written here, else {@code stored} (as the database holds it). */
    public Rows.Task task(long id, Rows.Task stored) {
        Rows.Task t = newTasks.get(id);
        return t != null ? t : tasks.getOrDefault(id, stored);
    }

    public void chunk(Rows.Chunk c) {
        chunks.add(c);
    }

    /** The chunks of these tasks this batch inserts (not yet in the database). */
    public List<Rows.Chunk> newChunks(Set<Long> taskIds) {
        return chunks.stream().filter(c -> taskIds.contains(c.taskId())).toList();
    }

    /** A chunk's games rewritten (tagged): an insert of this batch takes the new text, an earlier chunk is updated. */
    public void rewriteChunk(Rows.Chunk c) {
        for (int i = 0; i < chunks.size(); i++) {
            Rows.Chunk k = chunks.get(i);
            if (k.taskId() == c.taskId() && k.seq() == c.seq()) {
                chunks.set(i, c);
                return;
            }
        }
        rewrittenChunks.put(List.of(c.taskId(), (long) c.seq()), c);
    }

    /** An SPSA pair handed out. */
    public void newSpsaPair(Rows.SpsaPair p) {
        newSpsa.put(spsaKey(p), p);
    }

    /** An SPSA pair applied. */
    public void spsaPair(Rows.SpsaPair p) {
        List<Long> key = spsaKey(p);
        (newSpsa.containsKey(key) ? newSpsa : spsa).put(key, p);
    }

    private static List<Long> spsaKey(Rows.SpsaPair p) {
        return List.of(p.testId(), (long) p.pair(), p.taskId());
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

    /** Every free pair of a test deleted (those added after in this batch are written after the delete). */
    public void clearFree(long testId) {
        freeAdded.keySet().removeIf(k -> k.get(0) == testId);
        freeRemoved.keySet().removeIf(k -> k.get(0) == testId);
        freeCleared.add(testId);
    }

    public boolean isEmpty() {
        return rows() == 0;
    }

    /** Statements this batch will send (for the log and the benchmark). */
    public int rows() {
        return users.size() + changedUsers.size() + newTokens.size() + tokens.size() + workers.size() + newTests.size()
                + tests.size() + newTasks.size() + tasks.size() + chunks.size() + freeAdded.size() + freeRemoved.size()
                + freeCleared.size() + rewrittenChunks.size() + newSpsa.size() + spsa.size() + events.size();
    }
}
