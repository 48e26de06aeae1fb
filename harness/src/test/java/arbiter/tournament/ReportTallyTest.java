package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.EndReason;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.pdn.PdnWriter;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.Termination;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's report is now tallied from its games as they are recorded instead of from {@code games.pdn}
 * read back at the end. These tests hold the two equal: a game's facts taken from the game as played
 * are those of its record once written and read back, and a whole run's report (resumed, with an
 * SPRT) is the one built from its log.
 */
class ReportTallyTest {
    @TempDir
    Path dir;

    @Test
    void aPlayedGamesFactsAreThoseOfItsRecordReadBack() throws Exception {
        SplittableRandom random = new SplittableRandom(17);
        int checked = 0;
        for (String variant : Games.variants()) {
            Rules rules = Games.rules(variant);
            PdnWriter.Context context = new PdnWriter.Context("facts", "here", "2026.11.25", rules, variant, "-");
            List<PlayedGame> games = new ArrayList<>();
            StringBuilder log = new StringBuilder();
            for (int id = 0; id < 40; id++) {
                PlayedGame g = randomGame(rules, id, random);
                games.add(g);
                log.append(PdnWriter.format(g, context, g.termination().describe()));
            }
            Path file = dir.resolve(variant + ".pdn");
            Files.writeString(file, log);
            List<GameRecord> records = PdnReader.readAll(file, w -> {
                throw new AssertionError(variant + ": " + w);
            });
            assertEquals(games.size(), records.size(), variant);
            for (int i = 0; i < games.size(); i++) {
                ReportTally.GameFacts played = ReportTally.GameFacts.of(games.get(i), rules);
                ReportTally.GameFacts read = ReportTally.GameFacts.of(records.get(i), rules);
                String where = variant + " game " + i + ":\n" + PdnWriter.format(games.get(i), context, games.get(i).termination().describe());
                assertEquals(read.id(), played.id(), where);
                assertEquals(read.white(), played.white(), where);
                assertEquals(read.black(), played.black(), where);
                assertEquals(read.result(), played.result(), where);
                assertEquals(read.termination(), played.termination(), where);
                assertArrayEquals(read.whiteMoves(), played.whiteMoves(), where + " White's moves");
                assertArrayEquals(read.blackMoves(), played.blackMoves(), where + " Black's moves");
                checked++;
            }
        }
        assertTrue(checked >= 200, "games checked: " + checked);
    }

    /**
     * Random legal moves from the start or from a position a few random plies in, with what a search
     * may report: no score, a negative depth, no nodes, a PV, and now and then a negative time, which
     * a record shows as no time at all.
     */
    private static PlayedGame randomGame(Rules rules, int id, SplittableRandom random) {
        Position p = rules.start();
        String startText = null;
        if (random.nextInt(3) == 0 && !p.needsDice()) {
            for (int k = random.nextInt(1, 6); k > 0 && !p.legalMoves().isEmpty() && p.outcome() == null; k--) {
                p = p.play(p.legalMoves().get(random.nextInt(p.legalMoves().size())));
            }
            startText = p.toText();
        }
        List<PlayedMove> moves = new ArrayList<>();
        int plies = random.nextInt(0, 40);
        for (int k = 0; k < plies && p.outcome() == null; k++) {
            String dice = null;
            if (p.needsDice()) {
                int a = random.nextInt(1, 7);
                int b = random.nextInt(1, 7);
                if (k == 0 && a == b) {
                    b = a % 6 + 1; // the opening roll is never a double
                }
                p = p.withDice(a, b);
                dice = a + "-" + b;
            }
            List<Move> legal = p.legalMoves();
            if (legal.isEmpty()) {
                break;
            }
            Move m = legal.get(random.nextInt(legal.size()));
            String text = p.formatMove(m);
            Integer score = random.nextInt(4) == 0 ? null : random.nextInt(-3000, 3000);
            int depth = random.nextInt(8) == 0 ? -1 : random.nextInt(0, 40);
            long timeMs = random.nextInt(30) == 0 ? -random.nextInt(1, 5000) : random.nextLong(0, 100_000);
            long nodes = random.nextInt(3) == 0 ? 0 : random.nextLong(1, 1L << 40);
            String pv = random.nextBoolean() ? null : text;
            moves.add(new PlayedMove(text, score, depth, timeMs, dice, random.nextInt(0, 50), nodes,
                    random.nextLong(0, 1_000_000), pv));
            p = p.play(m);
        }
        GameResult result = GameResult.values()[random.nextInt(3)];
        Termination termination = switch (random.nextInt(4)) {
            case 0 -> new Termination.ByRules(EndReason.NO_LEGAL_MOVE);
            case 1 -> new Termination.Adjudicated("draw by adjudication");
            case 2 -> new Termination.TimeForfeit(random.nextInt(2), 12);
            default -> new Termination.EngineCrash(random.nextInt(2), "exit code 1");
        };
        boolean swap = id % 2 == 1;
        GameTask task = new GameTask(id, 1, id / 2, swap ? "beta" : "alpha", swap ? "alpha" : "beta", Opening.start(),
                random.nextLong());
        return new PlayedGame(task, startText, moves, Math.min(moves.size(), random.nextInt(0, 4)), result, termination, 1);
    }

    /**
     * A real run of 6 games, then extended to 14 in a second session: the report it writes from
     * its tally (the first session's games read back, the second's as played) is the report built from
     * {@code games.pdn} with the earlier reader, but for the time it was made.
     */
    @Test
    void aResumedRunsReportIsTheOneBuiltFromItsLog() throws Exception {
        Path out = dir.resolve("run");
        RunConfig first = config(out, 6);
        Tournament.Summary s1 = new Tournament(first, quiet(), quiet(), new StandingsReporter(false)).withoutProgress().run();
        assertEquals(6, s1.played());
        RunConfig second = config(out, 14);
        Tournament.Summary s2 = new Tournament(second, quiet(), quiet(), new StandingsReporter(false)).withoutProgress().run();
        assertEquals(6, s2.resumed());
        assertEquals(8, s2.played());

        ObjectMapper json = new ObjectMapper();
        JsonNode written = json.readTree(Files.readString(out.resolve("report.json")));
        Rules rules = Games.rules(second.game().variant(), second.game().rules());
        List<GameTask> tasks = TaskPlanner.plan(second, rules, OpeningBook.load(second.openings(), rules));
        List<GameRecord> records = PdnReader.readAll(out.resolve("games.pdn"), w -> { });
        assertEquals(14, records.size());
        String created = json.readTree(Files.readString(out.resolve("state.json"))).get("created").asText();
        JsonNode fromLog = json.readTree(RunReports.build(second, tasks, records, created, Instant.now(), null).json());
        assertTrue(written.get("moves").toString().contains("deep"), written.toString());
        assertTrue(written.has("match") && written.get("match").has("llr"), written.toString());
        assertEquals(withoutReportTime(fromLog), withoutReportTime(written));
    }

    private RunConfig config(Path out, int games) throws Exception {
        Path f = dir.resolve("run-" + games + ".json");
        Files.writeString(f, """
                { "name": "tally", "game": {"variant": "english"},
                  "players": [ {"name": "deep", "engine": "draughts-alphabeta", "limits": {"depth": 3}},
                               {"name": "shallow", "engine": "draughts-alphabeta", "limits": {"depth": 1}} ],
                  "schedule": {"type": "match", "players": ["deep", "shallow"], "games": %d,
                               "sprt": {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05}},
                  "openings": {"pairs": true, "randomPlies": 4}, "adjudication": {"maxPlies": 120},
                  "concurrency": 2, "seed": 3, "output": "%s" }""".formatted(games, out));
        return ConfigLoader.load(f);
    }

    /** The report without the time it was made ({@code conditions.reported}). */
    private static JsonNode withoutReportTime(JsonNode report) {
        JsonNode copy = report.deepCopy();
        ((ObjectNode) copy.get("conditions")).remove("reported");
        return copy;
    }

    private static PrintWriter quiet() {
        return new PrintWriter(new StringWriter());
    }
}
