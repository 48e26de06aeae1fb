package arbiter.service.protocol;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A test's definition made from a few fields — the flags of {@code arbiter submit} and the submit
 * form's boxes: a player from {@code ENGINE[:PROTOCOL]}, its options and limits as {@code K=V}. The
 * result is read by {@link TestDefinition} like any submitted test.
 */
public final class TestFields {
    private TestFields() {
    }

    /** A player: {@code engine} is a built-in engine's id or a declared engine's name, with {@code :PROTOCOL} for the latter. */
    public static ObjectNode player(String name, String engine, Map<String, String> options, Map<String, String> limits) {
        ObjectNode p = JsonNodeFactory.instance.objectNode().put("name", name);
        int colon = engine.indexOf(':');
        p.put("engine", colon < 0 ? engine : engine.substring(0, colon));
        if (colon >= 0) {
            p.put("protocol", engine.substring(colon + 1));
        }
        if (!options.isEmpty()) {
            p.set("options", values(options));
        }
        if (!limits.isEmpty()) {
            p.set("limits", values(limits));
        }
        return p;
    }

    /** K=V values as JSON: numbers and booleans as such, the rest as text. */
    public static ObjectNode values(Map<String, String> kv) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        kv.forEach((k, v) -> {
            if (v.matches("-?\\d{1,18}")) {
                o.put(k, Long.parseLong(v));
            } else if (v.matches("-?\\d+\\.\\d+")) {
                o.put(k, Double.parseDouble(v));
            } else if (v.equals("true") || v.equals("false")) {
                o.put(k, Boolean.parseBoolean(v));
            } else {
                o.put(k, v);
            }
        });
        return o;
    }

    /**
     * {@code K=V} pairs separated by commas or new lines (a form's box), in order.
     *
     * @throws IllegalArgumentException naming the part that is not {@code K=V}
     */
    public static Map<String, String> pairs(String text, String what) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text == null) {
            return out;
        }
        for (String part : text.split("[,\\n]")) {
            String s = part.strip();
            if (s.isEmpty()) {
                continue;
            }
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(what + ": '" + (s.length() > 40 ? s.substring(0, 40) + "..." : s)
                        + "' is not NAME=VALUE");
            }
            out.put(s.substring(0, eq).strip(), s.substring(eq + 1).strip());
        }
        return out;
    }
}
