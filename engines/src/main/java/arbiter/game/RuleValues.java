package arbiter.game;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A variant's rule parameters by name, with overrides applied and read back as typed values. Every
 * family's {@code withOverrides} uses it, so unknown names and bad values read the same everywhere.
 */
public final class RuleValues {
    private final Map<String, String> values;

    private RuleValues(Map<String, String> values) {
        this.values = values;
    }

    /**
     * The current parameters with the overrides applied.
     *
     * @throws NotationException for a name that is not a parameter of the variant, listing the known ones
     */
    public static RuleValues of(String variant, Map<String, String> current, Map<String, String> overrides)
            throws NotationException {
        Map<String, String> values = new LinkedHashMap<>(current);
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            if (!values.containsKey(e.getKey())) {
                throw new NotationException("unknown rule '" + e.getKey() + "' for " + variant
                        + "; known rules: " + String.join(", ", current.keySet()));
            }
            values.put(e.getKey(), e.getValue());
        }
        return new RuleValues(values);
    }

    public String text(String name) {
        return values.get(name);
    }

    public boolean bool(String name) throws NotationException {
        String v = values.get(name).trim().toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return v.equals("true");
        }
        throw new NotationException("rule " + name + " must be true or false; got '" + values.get(name) + "'");
    }

    public int integer(String name) throws NotationException {
        try {
            return Integer.parseInt(values.get(name).trim());
        } catch (NumberFormatException e) {
            throw new NotationException("rule " + name + " must be a whole number; got '" + values.get(name) + "'");
        }
    }
}
