package arbiter.config;

import arbiter.build.EngineBuild;
import arbiter.io.BoundedFiles;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.engine.EngineRegistry;
import arbiter.external.ExternalEngine;
import arbiter.external.ProtocolRules;
import arbiter.game.Rules;
import arbiter.play.TimeLimits;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code players}: each one's {@code extends} chain merged in, then a built-in engine with
 * its options and weights (probed once so a wrong option is reported now), or an external engine
 * ({@link ExternalEngineReader}) whose options and limits its protocol must accept ({@link ProtocolRules}).
 */
final class PlayersReader {
    static final Set<String> PLAYER_KEYS = Set.of("name", "engine", "extends", "options", "weights", "weightsFile",
            "command", "protocol", "limits", "workingDir", "env", "initTimeoutMs", "hangTimeoutMs", "host", "port", "role",
            "build");

    private PlayersReader() {
    }

    static List<PlayerConfig> players(JsonReader r, JsonNode node, Path base, Rules rules, TimeLimits runLimits,
                                      Site site) {
        List<PlayerConfig> out = new ArrayList<>();
        if (node == null) {
            r.problem("$.players", "missing; required array of players");
            return out;
        }
        if (!node.isArray() || node.isEmpty()) {
            r.problem("$.players", "must be a non-empty array of players");
            return out;
        }
        // First pass: raw objects by name, to resolve "extends".
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        Map<String, Integer> indexOf = new HashMap<>();
        for (int i = 0; i < node.size(); i++) {
            String path = "$.players[" + i + "]";
            JsonNode p = node.get(i);
            if (!p.isObject()) {
                r.problem(path, "must be an object");
                continue;
            }
            r.allowOnly(p, path, PLAYER_KEYS);
            String name = r.string(p, "name", path, null, true);
            if (name == null) {
                continue;
            }
            if (name.isBlank() || name.contains("\"") || name.contains("\n")) {
                r.problem(path + ".name", "must be non-empty without quotes or line breaks");
            }
            if (byName.containsKey(name)) {
                r.problem(path + ".name", "duplicate player name '" + name + "'");
                continue;
            }
            byName.put(name, p);
            indexOf.put(name, i);
        }
        for (Map.Entry<String, JsonNode> entry : byName.entrySet()) {
            String name = entry.getKey();
            String path = "$.players[" + indexOf.get(name) + "]";
            ObjectNode merged = resolveExtends(r, name, byName, path);
            if (merged == null) {
                continue;
            }
            out.add(player(r, merged, path, base, rules, runLimits, site));
        }
        return out;
    }

    /** The player's JSON with the chain of {@code extends} merged in (options and weights merged by key). */
    static ObjectNode resolveExtends(JsonReader r, String name, Map<String, JsonNode> byName, String path) {
        List<JsonNode> chain = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        String current = name;
        while (current != null) {
            if (seen.contains(current)) {
                r.problem(path + ".extends", "cycle of extends: " + String.join(" -> ", seen) + " -> " + current);
                return null;
            }
            seen.add(current);
            JsonNode p = byName.get(current);
            if (p == null) {
                r.problem(path + ".extends", "unknown player '" + current + "'; players: " + String.join(", ", byName.keySet()));
                return null;
            }
            chain.add(0, p);
            JsonNode ext = p.get("extends");
            if (ext != null && !ext.isTextual()) {
                r.problem(path + ".extends", "must be the name of another player");
                return null;
            }
            current = ext == null ? null : ext.asText();
        }
        ObjectNode merged = JsonReader.JSON.createObjectNode();
        for (JsonNode p : chain) {
            for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = e.getKey();
                JsonNode value = e.getValue();
                if ((key.equals("options") || key.equals("weights") || key.equals("limits"))
                        && value.isObject() && merged.get(key) instanceof ObjectNode existing) {
                    ObjectNode copy = existing.deepCopy();
                    copy.setAll((ObjectNode) value);
                    merged.set(key, copy);
                } else {
                    merged.set(key, value.deepCopy());
                }
            }
        }
        merged.put("name", name);
        return merged;
    }

    static PlayerConfig player(JsonReader r, ObjectNode p, String path, Path base, Rules rules,
                                       TimeLimits runLimits, Site site) {
        String name = p.get("name").asText();
        String engine = r.string(p, "engine", path, null, false);
        // For the service, "engine" with a "protocol" names an engine the worker declares (its command is the worker's).
        boolean declared = site == Site.SERVICE && engine != null && p.has("protocol");
        ExternalEngine external = engine == null || declared ? ExternalEngineReader.external(r, p, path, base, rules, site) : null;
        EngineBuild.Spec build = site == Site.SERVICE && p.has("build") && !declared
                ? BuildReader.spec(r, p.get("build"), path + ".build", site) : null;
        if (engine == null && external == null) {
            r.problem(path, site == Site.SERVICE
                    ? "needs an \"engine\" (a built-in engine id; with a \"protocol\", an engine the worker declares) "
                            + "or a \"protocol\" and \"build\" (an engine the worker builds from source)"
                    : "needs an \"engine\" (built-in engine id) or a \"protocol\" and \"command\" (external engine)");
        }
        if (site == Site.SERVICE && external != null && !declared && !p.has("build")) {
            r.problem(path, "an external engine of a test needs \"engine\" (the name of an engine the worker declares) "
                    + "or \"build\" (a repository the worker builds)");
        }
        if (declared && p.has("build")) {
            r.problem(path + ".build", "give \"engine\" (an engine the worker declares) or \"build\", not both");
        }
        if (engine != null && !declared) {
            for (String key : ExternalEngineReader.EXTERNAL_KEYS) {
                if (p.has(key)) {
                    r.problem(path + "." + key, "only for external engines; this player is the built-in engine '"
                            + engine + "' (remove \"engine\" to run a program)");
                }
            }
        }
        Map<String, Object> options = new LinkedHashMap<>();
        JsonNode optionsNode = p.get("options");
        if (optionsNode != null) {
            if (!optionsNode.isObject()) {
                r.problem(path + ".options", "must be an object of option: value");
            } else {
                for (Iterator<Map.Entry<String, JsonNode>> it = optionsNode.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    JsonNode v = e.getValue();
                    options.put(e.getKey(), v.isBoolean() ? v.asBoolean() : v.isIntegralNumber() ? v.asLong()
                            : v.isNumber() ? v.asDouble() : v.asText());
                }
            }
        }
        Map<String, Double> weights = new LinkedHashMap<>();
        String weightsFile = r.string(p, "weightsFile", path, null, false);
        if (weightsFile != null && site == Site.SERVICE) {
            r.problem(path + ".weightsFile", "a test carries its weights inline: give them in \"weights\"");
        } else if (weightsFile != null) {
            Path wf = base.resolve(weightsFile).normalize();
            String problem = BoundedFiles.notAFile(wf, "file");
            if (problem != null) {
                r.problem(path + ".weightsFile", problem);
            } else {
                try {
                    JsonNode wn = JsonReader.parse(BoundedFiles.readString(wf, "a weights file"), wf);
                    readWeights(r, wn, path + ".weightsFile(" + weightsFile + ")", weights);
                } catch (ConfigException e) {
                    r.problem(path + ".weightsFile", e.problems().get(0));
                } catch (IOException e) {
                    r.problem(path + ".weightsFile", e instanceof BoundedFiles.FileTooLargeException ? e.getMessage()
                            : "cannot read " + wf + ": " + e.getMessage());
                }
            }
        }
        JsonNode weightsNode = p.get("weights");
        if (weightsNode != null) {
            readWeights(r, weightsNode, path + ".weights", weights);
        }
        if (external != null && (p.has("weights") || p.has("weightsFile"))) {
            r.problem(path + (p.has("weights") ? ".weights" : ".weightsFile"),
                    "only built-in engines take weights; give an external engine its settings in \"options\"");
        }
        TimeLimits own = p.has("limits") ? LimitsReader.limits(r, p.get("limits"), path + ".limits") : null;
        TimeLimits effective = own != null ? own : runLimits;
        boolean needsLimit = external == null ? !EngineRegistry.boundsItself(engine) : ProtocolRules.needsLimit(external.protocol());
        if (needsLimit && !LimitsReader.hasAnyLimit(effective)) {
            r.problem(own != null ? path + ".limits" : "$.limits",
                    "no limit for player '" + name + "': give depth, nodes, moveTimeMs or timeMs");
        }
        // Options that Arbiter itself interprets are checked now; UCI and Hub options are checked against
        // the engine's own declarations when it starts.
        String limitsPath = own != null ? path + ".limits" : "$.limits";
        if (external != null && external.protocol() != null) {
            ProtocolRules.check(external.protocol(), name, options, effective, (where, message) ->
                    r.problem(where == ProtocolRules.Where.OPTIONS ? path + ".options" : limitsPath, message));
        }
        // A built-in engine is created once here so unknown options and weights are reported now.
        if (engine != null && !declared && rules != null) {
            EngineLookup.probeBuiltIn(r, path, engine, rules, options, weights);
        }
        return new PlayerConfig(name, engine, options, weights, external, own, build);
    }

    static void readWeights(JsonReader r, JsonNode node, String path, Map<String, Double> into) {
        if (!node.isObject()) {
            r.problem(path, "must be an object of weight name: number");
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isNumber()) {
                r.problem(path + "." + e.getKey(), "must be a number, got " + JsonReader.kind(e.getValue()));
            } else {
                into.put(e.getKey(), e.getValue().asDouble());
            }
        }
    }
}
