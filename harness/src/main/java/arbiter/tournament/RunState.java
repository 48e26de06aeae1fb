package arbiter.tournament;

import arbiter.io.BoundedFiles;
import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.pdn.GameLog;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code <output>/state.json}: the config a run was started with (written atomically). Together with
 * games.pdn it is the run's truth: a rerun with the same config resumes, a changed config is refused
 * with the list of what changed.
 */
public final class RunState {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final org.apache.logging.log4j.Logger LOG = org.apache.logging.log4j.LogManager.getLogger(RunState.class);

    private RunState() {
    }

    static void prepare(RunConfig config, Path output, int scheduled) throws IOException {
        Files.createDirectories(output);
        Path state = output.resolve("state.json");
        Path games = output.resolve("games.pdn");
        for (Path p : List.of(state, games)) {
            if (Files.isSymbolicLink(p)) {
                throw new ConfigException(p + " is a symbolic link: Arbiter writes only files it made in the run's "
                        + "own folder; remove the link or choose another output");
            }
        }
        if (Files.exists(games) && !Files.exists(state)) {
            throw new ConfigException(games + " was not written by Arbiter for this run (there is no state.json "
                    + "beside it): move it away or choose another output; it is left untouched");
        }
        for (Path p : List.of(state, games)) {
            if (Files.isDirectory(p)) {
                throw new ConfigException(p + " is a folder, not a file: Arbiter keeps the run's "
                        + p.getFileName() + " there; move the folder away or choose another output");
            }
        }
        ObjectNode inputs = RunInputs.of(config);
        String created = Instant.now().toString();
        if (Files.exists(state)) {
            JsonNode savedState = readState(state);
            JsonNode saved = savedState.get("config");
            List<String> changes = new ArrayList<>();
            diff("$", withoutRunOnlyKeys(saved), withoutRunOnlyKeys(config.json()), changes);
            List<String> inputChanges = RunInputs.changes(savedState.get("inputs"), inputs);
            if (changes.isEmpty() && inputChanges.isEmpty() && savedState.has("inputs")) {
                return;
            }
            boolean nothingPlayed = !Files.exists(games) || GameLog.completeLength(Files.readAllBytes(games)) == 0;
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
                created = savedState.get("created").asText(); // a state from before input hashes: add them
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
            LOG.info("{}: {}", output, nothingPlayed ? "replacing the config of a run that recorded no game"
                    : "extending the run: " + String.join("; ", changes));
        }
        ObjectNode node = JSON.createObjectNode();
        node.put("created", created);
        node.put("scheduledGames", scheduled);
        node.set("config", config.json());
        node.set("inputs", inputs);
        writeAtomically(state, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node));
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
                    + "damaged; rerun with --force-new to start over (the old results are kept aside), or choose another output");
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

    /** Writes a file so that readers see the old or the new content, never a mix. */
    public static void writeAtomically(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, content);
        try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
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
