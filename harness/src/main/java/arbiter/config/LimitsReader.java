package arbiter.config;

import arbiter.play.TimeLimits;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/** Reads a {@code limits} block: the run's, or a player's own. */
final class LimitsReader {
    static final Set<String> LIMITS_KEYS = Set.of("depth", "nodes", "moveTimeMs", "timeMs", "incrementMs",
            "movesPerPeriod", "marginMs");

    private LimitsReader() {
    }

    static TimeLimits limits(JsonReader r, JsonNode node, String path) {
        if (node != null && !node.isObject()) {
            r.problem(path, "must be an object, got " + JsonReader.kind(node));
            node = null;
        }
        r.allowOnly(node, path, LIMITS_KEYS);
        if (node != null && node.has("depth") && node.get("depth").isIntegralNumber() && node.get("depth").asLong() == 0) {
            // 0 would silently mean "no depth limit", never "search 0 plies"
            r.problem(path + ".depth", "0 is not a depth; give 1 or more, or leave it out for no depth limit"
                    + " (backgammon's greedy 0-ply player is the option \"plies\": 0)");
        }
        return new TimeLimits(
                (int) r.integer(node, "depth", path, 0, 0, 200),
                r.integer(node, "nodes", path, 0, 0, Long.MAX_VALUE),
                r.integer(node, "moveTimeMs", path, 0, 0, Long.MAX_VALUE),
                r.integer(node, "timeMs", path, 0, 0, Long.MAX_VALUE),
                r.integer(node, "incrementMs", path, 0, 0, Long.MAX_VALUE),
                (int) r.integer(node, "movesPerPeriod", path, 0, 0, 10_000),
                r.integer(node, "marginMs", path, 100, 0, Long.MAX_VALUE));
    }

    static boolean hasAnyLimit(TimeLimits t) {
        return t.depth() > 0 || t.nodes() > 0 || t.moveTimeMs() > 0 || t.timeMs() > 0;
    }
}
