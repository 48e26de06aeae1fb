package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What `arbiter match` prints, line for line in the shapes of the tools a match user knows. The
 * patterns below are written from the format strings of fastchess's
 * {@code app/src/matchmaking/output/output_fastchess.hpp} (startGame, endGame, formatMatchup,
 * formatElo, formatGameStats, formatGameResults, printSprt), the reasons of its
 * {@code app/src/matchmaking/match/match.hpp}, and cutechess-cli's {@code projects/cli/src/enginematch.cpp}
 * ("Score of"), {@code projects/lib/src/tournament.cpp} ("Elo difference", "SPRT: llr") and
 * {@code projects/lib/src/board/result.cpp} (the reasons), as read on github.com/Disservin/fastchess
 * and github.com/cutechess/cutechess.
 */
class MatchConsoleTest {
    @TempDir
    Path dir;

    // fastchess startGame: "Started game {} of {} ({} vs {})"
    private static final Pattern STARTED = Pattern.compile("(?m)^Started game (\\d+) of (\\d+) \\((\\S+) vs (\\S+)\\)$");
    // fastchess endGame: "Finished game {} ({} vs {}): {} {{{}}}"
    private static final Pattern FINISHED = Pattern.compile(
            "(?m)^Finished game (\\d+) \\((\\S+) vs (\\S+)\\): (1-0|0-1|1/2-1/2) \\{([^}]+)\\}$");
    // match.hpp's reasons a game of two built-in chess engines can end with
    private static final Pattern CHESS_REASON = Pattern.compile("(White|Black) mates|Draw by (stalemate|3-fold repetition"
            + "|fifty moves rule|insufficient mating material|adjudication)|(White|Black) wins by adjudication");
    private static final String NUM = "-?\\d+\\.\\d\\d";

    private CliRunner match(String name, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("match", "-engine", "builtin=random", "name=A", "option.seed=1",
                "-engine", "builtin=random", "name=B", "option.seed=2", "-each", "tc=10+0.1", "-rounds", "6", "-repeat",
                "-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.05", "-ratinginterval", "4",
                "-srand", "7", "-concurrency", "2"));
        args.addAll(List.of(more));
        args.addAll(List.of("--output", dir.resolve(name).toString()));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return r;
    }

    @Test
    void fastchessLayoutGameLinesAndResultsBlock() {
        String out = match("fc").out();
        List<MatchResult> started = STARTED.matcher(out).results().toList();
        List<MatchResult> finished = FINISHED.matcher(out).results().toList();
        assertEquals(12, started.size(), out);
        assertEquals(12, finished.size(), out);
        started.forEach(m -> assertEquals("12", m.group(2)));
        long w = 0;
        long l = 0;
        long d = 0;
        for (MatchResult m : finished) {
            assertTrue(CHESS_REASON.matcher(m.group(5)).matches(), m.group());
            String res = m.group(4);
            boolean aWhite = m.group(2).equals("A");
            if (res.equals("1/2-1/2")) {
                d++;
            } else if (res.equals("1-0") == aWhite) {
                w++;
            } else {
                l++;
            }
            if (m.group(5).startsWith("White mates")) {
                assertEquals("1-0", res);
            }
        }
        // fastchess prints a game's line, then the block it completes
        assertTrue(Pattern.compile("(?m)^Finished game \\d+ \\(\\S+ vs \\S+\\): \\S+ \\{[^}]+\\}\n-{50}\nResults of A vs B").matcher(out).find(), out);
        // The last block (the end of the run) counts every game.
        String block = out.substring(out.lastIndexOf("Results of A vs B"));
        String[] lines = block.split("\n");
        assertEquals("Results of A vs B (10+0.1, NULL, NULL):", lines[0]); // formatMatchup, no Threads/Hash option, no book
        assertTrue(lines[1].matches("Elo: " + NUM + " \\+/- " + NUM + ", nElo: " + NUM + " \\+/- " + NUM), lines[1]);
        assertTrue(lines[2].matches("LOS: " + NUM + " %, DrawRatio: " + NUM + " %, PairsRatio: (" + NUM + "|inf|-nan)"), lines[2]);
        double points = w + d / 2.0;
        assertEquals(String.format(Locale.ROOT, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)",
                w + l + d, w, l, d, points, 100 * points / (w + l + d)), lines[3]);
        assertTrue(lines[4].matches("Ptnml\\(0-2\\): \\[\\d+, \\d+, \\d+, \\d+, \\d+\\], WL/DD Ratio: (" + NUM + "|inf|-nan)"), lines[4]);
        Matcher llr = Pattern.compile("LLR: (" + NUM + ") \\((-?\\d+\\.\\d)%\\) \\((-2\\.94), (2\\.94)\\) \\[0\\.00, 5\\.00\\]")
                .matcher(lines[5]);
        assertTrue(llr.matches(), lines[5]); // ln((1-beta)/alpha) = 2.94 for alpha = beta = 0.05
        double x = Double.parseDouble(llr.group(1));
        // fastchess SPRT::getFraction: llr / upper when llr >= 0, else -llr / lower
        double fraction = x >= 0 ? x / 2.944 : -x / -2.944;
        assertEquals(100 * fraction, Double.parseDouble(llr.group(2)), 0.5, lines[5]);
        assertEquals("-".repeat(50), lines[6]);
        assertEquals(3, out.lines().filter(s -> s.startsWith("Results of")).count(), "a block after 4 and 8 games and at the end");
        // fastchess's main ends: "Finished match", "Total Time: 00:00:08 (hours:minutes:seconds)"
        assertTrue(Pattern.compile("-{50}\nFinished match\nTotal Time: \\d\\d:\\d\\d:\\d\\d \\(hours:minutes:seconds\\)\n\nFinal standings after 12 games")
                .matcher(out).find(), out);
        assertFalse(out.contains("Tournament finished"), "fastchess 1.8 prints it for nothing but an SPRT's end");
    }

    @Test
    void cutechessLayoutScoreLinesAndEloDifference() {
        String out = match("cc", "-output", "format=cutechess").out();
        List<String> lines = out.lines().toList();
        int scores = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (FINISHED.matcher(lines.get(i)).matches()) {
                // enginematch.cpp: "Score of %s vs %s: %d - %d - %d  [%.3f] %d" after every finished game
                assertTrue(lines.get(i + 1).matches("Score of A vs B: \\d+ - \\d+ - \\d+  \\[[01]\\.\\d{3}\\] \\d+"),
                        lines.get(i + 1));
                scores++;
            }
        }
        assertEquals(12, scores, out);
        assertTrue(out.contains("Score of A vs B: ") && out.contains("] 12\n"), out);
        assertTrue(Pattern.compile("(?m)^Elo difference: -?\\d+\\.\\d \\+/- \\d+\\.\\d, LOS: \\d+\\.\\d %, DrawRatio: \\d+\\.\\d %$")
                .matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^SPRT: llr -?[\\d.e+-]+ \\(-?\\d+\\.\\d%\\), lbound -2\\.94, ubound 2\\.94$")
                .matcher(out).find(), out);
        assertFalse(out.contains("Results of A vs B"), "cutechess-cli has no fastchess block");
        assertTrue(out.contains("\nFinished match\n"), out); // enginematch.cpp onTournamentFinished
    }

    /** A tiny clock against an engine that thinks for 300 ms: fastchess's "{} loses on time ({}ms overrun)". */
    @Test
    void aTimeForfeitReadsAsTheToolsWriteIt() throws Exception {
        Path slow = dir.resolve("slow.sh");
        Files.writeString(slow, """
                #!/bin/sh
                while read line; do
                  case "$line" in
                    uci) echo "id name Slow"; echo "uciok";;
                    isready) echo "readyok";;
                    go*) sleep 0.3; echo "bestmove e2e4";;
                    quit) exit 0;;
                  esac
                done
                """);
        slow.toFile().setExecutable(true);
        CliRunner r = CliRunner.run("match", "-engine", "cmd=" + slow, "name=slow", "tc=0.05+0",
                "-engine", "builtin=random", "name=rnd", "depth=1", "-rounds", "1", "-games", "1",
                "--output", dir.resolve("tf").toString());
        assertEquals(0, r.exit(), r.err());
        Matcher m = Pattern.compile("(?m)^Finished game 1 \\(slow vs rnd\\): 0-1 \\{White loses on time \\((\\d+)ms overrun\\)\\}$")
                .matcher(r.out());
        assertTrue(m.find(), r.out());
        assertTrue(Long.parseLong(m.group(1)) > 0, m.group());
        assertTrue(r.out().contains("Started game 1 of 1 (slow vs rnd)"), r.out());
        assertTrue(r.out().contains("Results of slow vs rnd (0.05 - 1 plies, NULL, NULL):"), r.out());

        CliRunner c = CliRunner.run("match", "-engine", "cmd=" + slow, "name=slow", "tc=0.05+0",
                "-engine", "builtin=random", "name=rnd", "depth=1", "-rounds", "5", "-games", "1", "-output", "format=cutechess",
                "--output", dir.resolve("tf2").toString());
        assertEquals(0, c.exit(), c.err());
        // result.cpp: "%1 loses on time"
        assertTrue(c.out().contains("Finished game 1 (slow vs rnd): 0-1 {White loses on time}\nScore of slow vs rnd: 0 - 1 - 0  [0.000] 1\n"),
                c.out());
        // slow forfeits each game it starts (as Black its late move is refused as illegal first): three forfeits in five
        // games are not the engines' bad luck; said once on the error stream, and in the report's conditions
        assertTrue(c.err().contains("warning: 3 of the last 5 games were lost on time (load average "), c.err() + c.out());
        assertTrue(Files.readString(dir.resolve("tf2/report.md")).contains("| Time forfeits | 3 of 5 games"),
                Files.readString(dir.resolve("tf2/report.md")));
    }

    /** formatMatchup with a real UCI engine's Threads and Hash: "1t - NULL, 16MB - NULL" (fastchess getThreads / getHash). */
    @Test
    void theHeaderNamesThreadsHashAndTheBook() throws Exception {
        Path stockfish = Path.of("/usr/games/stockfish");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(stockfish), "Debian's stockfish (apt install stockfish)");
        Path book = dir.resolve("book.epd");
        Files.writeString(book, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        CliRunner r = CliRunner.run("match", "-engine", "cmd=" + stockfish, "name=sf", "nodes=2000", "option.Hash=16",
                "option.Threads=1", "-engine", "builtin=random", "name=rnd", "depth=1", "-rounds", "1", "-games", "1",
                "-openings", "file=" + book, "format=epd", "--output", dir.resolve("sf").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Results of sf vs rnd (2000 nodes - 1 plies, 1t - NULL, 16MB - NULL, book.epd):\n"), r.out());
    }
}
