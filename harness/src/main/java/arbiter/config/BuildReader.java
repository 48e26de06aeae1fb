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
        EngineBuild.Spec spec = spec(r, b, path, Site.LOCAL);
        if (spec == null) {
            return null;
        }
        List<String> args = spec.args();
        try {
            Path program = EngineBuild.build(spec, base, EngineBuild.cache());
            List<String> out = new ArrayList<>(List.of(program.toString()));
            out.addAll(args);
            return out;
        } catch (EngineBuild.BuildException e) {
            r.problem(path, e.getMessage());
            return null;
        }
    }

    /**
     * The build block as a value, checked but not built (null after a problem). For the service the
     * repository must be a URL: a worker clones nothing from its own folders on a test's word.
     */
    static EngineBuild.Spec spec(JsonReader r, JsonNode b, String path, Site site) {
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
        if (site == Site.SERVICE && repo != null && !repo.matches("(https?|git|ssh)://\\S+")) {
            r.problem(path + ".repo", "a test's engine is built from a repository URL (https://, git://, ssh://), not '"
                    + repo + "'");
            return null;
        }
        if (repo == null || ref == null || binary == null || command == null || args == null) {
            return null;
        }
        return new EngineBuild.Spec(repo, ref, command, binary, args);
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
