package arbiter.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.execute.PlayerFactory;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shipped configs of the test service read as the server and the workers read them: the demo's
 * two tests as tests, and the worker's engines file as a run config declaring stockfish to the service.
 */
class ServiceConfigsTest {
    static Path folder() {
        Path p = Path.of("..", "configs", "service");
        return Files.isDirectory(p) ? p : Path.of("configs", "service");
    }

    @Test
    void theDemoTestsAreTestsAndTheWorkerDeclaresWhatTheyNeed() throws Exception {
        TestDefinition chess = TestDefinition.read(Wire.tree(Files.readString(folder().resolve("sprt-chess.json"))));
        TestDefinition draughts = TestDefinition.read(Wire.tree(Files.readString(folder().resolve("draughts.json"))));
        assertEquals(Map.of("stockfish", "uci"), chess.declaredEngines());
        assertTrue(chess.sprt() != null && chess.pairs() == 1000);
        assertEquals(Map.of(), draughts.declaredEngines());
        assertEquals(30, draughts.pairs());
        RunConfig worker = ConfigLoader.load(folder().resolve("worker.json"));
        assertEquals("uci", PlayerFactory.of(worker).engines().get("stockfish").protocol().id());
    }
}
