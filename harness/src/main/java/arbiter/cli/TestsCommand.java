package arbiter.cli;

import arbiter.service.protocol.Counts;
import arbiter.service.protocol.Wire;
import arbiter.stats.MatchStats;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arbiter tests}: the service's tests for scripts — list, status, stop, approve, wait, and their games. */
@Command(name = "tests", mixinStandardHelpOptions = true,
        description = "The test service's tests: list (the default), status ID, stop ID, approve ID (an approver, not the "
                + "test's author), modify ID --priority P --throughput T, wait ID..., pdn ID --out FILE.")
final class TestsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceCalls service;

    @Parameters(index = "0", arity = "0..1", paramLabel = "ACTION", description = "list, status, stop, approve, modify, wait or pdn.")
    String action = "list";

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "ID", description = "Test ids.")
    List<Long> ids = List.of();

    @Option(names = "--out", paramLabel = "FILE", description = "pdn: where to write the test's games.")
    Path out;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "wait: give up after this long (exit 1).")
    long timeout = 24 * 3600;

    @Option(names = "--priority", description = "modify: the test's new priority (-100 to 100).")
    Integer priority;

    @Option(names = "--throughput", description = "modify: the test's new throughput (1-500 percent).")
    Integer throughput;

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        var client = service.client(!action.equals("list") && !action.equals("status") && !action.equals("wait")
                && !action.equals("pdn"));
        switch (action) {
            case "list" -> {
                List<Wire.TestView> tests = new ObjectMapper().readValue(ServiceCalls.call(() -> client.get("/api/tests")),
                        new TypeReference<List<Wire.TestView>>() { });
                o.println(String.format(Locale.ROOT, "%6s  %-24s %-10s %-9s %15s %17s  %s", "id", "name", "user", "state",
                        "pairs", "W-D-L", "SPRT / result"));
                for (Wire.TestView t : tests) {
                    o.println(String.format(Locale.ROOT, "%6d  %-24s %-10s %-9s %15s %17s  %s", t.id(), cut(t.name(), 24),
                            cut(t.user(), 10), t.state(), t.counts().pairs() + "/" + t.pairs(), wdl(t.counts()), summary(t)));
                }
            }
            case "status" -> {
                for (long id : need()) {
                    status(o, ServiceCalls.call(() -> client.get("/api/tests/" + id, Wire.TestView.class)));
                }
            }
            case "stop", "approve" -> {
                for (long id : need()) {
                    ServiceCalls.call(() -> client.post("/api/tests/" + id + "/" + action, "{}"));
                    o.println("test " + id + (action.equals("stop") ? " stopped" : " approved"));
                }
            }
            case "modify" -> {
                if (priority == null || throughput == null) {
                    throw new BadInputException("modify ID --priority P --throughput T");
                }
                for (long id : need()) {
                    ServiceCalls.call(() -> client.post("/api/tests/" + id + "/modify", Wire.write(new Wire.Modify(priority, throughput))));
                    o.println("test " + id + ": priority " + priority + ", throughput " + throughput + "%");
                }
            }
            case "wait" -> {
                long end = System.currentTimeMillis() + timeout * 1000;
                for (long id : need()) {
                    Wire.TestView t;
                    while (!isOver(t = ServiceCalls.call(() -> client.get("/api/tests/" + id, Wire.TestView.class)))) {
                        if (System.currentTimeMillis() > end) {
                            throw new BadInputException("test " + id + " is still " + t.state() + " after " + timeout + " s");
                        }
                        Thread.sleep(500);
                    }
                    o.println("test " + id + " " + t.state() + ": " + t.result());
                }
            }
            case "pdn" -> {
                if (out == null || need().size() != 1) {
                    throw new BadInputException("pdn ID --out FILE");
                }
                JobSetup.checkWritable(out, "--out");
                ServiceCalls.call(() -> {
                    client.download("/api/tests/" + ids.get(0) + "/pdn", out);
                    return null;
                });
                o.println("the games of test " + ids.get(0) + " are in " + out);
            }
            default -> throw new BadInputException("unknown action '" + action + "': list, status, stop, approve, modify, wait or pdn");
        }
        return 0;
    }

    private List<Long> need() {
        if (ids.isEmpty()) {
            throw new BadInputException(action + " needs a test id");
        }
        return ids;
    }

    private static boolean isOver(Wire.TestView t) {
        return t.state().equals("finished") || t.state().equals("stopped");
    }

    private static void status(PrintWriter o, Wire.TestView t) {
        o.println("test " + t.id() + " (" + t.name() + ") by " + t.user() + ": " + t.state() + ", " + t.variant()
                + ", priority " + t.priority() + ", throughput " + t.throughput() + "%"
                + (t.share() > 0 ? String.format(Locale.ROOT, ", %.1f%% of the workers now", 100 * t.share()) : ""));
        Counts c = t.counts();
        o.println("  pairs " + c.pairs() + " of " + t.pairs() + ", W-D-L " + wdl(c) + ", pentanomial "
                + java.util.Arrays.toString(c.penta()));
        if (c.pairs() > 0) {
            MatchStats m = MatchStats.of(c.penta());
            o.println(String.format(Locale.ROOT, "  Elo %.2f [%.2f, %.2f] (95%%), LOS %.1f%%", m.elo(), m.eloLow(), m.eloHigh(),
                    100 * m.los()));
        }
        if (t.sprt() != null) {
            Wire.Sprt s = t.sprt();
            o.println(String.format(Locale.ROOT, "  SPRT elo0 %.2f elo1 %.2f: LLR %.3f [%.3f, %.3f], %s", s.elo0(), s.elo1(), s.llr(),
                    s.lower(), s.upper(), s.verdict()));
        }
        if (t.late().pairs() > 0) {
            o.println("  after it stopped (not counted above): pairs " + t.late().pairs() + ", W-D-L " + wdl(t.late()));
        }
        if (t.result() != null) {
            o.println("  " + t.result());
        }
    }

    private static String summary(Wire.TestView t) {
        if (t.result() != null) {
            return t.result();
        }
        return t.sprt() == null ? "" : String.format(Locale.ROOT, "LLR %.2f [%.2f, %.2f]", t.sprt().llr(), t.sprt().lower(),
                t.sprt().upper());
    }

    private static String wdl(Counts c) {
        return c.wins() + "-" + c.draws() + "-" + c.losses();
    }

    private static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }
}
