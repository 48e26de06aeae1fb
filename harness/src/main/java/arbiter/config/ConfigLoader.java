package arbiter.config;

import arbiter.play.Adjudication;
import arbiter.config.RunConfig.ExternalEngine;
import arbiter.config.RunConfig.Game;
import arbiter.config.RunConfig.Openings;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.config.RunConfig.Schedule;
import arbiter.config.RunConfig.Sprt;
import arbiter.play.TimeLimits;
import arbiter.engine.EngineRegistry;
import arbiter.game.GameFamily;
import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.player.Player;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and validates a run config. Every problem is collected with its JSON path and what is
 * allowed, and reported together; nothing is played from an invalid config. Input files (openings,
 * weights) are resolved against the config file's folder; {@code output} against the working folder.
 */
public final class ConfigLoader {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonParser.Feature.ALLOW_COMMENTS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    static final Set<String> TOP_KEYS = Set.of("name", "game", "players", "schedule", "openings", "limits",
            "adjudication", "concurrency", "output", "seed", "reportEvery", "description", "tune", "anchors");
    static final Set<String> TUNE_KEYS = Set.of("method", "player", "opponent", "iterations", "pairsPerIteration", "A",
            "weights", "validation", "rounds", "gamesPerRound", "threshold", "skipPlies");
    static final Set<String> TUNE_WEIGHT_KEYS = Set.of("start", "min", "max", "cEnd", "rEnd", "integer");
    static final Set<String> VALIDATION_KEYS = Set.of("games", "sprt");
    static final Set<String> GAME_KEYS = Set.of("variant", "rules");
    static final Set<String> PLAYER_KEYS = Set.of("name", "engine", "extends", "options", "weights", "weightsFile",
            "command", "protocol", "limits", "workingDir", "env", "initTimeoutMs", "hangTimeoutMs", "host", "port", "role",
            "build");
    /** Keys that only an external engine may have. */
    static final List<String> EXTERNAL_KEYS = List.of("command", "build", "protocol", "workingDir", "env", "initTimeoutMs",
            "hangTimeoutMs", "host", "port", "role");
    static final List<String> DXP_ROLES = List.of("initiator", "follower");
    /** Where programs named without a folder are looked for besides PATH (Debian installs engines there). */
    static final List<Path> EXTRA_PROGRAM_FOLDERS = List.of(Path.of("/usr/games"), Path.of("/usr/local/games"));
    static final Set<String> SCHEDULE_KEYS = Set.of("type", "rounds", "players", "games", "sprt");
    static final Set<String> SPRT_KEYS = Set.of("elo0", "elo1", "alpha", "beta", "normalized");
    static final Set<String> OPENINGS_KEYS = Set.of("file", "format", "order", "randomPlies", "pairs");
    static final Set<String> LIMITS_KEYS = Set.of("depth", "nodes", "moveTimeMs", "timeMs", "incrementMs",
            "movesPerPeriod", "marginMs");
    static final Set<String> ADJUDICATION_KEYS = Set.of("drawMinPlies", "drawScore", "drawMoves", "resignScore",
            "resignMoves", "maxPlies", "resignTwoSided");
    static final List<String> SCHEDULE_TYPES = List.of("round-robin", "gauntlet", "match");
    static final List<String> PROTOCOLS = List.of("uci", "xboard", "hub", "hub1", "dxp", "gnubg");

    private ConfigLoader() {
    }

    public static RunConfig load(Path file) throws ConfigException {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage());
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new ConfigException(file + ": not valid JSON at line " + (loc == null ? "?" : loc.getLineNr())
                    + ", column " + (loc == null ? "?" : loc.getColumnNr()) + ": " + e.getOriginalMessage());
        }
        Path base = file.toAbsolutePath().getParent();
        String defaultName = file.getFileName().toString().replaceFirst("\\.json$", "");
        return parse(root, base, defaultName);
    }

    /** Validates a parsed config; {@code base} resolves relative input files. */
    public static RunConfig parse(JsonNode root, Path base, String defaultName) throws ConfigException {
        JsonReader r = new JsonReader();
        if (root == null || !root.isObject()) {
            throw new ConfigException("$: a config must be a JSON object");
        }
        r.allowOnly(root, "$", TOP_KEYS);
        String name = r.string(root, "name", "$", defaultName, false);
        if (name != null && (name.contains("/") || name.contains("\\") || name.equals(".") || name.equals("..")
                || name.isBlank() || name.chars().anyMatch(Character::isISOControl))) {
            r.problem("$.name", "'" + name + "' cannot name a folder inside results/: use no '/', '\\', control "
                    + "characters, '.' or '..' (or set \"output\" to choose the folder)");
            name = "invalid";
        }

        // game
        JsonNode gameNode = r.object(root, "game", "$", true);
        r.allowOnly(gameNode, "$.game", GAME_KEYS);
        String variant = r.string(gameNode, "variant", "$.game", null, gameNode != null);
        Map<String, String> ruleOverrides = new LinkedHashMap<>();
        JsonNode rulesNode = r.object(gameNode, "rules", "$.game", false);
        if (rulesNode != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = rulesNode.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isContainerNode()) {
                    r.problem("$.game.rules." + e.getKey(), "must be a string, number or boolean");
                } else {
                    ruleOverrides.put(e.getKey(), e.getValue().asText());
                }
            }
        }
        Rules rules = null;
        if (variant != null) {
            try {
                rules = Games.rules(variant, ruleOverrides);
            } catch (NotationException e) {
                r.problem(e.getMessage().startsWith("unknown game variant") ? "$.game.variant" : "$.game.rules",
                        e.getMessage());
            }
        }

        // limits (run-wide)
        TimeLimits limits = limits(r, root.get("limits"), "$.limits");

        // players
        List<PlayerConfig> players = players(r, root.get("players"), base, rules, limits);
        List<String> names = new ArrayList<>();
        for (PlayerConfig p : players) {
            names.add(p.name());
        }

        // schedule
        boolean tuning = root.has("tune");
        JsonNode scheduleNode = r.object(root, "schedule", "$", !tuning);
        Schedule schedule = schedule(r, scheduleNode, names);
        RunConfig.Tune tune = tuning ? tune(r, root.get("tune"), players, rules) : null;
        Map<String, Double> anchors = anchors(r, root.get("anchors"), names, schedule, tuning);

        // openings
        JsonNode openingsNode = r.object(root, "openings", "$", false);
        r.allowOnly(openingsNode, "$.openings", OPENINGS_KEYS);
        Path openingsFile = null;
        String fileText = r.string(openingsNode, "file", "$.openings", null, false);
        if (fileText != null) {
            openingsFile = base.resolve(fileText).normalize();
            if (!Files.isRegularFile(openingsFile)) {
                r.problem("$.openings.file", "no such file: " + openingsFile);
            }
        }
        String defaultFormat = fileText == null ? "fen" : fileText.toLowerCase().endsWith(".epd") ? "epd"
                : fileText.toLowerCase().matches(".*\\.(pdn|pgn)$") ? "pdn" : "fen";
        Openings openings = new Openings(openingsFile,
                r.choice(openingsNode, "format", "$.openings", defaultFormat, List.of("pdn", "fen", "epd")),
                r.choice(openingsNode, "order", "$.openings", "sequential", List.of("sequential", "random")),
                (int) r.integer(openingsNode, "randomPlies", "$.openings", 0, 0, 200),
                r.bool(openingsNode, "pairs", "$.openings", true));

        // adjudication
        JsonNode adj = r.object(root, "adjudication", "$", false);
        r.allowOnly(adj, "$.adjudication", ADJUDICATION_KEYS);
        Adjudication adjudication = new Adjudication(
                (int) r.integer(adj, "drawMinPlies", "$.adjudication", 0, 0, 100_000),
                (int) r.integer(adj, "drawScore", "$.adjudication", 0, 0, 1_000_000),
                (int) r.integer(adj, "drawMoves", "$.adjudication", 0, 0, 100_000),
                (int) r.integer(adj, "resignScore", "$.adjudication", 0, 0, 10_000_000),
                (int) r.integer(adj, "resignMoves", "$.adjudication", 0, 0, 100_000),
                (int) r.integer(adj, "maxPlies", "$.adjudication", 1000, 0, 100_000),
                r.bool(adj, "resignTwoSided", "$.adjudication", false));

        int concurrency = (int) r.integer(root, "concurrency", "$", Math.max(1, Runtime.getRuntime().availableProcessors()), 1, 512);
        String output = r.string(root, "output", "$", "results/" + name, false);
        long seed = r.integer(root, "seed", "$", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        int reportEvery = (int) r.integer(root, "reportEvery", "$", 20, 1, 1_000_000);
        r.string(root, "description", "$", null, false);

        if (!r.problems().isEmpty()) {
            throw new ConfigException(r.problems());
        }
        return new RunConfig(name, new Game(variant, ruleOverrides), players, schedule, openings, limits,
                adjudication, concurrency, Path.of(output), seed, reportEvery, tune, anchors, root);
    }

    /**
     * {@code anchors}: player name to a fixed Elo for the rating list. Each must be a player of the
     * run that plays in its schedule, with a finite number.
     */
    private static Map<String, Double> anchors(JsonReader r, JsonNode node, List<String> names, Schedule schedule,
                                               boolean tuning) {
        Map<String, Double> anchors = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return anchors;
        }
        if (!node.isObject()) {
            r.problem("$.anchors", "must be an object of player name: rating, got " + JsonReader.kind(node));
            return anchors;
        }
        if (tuning) {
            r.problem("$.anchors", "a tuning run has no rating list to anchor; leave out anchors");
            return anchors;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String path = "$.anchors." + e.getKey();
            if (!names.contains(e.getKey())) {
                r.problem(path, "unknown player '" + e.getKey() + "'; players: " + String.join(", ", names));
            } else if (schedule != null && schedule.type() != null && schedule.type().equals("match")
                    && schedule.players() != null && !schedule.players().contains(e.getKey())) {
                r.problem(path, "player '" + e.getKey() + "' plays no game in this match");
            } else if (!e.getValue().isNumber() || !Double.isFinite(e.getValue().asDouble())) {
                r.problem(path, "must be a finite number (the player's fixed Elo), got " + JsonReader.kind(e.getValue()));
            } else {
                anchors.put(e.getKey(), e.getValue().asDouble());
            }
        }
        return anchors;
    }

    private static TimeLimits limits(JsonReader r, JsonNode node, String path) {
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
        TimeLimits t = new TimeLimits(
                (int) r.integer(node, "depth", path, 0, 0, 200),
                r.integer(node, "nodes", path, 0, 0, Long.MAX_VALUE),
                r.integer(node, "moveTimeMs", path, 0, 0, Long.MAX_VALUE),
                r.integer(node, "timeMs", path, 0, 0, Long.MAX_VALUE),
                r.integer(node, "incrementMs", path, 0, 0, Long.MAX_VALUE),
                (int) r.integer(node, "movesPerPeriod", path, 0, 0, 10_000),
                r.integer(node, "marginMs", path, 100, 0, Long.MAX_VALUE));
        return t;
    }

    private static boolean hasAnyLimit(TimeLimits t) {
        return t.depth() > 0 || t.nodes() > 0 || t.moveTimeMs() > 0 || t.timeMs() > 0;
    }

    private static List<PlayerConfig> players(JsonReader r, JsonNode node, Path base, Rules rules, TimeLimits runLimits) {
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
            out.add(player(r, merged, path, base, rules, runLimits));
        }
        return out;
    }

    /** The player's JSON with the chain of {@code extends} merged in (options and weights merged by key). */
    private static ObjectNode resolveExtends(JsonReader r, String name, Map<String, JsonNode> byName, String path) {
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
        ObjectNode merged = JSON.createObjectNode();
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

    private static PlayerConfig player(JsonReader r, ObjectNode p, String path, Path base, Rules rules,
                                       TimeLimits runLimits) {
        String name = p.get("name").asText();
        String engine = r.string(p, "engine", path, null, false);
        ExternalEngine external = engine == null ? external(r, p, path, base, rules) : null;
        if (engine == null && external == null) {
            r.problem(path, "needs an \"engine\" (built-in engine id) or a \"protocol\" and \"command\" (external engine)");
        }
        if (engine != null) {
            for (String key : EXTERNAL_KEYS) {
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
        if (weightsFile != null) {
            Path wf = base.resolve(weightsFile).normalize();
            try {
                JsonNode wn = JSON.readTree(Files.readString(wf));
                readWeights(r, wn, path + ".weightsFile(" + weightsFile + ")", weights);
            } catch (IOException e) {
                r.problem(path + ".weightsFile", "cannot read " + wf + ": " + e.getMessage());
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
        TimeLimits own = p.has("limits") ? limits(r, p.get("limits"), path + ".limits") : null;
        TimeLimits effective = own != null ? own : runLimits;
        boolean needsLimit = external == null || !"gnubg".equals(external.protocol());
        if (needsLimit && !hasAnyLimit(effective)) {
            r.problem(own != null ? path + ".limits" : "$.limits",
                    "no limit for player '" + name + "': give depth, nodes, moveTimeMs or timeMs");
        }
        // Options that Arbiter itself interprets are checked now; UCI and Hub options are checked against
        // the engine's own declarations when it starts.
        String limitsPath = own != null ? path + ".limits" : "$.limits";
        if (external != null && "hub1".equals(external.protocol())) {
            if (!options.isEmpty()) {
                r.problem(path + ".options", "the hub1 protocol has no command to set options (Scan 2.0 reads them from its scan.ini)");
            }
            if (effective.depth() > 0 || effective.nodes() > 0 || (effective.moveTimeMs() == 0 && !effective.hasClock())) {
                r.problem(limitsPath, "the hub1 protocol has time limits only: give player '" + name
                        + "' moveTimeMs or timeMs, and no depth or nodes");
            }
        }
        if (external != null && "xboard".equals(external.protocol())) {
            if (effective.nodes() > 0) {
                r.problem(limitsPath, "the xboard protocol has no node limit: give player '" + name + "' depth, moveTimeMs or timeMs");
            }
            if (effective.moveTimeMs() % 1000 != 0) {
                r.problem(limitsPath, "the xboard protocol gives time per move in whole seconds (st): moveTimeMs must be a multiple of 1000");
            }
        }
        if (external != null && "dxp".equals(external.protocol()) && !options.isEmpty()) {
            r.problem(path + ".options", "the dxp protocol has no options; the engine is configured on its own side");
        }
        if (external != null && "gnubg".equals(external.protocol())) {
            try {
                arbiter.config.GnubgSettings.from(options);
            } catch (IllegalArgumentException e) {
                r.problem(path + ".options", e.getMessage());
            }
        }
        // A built-in engine is created once here so unknown options and weights are reported now.
        if (engine != null && rules != null) {
            try {
                Player probe = EngineRegistry.create(engine, rules, options, weights);
                probe.close();
            } catch (IllegalArgumentException e) {
                String where = e.getMessage().startsWith("unknown engine") ? ".engine"
                        : e instanceof arbiter.eval.WeightsException ? ".weights" : ".options";
                r.problem(path + where, e.getMessage());
            }
        }
        return new PlayerConfig(name, engine, options, weights, external, own);
    }

    static final Set<String> BUILD_KEYS = Set.of("repo", "ref", "command", "binary", "args");

    /**
     * {@code build: {repo, ref, command, binary, args}}: checks the ref out into this machine's build
     * cache and builds it once per commit; returns the engine's command (the binary and its args), or
     * null after reporting a problem (a failed build quotes the end of its output).
     */
    private static List<String> build(JsonReader r, JsonNode b, String path, Path base) {
        if (b == null || !b.isObject()) {
            r.problem(path, "must be an object: {\"repo\", \"ref\", \"command\", \"binary\"}");
            return null;
        }
        r.allowOnly(b, path, BUILD_KEYS);
        String repo = r.string(b, "repo", path, null, true);
        String ref = r.string(b, "ref", path, null, true);
        String binary = r.string(b, "binary", path, null, true);
        List<String> command = strings(r, b.get("command"), path + ".command", true);
        List<String> args = strings(r, b.get("args"), path + ".args", false);
        if (repo == null || ref == null || binary == null || command == null || args == null) {
            return null;
        }
        try {
            Path program = arbiter.build.EngineBuild.build(new arbiter.build.EngineBuild.Spec(repo, ref, command, binary,
                    args), base, arbiter.build.EngineBuild.cache());
            List<String> out = new ArrayList<>(List.of(program.toString()));
            out.addAll(args);
            return out;
        } catch (arbiter.build.EngineBuild.BuildException e) {
            r.problem(path, e.getMessage());
            return null;
        }
    }

    /** An array of strings (null after a problem; an absent optional one is empty). */
    private static List<String> strings(JsonReader r, JsonNode n, String path, boolean required) {
        if (n == null) {
            if (required) {
                r.problem(path, "missing: an array of strings");
                return null;
            }
            return List.of();
        }
        if (!n.isArray() || (required && n.isEmpty())) {
            r.problem(path, "must be a" + (required ? " non-empty" : "n") + " array of strings");
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            if (!n.get(i).isTextual()) {
                r.problem(path + "[" + i + "]", "must be a string");
                return null;
            }
            out.add(n.get(i).asText());
        }
        return out;
    }

    /** The external-engine keys of a player, validated; null when the player has neither protocol nor command. */
    private static ExternalEngine external(JsonReader r, ObjectNode p, String path, Path base, Rules rules) {
        if (!p.has("command") && !p.has("protocol") && !p.has("build")) {
            return null;
        }
        String protocol = r.choice(p, "protocol", path, null, PROTOCOLS);
        List<String> command = new ArrayList<>();
        JsonNode commandNode = p.get("command");
        if (commandNode != null) {
            if (!commandNode.isArray() || commandNode.isEmpty()) {
                r.problem(path + ".command", "must be a non-empty array: the program and its arguments");
            } else {
                for (int i = 0; i < commandNode.size(); i++) {
                    JsonNode c = commandNode.get(i);
                    if (!c.isValueNode() || c.isNull()) {
                        r.problem(path + ".command[" + i + "]", "must be a string");
                    } else {
                        command.add(c.asText());
                    }
                }
            }
        }
        Path workingDir = null;
        String dir = r.string(p, "workingDir", path, null, false);
        if (dir != null) {
            workingDir = base.resolve(dir).normalize();
            if (!Files.isDirectory(workingDir)) {
                r.problem(path + ".workingDir", "no such folder: " + workingDir);
            }
        }
        if (p.has("build")) {
            if (p.has("command")) {
                r.problem(path + ".build", "give \"build\" (the engine is built from source) or \"command\", not both");
            } else {
                List<String> built = build(r, p.get("build"), path + ".build", base);
                if (built != null) {
                    command.addAll(built);
                }
            }
        }
        if (!command.isEmpty()) {
            String program = command.get(0);
            Path found = locateProgram(program, base);
            if (found == null) {
                r.problem(path + ".command[0]", program.contains("/")
                        ? "no executable program at " + base.resolve(program).normalize()
                        : "no executable program '" + program + "' on PATH or in " + EXTRA_PROGRAM_FOLDERS);
            } else {
                command.set(0, found.toString());
            }
        } else if (protocol != null && !protocol.equals("dxp") && !p.has("build")) {
            r.problem(path + ".command", "missing; a " + protocol + " engine is a program: give its command as an array");
        }
        Map<String, String> env = new LinkedHashMap<>();
        JsonNode envNode = p.get("env");
        if (envNode != null) {
            if (!envNode.isObject()) {
                r.problem(path + ".env", "must be an object of variable: value");
            } else {
                for (Iterator<Map.Entry<String, JsonNode>> it = envNode.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                        r.problem(path + ".env." + e.getKey(), "must be a string");
                    } else {
                        env.put(e.getKey(), e.getValue().asText());
                    }
                }
            }
        }
        long initTimeout = r.integer(p, "initTimeoutMs", path, 10_000, 1, 3_600_000);
        long hangTimeout = r.integer(p, "hangTimeoutMs", path, 60_000, 1, 86_400_000);
        String host = null;
        int port = 0;
        String role = null;
        if ("dxp".equals(protocol)) {
            host = r.string(p, "host", path, "127.0.0.1", false);
            port = (int) r.integer(p, "port", path, 0, 1, 65_535);
            if (!p.has("port")) {
                r.problem(path + ".port", "missing; a dxp engine needs the port to connect to (or to listen on), "
                        + "e.g. 27531");
            }
            role = r.choice(p, "role", path, "initiator", DXP_ROLES);
        } else if (protocol != null) {
            for (String key : List.of("host", "port", "role")) {
                if (p.has(key)) {
                    r.problem(path + "." + key, "only for the dxp protocol");
                }
            }
        }
        if (protocol != null && rules != null) {
            GameFamily needed = switch (protocol) {
                case "uci", "xboard" -> GameFamily.CHESS;
                case "gnubg" -> GameFamily.BACKGAMMON;
                default -> GameFamily.DRAUGHTS;
            };
            if (rules.family() != needed) {
                r.problem(path + ".protocol", "the " + protocol + " protocol plays " + needed.name().toLowerCase()
                        + ", not " + rules.id());
            }
        }
        return new ExternalEngine(protocol, command, workingDir, env, initTimeout, hangTimeout, host, port, role);
    }

    /**
     * The program of a command: a path (with a '/') is resolved against the config's folder; a bare
     * name is looked up on PATH, then in {@link #EXTRA_PROGRAM_FOLDERS}. Null when not found or not
     * executable.
     */
    static Path locateProgram(String program, Path base) {
        if (program.isBlank()) {
            return null;
        }
        if (program.contains("/")) {
            Path p = base.resolve(program).normalize().toAbsolutePath();
            return Files.isRegularFile(p) && Files.isExecutable(p) ? p : null;
        }
        List<Path> folders = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(java.io.File.pathSeparator)) {
                if (!d.isEmpty()) {
                    folders.add(Path.of(d));
                }
            }
        }
        folders.addAll(EXTRA_PROGRAM_FOLDERS);
        for (Path d : folders) {
            Path p = d.resolve(program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toAbsolutePath();
            }
        }
        return null;
    }

    private static void readWeights(JsonReader r, JsonNode node, String path, Map<String, Double> into) {
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

    private static RunConfig.Tune tune(JsonReader r, JsonNode node, List<PlayerConfig> players, Rules rules) {
        String path = "$.tune";
        if (node == null || !node.isObject()) {
            r.problem(path, "must be an object");
            return null;
        }
        r.allowOnly(node, path, TUNE_KEYS);
        String method = r.choice(node, "method", path, "spsa", List.of("spsa", "texel"));
        boolean spsa = "spsa".equals(method);
        String player = r.string(node, "player", path, null, true);
        String opponent = r.string(node, "opponent", path, null, false);
        PlayerConfig tuned = null;
        for (PlayerConfig p : players) {
            if (p.name().equals(player)) {
                tuned = p;
            }
        }
        List<String> names = players.stream().map(PlayerConfig::name).toList();
        if (player != null && tuned == null) {
            r.problem(path + ".player", "unknown player '" + player + "'; players: " + String.join(", ", names));
        }
        if (opponent != null && !names.contains(opponent)) {
            r.problem(path + ".opponent", "unknown player '" + opponent + "'; players: " + String.join(", ", names));
        }
        // An external engine is tuned through its options (UCI setoption, Hub set-param): the names are
        // checked by the engine's own handshake when the first game starts.
        boolean externalTuned = tuned != null && tuned.external();
        if (externalTuned && !"spsa".equals(method)) {
            r.problem(path + ".method", "an external engine can only be tuned by spsa (texel needs its evaluation)");
        }
        int iterations = (int) r.integer(node, "iterations", path, 100, 1, 10_000_000);
        int pairs = (int) r.integer(node, "pairsPerIteration", path, 2, 1, 100_000);
        double bigA = r.number(node, "A", path, 0.1 * iterations, 0, 1e9);
        // Names the tuned engine knows, to reject unknown weights now.
        java.util.Set<String> known = new java.util.LinkedHashSet<>();
        if (tuned != null && !externalTuned && rules != null) {
            try {
                for (arbiter.eval.WeightSpec s : EngineRegistry.weights(tuned.engine(), rules,
                        new arbiter.player.Options(tuned.options())).specs()) {
                    known.add(s.name());
                }
            } catch (IllegalArgumentException e) {
                r.problem(path + ".player", e.getMessage());
            }
        }
        List<RunConfig.TuneWeight> weights = new ArrayList<>();
        JsonNode wn = r.object(node, "weights", path, true);
        if (wn != null) {
            if (wn.isEmpty()) {
                r.problem(path + ".weights", "name at least one weight to tune");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = wn.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String wp = path + ".weights." + e.getKey();
                if (!known.isEmpty() && !known.contains(e.getKey())) {
                    r.problem(wp, "unknown weight '" + e.getKey() + "'; known weights: " + String.join(", ", known));
                    continue;
                }
                JsonNode spec = e.getValue();
                if (!spec.isObject()) {
                    r.problem(wp, "must be an object with start, min, max, cEnd, rEnd");
                    continue;
                }
                r.allowOnly(spec, wp, TUNE_WEIGHT_KEYS);
                for (String required : spsa ? List.of("start", "min", "max", "cEnd") : List.of("start", "min", "max")) {
                    if (!spec.has(required)) {
                        r.problem(wp + "." + required, "missing; required number");
                    }
                }
                double start = r.number(spec, "start", wp, 0, -1e12, 1e12);
                double min = r.number(spec, "min", wp, 0, -1e12, 1e12);
                double max = r.number(spec, "max", wp, 0, -1e12, 1e12);
                double cEnd = r.number(spec, "cEnd", wp, 1, 1e-12, 1e12);
                double rEnd = r.number(spec, "rEnd", wp, 0.002, 1e-12, 1e6);
                if (spec.has("min") && spec.has("max") && !(min < max)) {
                    r.problem(wp, "bounds reversed: min " + min + " must be below max " + max);
                } else if (spec.has("start") && (start < min || start > max)) {
                    r.problem(wp + ".start", "start " + start + " is outside [" + min + ", " + max + "]");
                }
                weights.add(new RunConfig.TuneWeight(e.getKey(), start, min, max, cEnd, rEnd,
                        r.bool(spec, "integer", wp, false)));
            }
        }
        JsonNode vn = r.object(node, "validation", path, false);
        r.allowOnly(vn, path + ".validation", VALIDATION_KEYS);
        int validationGames = (int) r.integer(vn, "games", path + ".validation", vn == null ? 0 : 200, 0, 100_000_000);
        Sprt sprt = null;
        JsonNode sn = r.object(vn, "sprt", path + ".validation", false);
        if (sn != null) {
            r.allowOnly(sn, path + ".validation.sprt", SPRT_KEYS);
            sprt = new Sprt(r.number(sn, "elo0", path + ".validation.sprt", 0, -2000, 2000),
                    r.number(sn, "elo1", path + ".validation.sprt", 10, -2000, 2000),
                    r.number(sn, "alpha", path + ".validation.sprt", 0.05, 1e-9, 0.5),
                    r.number(sn, "beta", path + ".validation.sprt", 0.05, 1e-9, 0.5),
                    r.bool(sn, "normalized", path + ".validation.sprt", false));
        }
        int rounds = (int) r.integer(node, "rounds", path, 5, 1, 10_000);
        int gamesPerRound = (int) r.integer(node, "gamesPerRound", path, 400, 2, 100_000_000);
        double threshold = r.number(node, "threshold", path, 0.0, 0, 1e12);
        int skipPlies = (int) r.integer(node, "skipPlies", path, 8, 0, 10_000);
        if (!spsa && tuned != null && !externalTuned && rules != null) {
            try {
                EngineRegistry.linearEvaluation(tuned.engine(), rules);
            } catch (IllegalArgumentException e) {
                r.problem(path + ".method", "texel needs a linear evaluation: " + e.getMessage());
            }
        }
        if (!spsa && opponent != null) {
            r.problem(path + ".opponent", "texel rounds play the tuned player against itself; leave out opponent");
        }
        return new RunConfig.Tune(method, player, opponent, iterations, pairs, bigA, weights, validationGames, sprt,
                rounds, gamesPerRound, threshold, skipPlies);
    }

    private static Schedule schedule(JsonReader r, JsonNode node, List<String> names) {
        if (node == null) {
            return new Schedule("round-robin", 1, List.of(), 0, null);
        }
        r.allowOnly(node, "$.schedule", SCHEDULE_KEYS);
        String type = r.choice(node, "type", "$.schedule", null, SCHEDULE_TYPES);
        int rounds = (int) r.integer(node, "rounds", "$.schedule", 1, 1, 1_000_000);
        List<String> players = new ArrayList<>();
        JsonNode pn = node.get("players");
        if (pn != null) {
            if (!pn.isArray()) {
                r.problem("$.schedule.players", "must be an array of player names");
            } else {
                for (int i = 0; i < pn.size(); i++) {
                    String n = pn.get(i).asText();
                    if (!names.contains(n)) {
                        r.problem("$.schedule.players[" + i + "]", "unknown player '" + n + "'; players: " + String.join(", ", names));
                    }
                    players.add(n);
                }
            }
        }
        int games = (int) r.integer(node, "games", "$.schedule", 0, 0, 100_000_000);
        Sprt sprt = null;
        JsonNode sn = r.object(node, "sprt", "$.schedule", false);
        if (sn != null) {
            r.allowOnly(sn, "$.schedule.sprt", SPRT_KEYS);
            double elo0 = r.number(sn, "elo0", "$.schedule.sprt", 0, -2000, 2000);
            double elo1 = r.number(sn, "elo1", "$.schedule.sprt", 5, -2000, 2000);
            if (!sn.has("elo0") || !sn.has("elo1")) {
                r.problem("$.schedule.sprt", "needs elo0 and elo1");
            } else if (elo1 <= elo0) {
                r.problem("$.schedule.sprt.elo1", "must be greater than elo0");
            }
            sprt = new Sprt(elo0, elo1, r.number(sn, "alpha", "$.schedule.sprt", 0.05, 1e-9, 0.5),
                    r.number(sn, "beta", "$.schedule.sprt", 0.05, 1e-9, 0.5),
                    r.bool(sn, "normalized", "$.schedule.sprt", false));
        }
        if (type != null) {
            switch (type) {
                case "round-robin" -> {
                    if (names.size() < 2) {
                        r.problem("$.players", "a round robin needs at least two players");
                    }
                }
                case "gauntlet" -> {
                    if (players.size() != 1) {
                        r.problem("$.schedule.players", "a gauntlet names its one player: [\"name\"]; it meets every other player");
                    }
                }
                case "match" -> {
                    if (players.size() != 2) {
                        r.problem("$.schedule.players", "a match names its two players: [\"new\", \"old\"]");
                    }
                    if (games < 1) {
                        r.problem("$.schedule.games", "a match needs a number of games (the maximum with an sprt)");
                    }
                }
                default -> {
                }
            }
            if (sprt != null && !type.equals("match")) {
                r.problem("$.schedule.sprt", "only a match can stop on an SPRT");
            }
        }
        return new Schedule(type, rounds, players, games, sprt);
    }
}
