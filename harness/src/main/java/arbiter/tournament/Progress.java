package arbiter.tournament;

import java.io.PrintWriter;

/** A one-line progress bar on the terminal: games done of total, games per minute, time left. */
final class Progress {
    private final PrintWriter err;
    private final int total;
    private final int resumed;
    private final long start = System.nanoTime();
    private final boolean terminal = System.console() != null;
    private int done;
    private boolean shown;

    Progress(PrintWriter err, int total, int resumed) {
        this.err = err;
        this.total = total;
        this.resumed = resumed;
        this.done = resumed;
    }

    void gameDone() {
        done++;
        if (!terminal) {
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

    void clear() {
        if (shown) {
            err.print("\r" + " ".repeat(90) + "\r");
            err.flush();
            shown = false;
        }
    }
}
