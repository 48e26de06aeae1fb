package arbiter.config;

import arbiter.io.BoundedFiles;
import arbiter.config.RunConfig.Game;
import arbiter.config.RunConfig.Openings;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.config.RunConfig.Schedule;
import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.play.Adjudication;
import arbiter.play.TimeLimits;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and validates a run config. Every problem is collected with its JSON path and what is
 * allowed, and reported together; nothing is played from an invalid config. Input files (openings,
 * weights) are resolved against the config file's folder; {@code output} against the working folder.
 *
 * <p>This class reads the top-level schema, the game, openings and adjudication; the parts with
 * rules of their own have their own readers: {@link LimitsReader}, {@link PlayersReader} (with
 * {@code extends}, {@link ExternalEngineReader}, {@link BuildReader} and {@link EngineLookup}),
 * {@link ScheduleReader} and {@link TuneReader}.
 */
public final class ConfigLoader {
    static final Set<String> TOP_KEYS = Set.of("name", "game", "players", "schedule", "openings", "limits",
            "adjudication", "concurrency", "output", "seed", "reportEvery", "description", "tune", "anchors",
            "ratingModel");
    static final Set<String> GAME_KEYS = Set.of("variant", "rules");
    static final Set<String> OPENINGS_KEYS = Set.of("file", "format", "order", "randomPlies", "pairs", "swap", "reverse");
    /** A test for the service carries its openings file's content instead of its name. */
    static final Set<String> SERVICE_OPENINGS_KEYS = Set.of("text", "format", "order", "randomPlies", "pairs", "swap", "reverse");
    /** Longest openings text a test for the service may carry (4 MiB: tens of thousands of FEN lines). */
    public static final int MAX_OPENINGS_TEXT = 4 << 20;
    static final Set<String> ADJUDICATION_KEYS = Set.of("drawMinPlies", "drawScore", "drawMoves", "resignScore",
            "resignMoves", "maxPlies", "resignTwoSided");
    /** The keys of a player's {@code build} block. */
    static final Set<String> BUILD_KEYS = BuildReader.BUILD_KEYS;

    private ConfigLoader() {
    }

    public static RunConfig load(Path file) throws ConfigException {
        String text;
        try {
            text = BoundedFiles.readString(file, "a config");
        } catch (BoundedFiles.FileTooLargeException e) {
            throw new ConfigException(e.getMessage());
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage());
        }
        JsonNode root = JsonReader.parse(text, file);
        Path base = file.toAbsolutePath().getParent();
        String defaultName = file.getFileName().toString().replaceFirst("\\.json$", "");
        return parse(root, base, defaultName);
    }

    /** Validates a parsed config; {@code base} resolves relative input files. */
    public static RunConfig parse(JsonNode root, Path base, String defaultName) throws ConfigException {
        return parse(root, base, defaultName, Site.LOCAL);
    }

    /**
     * Validates a parsed config to be played at {@code site}: {@link Site#SERVICE} reads no file and
     * finds or builds no program ({@code base} is then not used).
     */
    public static RunConfig parse(JsonNode root, Path base, String defaultName, Site site) throws ConfigException {
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
        TimeLimits limits = LimitsReader.limits(r, root.get("limits"), "$.limits");

        // players
        List<PlayerConfig> players = PlayersReader.players(r, root.get("players"), base, rules, limits, site);
        List<String> names = new ArrayList<>();
        for (PlayerConfig p : players) {
            names.add(p.name());
        }

        // schedule
        boolean tuning = root.has("tune");
        JsonNode scheduleNode = r.object(root, "schedule", "$", !tuning);
        Schedule schedule = ScheduleReader.schedule(r, scheduleNode, names);
        RunConfig.Tune tune = tuning ? TuneReader.tune(r, root.get("tune"), players, rules) : null;
        Map<String, Double> anchors = ScheduleReader.anchors(r, root.get("anchors"), names, schedule, tuning);

        // openings
        JsonNode openingsNode = r.object(root, "openings", "$", false);
        r.allowOnly(openingsNode, "$.openings", site == Site.SERVICE ? SERVICE_OPENINGS_KEYS : OPENINGS_KEYS);
        Path openingsFile = null;
        String fileText = site == Site.SERVICE ? null : r.string(openingsNode, "file", "$.openings", null, false);
        String openingsText = site == Site.SERVICE ? r.string(openingsNode, "text", "$.openings", null, false) : null;
        if (openingsText != null && (openingsText.isBlank() || openingsText.length() > MAX_OPENINGS_TEXT)) {
            r.problem("$.openings.text", openingsText.isBlank() ? "holds no openings"
                    : "longer than " + (MAX_OPENINGS_TEXT >> 20) + " MiB; give fewer openings");
        }
        if (fileText != null) {
            openingsFile = base.resolve(fileText).normalize();
            String problem = BoundedFiles.notAFile(openingsFile, "file");
            if (problem != null) {
                r.problem("$.openings.file", problem);
            }
        }
        String defaultFormat = fileText == null ? "fen" : fileText.toLowerCase().endsWith(".epd") ? "epd"
                : fileText.toLowerCase().matches(".*\\.(pdn|pgn)$") ? "pdn" : "fen";
        Openings openings = new Openings(openingsFile,
                r.choice(openingsNode, "format", "$.openings", defaultFormat, List.of("pdn", "fen", "epd")),
                OpeningOrder.of(r.choice(openingsNode, "order", "$.openings", "sequential", OpeningOrder.ids())),
                (int) r.integer(openingsNode, "randomPlies", "$.openings", 0, 0, 200),
                r.bool(openingsNode, "pairs", "$.openings", true),
                r.bool(openingsNode, "swap", "$.openings", true),
                r.bool(openingsNode, "reverse", "$.openings", false), openingsText);

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
        // the names of arbiter.stats.RatingModel (config does not import stats)
        String ratingModel = r.string(root, "ratingModel", "$", "ordo", false);
        if (ratingModel != null && !Set.of("ordo", "bayeselo").contains(ratingModel.toLowerCase(java.util.Locale.ROOT))) {
            r.problem("$.ratingModel", "must be ordo or bayeselo, got '" + ratingModel + "'");
        } else if ("bayeselo".equalsIgnoreCase(ratingModel) && anchors.size() > 1) {
            r.problem("$.anchors", "ratingModel bayeselo fixes at most one player (BayesElo's offset), got " + anchors.size());
        }

        if (!r.problems().isEmpty()) {
            throw new ConfigException(r.problems());
        }
        return new RunConfig(name, new Game(variant, ruleOverrides), players, schedule, openings, limits,
                adjudication, concurrency, Path.of(output), seed, reportEvery, tune, anchors, root);
    }
}
