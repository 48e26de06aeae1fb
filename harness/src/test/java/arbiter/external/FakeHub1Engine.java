package arbiter.external;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.draughts.DraughtsMove;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.game.draughts.DraughtsRules;
import java.io.BufferedReader;
import java.io.FileWriter;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A scripted Hub-1 peer (Scan 2.0's protocol as Fabien Letouzey described it): answers {@code hub}
 * with {@code name} and {@code wait}, {@code init} with {@code ready}; takes {@code pos <position>},
 * then {@code move <m>} lines onto it, {@code level <moves> <time> <inc>}, and answers {@code go}
 * with {@code move <m>} (its first legal move), or with an illegal move at its N-th search when the
 * mode is "illegal". Anything else it does not know is answered with {@code error} and logged, so a
 * test can tell that the client spoke only Hub-1. Every line received is appended to the log.
 * Usage: {@code FakeHub1Engine <variant> <mode> <N> <log>}.
 */
public final class FakeHub1Engine {
    private FakeHub1Engine() {
    }

    public static void main(String[] args) throws Exception {
        DraughtsRules rules = (DraughtsRules) Games.rules(args[0]);
        String mode = args[1];
        int faultAt = Integer.parseInt(args[2]);
        Path log = Path.of(args[3]);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        GameHistory game = null;
        boolean leveled = false;
        int searches = 0;
        for (String line; (line = in.readLine()) != null; ) {
            Files.writeString(log, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            String s = line.strip();
            String head = s.split("\\s+")[0];
            String arg = s.length() > head.length() ? s.substring(head.length()).strip() : "";
            switch (head) {
                case "hub" -> {
                    out.println("name FakeScan 2.0");
                    out.println("wait");
                }
                case "init" -> out.println("ready");
                case "pos" -> {
                    game = new GameHistory(HubText.parsePosition(rules, arg, false));
                    leveled = false;
                }
                case "move" -> game.play(HubText.parseMove(game.current(), arg));
                case "level" -> {
                    String[] t = arg.split("\\s+");
                    if (t.length != 3) {
                        out.println("error bad level");
                        continue;
                    }
                    Integer.parseInt(t[0]);
                    Double.parseDouble(t[1]);
                    Double.parseDouble(t[2]);
                    leveled = true;
                }
                case "go" -> {
                    searches++;
                    if (game == null || !leveled) {
                        out.println("error go before pos and level");
                        Files.writeString(log, "PROTOCOL ERROR\n", StandardOpenOption.APPEND);
                        continue;
                    }
                    DraughtsPosition p = (DraughtsPosition) game.current();
                    if (mode.equals("illegal") && searches == faultAt) {
                        out.println("move 1-2");
                        continue;
                    }
                    Move first = p.legalMoves().get(0);
                    out.println("info depth 1");
                    out.println("move " + HubText.move((DraughtsMove) first));
                }
                case "stop" -> {
                    // answered by the move of the running search (none runs here)
                }
                case "quit" -> {
                    return;
                }
                default -> {
                    out.println("error unknown command " + head);
                    Files.writeString(log, "PROTOCOL ERROR " + head + "\n", StandardOpenOption.APPEND);
                }
            }
        }
    }
}
