package arbiter.service.schedule;

import arbiter.service.protocol.Counts;
import arbiter.service.store.Rows;

/** A live task the board holds: its row as last written (replaced on every change). */
final class TaskState {
    Rows.Task row;

    TaskState(Rows.Task row) {
        this.row = row;
    }

    /** The row with another state, deadline, counts or reason (and updated at {@code now}). */
    static Rows.Task with(Rows.Task r, String state, boolean live, long deadline, Counts counts, int chunks, long play,
                          String reason, long now) {
        return new Rows.Task(r.id(), r.testId(), r.workerId(), r.firstPair(), r.pairCount(), state, live, deadline, counts,
                chunks, play, reason, r.created(), now, r.crashes(), r.timeLosses(), r.purged());
    }
}
