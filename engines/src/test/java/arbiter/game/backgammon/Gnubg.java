package arbiter.game.backgammon;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * GNU Backgammon as an independent oracle of legal moves. One run of {@code gnubg -t -q -p script.py}
 * answers a whole batch: for each position and roll its Python script sets the board, sets the dice,
 * asks {@code gnubg.hint} for every move (0-ply evaluation ranks all legal moves and drops none),
 * and writes the position each move leads to. Boards travel in gnubg's layout: 25 counts per player
 * (index i = point i + 1 from that player's side, 24 = bar), the player not on roll first.
 */
final class Gnubg {
    static final String MISSING = "install gnubg (apt-get install gnubg)";

    private static final String SCRIPT = String.join("\n",
            "import gnubg, os",
            "gnubg.command('set player 0 human')",
            "gnubg.command('set player 1 human')",
            "gnubg.command('new game')",
            "gnubg.command('set evaluation chequerplay evaluation plies 0')",
            "out = open(os.environ['ARBITER_GNUBG_OUT'], 'w')",
            "for line in open(os.environ['ARBITER_GNUBG_IN']):",
            "    v = [int(x) for x in line.split()]",
            "    if not v:",
            "        continue",
            "    opp, me, d1, d2 = v[0:25], v[25:50], v[50], v[51]",
            "    gnubg.command('set turn 1')",
            "    gnubg.command('set board ' + gnubg.positionid((tuple(opp), tuple(me))))",
            "    if [list(x) for x in gnubg.board()] != [opp, me]:",
            "        out.write('ERR board not accepted\\n')",
            "        continue",
            "    gnubg.command('set dice %d %d' % (d1, d2))",
            "    moves = gnubg.hint(100000)['hint']",
            "    out.write('Q %d\\n' % len(moves))",
            "    for m in moves:",
            "        o = list(opp)",
            "        s = list(me)",
            "        for (f, t) in gnubg.parsemove(m['move']):",
            "            s[f - 1] -= 1",
            "            if t > 0:",
            "                s[t - 1] += 1",
            "                if o[24 - t] == 1:",
            "                    o[24 - t] = 0",
            "                    o[24] += 1",
            "        out.write(m['move'] + ';' + ' '.join(map(str, o + s)) + '\\n')",
            "out.write('DONE\\n')",
            "out.close()",
            "");

    /** A position from the side of the player on roll, with its roll. */
    record Query(int[] onRoll, int[] opponent, int die1, int die2) {
    }

    /** gnubg's answer to one query: each legal move as gnubg writes it and the board it leads to. */
    record Answer(List<String> moves, Set<String> boards) {
    }

    private Gnubg() {
    }

    /** The gnubg executable, or a test failure naming the package to install. */
    static Path executable() {
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of("/usr/games/gnubg"));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, "gnubg"));
                }
            }
        }
        for (Path p : candidates) {
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return fail(MISSING);
    }

    /** A board in gnubg's layout, as space-separated counts: the player not on roll, then the one on roll. */
    static String layout(int[] onRoll, int[] opponent) {
        StringBuilder sb = new StringBuilder();
        for (int[] board : new int[][] {opponent, onRoll}) {
            for (int p = 1; p <= 25; p++) {
                sb.append(sb.length() == 0 ? "" : " ").append(board[p]);
            }
        }
        return sb.toString();
    }

    /** Asks gnubg for the legal moves of every query, within a time limit for the whole batch. */
    static List<Answer> legalMoves(List<Query> queries, long timeoutSeconds) throws IOException, InterruptedException {
        Path gnubg = executable();
        Path dir = Files.createTempDirectory("arbiter-gnubg");
        try {
            Path script = dir.resolve("moves.py");
            Path in = dir.resolve("queries.txt");
            Path out = dir.resolve("answers.txt");
            Path log = dir.resolve("gnubg.log");
            Files.writeString(script, SCRIPT, StandardCharsets.UTF_8);
            StringBuilder sb = new StringBuilder();
            for (Query q : queries) {
                sb.append(layout(q.onRoll(), q.opponent())).append(' ').append(q.die1()).append(' ')
                        .append(q.die2()).append('\n');
            }
            Files.writeString(in, sb.toString(), StandardCharsets.UTF_8);
            ProcessBuilder builder = new ProcessBuilder(gnubg.toString(), "-t", "-q", "-p", script.toString())
                    .directory(dir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().put("HOME", dir.toString());
            builder.environment().put("ARBITER_GNUBG_IN", in.toString());
            builder.environment().put("ARBITER_GNUBG_OUT", out.toString());
            Process process = builder.start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                fail("gnubg did not answer " + queries.size() + " queries within " + timeoutSeconds + " s");
            }
            List<String> lines = Files.exists(out) ? Files.readAllLines(out, StandardCharsets.UTF_8) : List.of();
            if (lines.isEmpty() || !lines.get(lines.size() - 1).equals("DONE")) {
                fail("gnubg gave no complete answer (exit " + process.exitValue() + "); its output:\n"
                        + tail(log));
            }
            return answers(lines);
        } finally {
            deleteTree(dir);
        }
    }

    private static List<Answer> answers(List<String> lines) {
        List<Answer> answers = new ArrayList<>();
        int i = 0;
        while (!lines.get(i).equals("DONE")) {
            String header = lines.get(i++);
            if (!header.startsWith("Q ")) {
                fail("gnubg: " + header + " (query " + answers.size() + ")");
            }
            int n = Integer.parseInt(header.substring(2).trim());
            List<String> moves = new ArrayList<>();
            Set<String> boards = new HashSet<>();
            for (int k = 0; k < n; k++) {
                String[] parts = lines.get(i++).split(";", 2);
                moves.add(parts[0]);
                boards.add(parts[1]);
            }
            answers.add(new Answer(moves, boards));
        }
        return answers;
    }

    private static String tail(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "(none)";
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
