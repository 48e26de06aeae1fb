package arbiter.service.worker;

import arbiter.build.EngineBuild;
import arbiter.config.RunConfig;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.external.ExternalEngine;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.PdnWriter;
import arbiter.play.GameSpec;
import arbiter.play.GameTask;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.tournament.OpeningBook;
import arbiter.tournament.PdnRecorder;
import arbiter.tournament.TaskPlanner;
import arbiter.tune.SpsaGames;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a worker needs to play a test's games: its definition read as the server reads it, the rules,
 * the openings, the engines (this machine's declared ones by name, and those the test builds from
 * source, built here), the games' record context, and the executor that plays them — the same
 * {@link LocalExecutor} and {@link PlayerFactory} a local run uses, so every game and protocol works.
 */
final class TestPlan implements AutoCloseable {
    final long id;
    final TestDefinition definition;
    final Rules rules;
    private final OpeningBook book;
    final PdnWriter.Context context;
    final LocalExecutor executor;
    /** Tasks of this test being played (the plan is closed when the last ends). */
    int running;

    /**
     * @param own this machine's declared engines
     * @throws EngineBuild.BuildException when an engine the test builds from source fails to build
     */
    TestPlan(long id, TestDefinition definition, Map<String, ExternalEngine> own, int slots) {
        this.id = id;
        this.definition = definition;
        RunConfig config = definition.config();
        this.rules = Games.rules(config.game().variant(), config.game().rules());
        this.book = OpeningBook.load(config.openings(), rules);
        this.context = PdnRecorder.context(config, rules, Map.of());
        Map<String, ExternalEngine> engines = new LinkedHashMap<>(own);
        for (RunConfig.PlayerConfig p : definition.players()) {
            if (p.build() != null) {
                // an approved test's engine: built here from its repository at its commit (code run by design)
                Path program = EngineBuild.build(p.build(), Path.of("").toAbsolutePath(), EngineBuild.cache());
                List<String> command = new java.util.ArrayList<>(List.of(program.toString()));
                command.addAll(p.build().args());
                ExternalEngine declared = p.externalEngine();
                engines.put(p.name(), new ExternalEngine(p.protocol(), command, null, Map.of(), declared.initTimeoutMs(),
                        declared.hangTimeoutMs(), null, 0, null));
            }
        }
        this.executor = new LocalExecutor(slots, new PlayerFactory(engines), x -> { }, "test-" + id);
    }

    /**
     * The games of a task's pairs: two a pair, the pair's first player White first. An SPSA pair is
     * the run {@link SpsaGames#step} makes of it at the perturbation the server sent (the games a local
     * {@code arbiter tune} plays for its pair of that number), numbered as the test's pair.
     */
    List<GameSpec> games(Wire.Grant grant) {
        RunConfig config = definition.config();
        String run = "test-" + id;
        if (definition.kind() != TestDefinition.Kind.SPSA) {
            List<GameTask> tasks = TaskPlanner.plan(config, rules, book, grant.firstPair(), grant.firstPair() + grant.pairs());
            return tasks.stream().map(t -> spec(run, config, t)).toList();
        }
        if (grant.spsa() == null || grant.spsa().size() != grant.pairs()) {
            throw new IllegalStateException("task " + grant.task() + " of a tuning came without a perturbation for each pair");
        }
        List<GameSpec> specs = new ArrayList<>();
        for (Wire.Perturbation p : grant.spsa()) {
            RunConfig pair = SpsaGames.step(config, "-pair-", p.pair(), 1, p.plus(), p.minus(), Path.of(""));
            for (GameTask t : TaskPlanner.plan(pair, rules, book, 0, 1)) {
                specs.add(spec(run, pair, new GameTask(2 * p.pair() + t.id(), p.pair() + 1, p.pair(), t.white(), t.black(),
                        t.opening(), t.seed())));
            }
        }
        return specs;
    }

    private static GameSpec spec(String run, RunConfig config, GameTask t) {
        return new GameSpec(run, t, config.game().variant(), config.game().rules(), config.specOf(config.player(t.white())),
                config.specOf(config.player(t.black())), config.adjudication());
    }

    @Override
    public void close() {
        executor.close();
    }
}
