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
 * A scripted Hub-1 peer with the grammar of Scan 2.0's {@code hub_loop} (main.cpp) and
 * {@code pos_from_hub} (fen.cpp): answers {@code hub} with {@code name} and {@code wait}, {@code init}
 * with {@code ready}, {@code ping} with {@code pong}; takes {@code new}, {@code set <name> <value>},
 * {@code pos <position>} (side to move {@code w}/{@code b}, else {@code error bad position} as Scan),
 * then {@code move <m>} lines onto it, {@code level <moves> <time ms> <inc ms>}, {@code time <ms>} or
 * {@code depth <n>} (whole numbers: Scan reads them with {@code stoi}, so a decimal is logged as a
 * protocol error here), and answers {@code go} with {@code move <m>} (its first legal move), or with
 * an illegal move at its N-th search when the mode is "illegal". Anything else it does not know is
 * answered with {@code error} and logged, so a test can tell that the client spoke only Hub-1. Every
 * line received is appended to the log.
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
                case "ping" -> out.println("pong");
                case "new", "set" -> {
                    // search_new_game / var::set
                }
                case "pos" -> {
                    if (!arg.matches("[wb][wbWBe]{50}")) {
                        out.println("error bad position");
                        Files.writeString(log, "PROTOCOL ERROR bad position\n", StandardOpenOption.APPEND);
                        continue;
                    }
                    game = new GameHistory(HubText.parsePosition(rules, Character.toUpperCase(arg.charAt(0)) + arg.substring(1), false));
                    leveled = false;
                }
                case "move" -> game.play(HubText.parseMove(game.current(), arg));
                case "level", "time", "depth" -> {
                    String[] t = arg.split("\\s+");
                    if (t.length != (head.equals("level") ? 3 : 1) || !arg.matches("[0-9 ]+")) {
                        out.println("error bad " + head);
                        Files.writeString(log, "PROTOCOL ERROR " + line + "\n", StandardOpenOption.APPEND);
                        continue;
                    }
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
