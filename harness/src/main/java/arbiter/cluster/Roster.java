package arbiter.cluster;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The workers of a run as the coordinator knows them: those joined now, each with its key and the
 * sequence numbers heard from it (which the {@link Inbox} and the member's {@link ClientGuard} read
 * without the coordinator's lock), the number of each worker's latest accepted announcement, and the
 * workers dropped from the run. Whether an announcement is taken is decided here. Apart from
 * {@link #key} and {@link #heard}, the coordinator calls it with its lock held.
 */
final class Roster {
    /** What becomes of an announcement. */
    sealed interface Verdict {
    }

    /** The same announcement seen again (the map's listener and the first look at the map): nothing to do. */
    record Seen() implements Verdict {
    }

    /** Refused; {@code tell}: the worker is to hear why (it cannot have sent a replay itself). */
    record Refused(String why, boolean tell) implements Verdict {
    }

    /** Taken: the worker joins, or joins again in place of {@code old} (null for a first join). */
    record Taken(Remote old) implements Verdict {
    }

    private final Map<String, Remote> joined = new LinkedHashMap<>();
    private final Map<String, Signer> keys = new ConcurrentHashMap<>();
    private final Map<String, Sequence> heard = new ConcurrentHashMap<>();
    private final Map<String, Long> announcedAs = new HashMap<>();
    private final Map<String, String> dropped = new HashMap<>();

    /**
     * What to do with worker {@code id}'s announcement numbered {@code seq}: it must be numbered above its
     * latest accepted one (a recorded announcement replayed later, in this run or the next, is not),
     * within its sequence window when it has joined, and not from a worker dropped from the run.
     */
    Verdict judge(String id, long seq) {
        Long last = announcedAs.get(id);
        if (last != null && seq == last) {
            return new Seen();
        }
        String refusal = dropped.get(id);
        if (refusal != null) {
            return new Refused(refusal, true);
        }
        Remote old = joined.get(id);
        if (last != null && seq < last || old != null && !heard.get(id).take(seq)) {
            return new Refused("an announcement numbered " + seq + " after " + last + ": a replay", false);
        }
        return new Taken(old);
    }

    /** {@code r} joins, or joins again, with its announcement numbered {@code seq} (taken by {@link #judge}). */
    void join(Remote r, long seq) {
        String id = r.info.id();
        announcedAs.put(id, seq);
        heard.computeIfAbsent(id, k -> new Sequence(seq));
        keys.put(id, r.key);
        joined.put(id, r);
    }

    /** The worker leaves: its messages are no longer taken. */
    void leave(String id) {
        joined.remove(id);
        keys.remove(id);
        heard.remove(id);
    }

    /** The worker is dropped from the run for {@code why}: its announcements are refused from now on. */
    void drop(String id, String why) {
        dropped.put(id, why);
    }

    Remote get(String id) {
        return joined.get(id);
    }

    Collection<Remote> all() {
        return joined.values();
    }

    /** The key of joined worker {@code id}, or null (without the lock). */
    Signer key(String id) {
        return keys.get(id);
    }

    /** The sequence numbers heard from joined worker {@code id}, or null (without the lock). */
    Sequence heard(String id) {
        return heard.get(id);
    }
}
