package arbiter.config;

import arbiter.engine.EngineRegistry;
import arbiter.eval.WeightsException;
import arbiter.game.Rules;
import arbiter.player.Player;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds what a player runs before any game: an external engine's program on this machine, and a
 * built-in engine created once so an unknown engine id, option or weight is reported with the config.
 */
final class EngineLookup {
    /** Where programs named without a folder are looked for besides PATH (Debian installs engines there). */
    static final List<Path> EXTRA_PROGRAM_FOLDERS = List.of(Path.of("/usr/games"), Path.of("/usr/local/games"));

    private EngineLookup() {
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

    /** Creates and closes the built-in engine once, reporting a bad engine id, weight or option at its key. */
    static void probeBuiltIn(JsonReader r, String path, String engine, Rules rules, Map<String, Object> options,
                             Map<String, Double> weights) {
        try {
            Player probe = EngineRegistry.create(engine, rules, options, weights);
            probe.close();
        } catch (IllegalArgumentException e) {
            String where = e.getMessage().startsWith("unknown engine") ? ".engine"
                    : e instanceof WeightsException ? ".weights" : ".options";
            r.problem(path + where, e.getMessage());
        }
    }
}
