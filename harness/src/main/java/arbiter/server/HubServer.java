package arbiter.server;

import arbiter.io.BoundedLines;
import arbiter.external.HubText;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.draughts.DraughtsMove;
import arbiter.game.draughts.DraughtsRules;
import arbiter.player.Limits;
import arbiter.player.Options;
import arbiter.player.SearchResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A built-in draughts engine as a Hub engine (protocol version 2, as Scan 3.x) on standard
 * input/output, for the Hub GUI or another Arbiter. {@code hub} declares the engine's options as
 * {@code param}s ({@code bool}, {@code int}, {@code real}, {@code enum}, {@code string}); {@code pos},
 * {@code level} (depth, nodes, move-time, time/inc/moves, infinite) and {@code go think|ponder|analyze}
 * start a search that reports one {@code info} line and {@code done move=... ponder=...};
 * {@code ping}, {@code stop} and {@code ponder-hit} are answered while searching.
 */
public final class HubServer {
    private final ServerEngine engine;
    private final DraughtsRules rules;
    private final BufferedReader in;
    private final PrintStream out;
    private GameHistory game;
    private Limits limits = Limits.depth(6);

    public HubServer(String engineId, DraughtsRules rules, Map<String, Object> options, Map<String, Double> weights,
                     BufferedReader in, PrintStream out) {
        this.engine = new ServerEngine(engineId, rules, options, weights);
        this.rules = rules;
        this.in = in;
        this.out = out;
        this.game = new GameHistory(rules.start());
    }

    /** Longest command line read (64 KiB: a "pos" with thousands of moves fits). */
    static final int MAX_LINE = 64 * 1024;

    /** Serves until {@code quit} or the end of input. */
    public void run() throws IOException {
        BoundedLines lines = new BoundedLines(in, MAX_LINE);
        Runnable overlong = () -> error("a command line longer than " + MAX_LINE + " characters was ignored");
        for (String raw; (raw = lines.nextSkippingOverlong("input", overlong)) != null; ) {
            try {
                HubText.Line line = HubText.parse(raw);
                switch (line.command()) {
                    case "hub" -> identify();
                    case "set-param" -> {
                        String name = line.get("name");
                        if (name == null) {
                            error("set-param needs a name");
                        } else if (!name.equals("variant")) {
                            String e = engine.setOption(name, line.get("value"));
                            if (e != null) {
                                error(e);
                            }
                        }
                    }
                    case "init" -> {
                        try {
                            engine.player();
                            say("ready");
                        } catch (RuntimeException e) {
                            error(e.getMessage());
                        }
                    }
                    case "new-game" -> {
                        try {
                            engine.newGame();
                        } catch (RuntimeException e) {
                            error(e.getMessage());
                        }
                    }
                    case "pos" -> position(line);
                    case "level" -> level(line);
                    case "go" -> go();
                    case "ping" -> say("pong");
                    case "stop", "ponder-hit" -> engine.signalStop();
                    case "quit" -> {
                        engine.stopSearch();
                        return;
                    }
                    default -> {
                        // Hub asks both sides to ignore what they do not understand
                    }
                }
            } catch (RuntimeException e) {
                // No input ends the server but quit or the end of input: a GUI keeps its engine.
                error(String.valueOf(e.getMessage()));
            }
        }
        engine.stopSearch();
    }

    private synchronized void say(String line) {
        out.println(line);
        out.flush();
    }

    private void error(String message) {
        say(HubText.format("error", "message", message));
    }

    private void identify() {
        say(HubText.format("id", "name", "Arbiter-" + engine.id(), "version", "0.1.0", "author", "Arbiter",
                "country", "-"));
        say(HubText.format("param", "name", "variant", "value", rules.id(), "type", "enum", "values", rules.id()));
        for (Options.Declaration d : engine.declarations()) {
            say(paramLine(d));
        }
        say("wait");
    }

    static String paramLine(Options.Declaration d) {
        return switch (d.kind()) {
            case "bool" -> HubText.format("param", "name", d.name(), "value", d.defaultValue(), "type", "bool");
            case "integer" -> HubText.format("param", "name", d.name(), "value", d.defaultValue(), "type", "int",
                    "min", d.min(), "max", d.max());
            case "real" -> HubText.format("param", "name", d.name(), "value", d.defaultValue(), "type", "real",
                    "min", d.min(), "max", d.max());
            case "choice" -> HubText.format("param", "name", d.name(), "value", d.defaultValue(), "type", "enum",
                    "values", String.join(" ", d.choices()));
            default -> HubText.format("param", "name", d.name(), "value", d.defaultValue(), "type", "string");
        };
    }

    private void position(HubText.Line line) {
        try {
            Position start = HubText.parsePosition(rules, line.get("pos"), false);
            GameHistory g = new GameHistory(start);
            String moves = line.get("moves");
            if (moves != null && !moves.isBlank()) {
                for (String m : moves.strip().split("\\s+")) {
                    g.play(HubText.parseMove(g.current(), m));
                }
            }
            game = g;
        } catch (NotationException e) {
            error(e.getMessage());
        }
    }

    private void level(HubText.Line l) {
        try {
            int depth = l.has("depth") ? Integer.parseInt(l.get("depth")) : 0;
            long nodes = l.has("nodes") ? Long.parseLong(l.get("nodes")) : 0;
            long moveTime = l.has("move-time") ? ms(l.get("move-time")) : 0;
            long time = l.has("time") ? ms(l.get("time")) : 0;
            long inc = l.has("inc") ? ms(l.get("inc")) : 0;
            int moves = l.has("moves") ? Integer.parseInt(l.get("moves")) : 0;
            if (l.has("infinite")) {
                limits = new Limits(0, 0, 0, 0, 0, 0);
            } else {
                limits = new Limits(Math.max(0, depth), Math.max(0, nodes), Math.max(0, moveTime),
                        time > 0 ? Math.max(1, time) : 0, Math.max(0, inc), Math.max(0, moves));
            }
        } catch (NumberFormatException e) {
            error("bad level: " + e.getMessage());
        }
    }

    private static long ms(String seconds) {
        return Math.round(Double.parseDouble(seconds) * 1000);
    }

    private void go() {
        engine.stopSearch();
        Position position = game.current();
        if (position.legalMoves().isEmpty()) {
            error("no legal move in " + position.toText());
            return;
        }
        GameHistory searched = game;
        engine.startSearch(searched, limits, r -> {
            if (r == null) {
                r = SearchResult.of(position.legalMoves().get(0));
            }
            say(infoLine(r, position));
            List<String> pv = pv(r, position);
            say(pv.size() > 1 ? HubText.format("done", "move", pv.get(0), "ponder", pv.get(1))
                    : HubText.format("done", "move", HubText.move((DraughtsMove) r.move())));
        }, e -> error("search failed: " + e.getMessage()));
    }

    private static List<String> pv(SearchResult r, Position position) {
        List<String> pv = new ArrayList<>();
        Position p = position;
        for (Move m : r.pv()) {
            if (!p.legalMoves().contains(m)) {
                break;
            }
            pv.add(HubText.move((DraughtsMove) m));
            p = p.play(m);
        }
        if (pv.isEmpty() || !r.pv().get(0).equals(r.move())) {
            pv = new ArrayList<>(List.of(HubText.move((DraughtsMove) r.move())));
        }
        return pv;
    }

    static String infoLine(SearchResult r, Position position) {
        List<String> args = new ArrayList<>();
        if (r.depth() > 0) {
            args.addAll(List.of("depth", Integer.toString(r.depth())));
        }
        args.addAll(List.of("score", String.format(Locale.ROOT, "%.2f", r.score() / 100.0)));
        args.addAll(List.of("nodes", Long.toString(r.nodes())));
        args.addAll(List.of("time", HubText.seconds(r.timeMs())));
        if (r.timeMs() > 0) {
            args.addAll(List.of("nps", String.format(Locale.ROOT, "%.3f", r.nodes() / 1000.0 / r.timeMs())));
        }
        args.addAll(List.of("pv", String.join(" ", pv(r, position))));
        return HubText.format("info", args.toArray(String[]::new));
    }
}
