package arbiter.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The service's commands refuse what cannot work with one {@code error:} line and exit code 2, before any network. */
class ServiceCommandsTest {
    @TempDir
    Path dir;

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    private static void refused(String message, String... args) {
        String[] r = run(args);
        assertEquals("2", r[0], r[2]);
        assertEquals("error: " + message + "\n", r[2]);
    }

    @Test
    void aWorkerIsForAClusterOrForAServiceNeverBothOrNeither() throws Exception {
        Path token = Files.writeString(dir.resolve("t"), "arb_x\n");
        refused("give --join HOST:PORT (a cluster coordinator) or --server URL (a test service)", "worker");
        refused("give --join (a cluster coordinator) or --server (a test service), not both",
                "worker", "--join", "127.0.0.1:1", "--server", "http://127.0.0.1:1");
        refused("--server needs --token-file FILE (a worker token)", "worker", "--server", "http://127.0.0.1:1");
        refused("--secret-file is for --join; a test service's worker gives --token-file",
                "worker", "--server", "http://127.0.0.1:1", "--token-file", token.toString(), "--secret-file", token.toString());
        refused("--token-file is for --server", "worker", "--join", "127.0.0.1:1", "--token-file", token.toString());
        refused("--join needs --secret-file FILE (the coordinator's shared secret)", "worker", "--join", "127.0.0.1:1");
        refused("cannot read the token file " + dir.resolve("none") + ": no such file",
                "worker", "--server", "http://127.0.0.1:1", "--token-file", dir.resolve("none").toString());
        refused("--server ftp://x: give the server's URL, e.g. http://127.0.0.1:7700",
                "worker", "--server", "ftp://x", "--token-file", token.toString());
    }

    @Test
    void submitAndTestsSayWhatIsMissing() throws Exception {
        Path token = Files.writeString(dir.resolve("t"), "arb_x\n");
        refused("give test files, or --variant, --new, --base and --pairs (and --sprt, --limits ...)",
                "submit", "--token-file", token.toString());
        refused("unknown action 'sotp': list, status, stop, approve, modify, wait or pdn", "tests", "sotp", "--token-file", token.toString());
        String[] r = run("tests", "--server", "http://127.0.0.1:1");
        assertEquals("2", r[0]);
        assertEquals(true, r[2].startsWith("error: the server at http://127.0.0.1:1 cannot be reached"), r[2]);
        refused("--task-minutes 0-1440, --report-seconds and --heartbeat-seconds 0.1-3600, and --lease-seconds at least three "
                + "reports or heartbeats long (up to 86400)", "serve", "--lease-seconds", "1", "--data", dir.toString());
    }
}
