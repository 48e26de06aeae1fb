package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.cli.Main;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Small scripted engines that crash, hang, print garbage, send an illegal move, close their pipe or
 * answer late, in a gauntlet against the built-in random player: each fault loses its game with the
 * right Termination tag and reason (in the record and in the run's log), the engine is restarted for
 * its next game, the run completes, and no process is left behind.
 */
class FaultInjectionTest {
    @TempDir
    Path dir;

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    /** Mode of the fake engine -> Termination tag and a phrase of the reason. */
    private static final Map<String, String[]> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("crash", new String[] {"engine crash", "exited with code 3"});
        EXPECTED.put("hang", new String[] {"stalled connection", "did not answer within"});
        EXPECTED.put("garbage", new String[] {"illegal move", "unparsable move"});
        EXPECTED.put("illegal", new String[] {"illegal move", "a1h8"});
        EXPECTED.put("close", new String[] {"engine crash", "closed its output"});
        EXPECTED.put("slow", new String[] {"time forfeit", "on time"});
        EXPECTED.put("bash-hang", new String[] {"stalled connection", "did not answer within"});
    }

    private Path bashHang(Path log) throws IOException {
        Path script = dir.resolve("bash-hang.sh");
        Files.writeString(script, """
                #!/bin/bash
                echo "$$ bash-hang" >> "%s"
                while read -r line; do
                  case "$line" in
                    uci) echo "id name bash hang"; echo "uciok";;
                    isready) echo "readyok";;
                    go*) sleep 600;;
                    quit) exit 0;;
                  esac
                done
                """.formatted(log));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    @Test
    void everyFaultLosesItsGameWithItsReasonAndTheRunGoesOn() throws IOException {
        StringBuilder players = new StringBuilder("""
                {"name": "rnd", "engine": "random", "options": {"seed": 3}, "limits": {"depth": 1}},
                {"name": "none", "protocol": "uci", "command": %s}""".formatted(
                TestEngines.json(TestEngines.javaMain(FakeUciEngine.class.getName(), "none", "0",
                        dir.resolve("none.log").toString()))));
        for (String mode : EXPECTED.keySet()) {
            List<String> command = mode.equals("bash-hang") ? List.of(bashHang(dir.resolve(mode + ".log")).toString())
                    : TestEngines.javaMain(FakeUciEngine.class.getName(), mode, "2", dir.resolve(mode + ".log").toString());
            players.append(",\n{\"name\": \"").append(mode).append("\", \"protocol\": \"uci\", \"command\": ")
                    .append(TestEngines.json(command)).append('}');
        }
        Path out = dir.resolve("out");
        Path config = dir.resolve("faults.json");
        Files.writeString(config, """
                { "name": "faults", "game": {"variant": "chess"},
                  "players": [ %s ],
                  "schedule": {"type": "gauntlet", "players": ["rnd"], "rounds": 1},
                  "limits": {"moveTimeMs": 300, "marginMs": 200},
                  "adjudication": {"maxPlies": 12},
                  "concurrency": 2, "output": "%s", "seed": 5, "reportEvery": 1000 }
                """.formatted(players, out));
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        int code = Main.run(new PrintWriter(so), new PrintWriter(se), "run", config.toString());
        assertEquals(0, code, so + "\n" + se);
        TestEngines.assertFaultRecords(out.resolve("games.pdn"), EXPECTED);
        String log = Files.readString(out.resolve("arbiter.log"));
        for (Map.Entry<String, String[]> e : EXPECTED.entrySet()) {
            assertTrue(log.contains(e.getValue()[1]), "the log gives the reason of " + e.getKey());
            int starts = Files.readAllLines(dir.resolve(e.getKey() + ".log")).size();
            if (e.getKey().equals("slow")) {
                // Late but in step with the protocol: it loses on time and is not restarted.
                assertTrue(starts >= 1 && starts <= 2, "slow starts " + starts);
                continue;
            }
            assertTrue(log.contains("engine " + e.getKey() + " failed"), "the log names the failure of " + e.getKey());
            // The pre-flight check's process plays its first game, then a fresh one its second.
            assertEquals(2, starts, e.getKey() + " restarts");
        }
        int noneStarts = Files.readAllLines(dir.resolve("none.log")).size();
        assertTrue(noneStarts >= 1 && noneStarts <= 2, "a healthy engine is kept between games: " + noneStarts);
        assertTrue(log.contains("EngineStderr") || log.contains("started (pid"), "engine lifecycle in the log");
    }

    @Test
    void anEngineThatNeverCompletesItsHandshakeStopsTheRunBeforeAnyGame() throws IOException {
        Path script = dir.resolve("mute.sh");
        Files.writeString(script, "#!/bin/bash\necho 'I am not a chess engine' >&2\nwhile read -r line; do :; done\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path config = dir.resolve("mute.json");
        Files.writeString(config, """
                { "game": {"variant": "chess"},
                  "players": [ {"name": "rnd", "engine": "random"},
                               {"name": "mute", "protocol": "uci", "command": ["%s"], "initTimeoutMs": 500} ],
                  "schedule": {"type": "round-robin"}, "limits": {"depth": 1}, "output": "%s" }
                """.formatted(script, dir.resolve("out")));
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        int code = Main.run(new PrintWriter(so), new PrintWriter(se), "run", config.toString());
        assertEquals(2, code, se.toString());
        assertTrue(se.toString().contains("$.players[1]: engine 'mute' is not usable: engine mute did not answer 'uci' with 'uciok' within 500 ms"),
                se.toString());
    }
}
