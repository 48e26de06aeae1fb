package arbiter.external;

import arbiter.play.Protocol;
import arbiter.player.EngineException;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.game.chess.ChessMove;
import arbiter.game.chess.ChessPosition;
import arbiter.player.IllegalMoveException;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A chess engine over UCI. Handshake {@code uci} / {@code uciok}, one {@code setoption} per configured
 * option (checked against the engine's declared options), {@code isready} / {@code readyok}; each game
 * {@code ucinewgame} + {@code isready}; each move {@code position startpos|fen <fen> moves <all moves>}
 * and {@code go} with the clocks of both sides ({@code wtime btime winc binc movestogo}), {@code movetime},
 * {@code depth} and/or {@code nodes}; {@code info} lines give score (cp or mate), depth, seldepth,
 * nodes, nps, time and pv; {@code bestmove} ends the search.
 */
public final class UciPlayer extends ProcessPlayer {
    /** The lines that end a wait during a search at once: all but {@code info}. */
    private static final java.util.function.Predicate<String> NOT_INFO = l -> !startsWithWord(l, "info");

    /** The engine's declared options: lower-case name to its own spelling, type and default ("" for none). */
    private final Map<String, String[]> declared = new LinkedHashMap<>();

    public UciPlayer(String name, ExternalEngine engine, Map<String, Object> options, Rules rules) {
        super(name, engine, options, rules);
    }

    @Override
    protected Protocol protocol() {
        return Protocol.UCI;
    }

    @Override
    protected String quitCommand() {
        return "quit";
    }

    @Override
    protected void startAndHandshake() {
        process.start();
        declared.clear();
        process.send("uci");
        await(l -> startsWithWord(l, "uciok"), this::handshakeLine, engine.initTimeoutMs(), "'uci' with 'uciok'");
        for (Map.Entry<String, Object> o : options.entrySet()) {
            String[] d = declared.get(o.getKey().toLowerCase(Locale.ROOT));
            if (d == null) {
                throw new EngineException("engine " + name + " has no UCI option '" + o.getKey() + "'; its options: "
                        + listed(declared.values().stream().map(x -> x[0]).toList()));
            }
            if (d[1].equals("button")) {
                if (Boolean.parseBoolean(text(o.getValue()))) {
                    process.send("setoption name " + d[0]);
                }
            } else {
                process.send("setoption name " + d[0] + " value " + text(o.getValue()));
            }
        }
        isReady();
    }

    private void handshakeLine(String line) {
        String s = line.strip();
        if (s.startsWith("id name ")) {
            engineName = s.substring("id name ".length()).strip();
        } else if (s.startsWith("option name ")) {
            int type = s.indexOf(" type ");
            String optionName = (type < 0 ? s.substring(12) : s.substring(12, type)).strip();
            String kind = type < 0 ? "" : firstToken(s.substring(type + 6));
            int dflt = s.indexOf(" default ");
            String value = dflt < 0 ? "" : firstToken(s.substring(dflt + 9));
            declared.put(optionName.toLowerCase(Locale.ROOT), new String[] {optionName, kind, value});
        }
    }

    @Override
    public Map<String, String> optionValues() {
        Map<String, String> values = new LinkedHashMap<>();
        declared.values().forEach(d -> values.put(d[0], d[2]));
        options.forEach((k, v) -> {
            String[] d = declared.get(k.toLowerCase(Locale.ROOT));
            if (d != null) {
                values.put(d[0], text(v));
            }
        });
        return values;
    }

    private void isReady() {
        process.send("isready");
        await(l -> startsWithWord(l, "readyok"), l -> { }, engine.initTimeoutMs(), "'isready' with 'readyok'");
    }

    @Override
    protected void beginGame(long gameSeed) {
        process.send("ucinewgame");
        isReady();
    }

    @Override
    protected SearchResult search(GameHistory game, Limits limits, BooleanSupplier stop) {
        Position current = game.current();
        process.drain();
        String position = positionCommands.of(game);
        String go = goCommand(limits, current.sideToMove());
        long start = System.nanoTime(); // the engine's time includes reading the position (tens of microseconds)
        process.send(position, go);
        UciInfo.Lines reports = new UciInfo.Lines();
        String answer;
        process.wakeOnlyFor(NOT_INFO); // info lines are read with the answer or at the next poll
        try {
            answer = awaitAnswer(l -> startsWithWord(l, "bestmove"), l -> {
                if (startsWithWord(l, "info")) {
                    reports.add(l);
                }
            }, limits, stop, "stop");
        } finally {
            process.wakeOnlyFor(null);
        }
        SearchInfo info = reports.fold();
        long answered = System.nanoTime();
        searched(game, start, answered, info.timeMs);
        long elapsed = (answered - start) / 1_000_000;
        String[] tokens = words(answer);
        if (tokens.length < 2) {
            throw new IllegalMoveException("", "engine " + name + " sent 'bestmove' without a move");
        }
        String text = tokens[1];
        if (text.equals("(none)") || text.equals("0000")) {
            throw new IllegalMoveException(text, "engine " + name + " reports no move ('" + answer.strip()
                    + "') in a position with legal moves");
        }
        Move move = parseUciMove(current, text);
        // The principal variation is read on one board by make, not a position per move (a record keeps 12 plies).
        return info.resultOfLine(move, current, elapsed,
                (p, texts) -> ((ChessPosition) p).parseUciLine(texts, SearchInfo.PV_PLIES));
    }

    /** A move in UCI long algebraic notation, legal in the position. */
    static Move parseUciMove(Position position, String text) {
        if (!isUciMove(text)) {
            throw new IllegalMoveException(printable(text), "unparsable move '" + printable(text)
                    + "': UCI moves are long algebraic like e2e4 or e7e8q");
        }
        if (position instanceof ChessPosition) {
            // The position's own legal moves (the referee checks the move against them anyway): no generation, no parser.
            int from = (text.charAt(0) - 'a') + 8 * (text.charAt(1) - '1');
            int to = (text.charAt(2) - 'a') + 8 * (text.charAt(3) - '1');
            int promotion = text.length() == 4 ? ChessMove.NONE : ChessMove.KNIGHT + "nbrq".indexOf(text.charAt(4));
            for (Move m : position.legalMoves()) {
                ChessMove c = (ChessMove) m;
                if (c.from() == from && c.to() == to && c.promotion() == promotion) {
                    return m;
                }
            }
        }
        try {
            return position.parseMove(text);
        } catch (NotationException e) {
            throw new IllegalMoveException(printable(text), e.getMessage());
        }
    }

    /** Whether the text has UCI's move form, {@code [a-h][1-8][a-h][1-8][nbrq]?} (no regular expression: every move). */
    static boolean isUciMove(String t) {
        int n = t.length();
        return (n == 4 || n == 5 && "nbrq".indexOf(t.charAt(4)) >= 0) && file(t.charAt(0)) && rank(t.charAt(1))
                && file(t.charAt(2)) && rank(t.charAt(3));
    }

    private static boolean file(char c) {
        return c >= 'a' && c <= 'h';
    }

    private static boolean rank(char c) {
        return c >= '1' && c <= '8';
    }

    /** {@code position startpos|fen <fen> [moves ...]}: the game's start and every move since. */
    private final PositionCommands positionCommands = new PositionCommands(rules);

    /**
     * The {@code position} command of each move of a game, kept as text and extended by the moves
     * played since the last one: the start is formatted once per game and no earlier move is
     * formatted again (rebuilding it every move is quadratic in the game's length, and each move's
     * text went through a legal-move generation). The referee has validated every move, so a
     * move's UCI text is its own.
     */
    static final class PositionCommands {
        private final Rules rules;
        private GameHistory game;
        private final StringBuilder text = new StringBuilder();
        private int moves;

        PositionCommands(Rules rules) {
            this.rules = rules;
        }

        String of(GameHistory g) {
            List<Move> played = g.moves();
            if (g != game || played.size() < moves) {
                game = g;
                text.setLength(0);
                String start = g.start().toText();
                text.append("position ").append(start.equals(rules.start().toText()) ? "startpos" : "fen " + start);
                moves = 0;
            }
            for (; moves < played.size(); moves++) {
                text.append(moves == 0 ? " moves " : " ").append(((arbiter.game.chess.ChessMove) played.get(moves)).uci());
            }
            return text.toString();
        }
    }

    /** The command rebuilt from scratch, each move checked (the reference {@link PositionCommands} is tested against). */
    static String positionCommand(GameHistory game, Rules rules) {
        StringBuilder sb = new StringBuilder("position ");
        String start = game.start().toText();
        if (start.equals(rules.start().toText())) {
            sb.append("startpos");
        } else {
            sb.append("fen ").append(start);
        }
        List<Move> moves = game.moves();
        if (!moves.isEmpty()) {
            sb.append(" moves");
            for (int i = 0; i < moves.size(); i++) {
                sb.append(' ').append(((ChessPosition) game.positions().get(i)).formatUci(moves.get(i)));
            }
        }
        return sb.toString();
    }

    /** {@code go} with every limit that applies; {@code go infinite} when none does. */
    static String goCommand(Limits limits, int sideToMove) {
        List<String> parts = new ArrayList<>(List.of("go"));
        if (limits.hasClock()) {
            long mine = limits.remainingMs();
            long theirs = limits.opponentRemainingMs() > 0 ? limits.opponentRemainingMs() : mine;
            long myInc = limits.incrementMs();
            long theirInc = limits.opponentRemainingMs() > 0 ? limits.opponentIncrementMs() : myInc;
            boolean white = sideToMove == 0;
            parts.addAll(List.of("wtime", Long.toString(white ? mine : theirs), "btime", Long.toString(white ? theirs : mine)));
            if (myInc > 0 || theirInc > 0) {
                parts.addAll(List.of("winc", Long.toString(white ? myInc : theirInc), "binc",
                        Long.toString(white ? theirInc : myInc)));
            }
            if (limits.movesToGo() > 0) {
                parts.addAll(List.of("movestogo", Integer.toString(limits.movesToGo())));
            }
        }
        if (limits.moveTimeMs() > 0) {
            parts.addAll(List.of("movetime", Long.toString(limits.moveTimeMs())));
        }
        if (limits.depth() > 0) {
            parts.addAll(List.of("depth", Integer.toString(limits.depth())));
        }
        if (limits.nodes() > 0) {
            parts.addAll(List.of("nodes", Long.toString(limits.nodes())));
        }
        if (parts.size() == 1) {
            parts.add("infinite");
        }
        return String.join(" ", parts);
    }

    /** The line's words, split at runs of white space (as {@code strip().split("\\s+")}, without a regular expression). */
    static String[] words(String line) {
        java.util.ArrayList<String> out = new java.util.ArrayList<>(24);
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(line.substring(start, i));
            }
        }
        return out.toArray(new String[0]);
    }

    static String printable(String text) {
        StringBuilder sb = new StringBuilder();
        for (char c : text.toCharArray()) {
            sb.append(c >= 32 && c < 127 ? String.valueOf(c) : String.format(Locale.ROOT, "\\u%04x", (int) c));
            if (sb.length() > 60) {
                sb.append("...");
                break;
            }
        }
        return sb.toString();
    }
}
