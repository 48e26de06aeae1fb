package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tuning checkpoint is resumed only by the config and the mode (barrier or async) that wrote it. */
class TuneCheckpointTest {
    @TempDir
    Path dir;

    @Test
    void aCheckpointOfAnotherConfigOrModeIsRefusedWithWhatToDo() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode config = json.readTree("{\"tune\": {\"iterations\": 10}}");
        JsonNode other = json.readTree("{\"tune\": {\"iterations\": 11}}");
        Path file = dir.resolve("tune-state.json");
        assertNull(TuneState.readCheckpoint(file, config, false), "no checkpoint yet");
        Files.writeString(file, "{\"config\": " + config + ", \"mode\": \"async\", \"next\": 3}");
        assertEquals(3, TuneState.readCheckpoint(file, config, true).get("next").asInt());
        ConfigException mode = assertThrows(ConfigException.class, () -> TuneState.readCheckpoint(file, config, false));
        assertTrue(mode.getMessage().contains("in async mode") && mode.getMessage().contains("--spsa-mode async"), mode.getMessage());
        ConfigException cfg = assertThrows(ConfigException.class, () -> TuneState.readCheckpoint(file, other, true));
        assertTrue(cfg.getMessage().contains("different tuning config"), cfg.getMessage());
        Files.writeString(file, "{\"config\": " + config + ", \"next\": 4}");
        assertEquals(4, TuneState.readCheckpoint(file, config, false).get("next").asInt());
        ConfigException barrier = assertThrows(ConfigException.class, () -> TuneState.readCheckpoint(file, config, true));
        assertTrue(barrier.getMessage().contains("in barrier mode") && barrier.getMessage().contains("--spsa-mode barrier"),
                barrier.getMessage());
    }
}
