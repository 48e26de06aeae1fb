package arbiter.external;

import arbiter.play.Protocol;
import arbiter.player.EngineException;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.game.draughts.DraughtsMove;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.player.IllegalMoveException;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A draughts engine over the Hub protocol (version 2, Scan 3.x). Handshake {@code hub} → {@code id},
 * {@code param}..., {@code wait}; one {@code set-param} per configured option (checked against the
 * declared params); {@code init} → {@code ready}. Each game {@code new-game} then {@code ping} →
 * {@code pong}. Each move {@code pos pos=<position> moves="..."} with the position after the last
 * irreversible move (capture or man move) and the king moves since, for repetition; {@code level}
 * with {@code depth=}, {@code nodes=}, {@code move-time=} and/or {@code time= inc= moves=} (seconds);
 * {@code go think}; {@code info} (score in men, depth, nodes, time, pv) until {@code done move=...}.
 *
 * <p>Version 1 (Hub-1, Scan 2.0; protocol {@code hub1}), from Fabien Letouzey's description of it
 * ("Hub protocol, version 1", damforum.nl, 2017): positional commands without named arguments.
 * Handshake {@code hub} → {@code name ...} lines, {@code wait}; {@code init} → {@code ready}; no params
 * (Scan 2.0 reads its settings from scan.ini). Each move {@code pos <position>}, one
 * {@code move <m>} per reversible move since it, {@code level <moves> <time> <inc>} (seconds; a time
 * per move is {@code level 1 <t> 0}), {@code go}; the answer is {@code move <m> [<ponder>]}. Hub-1
 * has time limits only: a depth or node limit is refused.
 */
public final class HubPlayer extends ProcessPlayer {
    private static final Logger LOG = LogManager.getLogger(HubPlayer.class);

    private final Map<String, String> declared = new LinkedHashMap<>();
    /** 2: Hub (Scan 3.x); 1: Hub-1 (Scan 2.0). */
    private final int version;

    public HubPlayer(String name, ExternalEngine engine, Map<String, Object> options, Rules rules) {
        this(name, engine, options, rules, 2);
    }

    public HubPlayer(String name, ExternalEngine engine, Map<String, Object> options, Rules rules, int version) {
        super(name, engine, options, rules);
        if (version != 1 && version != 2) {
            throw new IllegalArgumentException("Hub version " + version);
        }
        this.version = version;
    }

    @Override
    protected Protocol protocol() {
        return version == 1 ? Protocol.HUB1 : Protocol.HUB;
    }

    @Override
    protected String quitCommand() {
        return "quit";
    }

    @Override
    protected void startAndHandshake() {
        process.start();
        declared.clear();
        process.send("hub");
        await(l -> HubText.parse(l).command().equals("wait"), this::handshakeLine, engine.initTimeoutMs(),
                "'hub' with 'wait'");
        if (version == 1 && !options.isEmpty()) {
            throw new EngineException("engine " + name + ": the Hub-1 protocol has no command to set options "
                    + String.join(", ", options.keySet()) + " (Scan 2.0 reads them from its scan.ini)");
        }
        for (Map.Entry<String, Object> o : options.entrySet()) {
            if (!declared.containsKey(o.getKey())) {
                throw new EngineException("engine " + name + " has no Hub param '" + o.getKey() + "'; its params: "
                        + String.join(", ", declared.keySet()));
            }
            process.send(HubText.format("set-param", "name", o.getKey(), "value", text(o.getValue())));
        }
        process.send("init");
        await(l -> HubText.parse(l).command().equals("ready"), this::checkError, engine.initTimeoutMs(),
                "'init' with 'ready'");
    }

    private void handshakeLine(String line) {
        HubText.Line l = HubText.parse(line);
        switch (l.command()) {
            case "id" -> engineName = l.get("name") == null ? null
                    : l.get("name") + (l.get("version") == null ? "" : " " + l.get("version"));
            case "name" -> engineName = line.strip().substring(4).strip(); // Hub-1: "name Scan 2.0"
            case "param" -> {
                if (l.get("name") != null) {
                    declared.put(l.get("name"), l.get("value"));
                }
            }
            default -> checkError(line);
        }
    }

    private void checkError(String line) {
        HubText.Line l = HubText.parse(line);
        if (l.command().equals("error")) {
            throw new EngineException("engine " + name + " reported an error: " + errorText(line, l));
        }
    }

    /** The text of an {@code error} line: its {@code message=} value, or else everything after the word. */
    static String errorText(String line, HubText.Line l) {
        String text = l.get("message") != null ? l.get("message") : line.strip().substring("error".length()).strip();
        return text.isEmpty() ? "(no text)" : UciPlayer.printable(text);
    }

    @Override
    protected void beginGame(long gameSeed) {
        if (version == 1) {
            return; // Hub-1 has no game commands: every search sends its whole position
        }
        process.send("new-game");
        process.send("ping");
        await(l -> HubText.parse(l).command().equals("pong"), this::checkError, engine.initTimeoutMs(),
                "'ping' with 'pong'");
    }

    @Override
    protected SearchResult search(GameHistory game, Limits limits, BooleanSupplier stop) {
        DraughtsPosition current = (DraughtsPosition) game.current();
        process.drain();
        if (version == 1) {
            for (String command : hub1Commands(game, limits)) {
                process.send(command);
            }
        } else {
            process.send(positionCommand(game));
            process.send(levelCommand(limits));
            process.send("go think");
        }
        long start = System.nanoTime();
        SearchInfo info = new SearchInfo();
        String answerCommand = version == 1 ? "move" : "done";
        String answer = awaitAnswer(l -> HubText.parse(l).command().equals(answerCommand), l -> onSearchLine(l, info),
                limits, stop, "stop");
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        String text = version == 1 ? hub1Move(answer) : HubText.parse(answer).get("move");
        if (text == null || text.isEmpty()) {
            throw new IllegalMoveException("", "engine " + name + " sent '" + answerCommand + "' without a move: "
                    + UciPlayer.printable(answer));
        }
        Move move;
        try {
            move = HubText.parseMove(current, text);
        } catch (NotationException e) {
            throw new IllegalMoveException(UciPlayer.printable(text), e.getMessage());
        }
        return info.result(move, current, elapsed, HubText::parseMove);
    }

    private void onSearchLine(String line, SearchInfo info) {
        HubText.Line l = HubText.parse(line);
        switch (l.command()) {
            case "info" -> parseInfo(l, info);
            case "error" -> throw new EngineException("engine " + name + " reported an error: " + errorText(line, l));
            default -> {
                // pong, or something Hub says to ignore
            }
        }
    }

    /** Folds an {@code info} line in: score in men (to centi-men), depth, nodes, time in seconds, pv. */
    static void parseInfo(HubText.Line l, SearchInfo info) {
        try {
            if (l.get("depth") != null) {
                info.depth = (int) Math.round(Double.parseDouble(l.get("depth")));
            }
            if (l.get("mean-depth") != null) {
                info.selDepth = Math.max(info.selDepth, (int) Math.ceil(Double.parseDouble(l.get("mean-depth"))));
            }
            if (l.get("score") != null) {
                info.score = (int) Math.round(Double.parseDouble(l.get("score")) * 100);
            }
            if (l.get("nodes") != null) {
                info.nodes = Long.parseLong(l.get("nodes"));
            }
            if (l.get("time") != null) {
                info.timeMs = Math.round(Double.parseDouble(l.get("time")) * 1000);
            }
            if (l.get("pv") != null) {
                info.pv = List.copyOf(Arrays.asList(l.get("pv").strip().split("\\s+")));
            }
        } catch (NumberFormatException e) {
            LOG.debug("malformed hub info: {}", l);
        }
    }

    /**
     * {@code pos pos=<position> moves="..."}: the position after the last irreversible move and the
     * (reversible) moves since, so the engine can see repetitions.
     */
    static String positionCommand(GameHistory game) {
        List<Move> moves = game.moves();
        List<Position> positions = game.positions();
        int base = lastIrreversible(game);
        List<String> since = new ArrayList<>();
        for (int i = base; i < moves.size(); i++) {
            since.add(HubText.move((DraughtsMove) moves.get(i)));
        }
        String pos = HubText.position((DraughtsPosition) positions.get(base));
        return since.isEmpty() ? HubText.format("pos", "pos", pos)
                : HubText.format("pos", "pos", pos, "moves", String.join(" ", since));
    }

    /** The index of the position after the game's last irreversible move (a capture or a man move); 0 if none. */
    static int lastIrreversible(GameHistory game) {
        List<Move> moves = game.moves();
        List<Position> positions = game.positions();
        int base = 0;
        for (int i = 0; i < moves.size(); i++) {
            if (positions.get(i).isIrreversible(moves.get(i))) {
                base = i + 1;
            }
        }
        return base;
    }

    /** {@code level} with every limit that applies, or {@code level infinite}. */
    static String levelCommand(Limits limits) {
        List<String> args = new ArrayList<>();
        if (limits.depth() > 0) {
            args.addAll(List.of("depth", Integer.toString(limits.depth())));
        }
        if (limits.nodes() > 0) {
            args.addAll(List.of("nodes", Long.toString(limits.nodes())));
        }
        if (limits.moveTimeMs() > 0) {
            args.addAll(List.of("move-time", HubText.seconds(limits.moveTimeMs())));
        }
        if (limits.hasClock()) {
            if (limits.movesToGo() > 0) {
                args.addAll(List.of("moves", Integer.toString(limits.movesToGo())));
            }
            args.addAll(List.of("time", HubText.seconds(limits.remainingMs())));
            if (limits.incrementMs() > 0) {
                args.addAll(List.of("inc", HubText.seconds(limits.incrementMs())));
            }
        }
        if (args.isEmpty()) {
            return "level infinite";
        }
        return HubText.format("level", args.toArray(String[]::new));
    }

    /**
     * Hub-1's commands for a search: {@code pos <position>} after the last irreversible move, a
     * {@code move <m>} for each move since, {@code level <moves> <time> <inc>}, {@code go}.
     */
    static List<String> hub1Commands(GameHistory game, Limits limits) {
        List<Move> moves = game.moves();
        List<Position> positions = game.positions();
        int base = lastIrreversible(game);
        List<String> out = new ArrayList<>();
        out.add("pos " + HubText.position((DraughtsPosition) positions.get(base)));
        for (int i = base; i < moves.size(); i++) {
            out.add("move " + HubText.move((DraughtsMove) moves.get(i)));
        }
        out.add(hub1Level(limits));
        out.add("go");
        return out;
    }

    /** {@code level <moves> <time> <inc>}: the clock, or one move in the time per move. */
    static String hub1Level(Limits limits) {
        if (limits.depth() > 0 || limits.nodes() > 0) {
            throw new EngineException("the Hub-1 protocol has time limits only (level): give the player a clock or moveTimeMs");
        }
        if (limits.hasClock()) {
            return "level " + Math.max(0, limits.movesToGo()) + " " + HubText.seconds(limits.remainingMs()) + " "
                    + HubText.seconds(limits.incrementMs());
        }
        if (limits.moveTimeMs() > 0) {
            return "level 1 " + HubText.seconds(limits.moveTimeMs()) + " 0";
        }
        throw new EngineException("the Hub-1 protocol needs a time limit: give the player a clock or moveTimeMs");
    }

    /** The move of a Hub-1 answer {@code move <m> [<ponder>]}. */
    static String hub1Move(String answer) {
        String[] t = answer.strip().split("\\s+");
        return t.length < 2 ? null : t[1];
    }
}
