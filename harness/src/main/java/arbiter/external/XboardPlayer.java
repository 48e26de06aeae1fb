package arbiter.external;

import arbiter.play.Protocol;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.game.chess.ChessPosition;
import arbiter.player.EngineException;
import arbiter.player.EngineResignedException;
import arbiter.player.IllegalMoveException;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A chess engine over CECP, the xboard/WinBoard protocol, version 2 (Tim Mann and H.G. Muller,
 * "Chess Engine Communication Protocol", https://www.gnu.org/software/xboard/engine-intf.html).
 *
 * <p>Handshake {@code xboard}, {@code protover 2}; the engine's {@code feature} lines are answered
 * {@code accepted}/{@code rejected} and read until {@code done=1} (an engine sending none within two
 * seconds is taken as protocol version 1). Configured options go as {@code option NAME=VALUE}, checked
 * against the engine's {@code feature option="..."} declarations. Each game: {@code new}, {@code force},
 * {@code easy} (no pondering), {@code post}, the limits ({@code level MPS BASE INC}, {@code st},
 * {@code sd}) and the start position ({@code setboard FEN}, or {@code edit} mode for engines without
 * setboard); each move: {@code force}, the moves played since (with {@code usermove} when the engine
 * asked for it, in SAN when it asked for that), {@code time}/{@code otim} with a clock, then {@code go};
 * the answer is {@code move MOVE}, or the older {@code NUMBER ... MOVE} that GNU Chess sends (xboard's
 * and c-chess-cli's readers accept both). Thinking lines ({@code ply score time nodes pv}) give depth, score,
 * nodes and pv. {@code ?} asks for the move at once when time is up. {@code ping N}/{@code pong N}
 * synchronise when the engine supports it.
 *
 * <p>Result claims are the referee's to judge: a claim after a move is logged and ignored (the
 * referee ends the game by the rules); {@code resign}, or a claim of its own loss instead of a move,
 * resigns; any other claim instead of a move is a false claim and loses like an illegal move.
 * {@code Illegal move} or {@code Error} answers to our moves mean the engine and the referee disagree
 * about the position: the engine has failed.
 */
public final class XboardPlayer extends ProcessPlayer {
    /** A protocol-2 engine announces its features at once; the specification has GUIs wait two seconds. */
    static final long FEATURE_WAIT_MS = 2000;
    private static final Pattern FEATURE = Pattern.compile("([A-Za-z_]+)=(\"[^\"]*\"|\\S+)");
    private static final Pattern THINKING = Pattern.compile("^\\s*(\\d+)[.&]?\\s+(-?\\d+)\\s+(\\d+)\\s+(\\d+)\\s*(.*)$");
    private static final List<String> ACCEPTED = List.of("ping", "setboard", "playother", "san", "usermove", "time",
            "draw", "sigint", "sigterm", "reuse", "analyze", "myname", "variants", "colors", "ics", "name", "pause",
            "nps", "debug", "memory", "smp", "egt", "option", "exclude", "setscore", "highlight", "done", "xedit");

    private final Map<String, String> features = new LinkedHashMap<>();
    /** Declared options: lower-case name to {name, kind} ({@code -spin}, {@code -check}, {@code -button}, ...). */
    private final Map<String, String[]> declared = new LinkedHashMap<>();
    private static final Logger LOG = LogManager.getLogger(XboardPlayer.class);
    private int pings;
    /** Whether this engine has played a move in the current game (a resign before that is stale). */
    private boolean movedThisGame;
    /** The game the engine's board follows, and how many of its moves the engine has. */
    private GameHistory known;
    private final List<Move> sent = new ArrayList<>();

    public XboardPlayer(String name, ExternalEngine engine, Map<String, Object> options, Rules rules) {
        super(name, engine, options, rules);
    }

    @Override
    protected Protocol protocol() {
        return Protocol.XBOARD;
    }

    @Override
    protected String quitCommand() {
        return "quit";
    }

    private boolean feature(String key) {
        return "1".equals(features.get(key));
    }

    @Override
    protected void startAndHandshake() {
        process.start();
        features.clear();
        declared.clear();
        known = null;
        process.send("xboard");
        process.send("protover 2");
        boolean[] any = {false};
        long start = System.nanoTime();
        long written = 0;
        while (true) {
            long waited = (System.nanoTime() - start) / 1_000_000;
            long limit = any[0] ? engine.initTimeoutMs() : FEATURE_WAIT_MS;
            if (waited >= limit) {
                if (any[0] && "0".equals(features.get("done"))) {
                    throw new EngineException("engine " + name + " sent 'feature done=0' and not 'done=1' within "
                            + engine.initTimeoutMs() + " ms");
                }
                break; // no features: a protocol-1 engine, or features without done
            }
            String line = process.readLine(limit - waited);
            if (line == null) {
                continue;
            }
            written = countAwaited(written, line, "'protover 2' with 'feature done=1'");
            String s = line.strip();
            if (s.startsWith("feature ")) {
                any[0] = true;
                readFeatures(s.substring(8));
                if ("1".equals(features.get("done"))) {
                    break;
                }
            }
        }
        for (Map.Entry<String, Object> o : options.entrySet()) {
            String[] d = declared.get(o.getKey().toLowerCase(Locale.ROOT));
            if (d == null) {
                throw new EngineException("engine " + name + " has no xboard option '" + o.getKey() + "'; its options: "
                        + listed(declared.values().stream().map(x -> x[0]).toList()));
            }
            if (d[1].equals("-button") || d[1].equals("-save")) {
                if (Boolean.parseBoolean(text(o.getValue()))) {
                    process.send("option " + d[0]);
                }
            } else {
                String v = text(o.getValue());
                process.send("option " + d[0] + "=" + (d[1].equals("-check") ? (Boolean.parseBoolean(v) || v.equals("1") ? "1" : "0") : v));
            }
        }
        sync();
    }

    /** Answers each feature (accepted or rejected) and records it. */
    private void readFeatures(String text) {
        Matcher m = FEATURE.matcher(text);
        while (m.find()) {
            String key = m.group(1);
            String value = m.group(2);
            if (value.startsWith("\"")) {
                value = value.substring(1, value.length() - 1);
            }
            if (key.equals("option")) {
                int dash = value.indexOf(" -");
                if (dash > 0) {
                    String optionName = value.substring(0, dash).strip();
                    declared.put(optionName.toLowerCase(Locale.ROOT), new String[] {optionName, firstToken(value.substring(dash + 1))});
                }
            } else {
                features.put(key, value);
            }
            if (key.equals("myname")) {
                engineName = value;
            }
            process.send((ACCEPTED.contains(key) ? "accepted " : "rejected ") + key);
        }
    }

    /** With ping: waits until the engine has read everything sent so far. */
    private void sync() {
        if (!feature("ping")) {
            return;
        }
        int n = ++pings;
        process.send("ping " + n);
        await(l -> l.strip().equals("pong " + n), l -> { }, engine.initTimeoutMs(), "'ping " + n + "' with 'pong " + n + "'");
    }

    @Override
    protected void beginGame(long gameSeed) {
        known = null; // the board is set up at the first search: its start position is known then
        sent.clear();
        movedThisGame = false;
        process.send("new");
        process.send("force");
        sync();
    }

    @Override
    protected SearchResult search(GameHistory game, Limits limits, BooleanSupplier stop) {
        Position current = game.current();
        List<Move> played = game.moves();
        process.drain();
        if (game != known || played.size() < sent.size() || !played.subList(0, sent.size()).equals(sent)) {
            setUp(game, limits);
        }
        process.send("force");
        for (int i = sent.size(); i < played.size(); i++) {
            sendMove(game.positions().get(i), played.get(i));
            sent.add(played.get(i));
        }
        if (limits.hasClock()) {
            long mine = limits.remainingMs();
            long theirs = limits.opponentRemainingMs() > 0 ? limits.opponentRemainingMs() : mine;
            process.send("time " + Math.max(0, mine / 10));
            process.send("otim " + Math.max(0, theirs / 10));
        }
        long start = System.nanoTime();
        process.send("go");
        SearchInfo info = new SearchInfo();
        // A resign before this engine's first move of a game is the previous game's: GNU Chess prints
        // "resign" after its last move, and may do so after the new game's pong (docs/engines.md).
        boolean first = !movedThisGame;
        String answer = awaitAnswer(l -> isAnswer(l) && !(first && isResign(l)), l -> {
            if (first && isResign(l)) {
                LOG.info("engine {}: '{}' before its first move of the game is the previous game's; ignored", name, l.strip());
            } else {
                parseThinking(l, info);
            }
        }, limits, stop, "?");
        long answered = System.nanoTime();
        searched(game, start, answered, -1);
        long elapsed = (answered - start) / 1_000_000;
        String s = answer.strip();
        String moveText = s.startsWith("move ") ? s.substring(5).strip() : oldFormMove(s);
        if (moveText != null) {
            Move move = parseMove(current, moveText);
            sent.add(move);
            movedThisGame = true;
            return info.result(move, current, elapsed, XboardPlayer::parseMove);
        }
        if (isResign(s)) {
            known = null;
            throw new EngineResignedException("engine " + name + " resigned");
        }
        String claim = firstToken(s);
        if (claim.equals("1-0") || claim.equals("0-1") || claim.equals("1/2-1/2")) {
            known = null;
            boolean ownLoss = claim.equals(current.sideToMove() == 0 ? "0-1" : "1-0");
            if (ownLoss) {
                throw new EngineResignedException("engine " + name + " claimed its own loss: " + s);
            }
            throw new IllegalMoveException(UciPlayer.printable(s), "false result claim '" + UciPlayer.printable(s)
                    + "' instead of a move (the game is not over by the rules)");
        }
        // "Illegal move" or "Error": the engine refused a move the referee had accepted.
        known = null;
        throw new EngineException("engine " + name + " refused the game's moves: '" + UciPlayer.printable(s) + "'");
    }

    private static boolean isResign(String line) {
        String s = line.strip();
        return s.equals("resign") || s.startsWith("tellics resign");
    }

    /** The move of the older answer {@code NUMBER ... MOVE} (GNU Chess: {@code 1. ... g8f6}), or null. */
    static String oldFormMove(String line) {
        String[] t = line.strip().split("\\s+");
        return t.length == 3 && t[1].equals("...") && t[0].matches("\\d+\\.?") ? t[2] : null;
    }

    /** The answer to {@code go}: a move, a resignation, a result claim, or a refusal of our moves. */
    static boolean isAnswer(String line) {
        String s = line.strip();
        String first = firstToken(s);
        return first.equals("move") || oldFormMove(s) != null || s.equals("resign") || s.startsWith("tellics resign") || first.equals("1-0")
                || first.equals("0-1") || first.equals("1/2-1/2") || s.startsWith("Illegal move")
                || s.startsWith("Error");
    }

    /** A new board for this game: new, its limits, the start position, and no moves yet. */
    private void setUp(GameHistory game, Limits limits) {
        process.send("new");
        process.send("force");
        process.send("easy");
        process.send("post");
        for (String c : limitCommands(limits)) {
            process.send(c);
        }
        Position start = game.start();
        if (!start.toText().equals(rules.start().toText())) {
            if (feature("setboard")) {
                process.send("setboard " + start.toText());
            } else {
                edit((ChessPosition) start);
            }
        }
        known = game;
        sent.clear();
    }

    /**
     * Sets up a position in edit mode (for engines without setboard), as the specification describes:
     * a dummy move first when Black is to move, {@code #} to clear, one command per piece, {@code c}
     * to switch colour, {@code .} to leave. Castling rights follow from the kings' and rooks' squares;
     * an en-passant square cannot be given.
     */
    private void edit(ChessPosition start) {
        String[] fen = start.toText().split(" ");
        if (fen.length > 1 && fen[1].equals("b")) {
            process.send("a2a3");
        }
        process.send("edit");
        process.send("#");
        String[] ranks = fen[0].split("/");
        List<String> whitePieces = new ArrayList<>();
        List<String> blackPieces = new ArrayList<>();
        for (int r = 0; r < ranks.length; r++) {
            int file = 0;
            for (char ch : ranks[r].toCharArray()) {
                if (Character.isDigit(ch)) {
                    file += ch - '0';
                    continue;
                }
                String square = "" + (char) ('a' + file) + (8 - r);
                (Character.isUpperCase(ch) ? whitePieces : blackPieces).add(Character.toUpperCase(ch) + square);
                file++;
            }
        }
        whitePieces.forEach(process::send);
        process.send("c");
        blackPieces.forEach(process::send);
        process.send(".");
    }

    private void sendMove(Position before, Move move) {
        ChessPosition p = (ChessPosition) before;
        String text = feature("san") ? p.formatMove(move) : p.formatUci(move);
        process.send(feature("usermove") ? "usermove " + text : text);
    }

    /** {@code level}, {@code st}, {@code sd} for the limits; the xboard protocol has no node limit. */
    static List<String> limitCommands(Limits limits) {
        List<String> c = new ArrayList<>();
        if (limits.nodes() > 0) {
            throw new EngineException("the xboard protocol has no node limit: give the player depth, moveTimeMs or a clock");
        }
        if (limits.hasClock()) {
            long baseSeconds = (limits.remainingMs() + 999) / 1000;
            String base = baseSeconds % 60 == 0 ? Long.toString(baseSeconds / 60) : baseSeconds / 60 + ":" + String.format(Locale.ROOT, "%02d", baseSeconds % 60);
            long inc = limits.incrementMs();
            String increment = inc % 1000 == 0 ? Long.toString(inc / 1000) : Double.toString(inc / 1000.0);
            // Set up at the game's first search, so the clock and moves to go are the period's own.
            c.add("level " + Math.max(0, limits.movesToGo()) + " " + base + " " + increment);
        } else if (limits.moveTimeMs() > 0) {
            if (limits.moveTimeMs() % 1000 != 0) {
                throw new EngineException("the xboard protocol gives time per move in whole seconds (st): "
                        + "moveTimeMs " + limits.moveTimeMs() + " is not a multiple of 1000");
            }
            c.add("st " + limits.moveTimeMs() / 1000);
        } else {
            c.add("st 3600"); // depth alone: no time pressure, the depth decides
        }
        if (limits.depth() > 0) {
            c.add("sd " + limits.depth());
        }
        return c;
    }

    /** A move as the engine wrote it: coordinates ({@code e2e4}, {@code e7e8q}) or SAN, legal in the position. */
    static Move parseMove(Position position, String text) {
        String t = text.strip();
        if (t.isEmpty() || t.length() > 12) {
            throw new IllegalMoveException(UciPlayer.printable(t), "unparsable move '" + UciPlayer.printable(t) + "'");
        }
        try {
            return position.parseMove(t);
        } catch (NotationException e) {
            throw new IllegalMoveException(UciPlayer.printable(t), e.getMessage());
        }
    }

    /** A thinking line: {@code ply score time nodes pv...} (score in centipawns, time in centiseconds). */
    static void parseThinking(String line, SearchInfo info) {
        Matcher m = THINKING.matcher(line);
        if (!m.matches()) {
            return;
        }
        try {
            info.depth = Integer.parseInt(m.group(1));
            int score = Integer.parseInt(m.group(2));
            info.score = Math.abs(score) >= 100_000 ? (score > 0 ? 1 : -1) * arbiter.player.Score.WIN
                    - (score > 0 ? 1 : -1) * Math.max(1, 2 * (Math.abs(score) - 100_000)) : score;
            info.timeMs = Long.parseLong(m.group(3)) * 10;
            info.nodes = Long.parseLong(m.group(4));
            String pv = m.group(5).strip();
            List<String> moves = new ArrayList<>();
            for (String tok : pv.isEmpty() ? new String[0] : pv.split("\\s+")) {
                String clean = tok.replaceAll("^\\d+\\.+", "");
                if (!clean.isEmpty() && !clean.startsWith("{") && !clean.startsWith("(")) {
                    moves.add(clean);
                }
            }
            info.pv = List.copyOf(moves);
        } catch (NumberFormatException e) {
            // a malformed line: keep what was read
        }
    }
}
