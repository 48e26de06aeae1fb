package arbiter.execute;

import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.engine.EngineRegistry;
import arbiter.external.ExternalEngine;
import arbiter.external.ExternalPlayers;
import arbiter.game.Rules;
import arbiter.play.PlayerSpec;
import arbiter.player.Player;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link PlayerSpec} into a player on this machine. Built-in engines come from the spec (an
 * engine id, options and weights: nothing runs but our own code). An external engine's program,
 * arguments, folder and environment come only from this machine's own configuration, looked up by
 * the engine's name: a spec never carries a command, so a game received over the network cannot
 * make this machine run anything it was not configured to run.
 */
public final class PlayerFactory {
    private final Map<String, ExternalEngine> engines;
    /** Players started before the games (a run's pre-flight), each taken once by the first {@link #create} it fits. */
    private final List<Spare> spares = new ArrayList<>();

    private record Spare(PlayerSpec spec, Rules rules, Player player) {
    }

    /** @param engines the external engines this machine may run, by name */
    public PlayerFactory(Map<String, ExternalEngine> engines) {
        this.engines = Map.copyOf(engines);
    }

    /**
     * The external engines of a config's players, each under the name a spec gives it: the player's
     * {@code engine} when set (a tuning run's variants of one configured engine), else its own name.
     */
    public static PlayerFactory of(RunConfig config) {
        Map<String, ExternalEngine> engines = new LinkedHashMap<>();
        for (PlayerConfig p : config.players()) {
            if (p.external()) {
                engines.put(p.engine() != null ? p.engine() : p.name(), p.externalEngine());
            }
        }
        return new PlayerFactory(engines);
    }

    /** The external engines this machine has, by name. */
    public Map<String, ExternalEngine> engines() {
        return engines;
    }

    /** The names of the external engines this machine has. */
    public java.util.Set<String> engineNames() {
        return engines.keySet();
    }

    /**
     * @throws UnknownEngineException when the spec names an external engine this machine does not have,
     *                                or with another protocol
     */
    public Player create(PlayerSpec spec, Rules rules) {
        Player spare = takeSpare(spec, rules);
        if (spare != null) {
            return spare;
        }
        return createNew(spec, rules);
    }

    /** As {@link #create}, always starting a new player. */
    public Player createNew(PlayerSpec spec, Rules rules) {
        if (!spec.external()) {
            return EngineRegistry.create(spec.engine(), rules, spec.options(), spec.weights());
        }
        ExternalEngine engine = engines.get(spec.engine());
        if (engine == null) {
            throw new UnknownEngineException("player '" + spec.name() + "' needs the external engine '" + spec.engine()
                    + "', which is not in this machine's configuration" + (engines.isEmpty() ? " (it has none)"
                    : " (it has " + String.join(", ", engines.keySet()) + ")"));
        }
        if (engine.protocol() != spec.protocol()) {
            throw new UnknownEngineException("player '" + spec.name() + "' needs engine '" + spec.engine() + "' over "
                    + spec.protocol() + ", but this machine's '" + spec.engine() + "' speaks " + engine.protocol());
        }
        return ExternalPlayers.create(spec.name(), engine, spec.options(), rules);
    }

    /**
     * Keeps a player made by {@link #createNew} (and ready) for the first {@link #create} of the same
     * spec and rules: a run's pre-flight hands the engines it started to its game threads instead of
     * stopping them and starting them again.
     */
    public synchronized void addSpare(PlayerSpec spec, Rules rules, Player player) {
        spares.add(new Spare(spec, rules, player));
    }

    private synchronized Player takeSpare(PlayerSpec spec, Rules rules) {
        for (Iterator<Spare> it = spares.iterator(); it.hasNext(); ) {
            Spare s = it.next();
            if (s.spec().equals(spec) && s.rules().equals(rules)) {
                it.remove();
                return s.player();
            }
        }
        return null;
    }

    /** Closes the spares no game took (fewer game threads than engines, or a run that stopped early). */
    public void closeSpares() {
        List<Spare> left;
        synchronized (this) {
            left = new ArrayList<>(spares);
            spares.clear();
        }
        for (Spare s : left) {
            try {
                s.player().close();
            } catch (RuntimeException e) {
                // already gone: nothing to stop
            }
        }
    }

    /** A spec names an engine this machine cannot run. */
    public static final class UnknownEngineException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public UnknownEngineException(String message) {
            super(message);
        }
    }
}
