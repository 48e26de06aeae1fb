package arbiter.play;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One player of a game as a value that can travel to another machine. It names an engine and its
 * settings, never a command line: a worker resolves an external engine's name against its own
 * configuration.
 *
 * @param name     the player's name in records and standings
 * @param engine   built-in: the engine id (e.g. {@code draughts-alphabeta}); external: the name of
 *                 the configured engine it runs (usually the player's own name)
 * @param protocol null for a built-in engine; the protocol of an external one
 * @param options  engine options (built-in options, or UCI/Hub options sent to an external engine)
 * @param weights  evaluation weights overriding the engine's defaults (built-in engines)
 * @param limits   this player's limits for the game
 */
public record PlayerSpec(String name, String engine, Protocol protocol, Map<String, Object> options,
                         Map<String, Double> weights, TimeLimits limits) {
    public PlayerSpec {
        options = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
        weights = weights == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(weights));
    }

    public boolean external() {
        return protocol != null;
    }
}
