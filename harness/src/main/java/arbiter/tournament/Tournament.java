package arbiter.tournament;

import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.execute.ExecutorStoppedException;
import arbiter.execute.GameExecutor;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.execute.Preflight;
import arbiter.external.ProcessRegistry;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.PdnWriter;
import arbiter.play.GameSpec;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.PlayerSpec;
import arbiter.play.Termination;
import arbiter.results.Scoreboard;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The coordinator of one run: plans the games, skips those already in the log, keeps a
 * {@link GameExecutor} fed with game specs, and publishes what comes back as run events to its
 * subscribers: the PDN recorder (the only writer of {@code <output>/games.pdn}), the scoreboard, the
 * stop policy (the scoreboard's SPRT verdict), then the progress line, the standings reporter and any
 * other listener. Rerunning the same config resumes: games already in the log are not played again.
 */
public final class Tournament {
    private static final Logger LOG = LogManager.getLogger(Tournament.class);

    /** What a run ended with; {@code scoreboard} holds every game in the log. */
    public record Summary(int scheduled, int played, int resumed, boolean stoppedEarly, String stopReason,
                          Scoreboard scoreboard) {
    }

    private final RunConfig config;
    private final Rules rules;
    private final PrintWriter out;
    private final PrintWriter err;
    private final List<RunListener> listeners = new ArrayList<>();
    private final AtomicBoolean abort = new AtomicBoolean();
    private GameExecutor executor;
    private volatile GameExecutor running;
    private boolean quiet;
    /** Why {@link #stop(String)} was asked for, or null for a plain interruption. */
    private volatile String stopRequest;
    /** How a stopped run is resumed, for the stop reason. */
    private String resumeHint = "run the same command again to resume";

    /**
     * @param listeners subscribers after the progress line (e.g. a {@link StandingsReporter}, which
     *                  prints to {@code out}); none for a quiet run
     */
    public Tournament(RunConfig config, PrintWriter out, PrintWriter err, RunListener... listeners) {
        this.config = config;
        this.rules = Games.rules(config.game().variant(), config.game().rules());
        this.out = out;
        this.err = err;
        this.listeners.add(new Progress(err));
        this.listeners.add(new ForfeitWatch(err));
        this.listeners.addAll(List.of(listeners));
    }

    /**
     * Plays on this executor (a cluster, or one shared by a tuning run's sub-runs); the caller closes
     * it. Without one, the run plays on {@code concurrency} threads of its own.
     */
    public Tournament withExecutor(GameExecutor executor) {
        this.executor = executor;
        return this;
    }

    /** No progress line on the terminal (for {@code --quiet}). */
    public Tournament withoutProgress() {
        listeners.removeIf(l -> l instanceof Progress);
        quiet = true;
        return this;
    }

    /** Adds a subscriber (before {@link #run}). */
    public Tournament subscribe(RunListener listener) {
        listeners.add(listener);
        return this;
    }

    /** How a stopped run is resumed, in the stop reason ("run the same command again to resume" by default). */
    public Tournament resumeHint(String hint) {
        this.resumeHint = hint;
        return this;
    }

    /** Asks the run to stop: games in progress are abandoned (not recorded); the run can be resumed. */
    public void stop() {
        stop(null);
    }

    /** As {@link #stop()}, saying why (the run's stop reason; null: "interrupted"). */
    public void stop(String why) {
        if (why != null && stopRequest == null) {
            stopRequest = why;
        }
        abort.set(true);
        GameExecutor e = running;
        if (e != null) {
            e.cancelAll();
        }
    }

    public Summary run() throws IOException {
        List<GameTask> tasks = TaskPlanner.plan(config, rules, OpeningBook.load(config.openings(), rules));
        Path pdn = config.output().resolve("games.pdn");
        RunState.prepare(config, config.output(), tasks.size());
        // Opening the log cuts a game torn by a kill mid-write, so only whole games are read back.
        try (GameLog log = GameLog.open(pdn, w -> err.println("warning: " + w))) {
            ReportTally tally = new ReportTally(config, rules, tasks); // the scoreboard with the rest the report needs
            Set<Integer> done = ResumedLog.read(config, tasks, pdn, tally, err);
            if (!done.isEmpty() && !quiet) {
                out.printf("Resuming %s: %d of %d games already played.%n", config.name(), done.size(), tasks.size());
            }
            List<GameTask> toPlay = tasks.stream().filter(t -> !done.contains(t.id())).toList();
            // Without an executor of its own the run plays on threads it starts: the pre-flight hands them
            // the engines it started (spares), and whatever they did not take is stopped at the end.
            PlayerFactory factory = executor == null ? PlayerFactory.of(config) : null;
            try {
                if (!toPlay.isEmpty() && config.concurrency() > 0) {
                    try {
                        Preflight.Ready ready = Preflight.check(config, rules, toPlay, factory);
                        tally.engines.putAll(ready.names()); // what they are now
                        tally.engineOptions.putAll(ready.options());
                    } catch (ConfigException e) {
                        if (!aborted()) {
                            throw e;
                        }
                        // Ctrl-C or SIGTERM while the engines started: they were stopped, not at fault.
                        LOG.info("stopped during the engines' pre-flight: {}", e.getMessage());
                    }
                }
                return play(tasks, aborted() ? List.of() : toPlay, done.size(), tally, log, factory);
            } finally {
                if (factory != null) {
                    factory.closeSpares();
                }
            }
        }
    }

    /**
     * Plays the games left, recording and publishing each as it finishes.
     *
     * @param factory the players of the run's own game threads, or null to play on {@link #withExecutor}'s
     */
    private Summary play(List<GameTask> tasks, List<GameTask> toPlay, int resumed, ReportTally tally, GameLog log,
                         PlayerFactory factory) throws IOException {
        Scoreboard scoreboard = tally.scoreboard;
        PdnRecorder recorder = PdnRecorder.of(log, config, rules, tally.engines);
        String runId = config.name() + "/" + UUID.randomUUID();
        Map<String, PlayerSpec> players = config.players().stream().collect(Collectors.toMap(p -> p.name(), config::specOf));
        for (RunListener l : listeners) {
            l.runStarted(new RunListener.RunStart(config, tasks, resumed, scoreboard, out, tally));
        }
        boolean ownExecutor = executor == null;
        GameExecutor games = ownExecutor ? new LocalExecutor(config.concurrency(), factory) : executor;
        running = games;
        Deque<GameTask> pending = new ArrayDeque<>(toPlay);
        Map<Integer, Integer> voided = new HashMap<>();
        Map<Integer, CompletableFuture<PlayedGame>> inFlight = new HashMap<>();
        GameReport.Queue queue = new GameReport.Queue(listeners, new LinkedBlockingQueue<>());
        BlockingQueue<GameReport> reports = queue.reports();
        int played = 0;
        CoordinatorCpu cpu = new CoordinatorCpu();
        String stopReason = SprtStop.stopReason(scoreboard);
        try {
            while (stopReason == null && !aborted()) {
                while (inFlight.size() < Math.max(1, games.capacity()) && !pending.isEmpty()) {
                    GameTask task = pending.poll();
                    GameSpec spec = new GameSpec(runId, task, config.game().variant(), config.game().rules(),
                            players.get(task.white()), players.get(task.black()), config.adjudication());
                    CompletableFuture<PlayedGame> f = games.submit(spec, queue.observer(task));
                    inFlight.put(task.id(), f);
                    f.whenComplete((g, e) -> reports.add(GameReport.Finished.of(task, g, e, recorder, rules)));
                }
                if (inFlight.isEmpty()) {
                    break;
                }
                long syncDue = log.millisUntilSync();
                GameReport r = reports.poll(syncDue < 0 ? 200 : Math.min(200, syncDue), TimeUnit.MILLISECONDS);
                log.syncIfDue(); // recorded games reach the disk within GameLog.MAX_DELAY_MS, busy or idle
                if (r instanceof GameReport.Started s) {
                    for (RunListener l : listeners) {
                        l.gameStarted(s.task(), s.worker());
                    }
                } else if (r instanceof GameReport.Moved m && inFlight.containsKey(m.task().id())) {
                    for (RunListener l : listeners) {
                        if (l.wantsMoves()) {
                            l.moveMade(m.task(), m.move(), m.position(), m.ply());
                        }
                    }
                } else if (r instanceof GameReport.Finished f) {
                    inFlight.remove(f.task().id());
                    if (f.error() != null) {
                        Throwable cause = f.error() instanceof CompletionException c && c.getCause() != null
                                ? c.getCause() : f.error();
                        if (cause instanceof ExecutorStoppedException stopped) {
                            throw stopped;
                        }
                        throw new IllegalStateException("worker failed: " + cause, cause);
                    }
                    if (f.game() != null && f.game().termination() instanceof Termination.HarnessStalled) {
                        replay(f, recorder, pending, voided);
                    } else if (f.game() != null) { // else abandoned: played again on resume
                        played++;
                        stopReason = finished(f, recorder, tally, !pending.isEmpty());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort.set(true);
        } finally {
            running = null;
            if (ownExecutor) {
                games.close();
            } else if (!inFlight.isEmpty()) {
                games.cancelAll(); // an SPRT verdict or a stop: the shared executor drops this run's games
            }
        }
        if (stopReason == null && scoreboard.games() != tasks.size()) {
            stopReason = (stopRequest != null ? stopRequest : "interrupted") + "; " + resumeHint;
        }
        log.sync(); // every recorded game is on disk before the run says it ended
        cpu.log(played);
        Summary summary = new Summary(tasks.size(), played, resumed, stopReason != null, stopReason, scoreboard);
        for (RunListener l : listeners) {
            l.runEnded(summary);
        }
        out.flush();
        LOG.info("run {} ended: {} games in the log{}", config.name(), scoreboard.games(),
                stopReason == null ? "" : ", " + stopReason);
        return summary;
    }

    /**
     * Records a finished game, counts it and tells the listeners; returns the stop policy's reason to
     * stop, or null. (A method of its own: the coordinator's loop stays small for the JIT.)
     */
    private String finished(GameReport.Finished r, PdnRecorder recorder, ReportTally tally, boolean more)
            throws IOException {
        PlayedGame game = r.game();
        recorder.append(r.pdn());
        GameTask t = game.task();
        tally.add(r.facts()); // the scoreboard too
        LOG.info("game {} {} - {}: {} ({})", t.id(), t.white(), t.black(),
                PdnWriter.resultToken(game.result(), rules.family()), game.termination().describe());
        String stopReason = SprtStop.stopReason(tally.scoreboard);
        RunListener.GameEnd end = new RunListener.GameEnd(game, tally.scoreboard, stopReason != null, more);
        for (RunListener l : listeners) {
            l.gameFinished(end);
        }
        return stopReason;
    }

    /** How often one game is played again after a stall of this JVM voided it; then it waits for a resume. */
    static final int MAX_REPLAYS = 3;

    /**
     * A game voided by this JVM's own stall (see {@link arbiter.referee.StallWatch}): recorded as such
     * ({@code *}, not counted) and played again at once, up to {@link #MAX_REPLAYS} times (a resumed run
     * plays it anyway: a void record is not a game played).
     */
    private void replay(GameReport.Finished f, PdnRecorder recorder, Deque<GameTask> pending, Map<Integer, Integer> voided)
            throws IOException {
        recorder.append(f.pdn());
        GameTask t = f.task();
        int times = voided.merge(t.id(), 1, Integer::sum);
        boolean again = times <= MAX_REPLAYS;
        if (again) {
            pending.addFirst(t);
        }
        String line = "game " + t.id() + " (" + t.white() + " - " + t.black() + ") " + f.game().termination().describe()
                + (again ? "" : "; not again in this run (voided " + times + " times): run the same command again to play it");
        LOG.info(line);
        err.println("warning: " + line);
    }

    /** True when the run is stopping: asked to, or the JVM is shutting down (Ctrl-C). */
    private boolean aborted() {
        return abort.get() || ProcessRegistry.shuttingDown();
    }
}
