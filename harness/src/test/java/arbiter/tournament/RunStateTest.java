package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigException;
import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36: state.json names its format, version and writer (item 10), so a folder is recognisably
 * Arbiter's; a resume with a changed config is judged against a games.pdn of any size, read from its
 * end (item 4: it was read whole, and one over 2 GiB failed); an engine's {@code --flag=FILE} argument
 * is an input of the run like a file given alone (item 10).
 */
class RunStateTest {
    @TempDir
    Path dir;

    private RunConfig config(String extra, String command) throws Exception {
        Path f = dir.resolve("run.json");
        Files.writeString(f, """
                { "name": "state", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, %s ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 2},
                  "limits": {"depth": 1}, "concurrency": 1, "output": "%s", "seed": 1 %s }"""
                .formatted(command == null ? "{\"name\": \"b\", \"engine\": \"random\"}"
                        : "{\"name\": \"b\", \"protocol\": \"uci\", \"workingDir\": \".\", \"command\": " + command + "}", dir.resolve("out"), extra));
        return ConfigLoader.load(f);
    }

    @Test
    void stateJsonSaysWhatItIsAndWhichArbiterWroteIt() throws Exception {
        RunConfig c = config("", null);
        RunState.prepare(c, c.output(), 2);
        Path state = c.output().resolve("state.json");
        JsonNode node = new ObjectMapper().readTree(Files.readString(state));
        assertEquals("arbiter run state", node.path("format").asText());
        assertEquals(1, node.path("version").asInt());
        assertTrue(node.path("writtenBy").asText().startsWith("arbiter "), node.toString());
    }

    @Test
    void aChangedConfigIsJudgedAgainstALogOverTwoGibibytes() throws Exception {
        RunConfig c = config("", null);
        RunState.prepare(c, c.output(), 2);
        byte[] game = "[Event \"state\"]\n[White \"a\"]\n[Black \"b\"]\n[Game \"0\"]\n\n1. e4 1-0\n\n".getBytes(StandardCharsets.UTF_8);
        try (FileChannel ch = FileChannel.open(c.output().resolve("games.pdn"), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(game), (2L << 30) + 1); // sparse: the hole takes no disk
        }
        RunConfig changed = config(", \"description\": \"x\", \"adjudication\": {\"maxPlies\": 50}", null);
        ConfigException e = assertThrows(ConfigException.class, () -> RunState.prepare(changed, changed.output(), 2));
        assertTrue(e.problems().get(0).contains("holds a run of a different config"), e.problems().toString());
        assertTrue(e.problems().toString().contains("$.adjudication"), e.problems().toString());
    }

    @Test
    void aFileGivenToAnEngineAsFlagEqualsFileIsAnInput() throws Exception {
        Path book = Files.writeString(dir.resolve("book.bin"), "book 1");
        Path weights = Files.writeString(dir.resolve("w.nnue"), "net 1");
        RunConfig c = config("", "[\"/bin/cat\", \"--book=" + book + "\", \"-EvalFile=w.nnue\", \"--depth=12\"]");
        var inputs = RunInputs.of(c);
        assertEquals(book.toString(), inputs.path("argument 1 of player 'b'").path("file").asText(), inputs.toString());
        assertEquals(dir.resolve("w.nnue").toString(), inputs.path("argument 2 of player 'b'").path("file").asText(),
                "relative to the engine's folder, as a file given alone: " + inputs);
        assertTrue(inputs.path("argument 3 of player 'b'").isMissingNode(), "--depth=12 names no file");
        Files.writeString(weights, "net 2");
        List<String> changes = RunInputs.changes(inputs, RunInputs.of(c));
        assertEquals(1, changes.size(), changes.toString());
        assertTrue(changes.get(0).contains("w.nnue changed since the run started"), changes.get(0));
    }
}
