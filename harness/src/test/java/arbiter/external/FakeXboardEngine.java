package arbiter.external;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.Rules;
import arbiter.game.chess.ChessPosition;
import java.io.BufferedReader;
import java.io.FileWriter;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A scripted xboard (CECP v2) engine for fault injection: plays the first legal move, until its N-th
 * {@code go} in this process (resign: in this game), where it misbehaves as its mode says: crash (exit 3), hang (ignores
 * {@code ?}), garbage (junk lines and a junk move), illegal (a well-formed illegal move), claim (a
 * false "1-0"/"0-1" win claim instead of a move), resign, refuse (answers "Error" to the opponent's
 * move), none. Features: usermove, setboard, ping, san=0. Each start appends a line to a log file.
 * Usage: {@code FakeXboardEngine <mode> <N> <start-log>}.
 */
public final class FakeXboardEngine {
    private FakeXboardEngine() {
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
        int games = 0;
        for (String line; (line = in.readLine()) != null; ) {
            String s = line.strip();
            String head = s.split("\\s+")[0];
            switch (head) {
                case "protover" -> out.println("feature myname=\"Fake " + mode + "\" usermove=1 setboard=1 ping=1 san=0 "
                        + "sigint=0 option=\"Level -spin 3 1 9\" done=1");
                case "new", "setboard" -> {
                    game = new GameHistory(head.equals("new") ? chess.start() : chess.parsePosition(s.substring(9)));
                    if (mode.equals("lateresign")) {
                        games++;
                        searches = 0;
                    }
                    if (mode.equals("resign")) {
                        searches = 0; // a resignation is no fault: the process is kept, and resigns in every game
                    }
                }
                case "usermove" -> {
                    if (mode.equals("refuse") && searches + 1 == faultAt) {
                        out.println("Error (illegal move): " + s.substring(9));
                        searches++;
                        continue;
                    }
                    game.play(game.current().parseMove(s.substring(9)));
                }
                case "ping" -> {
                    out.println("pong " + s.substring(5));
                    if (mode.equals("lateresign") && games > 1 && searches == 0) {
                        // As GNU Chess: the resign it printed after its last move of the previous game
                        // comes after the pong of the new game's ping (docs/engines.md).
                        Thread.sleep(100);
                        out.println("resign");
                    }
                }
                case "go" -> {
                    searches++;
                    ChessPosition p = (ChessPosition) game.current();
                    if (searches == faultAt && misbehave(mode, out, p)) {
                        continue;
                    }
                    Move first = p.legalMoves().get(0);
                    out.println("1 12 0 20 " + p.formatUci(first));
                    out.println("move " + p.formatUci(first));
                    game.play(first);
                }
                case "quit" -> {
                    return;
                }
                default -> {
                    // xboard, accepted, rejected, force, easy, post, level, st, sd, time, otim, ?, option: nothing to do
                }
            }
        }
    }

    /** Misbehaves; true when that replaced the move. */
    private static boolean misbehave(String mode, PrintStream out, ChessPosition p) throws InterruptedException, java.io.IOException {
        switch (mode) {
            case "crash" -> Runtime.getRuntime().halt(3);
            case "hang" -> Thread.sleep(600_000);
            case "garbage" -> {
                out.write(new byte[] {(byte) 0xff, (byte) 0xfe, 0x01, 0x02, '\n'});
                out.println("12 x y z");
                out.println("move zz9!");
                return true;
            }
            case "illegal" -> {
                out.println("move a1h8");
                return true;
            }
            case "claim" -> {
                out.println((p.sideToMove() == 0 ? "1-0" : "0-1") + " {Fake mates}");
                return true;
            }
            case "resign" -> {
                out.println("resign");
                return true;
            }
            default -> {
                // none, refuse: play on
            }
        }
        return false;
    }
}
