package arbiter.tournament;

import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.play.TimeLimits;
import arbiter.engine.EngineRegistry;
import arbiter.external.ExternalPlayer;
import arbiter.external.ExternalPlayers;
import arbiter.external.ProcessRegistry;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnWriter;
import arbiter.player.Player;
import arbiter.play.PlayedGame;
import arbiter.referee.Referee;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The coordinator: turns the config into game tasks, plays them on {@code concurrency} worker
 * threads (each owning its own players), appends every finished game whole to
 * {@code <output>/games.pdn}, keeps the standings and stops early on an SPRT verdict. Rerunning the
 * same config resumes: games already in the log are not played again.
 */
public final class Tournament {
    private static final Logger LOG = LogManager.getLogger(Tournament.class);

    /** What a run ended with. */
    public record Summary(int scheduled, int played, int resumed, boolean stoppedEarly, String stopReason,
                          Standings standings) {
    }

    /** Hooks for what the run prints and writes as it goes (standings, progress, reports). */
    public interface Reporter {
        /** Called every {@code reportEvery} games and at the end. */
        void standings(RunConfig config, Standings standings, boolean last, PrintWriter out);

        /** A match with an SPRT: the verdict so far, or null to continue. */
        default String sprtVerdict(RunConfig config, Standings standings) {
            return null;
        }
    }

    private final RunConfig config;
    private final Rules rules;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Reporter reporter;
    private final AtomicBoolean abort = new AtomicBoolean();
    private Consumer<Player> playerCreated = p -> { };

    public Tournament(RunConfig config, PrintWriter out, PrintWriter err, Reporter reporter) {
        this.config = config;
        this.rules = Games.rules(config.game().variant(), config.game().rules());
        this.out = out;
        this.err = err;
        this.reporter = reporter;
    }

    /**
     * Calls {@code hook} with every player a worker creates, on that worker's thread, before its first
     * game (benchmarks attach their instruments here). Set it before {@link #run}.
     */
    public Tournament onPlayerCreated(Consumer<Player> hook) {
        this.playerCreated = hook;
        return this;
    }

    /** Asks the run to stop: games in progress are abandoned (not recorded); the run can be resumed. */
    public void stop() {
        abort.set(true);
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

    /** Resumes from the games already in the log, then plays the rest, appending each to the log. */
    private Summary play(List<GameTask> tasks, Path pdn, GameLog log) throws IOException {
        List<String> names = new ArrayList<>();
        for (PlayerConfig p : config.players()) {
            names.add(p.name());
        }
        Standings standings = new Standings(names);
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
            standings.add(new Standings.Result(id, t.pair(), t.white(), t.black(), g.result()));
        }
        int resumed = done.size();
        if (resumed > 0) {
            out.printf("Resuming %s: %d of %d games already played.%n", config.name(), resumed, tasks.size());
        }
        LOG.info("run {}: {} games scheduled, {} already played, concurrency {}", config.name(), tasks.size(),
                resumed, config.concurrency());

        PdnWriter.Context context = new PdnWriter.Context(config.name(), "Arbiter",
                LocalDate.now().format(DateTimeFormatter.ofPattern("yyyy.MM.dd")), rules, variantTag(),
                config.limits().timeControlTag());
        if (tasks.stream().anyMatch(t -> !done.contains(t.id()))) {
            preflight(tasks.stream().filter(t -> !done.contains(t.id())).toList());
        }
        Referee referee = new Referee(rules, config.adjudication());
        ConcurrentLinkedQueue<Player> allPlayers = new ConcurrentLinkedQueue<>();
        ThreadLocal<Map<String, Player>> workerPlayers = ThreadLocal.withInitial(HashMap::new);
        ExecutorService pool = Executors.newFixedThreadPool(config.concurrency(), r -> {
            Thread t = new Thread(r, "worker");
            t.setDaemon(true);
            return t;
        });
        CompletionService<PlayedGame> completion = new ExecutorCompletionService<>(pool);
        Iterator<GameTask> pending = tasks.stream().filter(t -> !done.contains(t.id())).iterator();
        int inFlight = 0;
        int played = 0;
        String stopReason = null;
        Progress progress = new Progress(err, tasks.size(), resumed);
        String verdict = reporter.sprtVerdict(config, standings);
        if (verdict != null) {
            stopReason = verdict;
        }

        try {
            while (stopReason == null && !aborted()) {
                while (inFlight < config.concurrency() && pending.hasNext()) {
                    GameTask task = pending.next();
                    completion.submit(() -> playTask(task, referee, workerPlayers.get(), allPlayers));
                    inFlight++;
                }
                if (inFlight == 0) {
                    break;
                }
                Future<PlayedGame> next = completion.poll(200, TimeUnit.MILLISECONDS);
                if (next == null) {
                    continue;
                }
                inFlight--;
                PlayedGame game;
                try {
                    game = next.get();
                } catch (ExecutionException e) {
                    throw new IllegalStateException("worker failed: " + e.getCause(), e.getCause());
                }
                if (game == null) {
                    continue;
                }
                log.append(PdnWriter.format(game, context));
                GameTask t = game.task();
                standings.add(new Standings.Result(t.id(), t.pair(), t.white(), t.black(), game.result()));
                played++;
                LOG.info("game {} {} - {}: {} ({})", t.id(), t.white(), t.black(),
                        PdnWriter.resultToken(game.result(), rules.family()), game.termination().describe());
                progress.gameDone();
                verdict = reporter.sprtVerdict(config, standings);
                if (verdict != null) {
                    stopReason = verdict;
                }
                if (standings.games() % config.reportEvery() == 0 && stopReason == null && pending.hasNext()) {
                    progress.clear();
                    reporter.standings(config, standings, false, out);
                    out.flush();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort.set(true);
        } finally {
            abort.set(true);
            pool.shutdown();
            try {
                if (!pool.awaitTermination(30, TimeUnit.SECONDS)) {
                    pool.shutdownNow();
                }
            } catch (InterruptedException e) {
                pool.shutdownNow();
                Thread.currentThread().interrupt();
            }
            for (Player p : allPlayers) {
                try {
                    p.close();
                } catch (RuntimeException e) {
                    LOG.warn("closing a player: {}", e.toString());
                }
            }
            progress.clear();
        }
        boolean complete = standings.games() == tasks.size();
        if (stopReason == null && !complete) {
            stopReason = "interrupted; run the same command again to resume";
        }
        reporter.standings(config, standings, true, out);
        if (stopReason != null) {
            out.println("Stopped: " + stopReason);
        }
        out.flush();
        LOG.info("run {} ended: {} games in the log{}", config.name(), standings.games(),
                stopReason == null ? "" : ", " + stopReason);
        return new Summary(tasks.size(), played, resumed, stopReason != null, stopReason, standings);
    }

    private PlayedGame playTask(GameTask task, Referee referee, Map<String, Player> players,
                                ConcurrentLinkedQueue<Player> allPlayers) {
        if (abort.get()) {
            return null;
        }
        Player white = player(task.white(), players, allPlayers);
        Player black = player(task.black(), players, allPlayers);
        if (white == black) {
            throw new IllegalStateException("a player cannot meet itself: " + task.white());
        }
        TimeLimits[] limits = {limitsOf(task.white()), limitsOf(task.black())};
        return referee.play(task, new Player[] {white, black}, limits, this::aborted);
    }

    /** True when the run is stopping: asked to, or the JVM is shutting down (Ctrl-C). */
    private boolean aborted() {
        return abort.get() || ProcessRegistry.shuttingDown();
    }

    /**
     * Starts every external engine of the schedule once and completes its handshake, so a wrong
     * command, a missing option or an engine that does not speak its protocol stops the run before
     * any game, naming the player.
     */
    private void preflight(List<GameTask> tasks) {
        Set<String> names = new java.util.LinkedHashSet<>();
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
        for (String n : names) {
            PlayerConfig pc = playerConfig(n);
            if (!pc.external() || (pc.protocol().equals("dxp") && pc.command().isEmpty())) {
                continue; // built-in, or a DXP engine run by someone else (a probe connection could end its session)
            }
            ExternalPlayer p = null;
            try {
                p = ExternalPlayers.create(pc, rules);
                p.ensureReady();
                LOG.info("engine {} is ready: {}", n, p.engineId());
            } catch (RuntimeException e) {
                problems.add("$.players[" + config.players().indexOf(pc) + "]: engine '" + n
                        + "' is not usable: " + e.getMessage());
            } finally {
                if (p != null) {
                    p.close();
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    private Player player(String name, Map<String, Player> players, ConcurrentLinkedQueue<Player> all) {
        return players.computeIfAbsent(name, n -> {
            PlayerConfig pc = playerConfig(n);
            Player p = pc.external() ? ExternalPlayers.create(pc, rules)
                    : EngineRegistry.create(pc.engine(), rules, pc.options(), pc.weights());
            all.add(p);
            playerCreated.accept(p);
            return p;
        });
    }

    private PlayerConfig playerConfig(String name) {
        for (PlayerConfig p : config.players()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown player " + name);
    }

    private TimeLimits limitsOf(String name) {
        PlayerConfig p = playerConfig(name);
        return p.limits() != null ? p.limits() : config.limits();
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
