package arbiter.tune;

import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.io.OwnFiles;
import arbiter.results.Scoreboard;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.config.RunConfig.TuneWeight;
import arbiter.engine.EngineRegistry;
import arbiter.eval.Weights;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.player.Options;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.RunListener;
import arbiter.tournament.Tournament;
import arbiter.execute.GameExecutor;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A tuning run: SPSA iterations, each a small match of theta+ against theta- (or each against a fixed
 * opponent) played on the worker pool, theta checkpointed atomically after every iteration in
 * {@code <output>/tune-state.json}; then a validation match of the tuned weights against the start.
 * Every iteration's games go to {@code <output>/iterations/<k>/}, which resumes like any run: a killed
 * tuner, rerun, finishes the interrupted iteration with the games it already has and loses nothing.
 * With {@code "mode": "async"} the SPSA pairs are played without a barrier ({@link AsyncSpsa}), each
 * in {@code <output>/pairs/<j>/}.
 *
 * <p>Over 500 lines: the SPSA loops (barrier and async), Texel's rounds and the validation share one set
 * of helpers (sub-runs, tuned players, stop), which would otherwise be passed around between classes.
 */
public final class TuneRun {
    private static final Logger LOG = LogManager.getLogger(TuneRun.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a tuning run ends with. */
    public record Summary(double[] start, double[] tuned, List<double[]> history, Scoreboard validation) {
    }

    private final RunConfig config;
    private final RunConfig.Tune tune;
    private final Rules rules;
    private final PrintWriter out;
    private final PrintWriter err;
    private final AtomicBoolean stop = new AtomicBoolean();
    private volatile Tournament current;
    /** The pair runs in flight of a barrier-free tuning, stopped together by {@link #stop}. */
    private final Map<Integer, Tournament> pairRuns = new java.util.concurrent.ConcurrentHashMap<>();
    private GameExecutor executor;
    private SlotMeter.Report utilisation;

    public TuneRun(RunConfig config, PrintWriter out, PrintWriter err) {
        if (config.tune() == null) {
            throw new ConfigException("$.tune: missing; a tuning config needs a tune block");
        }
        this.config = config;
        this.tune = config.tune();
        this.rules = Games.rules(config.game().variant(), config.game().rules());
        this.out = out;
        this.err = err;
    }

    /** Stops after the games in progress are abandoned; rerun to resume. */
    public void stop() {
        stop.set(true);
        Tournament t = current;
        if (t != null) {
            t.stop();
        }
        pairRuns.values().forEach(Tournament::stop);
    }

    /** How busy the executor's slots were during the SPSA games of this session (null before, and for Texel). */
    SlotMeter.Report utilisation() {
        return utilisation;
    }

    /** Told the tuned values after every SPSA iteration or Texel round (e.g. the dashboard). */
    public interface StepListener {
        void step(int step, List<String> names, double[] values);
    }

    private final List<RunListener> subscribers = new ArrayList<>();
    private final List<StepListener> stepListeners = new ArrayList<>();

    /** Subscribes to the run events of every sub-run (iterations, rounds, validation). */
    public TuneRun subscribe(RunListener listener) {
        subscribers.add(listener);
        return this;
    }

    public TuneRun onStep(StepListener listener) {
        stepListeners.add(listener);
        return this;
    }

    private void notifyStep(int step, double[] theta) {
        List<String> names = SpsaGames.names(tune);
        for (StepListener l : stepListeners) {
            l.step(step, names, theta.clone());
        }
    }

    /**
     * Plays every sub-run on this executor (e.g. a cluster); the caller closes it. Without one, the
     * tuning run plays on {@code concurrency} threads of its own, kept from one sub-run to the next.
     */
    public TuneRun withExecutor(GameExecutor executor) {
        this.executor = executor;
        return this;
    }

    public Summary run() throws IOException {
        boolean own = executor == null;
        if (own) {
            executor = new LocalExecutor(config.concurrency(), PlayerFactory.of(config));
        }
        try {
            return tune.method().equals("texel") ? runTexel() : runSpsa();
        } finally {
            if (own) {
                executor.close();
                executor = null;
            }
        }
    }

    /**
     * Ends a tuning whose answer came from elsewhere (the chains of {@link MultiStart}): writes these
     * values as the tuned weights and plays the validation match of the config against the start.
     */
    public Summary finishWith(double[] tuned) throws IOException {
        boolean own = executor == null;
        if (own) {
            executor = new LocalExecutor(config.concurrency(), PlayerFactory.of(config));
        }
        try {
            double[] start = tune.weights().stream().mapToDouble(TuneWeight::start).toArray();
            double[] played = tuned.clone();
            for (int i = 0; i < played.length; i++) {
                played[i] = tune.weights().get(i).integer() ? Math.rint(played[i]) : played[i];
            }
            return finish(player(tune.player()), start, played, List.of());
        } finally {
            if (own) {
                executor.close();
                executor = null;
            }
        }
    }

    /**
     * Texel rounds: the tuned player plays itself ({@code gamesPerRound} games with its current
     * weights), the quiet positions of every round so far are fitted, the fitted values (within their
     * bounds) are the next round's weights; until {@code rounds} or no weight moves more than
     * {@code threshold}. Checkpointed after every round like SPSA's iterations.
     */
    private Summary runTexel() throws IOException {
        Path output = config.output();
        Files.createDirectories(output);
        Path statePath = output.resolve("tune-state.json");
        double[] start = new double[tune.weights().size()];
        for (int i = 0; i < start.length; i++) {
            start[i] = tune.weights().get(i).start();
        }
        TuneState state = TuneState.load(statePath, config.json(), start);
        PlayerConfig base = player(tune.player());
        arbiter.eval.LinearEvaluation eval = EngineRegistry.linearEvaluation(base.engine(), rules);
        List<String> names = eval.specs().stream().map(arbiter.eval.WeightSpec::name).toList();
        boolean converged = state.next > 0 && state.history.get(state.history.size() - 1)[start.length + 1] <= tune.threshold();
        while (state.next < tune.rounds() && !converged && !stop.get()) {
            int round = state.next;
            List<PlayerConfig> players = List.of(withWeights(base, "self-a", state.theta), withWeights(base, "self-b", state.theta));
            ObjectNode json = JSON.createObjectNode();
            json.put("texelRound", round);
            json.set("weights", JSON.valueToTree(state.theta));
            RunConfig games = SpsaGames.subRun(config, "-round-" + round, players,
                    new RunConfig.Schedule("match", 1, List.of("self-a", "self-b"), tune.gamesPerRound(), null),
                    config.openings(), iterationFolder(round), config.seed() * 31 + round, json);
            Tournament.Summary s = play(games, new PrintWriter(new StringWriter()), QUIET);
            if (s == null || s.scoreboard().games() < s.scheduled()) {
                break;
            }
            List<Path> files = new ArrayList<>();
            for (int r = 0; r <= round; r++) {
                files.add(iterationFolder(r).resolve("games.pdn"));
            }
            List<Texel.Sample> samples = PositionSamples.fromFiles(files, rules, eval, tune.skipPlies(),
                    w -> LOG.warn("{}", w));
            double[] full = weightsOf(base, state.theta).toArray();
            boolean[] tunable = new boolean[full.length];
            for (TuneWeight w : tune.weights()) {
                tunable[names.indexOf(w.name())] = true;
            }
            Texel.Fit fit = Texel.tune(samples, full, tunable, 6, 1000);
            double[] next = new double[state.theta.length];
            double moved = 0;
            for (int i = 0; i < next.length; i++) {
                TuneWeight w = tune.weights().get(i);
                double v = Math.max(w.min(), Math.min(w.max(), fit.weights()[names.indexOf(w.name())]));
                next[i] = w.integer() ? Math.rint(v) : v;
                moved = Math.max(moved, Math.abs(next[i] - state.theta[i]));
            }
            state.theta = next;
            double[] row = new double[next.length + 3];
            row[0] = round;
            System.arraycopy(next, 0, row, 1, next.length);
            row[next.length + 1] = moved;
            row[next.length + 2] = fit.error();
            state.history.add(row);
            notifyStep(round + 1, state.theta);
            state.next = round + 1;
            state.save(statePath, config.json());
            out.printf(Locale.ROOT, "round %d/%d: %d positions, mse %.5f -> %.5f, %s (largest change %.4f)%n",
                    round + 1, tune.rounds(), samples.size(), fit.startError(), fit.error(), describe(next), moved);
            out.flush();
            converged = moved <= tune.threshold();
        }
        if (stop.get() || (state.next < tune.rounds() && !converged)) {
            out.println("Stopped; run the same command again to resume from round " + state.next + ".");
            return new Summary(start, state.theta, state.history, null);
        }
        return finish(base, start, state.theta, state.history);
    }

    private Summary runSpsa() throws IOException {
        Spsa spsa = SpsaGames.spsa(config);
        Path output = config.output();
        Files.createDirectories(output);
        Path statePath = output.resolve("tune-state.json");
        PlayerConfig base = player(tune.player());
        GameExecutor plain = executor;
        SlotMeter meter = new SlotMeter(plain);
        executor = meter;
        try {
            if (tune.async()) {
                return runSpsaAsync(spsa, base, statePath);
            }
            return runSpsaBarrier(spsa, base, statePath);
        } finally {
            executor = plain;
            if (utilisation == null) {
                utilisation = meter.report();
            }
        }
    }

    private Summary runSpsaBarrier(Spsa spsa, PlayerConfig base, Path statePath) throws IOException {
        TuneState state = TuneState.load(statePath, config.json(), spsa.start());
        SignalWatch signal = new SignalWatch(FLAT_ITERATIONS);
        while (state.next < tune.iterations() && !stop.get()) {
            int k = state.next;
            Spsa.Step step = spsa.step(k, state.theta);
            Scoreboard standings = playIteration("-iteration-", iterationFolder(k), k, tune.pairsPerIteration(),
                    spsa.played(step.plus()), spsa.played(step.minus()), executor);
            if (standings == null) {
                break;
            }
            double result = result(standings);
            state.theta = spsa.update(state.theta, step, result);
            signal.record(k, result, spsa.parameters(), step.c()).ifPresent(warning -> {
                out.println(warning);
                out.flush();
                LOG.warn(warning);
            });
            state.history.add(TuneHistory.row(k, state.theta, result));
            notifyStep(k + 1, state.theta);
            state.next = k + 1;
            state.save(statePath, config.json());
            if ((k + 1) % Math.max(1, tune.iterations() / 20) == 0 || k + 1 == tune.iterations()) {
                out.printf(Locale.ROOT, "iteration %d/%d: %s%n", k + 1, tune.iterations(), describe(spsa.played(state.theta)));
                out.flush();
            }
            LOG.info("tune iteration {}: result {} theta {}", k, result, describe(state.theta));
        }
        if (stop.get() || state.next < tune.iterations()) {
            out.println("Stopped; run the same command again to resume from iteration " + state.next + ".");
            return new Summary(spsa.start(), state.theta, state.history, null);
        }
        List<String> names = SpsaGames.names(tune);
        double[] theta = state.theta;
        estimate = FinalEstimate.of(names, state.history, k -> spsa.step(k, theta).delta());
        return finish(base, spsa.start(), spsa.played(state.theta), state.history);
    }

    /** W - L of theta+ against theta-, or the difference of their results against the opponent. */
    private double result(Scoreboard standings) {
        return tune.opponent() == null ? winsMinusLosses(standings, RunConfig.Tune.PLUS, RunConfig.Tune.MINUS)
                : winsMinusLosses(standings, RunConfig.Tune.PLUS, tune.opponent())
                        - winsMinusLosses(standings, RunConfig.Tune.MINUS, tune.opponent());
    }

    /** SPSA without a barrier ({@link AsyncSpsa}): pair j's games in {@code <output>/pairs/<j>/}. */
    private Summary runSpsaAsync(Spsa spsa, PlayerConfig base, Path statePath) throws IOException {
        AsyncSpsa async = new AsyncSpsa(spsa, tune.pairsPerIteration(), tune.opponent() == null ? 2 : 4, statePath, config.json());
        SignalWatch signal = new SignalWatch(FLAT_ITERATIONS * tune.pairsPerIteration(), "pair");
        int total = async.total();
        int every = Math.max(1, total / 20);
        async.run(executor, new AsyncSpsa.Pairs() {
            @Override
            public Double play(int j, Spsa.Step step, GameExecutor slice) throws IOException {
                Path folder = config.output().resolve("pairs").resolve(Integer.toString(j));
                Scoreboard s = playIteration("-pair-", folder, j, 1, step.plus(), step.minus(), slice);
                return s == null ? null : result(s);
            }

            @Override
            public void stop(int j) {
                Tournament t = pairRuns.get(j);
                if (t != null) {
                    t.stop();
                }
            }
        }, stop, (j, theta, result, step, count) -> {
            signal.record(count - 1, result, spsa.parameters(), step.c()).ifPresent(warning -> {
                out.println(warning);
                out.flush();
                LOG.warn(warning);
            });
            notifyStep(count, theta);
            if (count % every == 0 || count == total) {
                out.printf(Locale.ROOT, "pair %d/%d: %s%n", count, total, describe(spsa.played(theta)));
                out.flush();
            }
            LOG.info("tune pair {} applied ({} of {}): result {} theta {}", j, count, total, result, describe(theta));
        });
        AsyncSpsa.State state = async.state;
        if (!async.finished()) {
            out.println("Stopped; run the same command again to resume (" + state.history.size() + " of " + total
                    + " pairs applied, " + state.pending.size() + " to finish).");
            return new Summary(spsa.start(), state.theta, state.history, null);
        }
        List<String> names = SpsaGames.names(tune);
        double[] theta = state.theta;
        estimate = FinalEstimate.of(names, state.history, j -> spsa.step(j, theta).delta());
        return finish(base, spsa.start(), spsa.played(state.theta), state.history);
    }

    private FinalEstimate estimate;

    /** The uncertainty of an SPSA run's answer once it has finished (null before, and for Texel). */
    public FinalEstimate estimate() {
        return estimate;
    }

    /** Writes the tuned weights and history, then plays the validation match. */
    private Summary finish(PlayerConfig base, double[] start, double[] tuned, List<double[]> history) throws IOException {
        Path output = config.output();
        if (base.external()) {
            // The engine's options as tuned, ready for a config's "options".
            OwnFiles.replace(output.resolve("tuned-weights.json"),
                    JSON.writerWithDefaultPrettyPrinter().writeValueAsString(withWeights(base, base.name(), tuned).options()) + "\n");
        } else {
            OwnFiles.replace(output.resolve("tuned-weights.json"), weightsOf(base, tuned).toJson() + "\n");
        }
        if (!history.isEmpty()) {
            TuneHistory.write(output, tune, history);
        }
        out.printf(Locale.ROOT, "tuned: %s (start %s)%nwritten: %s%n", describe(tuned), describe(start),
                output.resolve("tuned-weights.json"));
        if (estimate != null) {
            ObjectNode summary = (ObjectNode) JSON.readTree(estimate.toJson());
            summary.put("mode", tune.async() ? "async" : "barrier");
            SlotMeter.Report busy = null;
            if (executor instanceof SlotMeter m) { // the SPSA games are metered; the validation match is not
                busy = utilisation = m.report();
                executor = m.delegate();
            }
            if (busy != null) {
                summary.set("utilisation", busy.toJson());
            }
            OwnFiles.replace(output.resolve("tune-summary.json"), JSON.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(summary) + "\n");
            estimate.lines(tune.async() ? "pair" : "iteration").forEach(out::println);
            if (busy != null) {
                out.println(busy.line());
            }
            out.println("written: " + output.resolve("tune-summary.json"));
            out.flush();
        }
        Scoreboard validation = null;
        if (tune.validationGames() > 0) {
            validation = validate(base, start, tuned);
        }
        return new Summary(start, tuned, history, validation);
    }

    private String describe(double[] theta) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < theta.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(tune.weights().get(i).name()).append('=')
                    .append(String.format(Locale.ROOT, "%.3f", theta[i]));
        }
        return sb.toString();
    }

    private PlayerConfig player(String name) {
        return SpsaGames.player(config, name);
    }

    private PlayerConfig withWeights(PlayerConfig base, String name, double[] values) {
        return SpsaGames.withWeights(tune, base, name, values);
    }

    private Weights weightsOf(PlayerConfig base, double[] values) {
        Weights w = EngineRegistry.weights(base.engine(), rules, new Options(base.options())).with(base.weights());
        Map<String, Double> changes = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            changes.put(tune.weights().get(i).name(), values[i]);
        }
        return w.with(changes);
    }

    /** Plays iteration (or pair) k's match of {@code pairs} pairs in {@code folder} on {@code on}; null when stopped. */
    private Scoreboard playIteration(String suffix, Path folder, int k, int pairs, double[] plus, double[] minus,
                                     GameExecutor on) throws IOException {
        RunConfig iteration = SpsaGames.step(config, suffix, k, pairs, plus, minus, folder);
        Tournament.Summary s;
        if (on == executor) {
            s = play(iteration, new PrintWriter(new StringWriter()), QUIET);
        } else { // a pair of a barrier-free tuning, played beside others: no progress line of its own
            Tournament t = new Tournament(iteration, new PrintWriter(new StringWriter()), err).withExecutor(on).withoutProgress();
            pairRuns.put(k, t);
            try {
                s = stop.get() ? null : t.run();
            } finally {
                pairRuns.remove(k);
            }
        }
        return s == null || s.scoreboard().games() < s.scheduled() ? null : s.scoreboard();
    }

    private Path iterationFolder(int k) {
        return config.output().resolve("iterations").resolve(Integer.toString(k));
    }

    /**
     * Plays a sub-run that {@link #stop()} can interrupt; null when a stop came before it started.
     * The summary says whether every game was played (a stop or an SPRT verdict ends a run early).
     */
    private Tournament.Summary play(RunConfig run, PrintWriter report, RunListener... listeners) throws IOException {
        Tournament t = new Tournament(run, report, err, listeners).withExecutor(executor);
        for (RunListener l : subscribers) {
            t.subscribe(l);
        }
        current = t;
        try {
            // Checked after publishing the tournament, so a stop between sub-runs is never missed.
            return stop.get() ? null : t.run();
        } finally {
            current = null;
        }
    }

    /** Wins minus losses of a player against one opponent. */
    private static double winsMinusLosses(Scoreboard s, String player, String opponent) {
        long[] wdl = s.wdl(player, opponent);
        return wdl[0] - wdl[2];
    }

    private static final RunListener[] QUIET = {};
    /** SPSA iterations in a row without a signal before the tuner says so. */
    static final int FLAT_ITERATIONS = 10;

    private Scoreboard validate(PlayerConfig base, double[] start, double[] tuned) throws IOException {
        List<PlayerConfig> players = List.of(withWeights(base, "tuned", tuned), withWeights(base, "start", start));
        ObjectNode json = JSON.createObjectNode();
        json.put("validation", true);
        json.set("tuned", JSON.valueToTree(tuned));
        RunConfig v = SpsaGames.subRun(config, "-validation", players,
                new RunConfig.Schedule("match", 1, List.of("tuned", "start"), tune.validationGames(), tune.validationSprt()),
                SpsaGames.pairedOpenings(config), config.output().resolve("validation"), config.seed() ^ 0x7A11DL, json);
        out.println("Validation: tuned against start, " + tune.validationGames() + " games"
                + (tune.validationSprt() != null ? " at most (SPRT)" : ""));
        Tournament.Summary s = play(v, out, new StandingsReporter());
        return s == null ? null : s.scoreboard();
    }
}
