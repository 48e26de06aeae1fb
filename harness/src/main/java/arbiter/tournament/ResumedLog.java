package arbiter.tournament;

import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** The games a resumed run finds in its log: each checked against the plan, then counted. */
final class ResumedLog {
    private static final Logger LOG = LogManager.getLogger(ResumedLog.class);

    private ResumedLog() {
    }

    /**
     * Counts the games already in the log into {@code tally}; returns their task numbers.
     *
     * @throws ConfigException for a game that is not one of the plan's, or is there twice
     */
    static Set<Integer> read(RunConfig config, List<GameTask> tasks, Path pdn, ReportTally tally, PrintWriter err)
            throws IOException {
        Set<Integer> done = new HashSet<>();
        // Game by game: the log is never held whole (it may be larger than the heap).
        try (PdnReader reader = PdnReader.open(pdn, w -> err.println("warning: " + w))) {
            while (reader.hasNext()) {
                count(reader.next(), tasks, pdn, tally, done);
            }
        }
        LOG.info("run {}: {} games scheduled, {} already played, concurrency {}", config.name(), tasks.size(),
                done.size(), config.concurrency());
        return done;
    }

    /** Counts one recorded game, checked against the plan. */
    private static void count(GameRecord g, List<GameTask> tasks, Path pdn, ReportTally tally, Set<Integer> done) {
        if (g.result() == GameResult.UNFINISHED) {
            return; // a game voided by a stall of Arbiter itself: not played, so played again
        }
        int id = ReportTally.parseInt(g.tag("Game"));
        if (id == GameTask.FIRST_ID - 1) {
            throw new ConfigException(pdn + ": game at line " + g.line() + " has Game tag '0': this log numbers its "
                    + "games from 0, as Arbiter did before it numbered them from 1 (as fastchess): start the run "
                    + "afresh with --force-new (the old results are moved aside)");
        }
        if (id < GameTask.FIRST_ID || id >= GameTask.FIRST_ID + tasks.size()) {
            throw new ConfigException(pdn + ": game at line " + g.line() + " has Game tag '" + g.tag("Game")
                    + "', not a game of this run's " + tasks.size());
        }
        GameTask t = tasks.get(id - GameTask.FIRST_ID);
        if (!t.white().equals(g.tag("White")) || !t.black().equals(g.tag("Black")) || !done.add(id)) {
            throw new ConfigException(pdn + ": game at line " + g.line() + " does not match game " + id
                    + " of this run (" + t.white() + " - " + t.black() + "), or is there twice");
        }
        tally.add(g);
    }
}
