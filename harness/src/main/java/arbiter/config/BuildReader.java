package arbiter.config;

import arbiter.build.EngineBuild;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads a player's {@code build} block and has {@link EngineBuild} build the engine from source. */
final class BuildReader {
    static final Set<String> BUILD_KEYS = Set.of("repo", "ref", "command", "binary", "args");

    private BuildReader() {
    }

    /**
     * {@code build: {repo, ref, command, binary, args}}: checks the ref out into this machine's build
     * cache and builds it once per commit; returns the engine's command (the binary and its args), or
     * null after reporting a problem (a failed build quotes the end of its output).
     */
    static List<String> build(JsonReader r, JsonNode b, String path, Path base) {
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
            Path program = EngineBuild.build(new EngineBuild.Spec(repo, ref, command, binary,
                    args), base, EngineBuild.cache());
            List<String> out = new ArrayList<>(List.of(program.toString()));
            out.addAll(args);
            return out;
        } catch (EngineBuild.BuildException e) {
            r.problem(path, e.getMessage());
            return null;
        }
    }

    /** An array of strings (null after a problem; an absent optional one is empty). */
    static List<String> strings(JsonReader r, JsonNode n, String path, boolean required) {
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
}
