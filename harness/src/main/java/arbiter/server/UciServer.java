package arbiter.server;

import arbiter.io.BoundedLines;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.chess.ChessPosition;
import arbiter.player.Limits;
import arbiter.player.Options;
import arbiter.player.Score;
import arbiter.player.SearchResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A built-in chess engine as a UCI engine on standard input/output, for cutechess-cli, fastchess, a
 * GUI or another Arbiter. Options are declared from what the engine reads ({@code check},
 * {@code spin}, {@code combo}, {@code string}); {@code go} accepts wtime/btime/winc/binc/movestogo,
 * movetime, depth, nodes, infinite and ponder; {@code stop}, {@code ponderhit}, {@code isready} are
 * answered while searching. Input that cannot be used is answered with {@code info string}.
 */
public final class UciServer {
    private final ServerEngine engine;
    private final BufferedReader in;
    private final PrintStream out;
    private GameHistory game;

    public UciServer(String engineId, arbiter.game.Rules rules, Map<String, Object> options, Map<String, Double> weights,
                     BufferedReader in, PrintStream out) {
        this.engine = new ServerEngine(engineId, rules, options, weights);
        this.in = in;
        this.out = out;
        this.game = new GameHistory(rules.start());
    }

    /** Longest command line read (64 KiB: a "position startpos moves ..." of 10,000 plies fits). */
    static final int MAX_LINE = 64 * 1024;

    /** Serves until {@code quit} or the end of input. */
    public void run() throws IOException {
        BoundedLines lines = new BoundedLines(in, MAX_LINE);
        Runnable overlong = () -> say("info string error: a command line longer than " + MAX_LINE + " characters was ignored");
        for (String line; (line = lines.nextSkippingOverlong("input", overlong)) != null; ) {
            String s = line.strip();
            if (s.isEmpty()) {
                continue;
            }
            try {
                String[] t = s.split("\\s+");
                switch (t[0]) {
                    case "uci" -> identify();
                    case "isready" -> {
                        if (!engine.searching()) {
                            try {
                                engine.player();
                            } catch (RuntimeException e) {
                                say("info string " + e.getMessage());
                            }
                        }
                        say("readyok");
                    }
                    case "setoption" -> setOption(s);
                    case "ucinewgame" -> {
                        try {
                            engine.newGame();
                        } catch (RuntimeException e) {
                            say("info string " + e.getMessage());
                        }
                        game = new GameHistory(engine.rules().start());
                    }
                    case "position" -> position(t);
                    case "go" -> go(t);
                    case "stop", "ponderhit" -> engine.signalStop();
                    case "quit" -> {
                        engine.stopSearch();
                        return;
                    }
                    default -> {
                        // debug, register and unknown commands are ignored, as UCI asks
                    }
                }
            } catch (RuntimeException e) {
                // No input ends the server but quit or the end of input: a GUI keeps its engine.
                say("info string error: " + e.getMessage());
            }
        }
        engine.stopSearch();
    }

    private synchronized void say(String line) {
        out.println(line);
        out.flush();
    }

    private void identify() {
        say("id name Arbiter " + engine.id());
        say("id author Arbiter");
        for (Options.Declaration d : engine.declarations()) {
            say(optionLine(d));
        }
        // The standard names GUIs and match runners send to every engine (UCI protocol, "Hash" and "Threads").
        Options.Declaration tt = ttSize();
        if (tt != null) {
            say("option name Hash type spin default " + tt.defaultValue() + " min " + tt.min() + " max " + tt.max());
        }
        say("option name Threads type spin default 1 min 1 max 1");
        say("uciok");
    }

    static String optionLine(Options.Declaration d) {
        String head = "option name " + d.name() + " type ";
        return switch (d.kind()) {
            case "bool" -> head + "check default " + d.defaultValue();
            case "integer" -> fitsInt(d.min()) && fitsInt(d.max())
                    ? head + "spin default " + d.defaultValue() + " min " + d.min() + " max " + d.max()
                    : head + "string default " + d.defaultValue();
            case "choice" -> head + "combo default " + d.defaultValue() + " var " + String.join(" var ", d.choices());
            default -> head + "string default " + (d.defaultValue().isEmpty() ? "<empty>" : d.defaultValue());
        };
    }

    private static boolean fitsInt(String v) {
        long n = Long.parseLong(v);
        return n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE;
    }

    private void setOption(String line) {
        int name = line.indexOf(" name ");
        if (name < 0) {
            say("info string setoption needs a name");
            return;
        }
        String rest = line.substring(name + 6);
        int value = rest.indexOf(" value ");
        String n = value < 0 ? rest : rest.substring(0, value);
        String v = value < 0 ? "true" : rest.substring(value + 7);
        if (v.equals("<empty>")) {
            v = "";
        }
        if (n.strip().equalsIgnoreCase("Hash")) {
            Options.Declaration tt = ttSize();
            if (tt == null) {
                return; // an engine without a transposition table has nothing to size
            }
            n = tt.name();
        } else if (n.strip().equalsIgnoreCase("Threads")) {
            if (!v.strip().equals("1")) {
                say("info string Threads: the built-in engines search on one thread; 1 is used");
            }
            return;
        }
        String error = engine.setOption(n, v);
        if (error != null) {
            say("info string " + error);
        }
    }

    /** The engine's transposition-table size option (MiB), which the standard {@code Hash} sets; null if none. */
    private Options.Declaration ttSize() {
        for (Options.Declaration d : engine.declarations()) {
            if (d.name().equals("ttMb")) {
                return d;
            }
        }
        return null;
    }

    private void position(String[] t) {
        int i = 1;
        Position start;
        try {
            if (t.length > 1 && t[1].equals("startpos")) {
                start = engine.rules().start();
                i = 2;
            } else if (t.length > 1 && t[1].equals("fen")) {
                int end = 2;
                while (end < t.length && !t[end].equals("moves")) {
                    end++;
                }
                start = engine.rules().parsePosition(String.join(" ", Arrays.copyOfRange(t, 2, end)));
                i = end;
            } else {
                say("info string position needs startpos or fen");
                return;
            }
        } catch (NotationException e) {
            say("info string " + e.getMessage());
            return;
        }
        GameHistory g = new GameHistory(start);
        if (i < t.length && t[i].equals("moves")) {
            for (int k = i + 1; k < t.length; k++) {
                try {
                    g.play(g.current().parseMove(t[k]));
                } catch (NotationException e) {
                    say("info string " + e.getMessage());
                    break;
                }
            }
        }
        game = g;
    }

    private void go(String[] t) {
        long wtime = 0, btime = 0, winc = 0, binc = 0, movetime = 0, nodes = 0;
        int depth = 0, movestogo = 0;
        boolean infinite = false;
        try {
            for (int i = 1; i < t.length; i++) {
                switch (t[i]) {
                    case "wtime" -> wtime = Math.max(1, Long.parseLong(t[++i]));
                    case "btime" -> btime = Math.max(1, Long.parseLong(t[++i]));
                    case "winc" -> winc = Math.max(0, Long.parseLong(t[++i]));
                    case "binc" -> binc = Math.max(0, Long.parseLong(t[++i]));
                    case "movestogo" -> movestogo = Math.max(0, Integer.parseInt(t[++i]));
                    case "movetime" -> movetime = Math.max(1, Long.parseLong(t[++i]));
                    case "depth" -> depth = Math.max(1, Integer.parseInt(t[++i]));
                    case "nodes" -> nodes = Math.max(1, Long.parseLong(t[++i]));
                    case "infinite", "ponder" -> infinite = true;
                    default -> {
                        // searchmoves, mate: not supported
                    }
                }
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            say("info string bad go command: " + String.join(" ", t));
        }
        engine.stopSearch();
        Position position = game.current();
        if (position.legalMoves().isEmpty()) {
            say("bestmove (none)");
            return;
        }
        boolean white = position.sideToMove() == 0;
        long mine = white ? wtime : btime;
        long theirs = white ? btime : wtime;
        Limits limits = new Limits(depth, nodes, movetime, mine, white ? winc : binc, movestogo,
                theirs, white ? binc : winc);
        boolean waitForStop = infinite;
        GameHistory searched = game;
        engine.startSearch(searched, limits, r -> {
            if (r == null) {
                r = SearchResult.of(position.legalMoves().get(0));
            }
            say(infoLine(r, searched.current()));
            while (waitForStop && !engine.stopRequested()) {
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    break;
                }
            }
            say("bestmove " + uci(searched.current(), r.move()));
        }, e -> say("info string search failed: " + e.getMessage()));
    }

    static String infoLine(SearchResult r, Position position) {
        StringBuilder sb = new StringBuilder("info");
        if (r.depth() > 0) {
            sb.append(" depth ").append(r.depth());
        }
        if (r.selDepth() > 0) {
            sb.append(" seldepth ").append(r.selDepth());
        }
        int score = r.score();
        if (Score.isWin(score)) {
            sb.append(" score mate ").append((Score.pliesToEnd(score) + 1) / 2);
        } else if (Score.isLoss(score)) {
            sb.append(" score mate -").append((Score.pliesToEnd(score) + 1) / 2);
        } else {
            sb.append(" score cp ").append(score);
        }
        sb.append(" nodes ").append(r.nodes());
        sb.append(" time ").append(r.timeMs());
        if (r.timeMs() > 0) {
            sb.append(" nps ").append(r.nodes() * 1000 / r.timeMs());
        }
        List<String> pv = new ArrayList<>();
        Position p = position;
        for (Move m : r.pv()) {
            if (!p.legalMoves().contains(m)) {
                break;
            }
            pv.add(uci(p, m));
            p = p.play(m);
        }
        if (!pv.isEmpty()) {
            sb.append(" pv ").append(String.join(" ", pv));
        }
        return sb.toString();
    }

    private static String uci(Position p, Move m) {
        return ((ChessPosition) p).formatUci(m);
    }
}
