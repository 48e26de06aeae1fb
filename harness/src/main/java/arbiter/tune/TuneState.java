package arbiter.tune;

import arbiter.config.ConfigException;
import arbiter.tournament.RunState;
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

    static TuneState load(Path file, JsonNode config, double[] start) throws IOException {
        TuneState s = new TuneState();
        s.theta = start.clone();
        if (!Files.exists(file)) {
            return s;
        }
        JsonNode node = JSON.readTree(Files.readString(file));
        if (!config.equals(node.get("config"))) {
            throw new ConfigException(file + " belongs to a different tuning config; use another output or --force-new");
        }
        if ("async".equals(node.path("mode").asText())) {
            throw new ConfigException(file + " is the checkpoint of a tuning in async mode; finish it in that mode "
                    + "(\"mode\": \"async\" or --spsa-mode async), or start over with --force-new");
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
        RunState.writeAtomically(file, JSON.writeValueAsString(node));
    }
}
