package arbiter.cli;

import arbiter.play.Protocol;
import arbiter.game.GameFamily;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.game.draughts.DraughtsRules;
import arbiter.server.DxpServer;
import arbiter.server.HubServer;
import arbiter.server.UciServer;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code arbiter engine}: a built-in engine as a protocol server, so cutechess-cli, fastchess, the Hub
 * GUI, a DXP program or another Arbiter can play it.
 */
@Command(name = "engine", mixinStandardHelpOptions = true,
        description = "Run a built-in engine as a UCI (chess) or Hub (draughts) engine on standard input/output, "
                + "or as a DamExchange (DXP) draughts engine on TCP.")
final class EngineCommand implements Callable<Integer> {

    @Option(names = "--protocol", required = true, description = "uci, hub or dxp.")
    String protocol;

    @Option(names = "--engine", required = true, description = "Built-in engine id, e.g. random, draughts-alphabeta.")
    String engineId;

    @Option(names = "--variant", description = "Game variant (default: chess for uci, international for hub and dxp).")
    String variant;

    @Option(names = "--weights", description = "JSON file of evaluation weights (name: number) over the engine's defaults.")
    Path weights;

    @Option(names = "--option", description = "An engine option name=value, before any the GUI sets (repeatable).")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "dxp: address to listen on or connect to (default ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", defaultValue = "27531", description = "dxp: port (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--initiator", description = "dxp: connect to a follower and request games instead of listening.")
    boolean initiator;

    @Option(names = "--games", defaultValue = "0", description = "dxp initiator: games to play, 0 = until the follower stops.")
    int games;

    @Option(names = "--minutes", defaultValue = "5", description = "dxp initiator: clock per side in minutes (default ${DEFAULT-VALUE}).")
    int minutes;

    @Option(names = "--idle-timeout", defaultValue = "900", paramLabel = "SECONDS",
            description = "dxp: close a connection that sends nothing for this long while waiting on it (default ${DEFAULT-VALUE}).")
    long idleTimeout;

    @Option(names = "--depth", defaultValue = "0", description = "dxp: search depth per move instead of the game clock.")
    int depth;

    @Option(names = "--nodes", defaultValue = "0", description = "dxp: nodes per move instead of the game clock.")
    long nodes;

    @Option(names = "--movetime", defaultValue = "0", description = "dxp: milliseconds per move instead of the game clock.")
    long moveTimeMs;

    @Override
    public Integer call() throws IOException {
        Protocol served = Protocol.of(protocol);
        String v = variant != null ? variant : served == Protocol.UCI ? "chess" : "international";
        Rules rules = Games.rules(v);
        if (served != Protocol.UCI && served != Protocol.HUB && served != Protocol.DXP) {
            throw new BadInputException("--protocol must be uci, hub or dxp, got '" + protocol + "'");
        }
        GameFamily needed = served.family();
        if (rules.family() != needed) {
            throw new BadInputException("the " + protocol + " protocol plays " + needed.name().toLowerCase()
                    + "; --variant " + v + " is " + rules.family().name().toLowerCase());
        }
        Map<String, Double> w = readWeights();
        Map<String, Object> initial = new LinkedHashMap<>(options);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        switch (served) {
            case UCI -> new UciServer(engineId, rules, initial, w, in, out).run();
            case HUB -> new HubServer(engineId, (DraughtsRules) rules, initial, w, in, out).run();
            default -> {
                // Built first: bad options or weights are reported (exit 2) before the watchdog could end the process.
                DxpServer server = new DxpServer(engineId, (DraughtsRules) rules, initial, w, new DxpServer.Settings(host,
                        port, initiator, games, depth, nodes, moveTimeMs, minutes, idleTimeout * 1000L), System.err);
                // The session ends when the peer stops it, or when our standard input closes (the
                // program that started us is gone): no orphaned listener is left behind.
                Thread watchdog = new Thread(() -> {
                    try {
                        while (System.in.read() >= 0) {
                            // ignore typed input
                        }
                    } catch (IOException e) {
                        // closed
                    }
                    System.exit(0);
                }, "stdin-watchdog");
                watchdog.setDaemon(true);
                watchdog.start();
                server.run();
            }
        }
        return 0;
    }

    private Map<String, Double> readWeights() throws IOException {
        Map<String, Double> w = new LinkedHashMap<>();
        if (weights == null) {
            return w;
        }
        JobSetup.requireFile(weights, "weights file");
        JsonNode node = new ObjectMapper().enable(JsonParser.Feature.ALLOW_COMMENTS).readTree(arbiter.io.BoundedFiles.readString(weights, "a weights file"));
        if (node == null || !node.isObject()) {
            throw new BadInputException(weights + ": must be a JSON object of weight name: number");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isNumber()) {
                throw new BadInputException(weights + ": weight '" + e.getKey() + "' must be a number");
            }
            w.put(e.getKey(), e.getValue().asDouble());
        }
        return w;
    }
}
