package arbiter.service.worker;

import arbiter.execute.GameObserver;
import arbiter.pdn.PdnWriter;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.PairCounter;
import arbiter.service.protocol.Wire;
import arbiter.tournament.PdnRecorder;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;

/**
 * One leased task being played: its games submitted in order as game slots free up, their results
 * kept by index, and the whole pairs from the task's first pair on — counted by {@link PairCounter}
 * — ready to report with their PDN. Results come in on game threads; everything
 * else is called by the worker's control thread.
 */
final class TaskRun {
    final Wire.Grant grant;
    final TestPlan plan;
    private final List<GameSpec> games;
    private final PlayedGame[] played;
    private final long[] playMillis;
    private final PairCounter board;
    private int submitted;
    /** Games submitted and not ended. */
    private int outstanding;
    /** Whole pairs from the first that are played (counted into the scoreboard). */
    private int whole;
    /** Pairs the server holds. */
    private int held;
    private String failure;
    private boolean stopped;
    long lastContact;

    TaskRun(Wire.Grant grant, TestPlan plan, long now) {
        this.grant = grant;
        this.plan = plan;
        this.games = plan.games(grant);
        this.played = new PlayedGame[games.size()];
        this.playMillis = new long[games.size()];
        this.board = new PairCounter(plan.definition);
        this.lastContact = now;
    }

    /** True while some of its games are not yet submitted (and it was not stopped). */
    synchronized boolean hasUnsubmitted() {
        return !stopped && failure == null && submitted < games.size();
    }

    /** Submits its next game, holding one of the worker's slots until the game ends. */
    void submitNext(Semaphore slots) {
        int index;
        synchronized (this) {
            index = submitted++;
            outstanding++;
        }
        GameSpec spec = games.get(index);
        long[] started = new long[1];
        plan.executor.submit(spec, new GameObserver() {
            @Override
            public void started(String worker) {
                started[0] = System.nanoTime();
            }
        }).whenComplete((game, error) -> {
            slots.release();
            long ms = started[0] == 0 ? 0 : (System.nanoTime() - started[0]) / 1_000_000;
            finished(index, game, error, ms);
        });
    }

    private synchronized void finished(int index, PlayedGame game, Throwable error, long ms) {
        outstanding--;
        if (error != null) {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            if (failure == null) {
                failure = "game " + games.get(index).task().id() + ": " + cause.getMessage();
            }
            return;
        }
        if (game == null) {
            return; // abandoned: the test was stopped or the worker is closing
        }
        played[index] = game;
        playMillis[index] = ms;
        while (2 * whole + 1 < played.length && played[2 * whole] != null && played[2 * whole + 1] != null) {
            for (int g = 2 * whole; g <= 2 * whole + 1; g++) {
                PlayedGame p = played[g];
                board.add(p.task().white(), p.task().black(), p.result(), p.task().pair());
            }
            whole++;
        }
    }

    synchronized String failure() {
        return failure;
    }

    /** True when every pair is played and the server holds them all. */
    synchronized boolean complete() {
        return held == grant.pairs();
    }

    /** True when there are whole pairs the server does not hold yet. */
    synchronized boolean hasNews() {
        return whole > held;
    }

    /**
     * The report of the pairs played so far: cumulative counts up to {@code held + at most maxPairs}
     * pairs, and the PDN of those not held yet.
     */
    synchronized Wire.Report report(long worker, int maxPairs) {
        int upTo = Math.min(whole, held + maxPairs);
        Counts counts = (upTo == whole ? board : count(upTo)).counts();
        StringBuilder pdn = new StringBuilder();
        long millis = 0;
        for (int g = 0; g < 2 * upTo; g++) {
            millis += playMillis[g];
            if (g >= 2 * held) {
                pdn.append(PdnRecorder.record(played[g], plan.context));
            }
        }
        return new Wire.Report(worker, counts, pdn.toString(), millis);
    }

    private PairCounter count(int pairs) {
        PairCounter s = new PairCounter(plan.definition);
        for (int g = 0; g < 2 * pairs; g++) {
            s.add(played[g].task().white(), played[g].task().black(), played[g].result(), played[g].task().pair());
        }
        return s;
    }

    /** The server holds these counts now. */
    synchronized void held(Counts counts) {
        held = (int) Math.max(held, Math.min(counts.pairs(), whole));
    }

    synchronized int held() {
        return held;
    }

    /** Plays no more of it (games already playing finish; their pairs may still be reported). */
    synchronized void stop() {
        stopped = true;
    }

    synchronized boolean stopped() {
        return stopped;
    }

    /** True when no game of it is playing or queued any more. */
    synchronized boolean idle() {
        return outstanding == 0;
    }
}
