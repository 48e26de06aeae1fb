package arbiter.tournament;

import arbiter.config.RunConfig;
import java.io.PrintWriter;

/**
 * A one-line progress bar on the terminal: games done of total, games per minute, time left. Cleared
 * before standings are printed (it is subscribed before the standings reporter).
 */
final class Progress implements RunListener {
    private final PrintWriter err;
    private final boolean terminal = System.console() != null;
    private RunConfig config;
    private long start;
    private int total;
    private int resumed;
    private int done;
    private boolean shown;

    Progress(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void runStarted(RunStart s) {
        config = s.config();
        total = s.tasks().size();
        resumed = s.resumed();
        done = resumed;
        start = System.nanoTime();
    }

    @Override
    public void gameFinished(GameEnd end) {
        done++;
        boolean standingsDue = !end.stopping() && end.moreToPlay() && end.scoreboard().games() % config.reportEvery() == 0;
        if (!terminal || standingsDue) {
            clear();
            return;
        }
        double minutes = (System.nanoTime() - start) / 60e9;
        double rate = minutes > 0 ? (done - resumed) / minutes : 0;
        long etaSeconds = rate > 0 ? (long) ((total - done) / rate * 60) : 0;
        int width = 30;
        int filled = total == 0 ? width : (int) ((long) width * done / total);
        err.printf("\r[%s%s] %d/%d games, %.1f games/min, ETA %d:%02d:%02d ", "#".repeat(filled),
                ".".repeat(width - filled), done, total, rate, etaSeconds / 3600, etaSeconds / 60 % 60, etaSeconds % 60);
        err.flush();
        shown = true;
    }

    @Override
    public void runEnded(Tournament.Summary summary) {
        clear();
    }

    private void clear() {
        if (shown) {
            err.print("\r" + " ".repeat(90) + "\r");
            err.flush();
            shown = false;
        }
    }
}
