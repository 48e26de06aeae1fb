package arbiter.external;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.Rules;
import arbiter.game.chess.ChessPosition;
import java.io.BufferedReader;
import java.io.FileWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A scripted UCI engine for fault injection: plays the first legal move, until its N-th search in this
 * process (slow: in this game), where it misbehaves as its mode says: crash (exit 3), hang (ignores stop), garbage (junk
 * lines and a junk move), illegal (a well-formed illegal move), close (closes its output and hangs),
 * slow (answers 550 ms late, ignoring stop), none (never misbehaves). Each start appends a line to a
 * log file, so tests can count restarts. Usage: {@code FakeUciEngine <mode> <N> <start-log>}.
 */
public final class FakeUciEngine {
    private FakeUciEngine() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int faultAt = Integer.parseInt(args[1]);
        try (FileWriter w = new FileWriter(args[2], StandardCharsets.UTF_8, true)) {
            w.write(ProcessHandle.current().pid() + " " + mode + "\n");
        }
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Rules chess = Games.rules("chess");
        GameHistory game = new GameHistory(chess.start());
        int searches = 0;
        for (String line; (line = in.readLine()) != null; ) {
            String[] t = line.strip().split("\\s+");
            switch (t[0]) {
                case "uci" -> {
                    out.println("id name Fake " + mode);
                    out.println("option name Hash type spin default 16 min 1 max 1024");
                    out.println("uciok");
                }
                case "isready" -> out.println("readyok");
                case "ucinewgame" -> {
                    if (mode.equals("slow")) {
                        searches = 0; // losing on time is no fault: the process is kept, and is late in every game
                    }
                }
                case "position" -> game = position(chess, t);
                case "go" -> {
                    searches++;
                    ChessPosition p = (ChessPosition) game.current();
                    Move first = p.legalMoves().get(0);
                    if (searches == faultAt) {
                        misbehave(mode, out, p);
                    }
                    out.println("info depth 1 score cp 12 nodes 20 time 1 pv " + p.formatUci(first));
                    out.println("bestmove " + p.formatUci(first));
                }
                case "quit" -> {
                    return;
                }
                default -> {
                    // setoption, stop: nothing to do
                }
            }
        }
    }

    private static void misbehave(String mode, PrintStream out, ChessPosition p) throws InterruptedException, IOException {
        switch (mode) {
            case "crash" -> Runtime.getRuntime().halt(3);
            case "hang" -> Thread.sleep(600_000);
            case "garbage" -> {
                out.write(new byte[] {(byte) 0xff, (byte) 0xfe, 0x01, 0x02, '\n'});
                out.println("info depth x score cp nodes");
                out.println("info score mate");
                out.println("bestmovez e2e4");
                out.println("bestmove \u0001\u00ff!garbage!");
            }
            case "illegal" -> out.println("bestmove a1h8");
            case "close" -> {
                out.close();
                System.out.close();
                Thread.sleep(600_000);
            }
            case "slow" -> Thread.sleep(550);
            default -> {
                // none
            }
        }
    }

    private static GameHistory position(Rules chess, String[] t) {
        int i = 2;
        GameHistory g;
        if (t[1].equals("startpos")) {
            g = new GameHistory(chess.start());
        } else {
            int end = 2;
            while (end < t.length && !t[end].equals("moves")) {
                end++;
            }
            g = new GameHistory(chess.parsePosition(String.join(" ", java.util.Arrays.copyOfRange(t, 2, end))));
            i = end;
        }
        if (i < t.length && t[i].equals("moves")) {
            for (int k = i + 1; k < t.length; k++) {
                g.play(g.current().parseMove(t[k]));
            }
        }
        return g;
    }
}
