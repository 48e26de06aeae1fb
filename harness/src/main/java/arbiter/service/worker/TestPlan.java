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
import arbiter.tournament.OpeningBook;
import arbiter.tournament.PdnRecorder;
import arbiter.tournament.TaskPlanner;
import java.nio.file.Path;
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

    /** The games of pairs {@code first .. first + pairs - 1}: two a pair, the tested player White first. */
    List<GameSpec> games(int first, int pairs) {
        RunConfig config = definition.config();
        List<GameTask> tasks = TaskPlanner.plan(config, rules, book, first, first + pairs);
        String run = "test-" + id;
        return tasks.stream().map(t -> new GameSpec(run, t, config.game().variant(), config.game().rules(),
                config.specOf(config.player(t.white())), config.specOf(config.player(t.black())), config.adjudication())).toList();
    }

    @Override
    public void close() {
        executor.close();
    }
}
