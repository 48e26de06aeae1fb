package arbiter.execute;

import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.external.ExternalPlayer;
import arbiter.game.Rules;
import arbiter.play.Protocol;
import arbiter.play.GameTask;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The check before a run's first game: every external engine of the games left starts once and
 * completes its handshake, so a wrong command, a missing option or an engine that does not speak its
 * protocol stops the run before any game, naming the player. The engines start together (a run waits
 * for the slowest, not the sum); with a factory (the run's own game threads) those that pass are kept
 * as spares for the first game that needs them instead of being stopped. What each engine says it is
 * (its name and version) and the options it declared with their values are returned for the run's
 * records, report, page and console.
 */
public final class Preflight {
    private static final Logger LOG = LogManager.getLogger(Preflight.class);

    private Preflight() {
    }

    /**
     * What the engines said in their handshakes, by player, in the config's order.
     *
     * @param names   the name (and version) each external engine gave itself ({@link ExternalPlayer#ownName});
     *                players whose engine gave none are left out
     * @param options each external engine's declared options with their values ({@link ExternalPlayer#optionValues})
     */
    public record Ready(Map<String, String> names, Map<String, Map<String, String>> options) {
    }

    /**
     * @param factory the players of the run's own game threads (receives the spares), or null when the
     *                run plays on an executor of another's
     * @throws ConfigException naming every player that is not usable
     */
    public static Ready check(RunConfig config, Rules rules, List<GameTask> tasks, PlayerFactory factory) {
        Set<String> names = new LinkedHashSet<>();
        for (GameTask t : tasks) {
            names.add(t.white());
            names.add(t.black());
        }
        List<String> problems = new ArrayList<>();
        if (config.concurrency() > 1) {
            for (String n : names) {
                if (config.player(n).protocol() == Protocol.DXP) {
                    problems.add("$.concurrency: player '" + n + "' is a dxp engine on one port, so it plays one game "
                            + "at a time: run with concurrency 1");
                    break;
                }
            }
        }
        Map<String, CompletableFuture<ExternalPlayer>> starting = new LinkedHashMap<>();
        for (String n : names) {
            PlayerConfig pc = config.player(n);
            if (!pc.external() || (pc.protocol() == Protocol.DXP && pc.command().isEmpty())) {
                continue; // built-in, or a DXP engine run by someone else (a probe connection could end its session)
            }
            starting.put(n, start(config, rules, pc, factory));
        }
        Map<String, ExternalPlayer> ready = new LinkedHashMap<>();
        Map<String, String> own = new LinkedHashMap<>();
        Map<String, Map<String, String>> options = new LinkedHashMap<>();
        for (Map.Entry<String, CompletableFuture<ExternalPlayer>> e : starting.entrySet()) {
            String n = e.getKey();
            try {
                ExternalPlayer p = e.getValue().join();
                ready.put(n, p);
                LOG.info("engine {} is ready: {}", n, p.engineId());
                if (p.ownName() != null) {
                    own.put(n, p.ownName());
                }
                options.put(n, p.optionValues());
            } catch (CompletionException failed) {
                Throwable cause = failed.getCause() != null ? failed.getCause() : failed;
                problems.add("$.players[" + config.players().indexOf(config.player(n)) + "]: engine '" + n
                        + "' is not usable: " + cause.getMessage());
            }
        }
        for (Map.Entry<String, ExternalPlayer> e : ready.entrySet()) {
            PlayerConfig pc = config.player(e.getKey());
            if (problems.isEmpty() && factory != null && pc.protocol() != Protocol.DXP) {
                factory.addSpare(config.specOf(pc), rules, e.getValue()); // the first game thread to need it takes it
            } else {
                e.getValue().close();
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        Map<String, String> inOrder = new LinkedHashMap<>();
        Map<String, Map<String, String>> optionsInOrder = new LinkedHashMap<>();
        for (RunConfig.PlayerConfig pc : config.players()) {
            if (own.containsKey(pc.name())) {
                inOrder.put(pc.name(), own.get(pc.name()));
            }
            if (options.containsKey(pc.name())) {
                optionsInOrder.put(pc.name(), options.get(pc.name()));
            }
        }
        return new Ready(inOrder, optionsInOrder);
    }

    /** Starts one engine on a thread of its own and completes its handshake. */
    private static CompletableFuture<ExternalPlayer> start(RunConfig config, Rules rules, PlayerConfig pc,
                                                           PlayerFactory factory) {
        CompletableFuture<ExternalPlayer> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            ExternalPlayer p = null;
            try {
                PlayerFactory maker = factory != null ? factory : PlayerFactory.of(config);
                p = (ExternalPlayer) maker.createNew(config.specOf(pc), rules);
                p.ensureReady();
                f.complete(p);
            } catch (RuntimeException | Error e) {
                if (p != null) {
                    p.close();
                }
                f.completeExceptionally(e);
            }
        }, "preflight-" + pc.name());
        t.setDaemon(true);
        t.start();
        return f;
    }
}
