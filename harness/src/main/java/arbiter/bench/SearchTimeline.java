package arbiter.bench;

import arbiter.external.SearchObserver;
import arbiter.game.GameHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Every search of the external players of a run, per worker thread, in order: when {@code go} was
 * written, when {@code bestmove} was read and the search time the engine reported. From it the
 * harness's overhead per move (see {@link Summary}).
 */
public final class SearchTimeline implements SearchObserver {
    /** One search as a worker saw it. */
    record Search(Object game, int ply, long goNanos, long answerNanos, long reportedMs) {
    }

    private final ConcurrentLinkedQueue<List<Search>> workers = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<List<Search>> own = ThreadLocal.withInitial(() -> {
        List<Search> list = new ArrayList<>();
        workers.add(list);
        return list;
    });

    @Override
    public void searched(GameHistory game, long goNanos, long answerNanos, long reportedMs) {
        own.get().add(new Search(game, game.moves().size(), goNanos, answerNanos, reportedMs));
    }

    /**
     * What the searches cost beyond the engines' own thinking.
     *
     * @param moves               searches (moves played by the engines)
     * @param followed            moves followed by the next move of the same game on the same worker
     * @param reportedMsPerMove   the engines' search time as reported (less the reporting bias), mean per move
     * @param overheadMsPerMove   the harness overhead per move: over the followed moves, the mean of the
     *                            wall time from writing {@code go} to writing the next {@code go} of the
     *                            game (to the other engine), minus the reported search time of the move
     * @param answerExtraMsPerMove of that, the part between {@code go} and {@code bestmove} (pipes,
     *                            the engine's own work outside its clock, the reader thread's hand-off,
     *                            the reported time's whole milliseconds), mean over all moves
     * @param refereeMsPerMove    and the part from reading {@code bestmove} to writing the next
     *                            {@code position} and {@code go} (the referee's checks and records,
     *                            the next command), mean over the followed moves
     * @param missingReports      searches whose engine reported no time (counted as 0 ms)
     */
    public record Summary(long moves, long followed, double reportedMsPerMove, double overheadMsPerMove,
                          double answerExtraMsPerMove, double refereeMsPerMove, long missingReports) {
    }

    /**
     * Sums up the searches.
     *
     * @param reportBiasMs what the engine adds to its search time when it reports it: Stockfish
     *                     reports the elapsed whole milliseconds plus 1 (its {@code UCI::pv} avoids a
     *                     zero time that way), so its search took 1 ms less than it says on average
     */
    public Summary summary(double reportBiasMs) {
        long moves = 0;
        long followed = 0;
        long missing = 0;
        double reported = 0;
        double answerExtra = 0;
        double overhead = 0;
        double referee = 0;
        for (List<Search> worker : workers) {
            for (int k = 0; k < worker.size(); k++) {
                Search s = worker.get(k);
                double reportedMs = Math.max(0, s.reportedMs() - reportBiasMs);
                missing += s.reportedMs() < 0 ? 1 : 0;
                moves++;
                reported += reportedMs;
                answerExtra += ms(s.answerNanos() - s.goNanos()) - reportedMs;
                Search next = k + 1 < worker.size() ? worker.get(k + 1) : null;
                if (next != null && next.game() == s.game() && next.ply() == s.ply() + 1) {
                    followed++;
                    overhead += ms(next.goNanos() - s.goNanos()) - reportedMs;
                    referee += ms(next.goNanos() - s.answerNanos());
                }
            }
        }
        return new Summary(moves, followed, mean(reported, moves), mean(overhead, followed), mean(answerExtra, moves),
                mean(referee, followed), missing);
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static double mean(double sum, long n) {
        return n == 0 ? Double.NaN : sum / n;
    }
}
