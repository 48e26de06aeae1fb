package arbiter.tournament;

import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import java.io.PrintWriter;
import java.util.function.Supplier;

/**
 * Warns when games are lost on time in a way that points at the machine or the limits rather than at
 * the engines: a forfeit while the machine is overloaded ({@link MachineLoad}), or forfeits that cluster
 * ({@value #CLUSTER} or more among the last {@value #WINDOW} games). Each warning is printed once a run,
 * on the error stream (so also with {@code --quiet}); the report's conditions say the same at the end.
 * The load is read only when a game is lost on time.
 */
final class ForfeitWatch implements RunListener {
    /** Games looked back over. */
    static final int WINDOW = 20;
    /** Forfeits among the last {@link #WINDOW} games that make a cluster. */
    static final int CLUSTER = 3;

    private final PrintWriter err;
    private final Supplier<MachineLoad> load;
    private final boolean[] window = new boolean[WINDOW];
    private int seen;
    private int inWindow;
    private boolean warnedLoad;
    private boolean warnedCluster;

    /** Reads this machine's load. */
    ForfeitWatch(PrintWriter err) {
        this(err, MachineLoad::now);
    }

    ForfeitWatch(PrintWriter err, Supplier<MachineLoad> load) {
        this.err = err;
        this.load = load;
    }

    @Override
    public void gameFinished(GameEnd end) {
        PlayedGame g = end.game();
        boolean forfeit = g.termination() instanceof Termination.TimeForfeit;
        int slot = seen++ % WINDOW;
        inWindow += (forfeit ? 1 : 0) - (window[slot] ? 1 : 0);
        window[slot] = forfeit;
        if (!forfeit || warnedLoad && warnedCluster) {
            return;
        }
        MachineLoad now = load.get();
        String how = now == null ? "" : " (" + now.describe() + ")";
        if (!warnedLoad && now != null && now.overloaded()) {
            warnedLoad = true;
            err.println("warning: game " + g.task().id() + ": " + g.termination().describe() + " while this machine is "
                    + "overloaded" + how + ": engines on a clock lose time waiting for a core; lower the concurrency "
                    + "or lengthen the clock");
        }
        if (!warnedCluster && inWindow >= CLUSTER) {
            warnedCluster = true;
            err.println("warning: " + inWindow + " of the last " + Math.min(seen, WINDOW) + " games were lost on time"
                    + how + ": a clock too short for the engines, a margin too small (timemargin=, limits.marginMs) "
                    + "or a loaded machine");
        }
        err.flush();
    }
}
