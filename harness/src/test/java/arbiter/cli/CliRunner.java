package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command line in-process and captures its output. */
record CliRunner(int exit, String out, String err) {
    static CliRunner run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine(args);
        Main.handleErrors(cli);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new CliRunner(code, out.toString(), err.toString());
    }

    /** Bad input as a user should see it: exit 2, one line "error: ..." holding each of {@code parts}, no stack trace. */
    static void assertOneError(CliRunner r, String... parts) {
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("error: "), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertFalse(r.err().contains("internal error") || r.err().contains("\tat "), r.err());
        for (String p : parts) {
            assertTrue(r.err().contains(p), "'" + p + "' in: " + r.err());
        }
    }
}
