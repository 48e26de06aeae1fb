package arbiter.config;

import arbiter.play.Protocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.external.ExternalEngine;
import arbiter.config.RunConfig.PlayerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The config keys of external engines: read, resolved and validated with their JSON paths. */
class ExternalConfigTest {
    @TempDir
    Path dir;

    private Path write(String json) throws IOException {
        Path f = dir.resolve("c.json");
        Files.writeString(f, json);
        return f;
    }

    private String problems(String json) throws IOException {
        Path f = write(json);
        return String.join("\n", assertThrows(ConfigException.class, () -> ConfigLoader.load(f)).problems());
    }

    private Path program(String name) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void anExternalEngineIsReadWithItsProcessSettings() throws IOException {
        program("engine.sh");
        Files.createDirectories(dir.resolve("work"));
        RunConfig c = ConfigLoader.load(write("""
                { "game": {"variant": "chess"},
                  "players": [ {"name": "x", "protocol": "uci", "command": ["./engine.sh", "--threads", 1],
                                "workingDir": "work", "env": {"EVAL": "nn.bin"}, "options": {"Hash": 64, "Ponder": false},
                                "initTimeoutMs": 5000, "hangTimeoutMs": 9000},
                               {"name": "r", "engine": "random"} ],
                  "schedule": {"type": "round-robin"}, "limits": {"depth": 2} }"""));
        PlayerConfig x = c.players().get(0);
        assertTrue(x.external());
        ExternalEngine e = x.externalEngine();
        assertEquals(Protocol.UCI, e.protocol());
        assertEquals(List.of(dir.resolve("engine.sh").toAbsolutePath().toString(), "--threads", "1"), e.command());
        assertEquals(x.command(), e.command());
        assertEquals(dir.resolve("work"), e.workingDir());
        assertEquals(Map.of("EVAL", "nn.bin"), e.env());
        assertEquals(Map.of("Hash", 64L, "Ponder", false), x.options());
        assertEquals(5000, e.initTimeoutMs());
        assertEquals(9000, e.hangTimeoutMs());
        assertNull(c.players().get(1).externalEngine());
    }

    @Test
    void dxpEnginesHaveAPortAndARole() throws IOException {
        RunConfig c = ConfigLoader.load(write("""
                { "game": {"variant": "international"},
                  "players": [ {"name": "kingsrow", "protocol": "dxp", "port": 27531},
                               {"name": "scan", "protocol": "dxp", "host": "0.0.0.0", "port": 27532, "role": "follower"} ],
                  "schedule": {"type": "round-robin"}, "limits": {"timeMs": 60000} }"""));
        ExternalEngine k = c.players().get(0).externalEngine();
        assertEquals(List.of(), k.command());
        assertEquals("127.0.0.1", k.host());
        assertEquals(27531, k.port());
        assertEquals("initiator", k.role());
        assertEquals("follower", c.players().get(1).externalEngine().role());
    }

    @Test
    void mistakesAreReportedWithTheirPaths() throws IOException {
        program("engine.sh");
        String all = problems("""
                { "game": {"variant": "international"},
                  "players": [ {"name": "a", "protocol": "uci", "command": ["./engine.sh"]},
                               {"name": "b", "protocol": "hub", "command": ["no-such-engine-anywhere"]},
                               {"name": "c", "protocol": "hub"},
                               {"name": "d", "protocol": "dxp"},
                               {"name": "e", "protocol": "hub", "command": ["./engine.sh"], "port": 5, "workingDir": "nope",
                                "weights": {"x": 1}, "initTimeoutMs": 0},
                               {"name": "f", "engine": "random", "command": ["./engine.sh"]},
                               {"name": "g", "protocol": "usi", "command": ["./engine.sh"]},
                               {"name": "h", "protocol": "dxp", "port": 1, "role": "boss", "env": {"A": [1]}},
                               {"name": "i", "command": ["./engine.sh"]},
                               {"name": "j", "protocol": "dxp", "port": 2, "options": {"depth": 3}} ],
                  "schedule": {"type": "round-robin"}, "limits": {"depth": 2} }""");
        for (String expected : List.of(
                "$.players[0].protocol: the uci protocol plays chess, not international",
                "$.players[1].command[0]: no executable program 'no-such-engine-anywhere' on PATH or in [/usr/games, /usr/local/games]",
                "$.players[2].command: missing; a hub engine is a program: give its command as an array",
                "$.players[3].port: missing; a dxp engine needs the port",
                "$.players[4].port: only for the dxp protocol",
                "$.players[4].workingDir: no such folder",
                "$.players[4].weights: only built-in engines take weights",
                "$.players[4].initTimeoutMs: must be between 1 and 3600000, got 0",
                "$.players[5].command: only for external engines; this player is the built-in engine 'random'",
                "$.players[6].protocol: 'usi' is not allowed; allowed values: uci, xboard, hub, hub1, dxp, gnubg",
                "$.players[7].role: 'boss' is not allowed; allowed values: initiator, follower",
                "$.players[7].env.A: must be a string",
                "$.players[8].protocol: missing; required string",
                "$.players[9].options: the dxp protocol has no options")) {
            assertTrue(all.contains(expected), "expected «" + expected + "» in\n" + all);
        }
    }

    @Test
    void gnubgNeedsBackgammonAndNoLimit() throws IOException {
        String all = problems("""
                { "game": {"variant": "english"},
                  "players": [ {"name": "g", "protocol": "gnubg", "command": ["sh"]},
                               {"name": "r", "engine": "random", "limits": {"depth": 1}} ],
                  "schedule": {"type": "round-robin"} }""");
        assertTrue(all.contains("$.players[0].protocol: the gnubg protocol plays backgammon, not english"), all);
        assertTrue(!all.contains("no limit for player 'g'"), all);
    }
}
