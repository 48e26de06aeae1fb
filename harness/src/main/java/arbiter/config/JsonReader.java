package arbiter.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads a JSON tree field by field, collecting every problem with its JSON path instead of stopping
 * at the first, so a user sees all mistakes at once.
 */
final class JsonReader {
    /** Reads a config and the files it names: comments allowed, a key given twice refused, one value a file. */
    static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonParser.Feature.ALLOW_COMMENTS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * The JSON value of {@code file}'s {@code text}; text that is not one JSON value (a syntax error, or
     * a second value after the first) is a problem naming the file, line and column.
     */
    static JsonNode parse(String text, Path file) throws ConfigException {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            String where = file + ": not valid JSON at line " + (loc == null ? "?" : loc.getLineNr())
                    + ", column " + (loc == null ? "?" : loc.getColumnNr()) + ": ";
            String message = String.valueOf(e.getOriginalMessage());
            throw new ConfigException(where + (message.startsWith("Trailing token")
                    ? "a second JSON value after the first (a file holds one)" : message));
        }
    }

    private final List<String> problems = new ArrayList<>();

    List<String> problems() {
        return problems;
    }

    void problem(String path, String message) {
        problems.add(path + ": " + message);
    }

    /** Reports keys of an object outside {@code allowed}. */
    void allowOnly(JsonNode node, String path, Set<String> allowed) {
        if (node == null || !node.isObject()) {
            return;
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                problem(path + "." + key, "unknown key; allowed keys: " + String.join(", ", sorted(allowed)));
            }
        }
    }

    private static List<String> sorted(Set<String> keys) {
        List<String> list = new ArrayList<>(keys);
        java.util.Collections.sort(list);
        return list;
    }

    JsonNode object(JsonNode parent, String key, String path, boolean required) {
        JsonNode n = parent == null ? null : parent.get(key);
        if (n == null || n.isNull()) {
            if (required) {
                problem(path + "." + key, "missing; required object");
            }
            return null;
        }
        if (!n.isObject()) {
            problem(path + "." + key, "must be an object, got " + kind(n));
            return null;
        }
        return n;
    }

    String string(JsonNode parent, String key, String path, String def, boolean required) {
        JsonNode n = parent == null ? null : parent.get(key);
        if (n == null || n.isNull()) {
            if (required) {
                problem(path + "." + key, "missing; required string");
            }
            return def;
        }
        if (!n.isTextual()) {
            problem(path + "." + key, "must be a string, got " + kind(n));
            return def;
        }
        return n.asText();
    }

    String choice(JsonNode parent, String key, String path, String def, List<String> allowed) {
        String s = string(parent, key, path, def, def == null);
        if (s != null && !allowed.contains(s)) {
            problem(path + "." + key, "'" + s + "' is not allowed; allowed values: " + String.join(", ", allowed));
            return def;
        }
        return s;
    }

    long integer(JsonNode parent, String key, String path, long def, long min, long max) {
        JsonNode n = parent == null ? null : parent.get(key);
        if (n == null || n.isNull()) {
            return def;
        }
        if (!n.isIntegralNumber() && !(n.isNumber() && n.asDouble() == Math.rint(n.asDouble()))) {
            problem(path + "." + key, "must be a whole number, got " + kind(n));
            return def;
        }
        if (!n.canConvertToLong() || (n.isFloatingPointNumber() && Math.abs(n.asDouble()) >= 0x1p63)) {
            problem(path + "." + key, "must be between " + min + " and " + max + ", got " + n.asText());
            return def;
        }
        long v = n.asLong();
        if (v < min || v > max) {
            problem(path + "." + key, "must be between " + min + " and " + max + ", got " + v);
            return def;
        }
        return v;
    }

    double number(JsonNode parent, String key, String path, double def, double min, double max) {
        JsonNode n = parent == null ? null : parent.get(key);
        if (n == null || n.isNull()) {
            return def;
        }
        if (!n.isNumber()) {
            problem(path + "." + key, "must be a number, got " + kind(n));
            return def;
        }
        double v = n.asDouble();
        if (!(v >= min && v <= max)) {
            problem(path + "." + key, "must be between " + min + " and " + max + ", got " + v);
            return def;
        }
        return v;
    }

    boolean bool(JsonNode parent, String key, String path, boolean def) {
        JsonNode n = parent == null ? null : parent.get(key);
        if (n == null || n.isNull()) {
            return def;
        }
        if (!n.isBoolean()) {
            problem(path + "." + key, "must be true or false, got " + kind(n));
            return def;
        }
        return n.asBoolean();
    }

    static String kind(JsonNode n) {
        if (n.isTextual()) {
            return "the string \"" + n.asText() + "\"";
        }
        if (n.isNumber()) {
            return "the number " + n.asText();
        }
        if (n.isBoolean()) {
            return n.asText();
        }
        if (n.isArray()) {
            return "an array";
        }
        if (n.isObject()) {
            return "an object";
        }
        return "null";
    }
}
