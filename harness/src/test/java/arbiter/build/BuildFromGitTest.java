package arbiter.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.cli.Main;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Players built from two commits of a small engine repository made here: the second commit is
 * stronger (it serves Arbiter's alpha-beta engine over UCI where the first serves the random
 * player), so an SPRT between them accepts H1. Each commit is built once; a failed build and an
 * unknown ref are one clear error.
 */
class BuildFromGitTest {
    @TempDir
    Path dir;

    private Path repo;
    private Path cache;
    private String weak;
    private String strong;
    private String broken;

    private String git(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=Test", "-c", "user.email=test@example.org",
                "-c", "init.defaultBranch=main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(repo.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + "\n" + out);
        return out.strip();
    }

    private void commit(String engine, String buildScript, String message) throws Exception {
        Files.writeString(repo.resolve("engine.in"), """
                #!/bin/sh
                # A UCI engine: Arbiter's own server, with the engine this commit chose.
                exec "$TEST_JAVA" -Xmx128m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$TEST_CP" arbiter.cli.Main \\
                    engine --protocol uci --engine %s
                """.formatted(engine));
        Files.writeString(repo.resolve("build.sh"), buildScript);
        git("add", "-A");
        git("commit", "--quiet", "-m", message);
    }

    @BeforeEach
    void repository() throws Exception {
        repo = dir.resolve("engine-repo");
        cache = dir.resolve("cache");
        Files.createDirectories(repo);
        git("init", "--quiet");
        String build = """
                #!/bin/sh
                set -e
                cp engine.in engine
                chmod +x engine
                git rev-parse HEAD >> ../builds.log
                """;
        commit("random", build, "first: plays at random");
        weak = git("rev-parse", "HEAD");
        commit("chess-alphabeta", build, "second: searches");
        strong = git("rev-parse", "HEAD");
        git("tag", "v2");
        commit("chess-alphabeta", "#!/bin/sh\necho \"engine.c:12: error: expected ';' before '}' token\" >&2\nexit 1\n", "broken");
        broken = git("rev-parse", "HEAD");
        System.setProperty("arbiter.build.cache", cache.toString());
    }

    @AfterEach
    void clear() {
        System.clearProperty("arbiter.build.cache");
    }

    private String player(String name, String ref) {
        String java = ProcessHandle.current().info().command().orElseThrow();
        return """
                {"name": "%s", "protocol": "uci",
                 "build": {"repo": "%s", "ref": "%s", "command": ["sh", "build.sh"], "binary": "engine"},
                 "env": {"TEST_JAVA": "%s", "TEST_CP": "%s"}}""".formatted(name, repo, ref, java,
                System.getProperty("java.class.path"));
    }

    private Path config(String name, String newRef, String oldRef) throws Exception {
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, """
                { "name": "%s", "game": {"variant": "chess"},
                  "players": [ %s, %s ],
                  "schedule": {"type": "match", "players": ["new", "old"], "games": 80,
                               "sprt": {"elo0": 0, "elo1": 200, "alpha": 0.05, "beta": 0.05}},
                  "openings": {"randomPlies": 2, "pairs": true}, "limits": {"depth": 2},
                  "adjudication": {"maxPlies": 120}, "concurrency": 2, "seed": 8, "output": "%s" }
                """.formatted(name, player("new", newRef), player("old", oldRef), dir.resolve(name + "-out")));
        return f;
    }

    private static int run(StringWriter so, StringWriter se, String... args) {
        return Main.run(new PrintWriter(so), new PrintWriter(se), args);
    }

    @Test
    void anSprtBetweenTwoCommitsAcceptsTheStrongerOneAndEachCommitIsBuiltOnce() throws Exception {
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        // The stronger commit by tag, the weaker by its hash.
        int code = run(so, se, "run", config("sprt", "v2", weak).toString(), "--sprt-exit-code");
        assertEquals(0, code, "H1 accepted\n" + so + "\n" + se);
        assertTrue(so.toString().contains("SPRT H1 accepted"), so.toString());
        Map<?, ?> match = new ObjectMapper().readValue(dir.resolve("sprt-out/report.json").toFile(), Map.class);
        assertTrue(String.valueOf(match.get("players")).contains(cache.resolve(strong).resolve("engine").toString()),
                "the new player runs the binary built at the tag's commit");
        List<String> builds = Files.readAllLines(cache.resolve("builds.log"));
        assertEquals(2, builds.size(), "each commit built once: " + builds);
        assertEquals(java.util.Set.of(weak, strong), java.util.Set.copyOf(builds));
        // Another run at the same commits (given as a hash and a branch-free tag) builds nothing again.
        StringWriter so2 = new StringWriter();
        assertEquals(0, run(so2, new StringWriter(), "run", config("again", strong, weak).toString(), "--quiet"));
        assertEquals(2, Files.readAllLines(cache.resolve("builds.log")).size(), "no rebuild");
    }

    @Test
    void aFailedBuildOrAnUnknownRefIsOneErrorWithTheBuildsOutput() throws Exception {
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(2, run(so, se, "run", config("broken", broken, weak).toString()));
        String err = se.toString();
        assertTrue(err.contains("$.players[0].build") && err.contains("failed (exit code 1)"), err);
        assertTrue(err.contains("engine.c:12: error: expected ';' before '}' token"), "the build's output tail: " + err);
        assertFalse(err.contains("\tat "), "no stack trace: " + err);
        assertFalse(Files.exists(cache.resolve(broken).resolve(".arbiter-built")));

        StringWriter se2 = new StringWriter();
        assertEquals(2, run(new StringWriter(), se2, "run", config("unknown", "no-such-ref", weak).toString()));
        assertTrue(se2.toString().contains("no commit 'no-such-ref'"), se2.toString());
    }

    @Test
    void theMatchCommandTakesBuildKeys() throws Exception {
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(0, run(so, se, "match", "-engine", "name=new", "build.repo=" + repo, "build.ref=v2",
                "build.command=sh build.sh", "build.binary=engine", "-engine", "builtin=random", "-each", "depth=1",
                "--print-config"), se.toString());
        var json = new ObjectMapper().readTree(so.toString());
        assertEquals("v2", json.get("players").get(0).get("build").get("ref").asText());
        assertEquals("sh", json.get("players").get(0).get("build").get("command").get(0).asText());
        assertEquals("uci", json.get("players").get(0).get("protocol").asText());
    }
}
