package arbiter.cli;

import arbiter.config.ConfigLoader;
import arbiter.io.BoundedFiles;
import arbiter.service.protocol.TestFields;
import arbiter.service.protocol.Wire;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arbiter submit}: sends tests to the service — each a JSON file (a run config of a match, with
 * an optional {@code service} block) or one test made from flags, as OpenBench's scripts make one.
 * Files the config names (its openings, weight files) are read here and sent inline: the service and
 * its workers read no file of this machine.
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = "Submit tests to the test service: JSON files (a match config with an optional \"service\": {\"priority\", "
                + "\"throughput\"}), or one test from flags. Flags given with a file change each file's test.")
final class SubmitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceCalls service;

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "Tests as JSON files.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--name", description = "The test's name.")
    String name;

    @Option(names = "--variant", description = "The game (e.g. chess, international).")
    String variant;

    @Option(names = "--new", paramLabel = "ENGINE[:PROTOCOL]",
            description = "The tested engine: a built-in engine id, or the name of an engine the workers declare and its protocol.")
    String newEngine;

    @Option(names = "--base", paramLabel = "ENGINE[:PROTOCOL]", description = "Its opponent, in the same way.")
    String baseEngine;

    @Option(names = "--new-option", paramLabel = "K=V", description = "An option of the tested engine (repeatable).")
    Map<String, String> newOptions = Map.of();

    @Option(names = "--base-option", paramLabel = "K=V", description = "An option of its opponent (repeatable).")
    Map<String, String> baseOptions = Map.of();

    @Option(names = "--limits", paramLabel = "K=V", split = ",", description = "Both players' limits: depth, nodes, moveTimeMs, timeMs, incrementMs.")
    Map<String, String> limits = Map.of();

    @Option(names = "--new-limits", paramLabel = "K=V", split = ",", description = "The tested engine's own limits.")
    Map<String, String> newLimits = Map.of();

    @Option(names = "--base-limits", paramLabel = "K=V", split = ",", description = "Its opponent's own limits.")
    Map<String, String> baseLimits = Map.of();

    @Option(names = "--openings", paramLabel = "FILE", description = "An openings file (FEN, EPD or PDN), sent with the test.")
    Path openings;

    @Option(names = "--pairs", paramLabel = "N", description = "Game pairs to play (with --sprt, at most).")
    Integer pairs;

    @Option(names = "--sprt", paramLabel = "ELO0,ELO1[,ALPHA,BETA]", split = ",", description = "Stop on this SPRT (pentanomial).")
    List<Double> sprt;

    @Option(names = "--priority", description = "Higher runs first (default 0).")
    Integer priority;

    @Option(names = "--throughput", description = "Share of the workers, percent of a normal test's (1-500, default 100).")
    Integer throughput;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<ObjectNode> tests = new ArrayList<>();
        for (Path f : files) {
            tests.add(pack(read(f), f.toAbsolutePath().getParent()));
        }
        if (files.isEmpty()) {
            if (variant == null || newEngine == null || baseEngine == null || pairs == null) {
                throw new BadInputException("give test files, or --variant, --new, --base and --pairs (and --sprt, --limits ...)");
            }
            ObjectNode t = JsonNodeFactory.instance.objectNode();
            t.putObject("game").put("variant", variant);
            tests.add(pack(t, Path.of("").toAbsolutePath()));
        }
        var client = service.client(true);
        for (ObjectNode t : tests) {
            Wire.Submitted s = ServiceCalls.call(() -> client.post("/api/tests", Wire.write(t), Wire.Submitted.class));
            out.println("test " + s.id() + " (" + t.path("name").asText("test") + ") submitted: " + s.state()
                    + ("pending".equals(s.state()) ? " until an approver other than you approves it" : ""));
        }
        return 0;
    }

    private static ObjectNode read(Path f) {
        try {
            JsonNode n = Wire.tree(BoundedFiles.readString(f, "a test"));
            if (!n.isObject()) {
                throw new BadInputException(f + ": a test is a JSON object");
            }
            return (ObjectNode) n;
        } catch (Wire.BadMessageException e) {
            throw new BadInputException(f + ": " + e.getMessage());
        } catch (IOException e) {
            throw new BadInputException(f + ": cannot read: " + e.getMessage());
        }
    }

    /** The flags applied, then the files it names read into it. */
    private ObjectNode pack(ObjectNode t, Path base) {
        if (name != null) {
            t.put("name", name);
        }
        if (variant != null) {
            t.withObjectProperty("game").put("variant", variant);
        }
        if (newEngine != null || baseEngine != null) {
            var players = t.putArray("players");
            players.add(player("new", newEngine, newOptions, newLimits));
            players.add(player("base", baseEngine, baseOptions, baseLimits));
            t.withObjectProperty("schedule").put("type", "match").putArray("players").add("new").add("base");
        }
        if (!limits.isEmpty()) {
            t.set("limits", TestFields.values(limits));
        }
        if (pairs != null) {
            t.withObjectProperty("schedule").put("type", "match").put("games", 2L * pairs);
        }
        if (sprt != null) {
            if (sprt.size() != 2 && sprt.size() != 4) {
                throw new BadInputException("--sprt ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA");
            }
            ObjectNode s = t.withObjectProperty("schedule").putObject("sprt").put("elo0", sprt.get(0)).put("elo1", sprt.get(1));
            if (sprt.size() == 4) {
                s.put("alpha", sprt.get(2)).put("beta", sprt.get(3));
            }
        }
        if (priority != null) {
            t.withObjectProperty("service").put("priority", priority);
        }
        if (throughput != null) {
            t.withObjectProperty("service").put("throughput", throughput);
        }
        if (openings != null) {
            t.withObjectProperty("openings").put("file", openings.toAbsolutePath().toString());
        }
        inline(t, base);
        return t;
    }

    private static ObjectNode player(String name, String engine, Map<String, String> options, Map<String, String> limits) {
        if (engine == null) {
            throw new BadInputException("--new and --base go together");
        }
        return TestFields.player(name, engine, options, limits);
    }

    /** Reads the files a test names into it: openings.file becomes openings.text, weightsFile becomes weights. */
    private static void inline(ObjectNode t, Path base) {
        JsonNode o = t.get("openings");
        if (o instanceof ObjectNode openings && openings.hasNonNull("file")) {
            Path f = base.resolve(openings.get("file").asText()).normalize();
            String text = readFile(f, "openings", ConfigLoader.MAX_OPENINGS_TEXT);
            if (!openings.has("format")) {
                String lower = f.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
                openings.put("format", lower.endsWith(".epd") ? "epd" : lower.matches(".*\\.(pdn|pgn)$") ? "pdn" : "fen");
            }
            openings.remove("file");
            openings.put("text", text);
        }
        JsonNode players = t.get("players");
        if (players != null && players.isArray()) {
            for (JsonNode p : players) {
                if (p instanceof ObjectNode player && player.hasNonNull("weightsFile")) {
                    Path f = base.resolve(player.get("weightsFile").asText()).normalize();
                    JsonNode weights;
                    try {
                        weights = Wire.tree(readFile(f, "weights", 1 << 20));
                    } catch (Wire.BadMessageException e) {
                        throw new BadInputException(f + ": " + e.getMessage());
                    }
                    ObjectNode merged = weights.isObject() ? ((ObjectNode) weights).deepCopy() : JsonNodeFactory.instance.objectNode();
                    if (player.get("weights") instanceof ObjectNode own) {
                        merged.setAll(own);
                    }
                    player.remove("weightsFile");
                    player.set("weights", merged);
                }
            }
        }
    }

    private static String readFile(Path f, String what, int max) {
        try {
            if (Files.size(f) > max) {
                throw new BadInputException(f + ": " + what + " of more than " + (max >> 20) + " MiB cannot travel with a test");
            }
            return Files.readString(f);
        } catch (IOException e) {
            throw new BadInputException("cannot read the " + what + " file " + f + ": "
                    + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()));
        }
    }
}
