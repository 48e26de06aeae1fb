package arbiter.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static Path configsFolder() {
        // Tests run in the module folder; the configs live at the repository root.
        Path p = Path.of("..", "configs");
        return Files.isDirectory(p) ? p : Path.of("configs");
    }

    @Test
    void everyShippedConfigValidates() throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(configsFolder(), "*.json")) {
            s.forEach(files::add);
        }
        assertTrue(files.size() >= 1, "configs/ holds configs");
        for (Path f : files) {
            ObjectNode root = (ObjectNode) JSON.readTree(Files.readString(f));
            standInForRemoteBuilds(root, f);
            RunConfig c = ConfigLoader.parse(root, f.toAbsolutePath().getParent(), f.getFileName().toString());
            assertTrue(c.players().size() >= (c.tune() != null ? 1 : 2), f.toString());
        }
    }

    /**
     * A player built from a remote repository (Scan in seed-s0-scan) would be cloned by loading the
     * config, and CI reaches package registries only: its build block is checked here for its keys,
     * then replaced by our own engine behind the same protocol (building from git: BuildFromGitTest).
     */
    static void standInForRemoteBuilds(ObjectNode root, Path f) throws IOException {
        for (JsonNode p : root.path("players")) {
            ObjectNode player = (ObjectNode) p;
            JsonNode build = player.get("build");
            if (build == null || !build.path("repo").asText().contains("://")) {
                continue;
            }
            build.fieldNames().forEachRemaining(k -> assertTrue(ConfigLoader.BUILD_KEYS.contains(k), f + ": build key " + k));
            for (String k : List.of("repo", "ref", "command", "binary")) {
                assertTrue(build.has(k), f + ": build has no " + k);
            }
            assertEquals("dxp", player.path("protocol").asText(), f + ": a stand-in exists for DXP only");
            player.remove("build");
            player.put("port", arbiter.external.TestEngines.freePort());
            ArrayNode command = player.putArray("command");
            arbiter.external.TestEngines.arbiterEngine("--protocol", "dxp", "--engine", "draughts-alphabeta", "--port",
                    player.get("port").asText(), "--depth", "1").forEach(command::add);
        }
    }

    private List<String> problems(String json) throws IOException {
        Path f = dir.resolve("c.json");
        Files.writeString(f, json);
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(f));
        return e.problems();
    }

    private static final String PLAYERS = """
            "players": [ {"name": "a", "engine": "draughts-alphabeta"}, {"name": "b", "engine": "random"} ]""";

    @Test
    void everyProblemIsReportedWithItsJsonPath() throws IOException {
        List<String> p = problems("""
                { "game": {"variant": "international", "colour": "red"},
                  "players": [ {"name": "a", "engine": "draughts-alphabeta", "options": {"histroy": false}},
                               {"name": "b", "engine": "random", "limits": {"depth": "deep"}},
                               {"name": "c", "extends": "zz"} ],
                  "schedule": {"type": "swiss"},
                  "limits": {"depth": 3},
                  "concurrency": 0,
                  "openings": {"file": "missing.pdn"},
                  "colour": 1 }""");
        String all = String.join("\n", p);
        assertContains(all, "$.game.colour: unknown key; allowed keys: rules, variant");
        assertContains(all, "$.colour: unknown key");
        assertContains(all, "$.players[0].options: unknown option 'histroy' for engine draughts-alphabeta; known options:");
        assertContains(all, "$.players[1].limits.depth: must be a whole number, got the string \"deep\"");
        assertContains(all, "$.players[2].extends: unknown player 'zz'");
        assertContains(all, "$.schedule.type: 'swiss' is not allowed; allowed values: round-robin, gauntlet, match");
        assertContains(all, "$.concurrency: must be between 1 and 512, got 0");
        assertContains(all, "$.openings.file: no such file");
        assertTrue(p.size() >= 8, all);
    }

    @Test
    void missingRequiredFieldsAndUnknownReferences() throws IOException {
        String all = String.join("\n", problems("""
                { "players": [ {"engine": "random"} ], "schedule": {"type": "match", "players": ["a", "x"]} }"""));
        assertContains(all, "$.game: missing; required object");
        assertContains(all, "$.players[0].name: missing; required string");
        assertContains(all, "$.schedule.players[1]: unknown player 'x'");
        assertContains(all, "$.schedule.games: a match needs a number of games");
    }

    @Test
    void unknownVariantRuleEngineAndWeight() throws IOException {
        assertContains(String.join("\n", problems("{ \"game\": {\"variant\": \"shogi\"}, " + PLAYERS
                + ", \"schedule\": {\"type\": \"round-robin\"}, \"limits\": {\"depth\": 1} }")),
                "$.game.variant: unknown game variant 'shogi'; known variants: international");
        assertContains(String.join("\n", problems("{ \"game\": {\"variant\": \"english\", \"rules\": {\"flying\": true}}, "
                + PLAYERS + ", \"schedule\": {\"type\": \"round-robin\"}, \"limits\": {\"depth\": 1} }")),
                "$.game.rules: unknown rule 'flying' for english");
        assertContains(String.join("\n", problems("""
                { "game": {"variant": "english"}, "players": [ {"name": "a", "engine": "stockfish9"},
                  {"name": "b", "engine": "draughts-alphabeta", "weights": {"queen": 9}} ],
                  "schedule": {"type": "round-robin"}, "limits": {"depth": 1} }""")),
                "$.players[0].engine: unknown engine 'stockfish9'");
        assertContains(String.join("\n", problems("""
                { "game": {"variant": "english"}, "players": [ {"name": "a", "engine": "random"},
                  {"name": "b", "engine": "draughts-alphabeta", "weights": {"queen": 9}} ],
                  "schedule": {"type": "round-robin"}, "limits": {"depth": 1} }""")),
                "$.players[1].weights: unknown weight 'queen'; known weights: man, king");
    }

    @Test
    void invalidJsonNamesLineAndColumn() throws IOException {
        String all = String.join("\n", problems("{\n  \"game\": {\"variant\": \"english\"},\n  \"players\": [,]\n}"));
        assertContains(all, "not valid JSON at line 3, column");
    }

    @Test
    void extendsMergesOptionsAndWeights() throws IOException {
        Path f = dir.resolve("ok.json");
        Files.writeString(f, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "base", "engine": "draughts-alphabeta", "options": {"tt": false, "ttMb": 4},
                                "weights": {"king": 2.5}},
                               {"name": "child", "extends": "base", "options": {"tt": true}, "weights": {"man": 1.5}} ],
                  "schedule": {"type": "round-robin"}, "limits": {"depth": 2} }""");
        RunConfig c = ConfigLoader.load(f);
        RunConfig.PlayerConfig child = c.players().get(1);
        assertEquals("draughts-alphabeta", child.engine());
        assertEquals(Boolean.TRUE, child.options().get("tt"));
        assertEquals(4L, child.options().get("ttMb"));
        assertEquals(2.5, child.weights().get("king"));
        assertEquals(1.5, child.weights().get("man"));
    }


    @Test
    void anchorsNamePlayersOfTheScheduleWithFiniteRatings() throws IOException {
        String players = """
                "players": [ {"name": "a", "engine": "draughts-alphabeta"}, {"name": "b", "engine": "random"},
                             {"name": "c", "engine": "random"} ]""";
        String all = String.join("\n", problems("{ \"game\": {\"variant\": \"english\"}, " + players
                + ", \"schedule\": {\"type\": \"match\", \"players\": [\"a\", \"b\"], \"games\": 2},"
                + " \"anchors\": {\"b\": \"1500\", \"zz\": 1, \"c\": 1200} }"));
        assertContains(all, "$.anchors.b: must be a finite number (the player's fixed Elo), got the string");
        assertContains(all, "$.anchors.zz: unknown player 'zz'; players: a, b, c");
        assertContains(all, "$.anchors.c: player 'c' plays no game in this match");
        assertContains(String.join("\n", problems("{ \"game\": {\"variant\": \"english\"}, " + players
                + ", \"schedule\": {\"type\": \"round-robin\"}, \"anchors\": [\"b\"] }")),
                "$.anchors: must be an object of player name: rating, got an array");
        Path f = dir.resolve("anchored.json");
        Files.writeString(f, "{ \"game\": {\"variant\": \"english\"}, " + players
                + ", \"schedule\": {\"type\": \"gauntlet\", \"players\": [\"a\"]}, \"limits\": {\"depth\": 1},"
                + " \"anchors\": {\"c\": 1200, \"b\": 1500.5} }");
        RunConfig c = ConfigLoader.load(f);
        assertEquals(List.of("c", "b"), List.copyOf(c.anchors().keySet()), "config order is kept");
        assertEquals(1500.5, c.anchors().get("b"));
        assertEquals(c.anchors(), c.withOutput(dir).withConcurrency(1).anchors());
    }

    private static void assertContains(String all, String expected) {
        assertTrue(all.contains(expected), "expected a problem containing:\n  " + expected + "\ngot:\n" + all);
    }
}
