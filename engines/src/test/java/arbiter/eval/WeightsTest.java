package arbiter.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.draughts.DraughtsEvaluation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WeightsTest {
    @TempDir
    Path dir;

    @Test
    void jsonRoundTripKeepsEveryValue() {
        Weights w = DraughtsEvaluation.preset("s2-autocheckers").with(Map.of("tempo", 0.125, "king", 171.5));
        Weights back = Weights.defaults(DraughtsEvaluation.SPECS).withJson(w.toJson());
        assertEquals(w, back);
        assertEquals(171.5, back.get("king"));
        assertEquals(100.0, back.get("man"));
        assertTrue(w.toJson().contains("\"man\" : 100"), "whole numbers without a fraction: " + w.toJson());
    }

    @Test
    void missingWeightsFallBackToTheDefaults() {
        Weights w = Weights.defaults(DraughtsEvaluation.SPECS).withJson("{\"king\": 4}");
        assertEquals(4.0, w.get("king"));
        assertEquals(1.0, w.get("man"));
        assertEquals(0.1, w.get("backRow"));
    }

    @Test
    void unknownNamesAndNonNumbersAreErrorsNamingTheKey() {
        Weights d = Weights.defaults(DraughtsEvaluation.SPECS);
        WeightsException unknown = assertThrows(WeightsException.class, () -> d.withJson("{\"kinq\": 4}"));
        assertTrue(unknown.getMessage().startsWith("unknown weight 'kinq'; known weights: man, king, backRow"),
                unknown.getMessage());
        WeightsException text = assertThrows(WeightsException.class, () -> d.withJson("{\"king\": \"nine\"}"));
        assertEquals("weight 'king' must be a number, got \"nine\"", text.getMessage());
        WeightsException json = assertThrows(WeightsException.class, () -> d.withJson("{\"king\": }"));
        assertTrue(json.getMessage().startsWith("weights are not valid JSON"), json.getMessage());
        WeightsException array = assertThrows(WeightsException.class, () -> d.withJson("[1, 2]"));
        assertTrue(array.getMessage().contains("must be a JSON object"), array.getMessage());
    }

    @Test
    void filesNameThemselvesInErrors() throws Exception {
        Path f = dir.resolve("w.json");
        Files.writeString(f, "{\"man\": 2, \"queen\": 9}");
        WeightsException e = assertThrows(WeightsException.class, () -> Weights.defaults(DraughtsEvaluation.SPECS).withFile(f));
        assertTrue(e.getMessage().startsWith(f + ": unknown weight 'queen'"), e.getMessage());
        Files.writeString(f, "{\"man\": 2, \"king\": 9}");
        assertEquals(9.0, Weights.defaults(DraughtsEvaluation.SPECS).withFile(f).get("king"));
    }

    @Test
    void seedPresetsHoldTheThesesValues() {
        Weights s0 = DraughtsEvaluation.preset("s0-damaq");
        assertEquals(Map.of("man", 2.0, "king", 9.0, "backRow", 1.0, "edge", 1.0),
                Map.of("man", s0.get("man"), "king", s0.get("king"), "backRow", s0.get("backRow"), "edge", s0.get("edge")));
        assertEquals(0.0, s0.get("tempo"));
        Weights s2 = DraughtsEvaluation.preset("s2-autocheckers");
        assertEquals(170.0, s2.get("king"));
        assertEquals(-30.0, s2.get("kingCorner"));
        assertEquals(20.0, s2.get("neighbour"));
        assertThrows(WeightsException.class, () -> DraughtsEvaluation.preset("s9"));
    }
}
