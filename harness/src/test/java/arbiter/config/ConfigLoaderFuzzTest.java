package arbiter.config;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzz test (Jazzer; docs/fuzzing.md) of the run config loader: any file content gives a config or a
 * {@link ConfigException} (the one error a user sees as {@code error: ...}), nothing else. Without
 * {@code JAZZER_FUZZ} it replays the committed inputs in {@code ConfigLoaderFuzzTestInputs/}.
 */
class ConfigLoaderFuzzTest {
    private static Path file;

    @FuzzTest(maxDuration = "5s")
    void load(byte[] input) throws IOException {
        Path f = scratch();
        Files.write(f, input);
        try {
            ConfigLoader.load(f);
        } catch (ConfigException e) {
            // the loader's own error: reported to the user with its path and reason
        }
    }

    private static synchronized Path scratch() throws IOException {
        if (file == null) {
            Path dir = Files.createTempDirectory("arbiter-fuzz-config-");
            dir.toFile().deleteOnExit();
            file = dir.resolve("fuzz.json");
            file.toFile().deleteOnExit();
        }
        return file;
    }
}
