package arbiter.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import arbiter.tune.TuneRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every config in configs/ (and configs/bench/) plays: a tiny version of it, with its players and game.
 * A player built from a remote repository (Scan 2.0 in seed-s0-scan) is not fetched here: CI reaches
 * package registries only. Its tiny version keeps the protocol and swaps in our own engine behind it
 * (`arbiter engine --protocol dxp`); building from git is tested by BuildFromGitTest.
 */
class ShippedConfigsPlayTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aTinyVersionOfEveryConfigPlays() throws Exception {
        List<Path> files = new ArrayList<>();
        for (Path folder : List.of(ConfigLoaderTest.configsFolder(), ConfigLoaderTest.configsFolder().resolve("bench"))) {
            if (Files.isDirectory(folder)) {
                try (DirectoryStream<Path> s = Files.newDirectoryStream(folder, "*.json")) {
                    s.forEach(files::add);
                }
            }
        }
        assertTrue(files.size() >= 3, files.toString());
        for (Path f : files) {
            ObjectNode root = (ObjectNode) JSON.readTree(Files.readString(f));
            shrink(root, dir.resolve(f.getFileName().toString()));
            RunConfig config = ConfigLoader.parse(root, f.toAbsolutePath().getParent(), "tiny");
            if (config.tune() != null) {
                TuneRun.Summary t = new TuneRun(config, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).run();
                assertEquals(2, t.history().size(), f.toString());
                continue;
            }
            Tournament.Summary s = new Tournament(config, new PrintWriter(new StringWriter()),
                    new PrintWriter(new StringWriter()), new StandingsReporter()).run();
            assertTrue(s.played() >= 1, f + " played no game");
            assertEquals(s.played(), GameLog.read(config.output().resolve("games.pdn"), w -> { }).size(), f.toString());
        }
    }

    /** One meeting of each pairing (or two games of a match), depth 1, short games, a temp output. */
    private static void shrink(ObjectNode root, Path output) throws java.io.IOException {
        if (root.has("tune")) {
            ObjectNode tune = (ObjectNode) root.get("tune");
            tune.put("iterations", 2);
            tune.put("pairsPerIteration", 1);
            tune.putObject("validation").put("games", 2);
        } else {
            ObjectNode schedule = (ObjectNode) root.get("schedule");
            schedule.put("rounds", 1);
            if (schedule.has("games")) {
                schedule.put("games", 2);
            }
            schedule.remove("sprt");
        }
        ObjectNode limits = JSON.createObjectNode().put("depth", 1).put("nodes", 300);
        root.set("limits", limits);
        for (JsonNode p : root.get("players")) {
            if (p.has("limits")) {
                ((ObjectNode) p).set("limits", limits.deepCopy());
            }
        }
        ObjectNode adjudication = root.has("adjudication") ? (ObjectNode) root.get("adjudication") : root.putObject("adjudication");
        adjudication.put("maxPlies", 30);
        root.put("output", output.toString());
        root.put("concurrency", 2);
        ConfigLoaderTest.standInForRemoteBuilds(root, output);
        for (JsonNode p : root.get("players")) {
            if ("dxp".equals(p.path("protocol").asText())) {
                root.put("concurrency", 1); // a DXP engine listens on one port
            }
        }
    }
}
