package arbiter.cli;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.tournament.RunState;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** What `run` and `tune` do before their job starts: read the config, prepare the output folder. */
final class JobSetup {
    private JobSetup() {
    }

    static RunConfig load(Path configFile) {
        if (!Files.isRegularFile(configFile)) {
            throw new BadInputException("no such config file: " + configFile);
        }
        return ConfigLoader.load(configFile);
    }

    /** Creates the output folder; with {@code forceNew}, an earlier run's folder is moved aside first. */
    static void prepareOutput(Path output, boolean forceNew, PrintWriter out) throws IOException {
        if (forceNew) {
            Path aside = RunState.moveAside(output);
            if (aside != null) {
                out.println("Earlier results moved to " + aside);
            }
        }
        Files.createDirectories(output);
    }
}
