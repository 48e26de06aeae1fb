package arbiter.play;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything a worker needs to play one game, and nothing it must trust beyond names: the task
 * (players, opening, colours, seed), the rules, both players' settings and the adjudication.
 *
 * @param run     the run this game belongs to (a tuning run's sub-runs each have their own)
 * @param variant the rules id, e.g. {@code international}, {@code chess}
 * @param rules   rule overrides by name
 * @param white   the player of {@code task.white()}
 * @param black   the player of {@code task.black()}
 */
public record GameSpec(String run, GameTask task, String variant, Map<String, String> rules, PlayerSpec white,
                       PlayerSpec black, Adjudication adjudication) {
    public GameSpec {
        rules = rules == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(rules));
        if (!white.name().equals(task.white()) || !black.name().equals(task.black())) {
            throw new IllegalArgumentException("players " + white.name() + " - " + black.name()
                    + " do not match game " + task.id() + " (" + task.white() + " - " + task.black() + ")");
        }
    }

    /** Index 0 plays White, 1 Black. */
    public PlayerSpec player(int side) {
        return side == 0 ? white : black;
    }
}
