package arbiter.tournament;

import arbiter.io.BoundedFiles;
import arbiter.io.OwnFiles;
import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.pdn.GameLog;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code <output>/state.json}: the config a run was started with (written atomically). Together with
 * games.pdn it is the run's truth: a rerun with the same config resumes, a changed config is refused
 * with the list of what changed. It also marks the folder as Arbiter's: it names its {@link #FORMAT}
 * and {@link #VERSION} (and the version of Arbiter that wrote it), and a folder is claimed with a
 * state.json of these alone ({@link #claim}) before anything else is written there, so a folder
 * without one is never taken for a run (see {@link #writtenByArbiter}).
 */
public final class RunState {
    /** What every state.json says it is. */
    public static final String FORMAT = "arbiter run state";
    /** The layout of state.json; a later Arbiter that changes it raises this. */
    public static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final org.apache.logging.log4j.Logger LOG = org.apache.logging.log4j.LogManager.getLogger(RunState.class);

    private RunState() {
    }

    static void prepare(RunConfig config, Path output, int scheduled) throws IOException {
        Files.createDirectories(output);
        Path state = output.resolve("state.json");
        Path games = output.resolve("games.pdn");
        for (Path p : List.of(state, games)) {
            OwnFiles.refuseLink(p);
            if (Files.isDirectory(p)) {
                throw new ConfigException(p + " is a folder, not a file: Arbiter keeps the run's "
                        + p.getFileName() + " there; move the folder away or choose another output");
            }
        }
        JsonNode savedState = Files.exists(state) ? readState(state) : null;
        if (Files.exists(games) && (savedState == null || !savedState.has("config"))) {
            throw new ConfigException(games + " was not written by Arbiter for this run (there is no state.json "
                    + "beside it naming the run's config): move it away or choose another output; it is left untouched");
        }
        ObjectNode inputs = RunInputs.of(config);
        String created = Instant.now().toString();
        if (savedState != null && savedState.has("config")) {
            JsonNode saved = savedState.get("config");
            List<String> changes = new ArrayList<>();
            diff("$", withoutRunOnlyKeys(saved), withoutRunOnlyKeys(config.json()), changes);
            List<String> inputChanges = RunInputs.changes(savedState.get("inputs"), inputs);
            if (changes.isEmpty() && inputChanges.isEmpty() && savedState.has("inputs") && savedState.has("format")) {
                return;
            }
            boolean nothingPlayed = !Files.exists(games) || GameLog.completeLength(games) == 0;
            if (!nothingPlayed && !inputChanges.isEmpty()) {
                List<String> lines = new ArrayList<>();
                lines.add(output + " holds a run whose input files changed since it started; rerun with --force-new "
                        + "to start over (the old results are kept aside), restore the files, or choose another output. Changed:");
                for (String c : inputChanges) {
                    lines.add("  " + c);
                }
                throw new ConfigException(lines);
            }
            if (changes.isEmpty() && inputChanges.isEmpty() && savedState.hasNonNull("created")) {
                created = savedState.get("created").asText(); // a state from before input hashes or its format: add them
            }
            List<String> blocking = nothingPlayed ? List.of() : changes.stream().filter(c -> !isExtension(c)).toList();
            if (!blocking.isEmpty()) {
                List<String> lines = new ArrayList<>();
                lines.add(output + " holds a run of a different config; rerun with --force-new to start over"
                        + " (the old results are kept aside), or choose another output. Changes:");
                for (String c : changes) {
                    lines.add("  " + c);
                }
                throw new ConfigException(lines);
            }
            // The earlier attempt recorded no game (it failed before its first), or this config only
            // adds games to it (more rounds or games: the planner keeps the old games as a prefix).
            if (!changes.isEmpty()) {
                LOG.info("{}: {}", output, nothingPlayed ? "replacing the config of a run that recorded no game"
                        : "extending the run: " + String.join("; ", changes));
            }
        }
        ObjectNode node = header();
        node.put("created", created);
        node.put("scheduledGames", scheduled);
        node.set("config", config.json());
        node.set("inputs", inputs);
        OwnFiles.replace(state, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node));
    }

    /** The fields that say what a state.json is and which Arbiter wrote it. */
    private static ObjectNode header() {
        ObjectNode node = JSON.createObjectNode();
        node.put("format", FORMAT);
        node.put("version", VERSION);
        node.put("writtenBy", "arbiter " + RunReports.version());
        return node;
    }

    /**
     * Claims {@code folder} for a run (or a tuning) about to start there: a state.json of the
     * {@link #header} alone, unless the folder has one already. The caller holds the folder's lock.
     */
    public static void claim(Path folder) throws IOException {
        Path state = folder.resolve("state.json");
        if (!Files.exists(state, LinkOption.NOFOLLOW_LINKS)) {
            OwnFiles.replace(state, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(header()));
        }
    }

    /**
     * True when {@code file} (a state.json, not a link) is one Arbiter wrote: a JSON object naming
     * {@link #FORMAT}, or one as Arbiter wrote before it named its format (the run's {@code config}
     * with its {@code created} time, or, in a tuning's folder, its {@code tune-state.json}: the
     * {@code config} with the tuned weights {@code theta}).
     */
    public static boolean writtenByArbiter(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(BoundedFiles.readString(file, "a state file"));
        } catch (IOException e) {
            return false;
        }
        return tree != null && tree.isObject() && (FORMAT.equals(tree.path("format").asText(null))
                || tree.path("config").isObject() && (tree.path("created").isTextual() || tree.path("theta").isArray()));
    }

    /** state.json's tree; a file that is not a JSON object is bad input, named with what to do. */
    private static JsonNode readState(Path state) throws IOException {
        JsonNode tree;
        try {
            tree = JSON.readTree(BoundedFiles.readString(state, "a state file"));
        } catch (com.fasterxml.jackson.core.JsonProcessingException | java.nio.charset.CharacterCodingException e) {
            tree = null;
        }
        if (tree == null || !tree.isObject()) {
            throw new ConfigException(state + " is not a state Arbiter wrote (not a JSON object): it was edited or "
                    + "damaged; Arbiter leaves the folder as it is: move it away, or choose another output");
        }
        return tree;
    }

    /** A change that only adds games: {@code $.schedule.rounds} or {@code $.schedule.games} grown. */
    private static boolean isExtension(String change) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\$\\.schedule\\.(rounds|games): was (\\d+), now (\\d+)")
                .matcher(change);
        return m.matches() && Long.parseLong(m.group(3)) > Long.parseLong(m.group(2));
    }

    /** Keys that change how a run is carried out or reported but not which games it plays or how. */
    private static JsonNode withoutRunOnlyKeys(JsonNode config) {
        if (config == null || !config.isObject()) {
            return config;
        }
        ObjectNode copy = ((ObjectNode) config).deepCopy();
        copy.remove(List.of("concurrency", "reportEvery", "description", "anchors"));
        return copy;
    }

    /** Moves an earlier run's output folder aside, to {@code <output>.old-<time>}; returns where. */
    public static Path moveAside(Path output) throws IOException {
        if (!Files.exists(output)) {
            return null;
        }
        Path aside = output.resolveSibling(output.getFileName() + ".old-" + Instant.now().toString().replace(':', '-'));
        Files.move(output, aside);
        return aside;
    }

    /** Lists the JSON paths where two trees differ. */
    static void diff(String path, JsonNode a, JsonNode b, List<String> out) {
        if (a == null || b == null) {
            if (a != b) {
                out.add(path + ": " + (a == null ? "added " + b : "removed (was " + a + ")"));
            }
            return;
        }
        if (a.isObject() && b.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            for (Iterator<String> it = a.fieldNames(); it.hasNext(); ) {
                keys.add(it.next());
            }
            for (Iterator<String> it = b.fieldNames(); it.hasNext(); ) {
                keys.add(it.next());
            }
            for (String k : keys) {
                diff(path + "." + k, a.get(k), b.get(k), out);
            }
        } else if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                diff(path + "[" + i + "]", a.get(i), b.get(i), out);
            }
        } else if (a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) != 0 : !a.equals(b)) {
            out.add(path + ": was " + a + ", now " + b);
        }
    }
}
