package arbiter.player;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A player's options as given in a config ({@code {"history": false, "ttMb": 16}}), read with a
 * default for each. Every option an engine reads is declared; {@link #checkAllKnown} rejects
 * anything else, naming the key and the known ones.
 */
public final class Options {
    private final Map<String, Object> values;
    private final Map<String, String> known = new LinkedHashMap<>();
    private final Map<String, Declaration> declarations = new LinkedHashMap<>();

    /**
     * An option as an engine reads it, so protocol servers can declare it (UCI {@code option}, Hub
     * {@code param}).
     *
     * @param kind         bool, integer, real, choice or string
     * @param defaultValue the engine's default as text (empty for no default)
     * @param min          integer and real: the smallest value; null otherwise
     * @param max          integer and real: the largest value; null otherwise
     * @param choices      choice: the allowed values; empty otherwise
     */
    public record Declaration(String name, String kind, String defaultValue, String min, String max,
                              List<String> choices, String description) {
        public Declaration {
            choices = List.copyOf(choices);
        }
    }

    public Options(Map<String, ?> values) {
        this.values = new LinkedHashMap<>(values);
    }

    public static Options none() {
        return new Options(Map.of());
    }

    public Map<String, Object> asMap() {
        return java.util.Collections.unmodifiableMap(values);
    }

    private Object raw(String name, String description, Object def) {
        known.put(name, description + (def == null ? "" : " (default " + def + ")"));
        return values.get(name);
    }

    public boolean bool(String name, boolean def, String description) {
        declare(new Declaration(name, "bool", Boolean.toString(def), null, null, List.of(), description));
        Object v = raw(name, description, def);
        if (v == null) {
            return def;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        String s = v.toString().trim().toLowerCase(Locale.ROOT);
        if (s.equals("true") || s.equals("false")) {
            return Boolean.parseBoolean(s);
        }
        throw new OptionException("option '" + name + "' must be true or false, got " + v);
    }

    public long integer(String name, long def, long min, long max, String description) {
        declare(new Declaration(name, "integer", Long.toString(def), Long.toString(min), Long.toString(max), List.of(),
                description));
        Object v = raw(name, description, def);
        if (v == null) {
            return def;
        }
        long n;
        if (v instanceof Number num && num.doubleValue() == Math.rint(num.doubleValue())) {
            n = num.longValue();
        } else {
            try {
                n = Long.parseLong(v.toString().trim());
            } catch (NumberFormatException e) {
                throw new OptionException("option '" + name + "' must be a whole number, got " + v);
            }
        }
        if (n < min || n > max) {
            throw new OptionException("option '" + name + "' must be between " + min + " and " + max + ", got " + n);
        }
        return n;
    }

    public double real(String name, double def, double min, double max, String description) {
        declare(new Declaration(name, "real", Double.toString(def), Double.toString(min), Double.toString(max),
                List.of(), description));
        Object v = raw(name, description, def);
        if (v == null) {
            return def;
        }
        double d;
        if (v instanceof Number num) {
            d = num.doubleValue();
        } else {
            try {
                d = Double.parseDouble(v.toString().trim());
            } catch (NumberFormatException e) {
                throw new OptionException("option '" + name + "' must be a number, got " + v);
            }
        }
        if (!(d >= min && d <= max)) {
            throw new OptionException("option '" + name + "' must be between " + min + " and " + max + ", got " + d);
        }
        return d;
    }

    public String choice(String name, String def, List<String> allowed, String description) {
        declare(new Declaration(name, "choice", def == null ? "" : def, null, null, allowed, description));
        Object v = raw(name, description, def);
        if (v == null) {
            return def;
        }
        String s = v.toString().trim();
        for (String a : allowed) {
            if (a.equalsIgnoreCase(s)) {
                return a;
            }
        }
        throw new OptionException("option '" + name + "' must be one of " + String.join(", ", allowed) + ", got " + v);
    }

    public String string(String name, String def, String description) {
        declare(new Declaration(name, "string", def == null ? "" : def, null, null, List.of(), description));
        Object v = raw(name, description, def);
        return v == null ? def : v.toString();
    }

    private void declare(Declaration d) {
        declarations.putIfAbsent(d.name(), d);
    }

    /** Every option read so far with its kind, default and range, in the order they were read. */
    public List<Declaration> declarations() {
        return List.copyOf(declarations.values());
    }

    /** Declared options with descriptions, in the order they were read. */
    public Map<String, String> known() {
        return java.util.Collections.unmodifiableMap(known);
    }

    /** Throws for any given option that no read declared. */
    public void checkAllKnown(String engineId) {
        Set<String> given = values.keySet();
        for (String name : given) {
            if (!known.containsKey(name)) {
                throw new OptionException("unknown option '" + name + "' for engine " + engineId
                        + "; known options: " + String.join(", ", known.keySet()));
            }
        }
    }
}
