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
 * <p>Version 1 (Hub-1, Scan 2.0; protocol {@code hub1}) as Scan 2.0's own source speaks it
 * ({@code main.cpp} {@code hub_loop}, {@code fen.cpp} {@code pos_from_hub}; github.com/rhalbersma/scan
 * at its "Scan 2.0" commit): positional commands without named arguments. Handshake {@code hub} →
 * {@code name ...}, {@code author ...}, {@code country ...}, {@code wait}; one {@code set <name> <value>}
 * per configured option (Hub-1 declares no params, so names are not checked; Scan 2.0 keeps them as
 * its scan.ini variables); {@code init} → {@code ready}. Each game {@code new} then {@code ping} →
 * {@code pong}. Each move {@code pos <position>} with the side to move in <em>lower case</em>
 * ({@code w}/{@code b}, then the squares as in version 2), one {@code move <m>} per reversible move
 * since it, then the limit, {@code go}; the answer is {@code move <m> [<ponder>]}, after
 * {@code info <depth> <mean depth> <score> <nodes> <seconds> <Mnps> <pv...>} lines (score in
 * centi-men). Limits (whole milliseconds, as Scan reads them with {@code stoi}): a clock as
 * {@code level <moves> <time ms> <inc ms>}, a time per move as {@code time <ms>}, a depth as
 * {@code depth <n>}; Hub-1 has no node limit, so one is refused. {@code pos} resets the limits in
 * Scan, so they follow it.
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
        for (Map.Entry<String, Object> o : options.entrySet()) {
            if (version == 1) {
                process.send(hub1Set(o.getKey(), text(o.getValue())));
                continue;
            }
            if (!declared.containsKey(o.getKey())) {
                throw new EngineException("engine " + name + " has no Hub param '" + o.getKey() + "'; its params: "
                        + listed(declared.keySet()));
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
        process.send(version == 1 ? "new" : "new-game");
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
            case "info" -> {
                if (version == 1) {
                    parseHub1Info(line, info);
                } else {
                    parseInfo(l, info);
                }
            }
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
     * Folds a Hub-1 {@code info} line in: {@code info <depth> <mean depth> <score> <nodes> <seconds>
     * <Mnps> <pv move>...} (Scan 2.0's {@code printf("info %d %.1f %d %lld %.2f %.1f %s")}, score in
     * centi-men).
     */
    static void parseHub1Info(String line, SearchInfo info) {
        String[] t = line.strip().split("\\s+");
        try {
            if (t.length > 1) {
                info.depth = Integer.parseInt(t[1]);
            }
            if (t.length > 2) {
                info.selDepth = Math.max(info.selDepth, (int) Math.ceil(Double.parseDouble(t[2])));
            }
            if (t.length > 3) {
                info.score = Integer.parseInt(t[3]);
            }
            if (t.length > 4) {
                info.nodes = Long.parseLong(t[4]);
            }
            if (t.length > 5) {
                info.timeMs = Math.round(Double.parseDouble(t[5]) * 1000);
            }
            if (t.length > 7) {
                info.pv = List.copyOf(Arrays.asList(t).subList(7, t.length));
            }
        } catch (NumberFormatException e) {
            LOG.debug("malformed hub1 info: {}", line);
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
     * Hub-1's commands for a search: {@code pos <position>} (side to move in lower case) after the last
     * irreversible move, a {@code move <m>} for each move since, the limit ({@link #hub1Limit}), {@code go}.
     */
    static List<String> hub1Commands(GameHistory game, Limits limits) {
        List<Move> moves = game.moves();
        List<Position> positions = game.positions();
        int base = lastIrreversible(game);
        List<String> out = new ArrayList<>();
        out.add("pos " + hub1Position((DraughtsPosition) positions.get(base)));
        for (int i = base; i < moves.size(); i++) {
            out.add("move " + HubText.move((DraughtsMove) moves.get(i)));
        }
        out.addAll(hub1Limit(limits));
        out.add("go");
        return out;
    }

    /** The Hub-1 position: as version 2's, but the side to move in lower case ({@code w}/{@code b}). */
    static String hub1Position(DraughtsPosition p) {
        String s = HubText.position(p);
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * The Hub-1 limit lines, times in whole milliseconds: {@code level <moves> <time> <inc>} for a clock
     * (or {@code time <ms>} for a time per move), and {@code depth <n>} for a depth.
     */
    static List<String> hub1Limit(Limits limits) {
        if (limits.nodes() > 0) {
            throw new EngineException("the Hub-1 protocol has no node limit (Scan 2.0 reads level, time and depth):"
                    + " give the player a clock, moveTimeMs or depth");
        }
        List<String> out = new ArrayList<>();
        if (limits.hasClock()) {
            out.add("level " + Math.max(0, limits.movesToGo()) + " " + Math.max(0, limits.remainingMs()) + " "
                    + Math.max(0, limits.incrementMs()));
        } else if (limits.moveTimeMs() > 0) {
            out.add("time " + limits.moveTimeMs());
        }
        if (limits.depth() > 0) {
            out.add("depth " + limits.depth());
        }
        if (out.isEmpty()) {
            throw new EngineException("the Hub-1 protocol needs a limit: give the player a clock, moveTimeMs or depth");
        }
        return out;
    }

    /** {@code set <name> <value>}: Hub-1 reads one word each, so a value with a space cannot be sent. */
    static String hub1Set(String name, String value) {
        if (name.isEmpty() || name.contains(" ") || value.isEmpty() || value.contains(" ")) {
            throw new EngineException("Hub-1 option '" + name + "' = '" + value
                    + "': Hub-1's set takes one word for the name and one for the value");
        }
        return "set " + name + " " + value;
    }

    /** The move of a Hub-1 answer {@code move <m> [<ponder>]}. */
    static String hub1Move(String answer) {
        String[] t = answer.strip().split("\\s+");
        return t.length < 2 ? null : t[1];
    }
}
