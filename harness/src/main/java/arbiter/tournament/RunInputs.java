package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run's games depend on beyond the config's text: the openings file, each built-in player's
 * weights (from its {@code weightsFile} or the config), each external engine's program (an engine
 * built from source runs from a folder named by its commit, so a new commit is a new path) and any
 * file among its arguments (a script, or a flag's value: {@code --book=FILE}). A SHA-256 of each is
 * kept in {@code state.json} ({@code inputs}), of a file larger than {@link #HASHED_BYTES} its size and
 * modification time instead (make's and rsync's quick check: reading a 47 MB engine program cost a
 * match's start 0.4 s of CPU); a resume whose inputs differ is refused, naming the file, as a changed
 * config is, since a colour-reversed pair played from two different openings, or a player that kept its
 * name with other weights, would falsify the results.
 */
final class RunInputs {
    private RunInputs() {
    }

    /** Files up to this size are hashed; larger ones are known by size and modification time. */
    static final long HASHED_BYTES = 1 << 20;

    /** The inputs of {@code config}: a description of each (e.g. "openings file") to its file and hash. */
    static ObjectNode of(RunConfig config) throws IOException {
        ObjectNode inputs = JsonNodeFactory.instance.objectNode();
        Map<Path, String> hashed = new java.util.HashMap<>(); // two players of one program: one read of it
        if (config.openings() != null && config.openings().file() != null) {
            put(inputs, "openings file", config.openings().file(), hashed);
        }
        JsonNode rawPlayers = config.json() == null ? null : config.json().get("players");
        for (int i = 0; i < config.players().size(); i++) {
            PlayerConfig p = config.players().get(i);
            if (p.external()) {
                List<String> command = p.command();
                if (command == null || command.isEmpty()) {
                    continue; // a DXP engine someone else runs
                }
                put(inputs, "engine of player '" + p.name() + "'", Path.of(command.get(0)), hashed);
                Path dir = p.externalEngine().workingDir();
                for (int a = 1; a < command.size(); a++) {
                    Path arg = argumentFile(command.get(a), dir);
                    if (arg != null) {
                        put(inputs, "argument " + a + " of player '" + p.name() + "'", arg, hashed);
                    }
                }
            } else if (p.weights() != null && !p.weights().isEmpty()) {
                JsonNode raw = rawPlayers != null && rawPlayers.isArray() ? rawPlayers.get(i) : null;
                String file = raw != null && raw.hasNonNull("weightsFile") ? raw.get("weightsFile").asText() : "(in the config)";
                StringBuilder text = new StringBuilder();
                for (Map.Entry<String, Double> w : new TreeMap<>(p.weights()).entrySet()) {
                    text.append(w.getKey()).append('=').append(Double.toString(w.getValue())).append('\n');
                }
                ObjectNode n = inputs.putObject("weights of player '" + p.name() + "'");
                n.put("file", file);
                n.put("sha256", sha256(text.toString().getBytes(StandardCharsets.UTF_8)));
            }
        }
        return inputs;
    }

    /**
     * The inputs that differ between {@code saved} (from state.json) and {@code now}, one line each;
     * empty when the same (or when the state predates input hashes).
     */
    static List<String> changes(JsonNode saved, ObjectNode now) {
        List<String> changes = new ArrayList<>();
        if (saved == null || !saved.isObject()) {
            return changes;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = saved.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode was = e.getValue();
            JsonNode is = now.get(e.getKey());
            String wasFile = was.path("file").asText();
            if (is == null) {
                changes.add(e.getKey() + ": was " + wasFile + ", now none");
            } else if (!wasFile.equals(is.path("file").asText())) {
                changes.add(e.getKey() + ": was " + wasFile + ", now " + is.path("file").asText());
            } else if (differs(was, is)) {
                String how = was.has("sha256") && is.has("sha256") ? "sha256 was " + abbrev(was.path("sha256").asText())
                        + ", now " + abbrev(is.path("sha256").asText())
                        : "size and time were " + was.path("size").asText() + " bytes, " + was.path("modified").asText()
                                + "; now " + is.path("size").asText() + " bytes, " + is.path("modified").asText();
                changes.add(e.getKey() + ": " + wasFile + " changed since the run started (" + how + ")");
            }
        }
        for (Iterator<String> it = now.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!saved.has(k)) {
                changes.add(k + ": added " + now.get(k).path("file").asText());
            }
        }
        return changes;
    }

    /** Whether an input's file differs from when the run started: by its hash, or its size and modification time. */
    private static boolean differs(JsonNode was, JsonNode is) {
        if (was.has("sha256") && !is.has("sha256")) {
            // A state from before large files were known by size and time: hash the file now to compare.
            try {
                return !was.path("sha256").asText().equals(sha256(Path.of(is.path("file").asText())));
            } catch (IOException | RuntimeException e) {
                return true;
            }
        }
        return !was.path("sha256").asText().equals(is.path("sha256").asText())
                || !was.path("size").asText().equals(is.path("size").asText())
                || !was.path("modified").asText().equals(is.path("modified").asText());
    }

    private static String abbrev(String hash) {
        return hash.length() > 12 ? hash.substring(0, 12) : hash;
    }

    private static void put(ObjectNode inputs, String what, Path file, Map<Path, String> hashed) throws IOException {
        ObjectNode n = inputs.putObject(what);
        Path abs = file.toAbsolutePath().normalize();
        n.put("file", abs.toString());
        if (Files.isRegularFile(abs) && Files.size(abs) > HASHED_BYTES) {
            n.put("size", Files.size(abs));
            n.put("modified", Files.getLastModifiedTime(abs).toInstant().toString());
            return;
        }
        String hash = hashed.get(abs);
        if (hash == null) {
            hash = Files.isRegularFile(abs) ? sha256(abs) : "missing";
            hashed.put(abs, hash);
        }
        n.put("sha256", hash);
    }

    /**
     * An argument naming an existing file (absolute, or in the engine's folder), alone or as the value
     * of a flag ({@code --book=FILE}, {@code -EvalFile=FILE}), else null.
     */
    private static Path argumentFile(String arg, Path workingDir) {
        if (arg.startsWith("-")) {
            int equals = arg.indexOf('=');
            arg = equals < 0 ? "" : arg.substring(equals + 1);
        }
        if (arg.isEmpty() || arg.startsWith("-") || arg.indexOf('\0') >= 0) {
            return null;
        }
        try {
            Path p = Path.of(arg);
            if (!p.isAbsolute()) {
                p = (workingDir != null ? workingDir : Path.of("")).resolve(p);
            }
            return Files.isRegularFile(p) ? p : null;
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    static String sha256(Path file) throws IOException {
        MessageDigest md = digest();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
