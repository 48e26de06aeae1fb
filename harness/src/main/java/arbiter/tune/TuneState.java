package arbiter.tune;

import arbiter.config.ConfigException;
import arbiter.io.BoundedFiles;
import arbiter.io.OwnFiles;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The checkpoint: next iteration, theta and the history so far. */
final class TuneState {
    private static final ObjectMapper JSON = new ObjectMapper();

    int next;
    double[] theta;
    final List<double[]> history = new ArrayList<>();

    /**
     * A tuning checkpoint's tree, or null when there is none yet. One of another config, or written by
     * the other mode (barrier or async), is refused with what to do.
     */
    static JsonNode readCheckpoint(Path file, JsonNode config, boolean async) throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        JsonNode node = JSON.readTree(BoundedFiles.readString(file, "a tuning checkpoint"));
        if (!config.equals(node.get("config"))) {
            throw new ConfigException(file + " belongs to a different tuning config; use another output or --force-new");
        }
        String mode = "async".equals(node.path("mode").asText()) ? "async" : "barrier";
        if (mode.equals("async") != async) {
            throw new ConfigException(file + " is the checkpoint of a tuning in " + mode + " mode; finish it in that mode "
                    + "(\"mode\": \"" + mode + "\" or --spsa-mode " + mode + "), or start over with --force-new");
        }
        return node;
    }

    static TuneState load(Path file, JsonNode config, double[] start) throws IOException {
        TuneState s = new TuneState();
        s.theta = start.clone();
        JsonNode node = readCheckpoint(file, config, false);
        if (node == null) {
            return s;
        }
        s.next = node.get("next").asInt();
        for (int i = 0; i < s.theta.length; i++) {
            s.theta[i] = node.get("theta").get(i).asDouble();
        }
        for (JsonNode row : node.get("history")) {
            double[] r = new double[row.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = row.get(i).asDouble();
            }
            s.history.add(r);
        }
        return s;
    }

    void save(Path file, JsonNode config) throws IOException {
        ObjectNode node = JSON.createObjectNode();
        node.put("next", next);
        node.set("theta", JSON.valueToTree(theta));
        ArrayNode rows = node.putArray("history");
        for (double[] r : history) {
            rows.add(JSON.valueToTree(r));
        }
        node.set("config", config);
        OwnFiles.replace(file, JSON.writeValueAsString(node));
    }
}
