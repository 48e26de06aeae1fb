package arbiter.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of an evaluation's named weights: a plain name to number map, as the tuner sees it.
 * The set of names is fixed by the evaluation's {@link WeightSpec}s; a missing name takes its
 * default, an unknown name or a non-number is an error naming the key. Immutable.
 */
public final class Weights {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<WeightSpec> specs;
    private final double[] values;

    private Weights(List<WeightSpec> specs, double[] values) {
        this.specs = specs;
        this.values = values;
    }

    /** The defaults of every spec. */
    public static Weights defaults(List<WeightSpec> specs) {
        double[] values = new double[specs.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = specs.get(i).defaultValue();
        }
        return new Weights(List.copyOf(specs), values);
    }

    /** These weights with some replaced by name. */
    public Weights with(Map<String, ? extends Number> changes) {
        double[] copy = values.clone();
        for (Map.Entry<String, ? extends Number> e : changes.entrySet()) {
            copy[indexOf(e.getKey(), "")] = e.getValue().doubleValue();
        }
        return new Weights(specs, copy);
    }

    /** These weights with the values of a JSON object ({@code {"man":2,"king":9}}) applied. */
    public Weights withJson(String json) {
        JsonNode node;
        try {
            node = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new WeightsException("weights are not valid JSON: " + e.getOriginalMessage());
        }
        return withJson(node, "");
    }

    /**
     * These weights with a parsed JSON object applied.
     *
     * @param where JSON path of the object, for error messages (e.g. {@code players[1].weights})
     */
    public Weights withJson(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw new WeightsException(label(where) + "weights must be a JSON object of name: number");
        }
        double[] copy = values.clone();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            int index = indexOf(e.getKey(), where);
            if (!e.getValue().isNumber()) {
                throw new WeightsException(label(where) + "weight '" + e.getKey() + "' must be a number, got "
                        + e.getValue());
            }
            copy[index] = e.getValue().doubleValue();
        }
        return new Weights(specs, copy);
    }

    /** The largest weights file read (16 MiB): thousands of times a real one. */
    static final long MAX_FILE_BYTES = 16L << 20;

    /** These weights with the values of a JSON file applied. */
    public Weights withFile(Path file) throws IOException {
        if (Files.isRegularFile(file) && Files.size(file) > MAX_FILE_BYTES) {
            throw new WeightsException(file + ": " + Files.size(file) + " bytes, more than the 16 MiB a weights file may have (the wrong file?)");
        }
        try {
            return withJson(Files.readString(file));
        } catch (WeightsException e) {
            throw new WeightsException(file + ": " + e.getMessage());
        }
    }

    private int indexOf(String name, String where) {
        for (int i = 0; i < specs.size(); i++) {
            if (specs.get(i).name().equals(name)) {
                return i;
            }
        }
        StringBuilder known = new StringBuilder();
        for (WeightSpec s : specs) {
            known.append(known.length() == 0 ? "" : ", ").append(s.name());
        }
        throw new WeightsException(label(where) + "unknown weight '" + name + "'; known weights: " + known);
    }

    private static String label(String where) {
        return where == null || where.isEmpty() ? "" : where + ": ";
    }

    public double get(String name) {
        return values[indexOf(name, "")];
    }

    /** Value by position in {@link #specs()} (the fast way for evaluations). */
    public double get(int index) {
        return values[index];
    }

    public List<WeightSpec> specs() {
        return specs;
    }

    public int size() {
        return values.length;
    }

    /** All values in spec order (a copy). */
    public double[] toArray() {
        return values.clone();
    }

    /** Weights with the same names and new values in spec order. */
    public Weights withValues(double[] newValues) {
        if (newValues.length != values.length) {
            throw new IllegalArgumentException("expected " + values.length + " values, got " + newValues.length);
        }
        return new Weights(specs, newValues.clone());
    }

    /** Name to value, in spec order. */
    public Map<String, Double> toMap() {
        Map<String, Double> map = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            map.put(specs.get(i).name(), values[i]);
        }
        return map;
    }

    /** A JSON object of every weight; whole numbers are written without a fraction. */
    public String toJson() {
        ObjectNode node = JSON.createObjectNode();
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                node.put(specs.get(i).name(), (long) v);
            } else {
                node.put(specs.get(i).name(), v);
            }
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Weights w && w.specs.equals(specs) && Arrays.equals(w.values, values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return toMap().toString();
    }
}
