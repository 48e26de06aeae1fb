package arbiter.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The adjudication block of a JSON config: resign is one-sided unless resignTwoSided (docs/config.md). */
class AdjudicationConfigTest {
    private static RunConfig parse(String adjudication) throws Exception {
        String json = """
                { "name": "adj", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 2},
                  "limits": {"depth": 1},
                  "adjudication": %s }""".formatted(adjudication);
        return ConfigLoader.parse(new ObjectMapper().readTree(json), Path.of("").toAbsolutePath(), "adj");
    }

    @Test
    void resignIsOneSidedUnlessTwoSidedIsAskedFor() throws Exception {
        assertFalse(parse("{\"resignScore\": 600, \"resignMoves\": 3}").adjudication().resignTwoSided());
        assertTrue(parse("{\"resignScore\": 600, \"resignMoves\": 3, \"resignTwoSided\": true}").adjudication().resignTwoSided());
    }

    @Test
    void aBadValueNamesItsPath() {
        ConfigException e = assertThrows(ConfigException.class, () -> parse("{\"resignTwoSided\": \"yes\"}"));
        assertEquals(1, e.problems().size(), e.problems().toString());
        assertTrue(e.problems().get(0).contains("$.adjudication.resignTwoSided"), e.problems().toString());
    }
}
