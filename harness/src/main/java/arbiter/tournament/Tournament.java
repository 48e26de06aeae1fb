package arbiter.tournament;

import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.execute.GameExecutor;
import arbiter.execute.GameObserver;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.external.ExternalPlayer;
import arbiter.external.ExternalPlayers;
import arbiter.external.ProcessRegistry;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnWriter;
import arbiter.play.GameSpec;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.PlayerSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The coordinator of one run: plans the games, skips those already in the log, keeps a
 * {@link GameExecutor} fed with game specs, and publishes what comes back as run events to its
 * subscribers: the PDN recorder (the only writer of {@code <output>/games.pdn}), the standings, the
 * stop policy (an SPRT verdict), then the progress line, the standings reporter and any other
 * listener. Rerunning the same config resumes: games already in the log are not played again.
 */
public final class Tournament {
    private static final Logger LOG = LogManager.getLogger(Tournament.class);

    /** What a run ended with. */
    public record Summary(int scheduled, int played, int resumed, boolean stoppedEarly, String stopReason,
                          Standings standings) {
    }

    private final RunConfig config;
    private final Rules rules;
    private final PrintWriter out;
    private final PrintWriter err;
    private final List<RunListener> listeners = new ArrayList<>();
    private final AtomicBoolean abort = new AtomicBoolean();
    private GameExecutor executor;
    private volatile GameExecutor running;

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

    private boolean quiet;

    /** Adds a subscriber (before {@link #run}). */
    public Tournament subscribe(RunListener listener) {
        listeners.add(listener);
        return this;
    }

    /** Asks the run to stop: games in progress are abandoned (not recorded); the run can be resumed. */
    public void stop() {
        abort.set(true);
        GameExecutor e = running;
        if (e != null) {
            e.cancelAll();
        }
    }

    public Summary run() throws IOException {
        OpeningBook book = OpeningBook.load(config.openings(), rules);
        List<GameTask> tasks = TaskPlanner.plan(config, rules, book);
        Path output = config.output();
        Path pdn = output.resolve("games.pdn");
        RunState.prepare(config, output, tasks.size());
        // Opening the log cuts a game torn by a kill mid-write, so only whole games are read back.
        try (GameLog log = GameLog.open(pdn, w -> err.println("warning: " + w))) {
            return play(tasks, pdn, log);
        }
    }

    /**
     * What the executor reports of a game: started (worker set), a move (move set), or finished (game
     * set with its record and report facts, made on the thread that finished it, or error set).
     */
    private record Report(GameTask task, String worker, PlayedMove move, String position, int ply, PlayedGame game, byte[] pdn,
                          ReportTally.GameFacts facts, Throwable error) {
        static Report started(GameTask task, String worker) {
            return new Report(task, worker, null, null, 0, null, null, null, null);
        }

        static Report moved(GameTask task, PlayedMove move, String position, int ply) {
            return new Report(task, null, move, position, ply, null, null, null, null);
        }

        /**
         * A game's end. A played game's record and report facts are made here, on the thread that
         * finished it (a game thread, usually), so the coordinator only appends and adds up.
         */
        static Report finished(GameTask task, PlayedGame game, Throwable error, PdnRecorder recorder, Rules rules) {
            if (game == null || error != null) {
                return new Report(task, null, null, null, 0, game, null, null, error);
            }
            try {
                return new Report(task, null, null, null, 0, game, recorder.format(game), ReportTally.GameFacts.of(game, rules),
                        null);
            } catch (RuntimeException e) {
                return new Report(task, null, null, null, 0, null, null, null, e);
            }
        }
    }

    /** Resumes from the games already in the log, then plays the rest, publishing each as it finishes. */
    private Summary play(List<GameTask> tasks, Path pdn, GameLog log) throws IOException {
        // The tally keeps the run's standings along with the rest the report needs.
        ReportTally tally = new ReportTally(config, rules, tasks);
        Set<Integer> done = new HashSet<>();
        for (GameRecord g : GameLog.read(pdn, w -> err.println("warning: " + w))) {
            int id = parseId(g);
            if (id < 0 || id >= tasks.size()) {
                throw new ConfigException(pdn + ": game at line " + g.line() + " has Game tag '" + g.tag("Game")
                        + "', not a game of this run's " + tasks.size());
            }
            GameTask t = tasks.get(id);
            if (!t.white().equals(g.tag("White")) || !t.black().equals(g.tag("Black")) || !done.add(id)) {
                throw new ConfigException(pdn + ": game at line " + g.line() + " does not match game " + id
                        + " of this run (" + t.white() + " - " + t.black() + "), or is there twice");
            }
            tally.add(g);
        }
        int resumed = done.size();
        if (resumed > 0 && !quiet) {
            out.printf("Resuming %s: %d of %d games already played.%n", config.name(), resumed, tasks.size());
        }
        LOG.info("run {}: {} games scheduled, {} already played, concurrency {}", config.name(), tasks.size(),
                resumed, config.concurrency());

        List<GameTask> toPlay = tasks.stream().filter(t -> !done.contains(t.id())).toList();
        // Without an executor of its own the run plays on threads it starts: the pre-flight hands them
        // the engines it started (spares), and whatever they did not take is stopped at the end.
        PlayerFactory factory = executor == null ? PlayerFactory.of(config) : null;
        try {
            if (!toPlay.isEmpty() && config.concurrency() > 0) {
                preflight(toPlay, factory);
            }
            return playRest(new SoFar(tasks, toPlay, resumed, tally), log, factory);
        } finally {
            if (factory != null) {
                factory.closeSpares();
            }
        }
    }

    /** A run as resumed: its plan, the games left to play, and what the log already holds. */
    private record SoFar(List<GameTask> tasks, List<GameTask> toPlay, int resumed, ReportTally tally) {
    }

    /**
     * Plays the games left, recording and publishing each as it finishes.
     *
     * @param factory the players of the run's own game threads, or null to play on {@link #withExecutor}'s
     */
    private Summary playRest(SoFar soFar, GameLog log, PlayerFactory factory) throws IOException {
        List<GameTask> tasks = soFar.tasks();
        List<GameTask> toPlay = soFar.toPlay();
        int resumed = soFar.resumed();
        ReportTally tally = soFar.tally();
        Standings standings = tally.standings;
        PdnWriter.Context context = new PdnWriter.Context(config.name(), "Arbiter",
                LocalDate.now().format(DateTimeFormatter.ofPattern("yyyy.MM.dd")), rules, variantTag(),
                config.limits().timeControlTag());
        PdnRecorder recorder = new PdnRecorder(log, context);
        SprtStop stopPolicy = new SprtStop(config);
        String runId = config.name() + "/" + UUID.randomUUID();
        Map<String, PlayerSpec> players = playerSpecs();

        RunListener.RunStart start = new RunListener.RunStart(config, tasks, resumed, standings, out, tally);
        for (RunListener l : listeners) {
            l.runStarted(start);
        }
        boolean ownExecutor = executor == null;
        GameExecutor games = ownExecutor ? new LocalExecutor(config.concurrency(), factory) : executor;
        running = games;
        BlockingQueue<Report> reports = new LinkedBlockingQueue<>();
        Iterator<GameTask> pending = toPlay.iterator();
        Map<Integer, CompletableFuture<PlayedGame>> inFlight = new HashMap<>();
        boolean wantsMoves = listeners.stream().anyMatch(RunListener::wantsMoves);
        long moveInterval = listeners.stream().filter(RunListener::wantsMoves).mapToLong(RunListener::moveIntervalMillis)
                .min().orElse(0);
        int played = 0;
        long cpuAtStart = LocalExecutor.threadCpuMillis();
        String stopReason = stopPolicy.stopReason(standings);
        try {
            while (stopReason == null && !aborted()) {
                while (inFlight.size() < Math.max(1, games.capacity()) && pending.hasNext()) {
                    GameTask task = pending.next();
                    GameSpec spec = new GameSpec(runId, task, config.game().variant(), config.game().rules(),
                            players.get(task.white()), players.get(task.black()), config.adjudication());
                    CompletableFuture<PlayedGame> f = games.submit(spec, new GameObserver() {
                        @Override
                        public void started(String worker) {
                            reports.add(Report.started(task, worker));
                        }

                        @Override
                        public boolean wantsMoves() {
                            return wantsMoves;
                        }

                        @Override
                        public long moveIntervalMillis() {
                            return moveInterval;
                        }

                        @Override
                        public void moved(PlayedMove move, String position, int ply) {
                            reports.add(Report.moved(task, move, position, ply));
                        }
                    });
                    inFlight.put(task.id(), f);
                    f.whenComplete((g, e) -> reports.add(Report.finished(task, g, e, recorder, rules)));
                }
                if (inFlight.isEmpty()) {
                    break;
                }
                long syncDue = log.millisUntilSync();
                Report r = reports.poll(syncDue < 0 ? 200 : Math.min(200, syncDue), TimeUnit.MILLISECONDS);
                log.syncIfDue(); // recorded games reach the disk within GameLog.MAX_DELAY_MS, busy or idle
                if (r == null) {
                    continue;
                }
                if (r.worker() != null) {
                    for (RunListener l : listeners) {
                        l.gameStarted(r.task(), r.worker());
                    }
                    continue;
                }
                if (r.move() != null) {
                    if (inFlight.containsKey(r.task().id())) {
                        for (RunListener l : listeners) {
                            if (l.wantsMoves()) {
                                l.moveMade(r.task(), r.move(), r.position(), r.ply());
                            }
                        }
                    }
                    continue;
                }
                inFlight.remove(r.task().id());
                if (r.error() != null) {
                    Throwable cause = r.error() instanceof java.util.concurrent.CompletionException c && c.getCause() != null
                            ? c.getCause() : r.error();
                    throw new IllegalStateException("worker failed: " + cause, cause);
                }
                PlayedGame game = r.game();
                if (game == null) {
                    continue; // abandoned: played again on resume
                }
                played++;
                stopReason = finished(r, recorder, tally, stopPolicy, pending.hasNext());
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
        boolean complete = standings.games() == tasks.size();
        if (stopReason == null && !complete) {
            stopReason = "interrupted; run the same command again to resume";
        }
        log.sync(); // every recorded game is on disk before the run says it ended
        long coordinatorMs = LocalExecutor.threadCpuMillis() - cpuAtStart;
        LOG.info("coordinator: {} ms of CPU for {} games ({} us per game); JIT compilation so far {} ms", coordinatorMs,
                played, played > 0 ? coordinatorMs * 1000 / played : 0,
                java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime());
        Summary summary = new Summary(tasks.size(), played, resumed, stopReason != null, stopReason, standings);
        for (RunListener l : listeners) {
            l.runEnded(summary);
        }
        out.flush();
        LOG.info("run {} ended: {} games in the log{}", config.name(), standings.games(),
                stopReason == null ? "" : ", " + stopReason);
        return summary;
    }

    /**
     * Records a finished game, counts it and tells the listeners; returns the stop policy's reason to
     * stop, or null. (A method of its own: the coordinator's loop stays small for the JIT.)
     */
    private String finished(Report r, PdnRecorder recorder, ReportTally tally, SprtStop stopPolicy, boolean more)
            throws IOException {
        PlayedGame game = r.game();
        recorder.append(r.pdn());
        GameTask t = game.task();
        tally.add(r.facts()); // the standings too
        Standings standings = tally.standings;
        LOG.info("game {} {} - {}: {} ({})", t.id(), t.white(), t.black(),
                PdnWriter.resultToken(game.result(), rules.family()), game.termination().describe());
        String stopReason = stopPolicy.stopReason(standings);
        RunListener.GameEnd end = new RunListener.GameEnd(game, standings, stopReason != null, more);
        for (RunListener l : listeners) {
            l.gameFinished(end);
        }
        return stopReason;
    }

    /** Each player of the config as it travels in a game spec (no command line). */
    private Map<String, PlayerSpec> playerSpecs() {
        Map<String, PlayerSpec> specs = new HashMap<>();
        for (PlayerConfig p : config.players()) {
            specs.put(p.name(), specOf(p, config));
        }
        return specs;
    }

    /** A config player as a spec: an external one names its configured engine ({@code engine}, or its own name). */
    public static PlayerSpec specOf(PlayerConfig p, RunConfig config) {
        String engine = p.external() && p.engine() == null ? p.name() : p.engine();
        return new PlayerSpec(p.name(), engine, p.protocol(), p.options(), p.weights(),
                p.limits() != null ? p.limits() : config.limits());
    }

    /** True when the run is stopping: asked to, or the JVM is shutting down (Ctrl-C). */
    private boolean aborted() {
        return abort.get() || ProcessRegistry.shuttingDown();
    }

    /**
     * Starts every external engine of the schedule once and completes its handshake, so a wrong
     * command, a missing option or an engine that does not speak its protocol stops the run before
     * any game, naming the player. The engines start together; with a factory (the run's own game
     * threads) those that pass are kept for the first game that needs them instead of being stopped.
     */
    private void preflight(List<GameTask> tasks, PlayerFactory factory) {
        Set<String> names = new LinkedHashSet<>();
        for (GameTask t : tasks) {
            names.add(t.white());
            names.add(t.black());
        }
        List<String> problems = new ArrayList<>();
        if (config.concurrency() > 1) {
            for (String n : names) {
                if ("dxp".equals(playerConfig(n).protocol())) {
                    problems.add("$.concurrency: player '" + n + "' is a dxp engine on one port, so it plays one game "
                            + "at a time: run with concurrency 1");
                    break;
                }
            }
        }
        // Every engine starts at once, each on a thread of its own: a run waits for the slowest, not the sum.
        Map<String, CompletableFuture<ExternalPlayer>> starting = new java.util.LinkedHashMap<>();
        for (String n : names) {
            PlayerConfig pc = playerConfig(n);
            if (!pc.external() || (pc.protocol().equals("dxp") && pc.command().isEmpty())) {
                continue; // built-in, or a DXP engine run by someone else (a probe connection could end its session)
            }
            CompletableFuture<ExternalPlayer> f = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                ExternalPlayer p = null;
                try {
                    p = factory != null && factory.createNew(specOf(pc, config), rules) instanceof ExternalPlayer e ? e
                            : ExternalPlayers.create(pc, rules);
                    p.ensureReady();
                    f.complete(p);
                } catch (RuntimeException | Error e) {
                    if (p != null) {
                        p.close();
                    }
                    f.completeExceptionally(e);
                }
            }, "preflight-" + n);
            t.setDaemon(true);
            t.start();
            starting.put(n, f);
        }
        Map<String, ExternalPlayer> ready = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, CompletableFuture<ExternalPlayer>> e : starting.entrySet()) {
            String n = e.getKey();
            try {
                ExternalPlayer p = e.getValue().join();
                ready.put(n, p);
                LOG.info("engine {} is ready: {}", n, p.engineId());
            } catch (java.util.concurrent.CompletionException failed) {
                Throwable cause = failed.getCause() != null ? failed.getCause() : failed;
                problems.add("$.players[" + config.players().indexOf(playerConfig(n)) + "]: engine '" + n
                        + "' is not usable: " + cause.getMessage());
            }
        }
        for (Map.Entry<String, ExternalPlayer> e : ready.entrySet()) {
            PlayerConfig pc = playerConfig(e.getKey());
            if (problems.isEmpty() && factory != null && !pc.protocol().equals("dxp")) {
                factory.addSpare(specOf(pc, config), rules, e.getValue()); // the first game thread to need it takes it
            } else {
                e.getValue().close();
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    private PlayerConfig playerConfig(String name) {
        for (PlayerConfig p : config.players()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown player " + name);
    }

    private String variantTag() {
        StringBuilder sb = new StringBuilder(rules.id());
        for (Map.Entry<String, String> e : config.game().rules().entrySet()) {
            sb.append(' ').append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }

    private static int parseId(GameRecord g) {
        try {
            return Integer.parseInt(g.tag("Game"));
        } catch (NumberFormatException | NullPointerException e) {
            return -1;
        }
    }
}
