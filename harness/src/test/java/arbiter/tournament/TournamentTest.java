package arbiter.tournament;

import arbiter.play.GameTask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigException;
import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Outcome;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TournamentTest {
    @TempDir
    Path dir;

    private RunConfig config(String json) throws IOException {
        Path f = dir.resolve("run.json");
        Files.writeString(f, json.replace("OUTPUT", dir.resolve("out").toString().replace("\\", "/")));
        return ConfigLoader.load(f);
    }

    private static final String ROUND_ROBIN = """
            { "name": "tiny", "game": {"variant": "english"},
              "players": [ {"name": "ab-d2", "engine": "draughts-alphabeta", "limits": {"depth": 2}},
                           {"name": "ab-d1", "engine": "draughts-alphabeta", "limits": {"depth": 1}},
                           {"name": "rnd", "engine": "random", "options": {"seed": 7}} ],
              "schedule": {"type": "round-robin", "rounds": 2},
              "openings": {"randomPlies": 2},
              "limits": {"depth": 1}, "adjudication": {"maxPlies": 200},
              "concurrency": 2, "output": "OUTPUT", "seed": 11, "reportEvery": 1000 }""";

    /** A record without what depends on the clock (times, speeds) or on line breaks. */
    static String timeless(String pdn) {
        String text = pdn.replaceAll("\\d+\\.\\d{3}s", "T").replaceAll(", nps=\\d+", "").replaceAll("\\s+", " ");
        // Games are appended as they finish, so with two workers their order may differ.
        List<String> games = new ArrayList<>(List.of(text.split("(?=\\[Event )")));
        java.util.Collections.sort(games);
        return String.join("\n", games);
    }

    static Tournament.Summary run(RunConfig c) throws IOException {
        return new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
    }

    /** Run events: each game starts once, every move arrives with the position it led to, each game finishes once. */
    @Test
    void runEventsTellEveryStartMoveAndFinishInOrder() throws IOException {
        RunConfig c = config(ROUND_ROBIN);
        Rules rules = Games.rules("english");
        java.util.Map<Integer, GameHistory> replay = new java.util.HashMap<>();
        java.util.Map<Integer, Integer> moves = new java.util.HashMap<>();
        Set<Integer> started = new HashSet<>();
        Set<Integer> finished = new HashSet<>();
        int[] ended = new int[1];
        RunListener events = new RunListener() {
            @Override
            public void gameStarted(GameTask task, String worker) {
                assertTrue(started.add(task.id()), "started twice");
                assertTrue(worker.startsWith("worker-"), worker);
                replay.put(task.id(), task.opening().replay(rules));
            }

            @Override
            public boolean wantsMoves() {
                return true;
            }

            @Override
            public void moveMade(GameTask task, arbiter.play.PlayedMove move, String position) {
                assertTrue(started.contains(task.id()) && !finished.contains(task.id()));
                GameHistory h = replay.get(task.id());
                h.play(h.current().parseMove(move.text()));
                assertEquals(h.current().toText(), position);
                moves.merge(task.id(), 1, Integer::sum);
            }

            @Override
            public void gameFinished(GameEnd end) {
                int id = end.game().task().id();
                assertTrue(started.contains(id) && finished.add(id));
                assertEquals(end.game().moves().size() - end.game().openingPlies(), moves.getOrDefault(id, 0).intValue());
                assertEquals(finished.size(), end.scoreboard().games());
            }

            @Override
            public void runEnded(Tournament.Summary summary) {
                ended[0]++;
                assertEquals(12, summary.played());
            }
        };
        new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), events).run();
        assertEquals(12, finished.size());
        assertEquals(1, ended[0]);
    }

    @Test
    void recordsReadBackWithTheSameGamesAndResultsAndReplayLegally() throws IOException {
        RunConfig c = config(ROUND_ROBIN);
        java.util.Map<String, arbiter.play.PlayedGame> played = new java.util.HashMap<>();
        Tournament.Summary s = new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter(), new RunListener() {
                    @Override
                    public void gameFinished(GameEnd end) {
                        played.put(Integer.toString(end.game().task().id()), end.game());
                    }
                }).run();
        assertEquals(12, s.scheduled());
        assertEquals(12, s.played());
        List<GameRecord> games = GameLog.read(c.output().resolve("games.pdn"), w -> { });
        assertEquals(12, games.size());
        Rules rules = Games.rules("english");
        Set<String> ids = new HashSet<>();
        for (GameRecord g : games) {
            assertTrue(ids.add(g.tag("Game")));
            arbiter.play.PlayedGame r = played.get(g.tag("Game"));
            assertEquals(r.result(), g.result());
            assertEquals(r.task().white(), g.tag("White"));
            assertEquals("21", g.tag("GameType"));
            // The move text replays under the rules; a game ended by the rules ends there.
            GameHistory h = new GameHistory(rules.start());
            for (String move : g.moves()) {
                h.play(h.current().parseMove(move));
            }
            assertEquals(Integer.parseInt(g.tag("PlyCount")), g.moves().size());
            // Every engine move carries its {score/depth time, ...} comment (fastchess's); the opening's 2 random plies none.
            for (int i = 0; i < g.moves().size(); i++) {
                String comment = g.comments().get(i);
                if (i < 2) {
                    assertEquals(null, comment);
                } else {
                    assertTrue(comment != null && comment.matches("(([+-]?\\d+\\.\\d\\d|[+-]M\\d+)/\\d+ )?\\d+\\.\\d{3}s(, .*)?"),
                            "move " + i + " of game " + g.tag("Game") + ": " + comment);
                }
            }
            if (g.tag("Termination").equals("normal")) {
                Outcome o = h.outcome();
                assertNotNull(o, "game " + g.tag("Game") + " should be over");
                GameResult expected = o instanceof Outcome.Win w ? (w.winner() == 0 ? GameResult.WHITE_WIN : GameResult.BLACK_WIN)
                        : GameResult.DRAW;
                assertEquals(expected, g.result());
            }
        }
        assertTrue(Files.exists(c.output().resolve("report.md")));
        assertTrue(Files.readString(c.output().resolve("report.md")).contains("ab-d2"));
    }

    @Test
    void rerunResumesWithoutReplayingAndATornGameIsCutAndReplayed() throws IOException {
        RunConfig c = config(ROUND_ROBIN);
        run(c);
        Path pdn = c.output().resolve("games.pdn");
        String full = Files.readString(pdn);

        Tournament.Summary again = run(c);
        assertEquals(0, again.played());
        assertEquals(12, again.resumed());
        assertEquals(full, Files.readString(pdn));

        // Keep 9 whole games and half of the 10th, as a kill during a write would.
        int cut = nthGameStart(full, 9);
        int next = nthGameStart(full, 10);
        Files.writeString(pdn, full.substring(0, cut + (next - cut) / 2), StandardCharsets.UTF_8);
        Tournament.Summary resumed = run(c);
        assertEquals(9, resumed.resumed());
        assertEquals(3, resumed.played());
        List<GameRecord> games = GameLog.read(pdn, w -> { });
        assertEquals(12, games.size());
        Set<String> ids = new HashSet<>();
        for (GameRecord g : games) {
            assertTrue(ids.add(g.tag("Game")), "no duplicates");
        }
        // Depth-limited games replay to the same records.
        assertEquals(timeless(full), timeless(Files.readString(pdn)));
    }

    private static int nthGameStart(String text, int n) {
        int at = -1;
        for (int i = 0; i <= n; i++) {
            at = text.indexOf("[Event ", at + 1);
            if (at < 0) {
                return text.length();
            }
        }
        return at;
    }

    @Test
    void changedConfigIsRefusedWithTheDifference() throws IOException {
        run(config(ROUND_ROBIN));
        // (More rounds extend a finished run: see HostileInputTest. Other changes are refused.)
        RunConfig changed = config(ROUND_ROBIN.replace("\"limits\": {\"depth\": 1}", "\"limits\": {\"depth\": 2}"));
        ConfigException e = assertThrows(ConfigException.class, () -> run(changed));
        assertTrue(e.getMessage().contains("$.limits.depth: was 1, now 2"), e.getMessage());
        // Concurrency only changes how the run is carried out: resuming with another is fine.
        RunConfig otherConcurrency = config(ROUND_ROBIN.replace("\"concurrency\": 2", "\"concurrency\": 1"));
        assertEquals(0, run(otherConcurrency).played());
        // Anchors only change the rating list: the run resumes and the report is re-anchored.
        RunConfig anchored = config(ROUND_ROBIN.replace("\"seed\": 11,", "\"seed\": 11, \"anchors\": {\"rnd\": 1000},"));
        assertEquals(0, run(anchored).played());
        assertTrue(Files.readString(anchored.output().resolve("report.csv")).contains(",rnd,1000.0,0.0,"),
                Files.readString(anchored.output().resolve("report.csv")));
    }

    @Test
    void sprtMatchStopsOnItsVerdict() throws IOException {
        RunConfig c = config("""
                { "game": {"variant": "english"},
                  "players": [ {"name": "engine", "engine": "draughts-alphabeta", "limits": {"depth": 4}},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["engine", "rnd"], "games": 400,
                               "sprt": {"elo0": 0, "elo1": 100, "alpha": 0.05, "beta": 0.05}},
                  "openings": {"randomPlies": 4}, "limits": {"depth": 1}, "adjudication": {"maxPlies": 200},
                  "concurrency": 2, "output": "OUTPUT", "seed": 3 }""");
        Tournament.Summary s = run(c);
        assertTrue(s.stoppedEarly());
        assertTrue(s.stopReason().contains("H1 accepted"), s.stopReason());
        assertTrue(s.scoreboard().games() < 400, "stopped after " + s.scoreboard().games());
    }

    @Test
    void colourReversedPairsShareOpeningAndSeed() throws IOException {
        RunConfig c = config(ROUND_ROBIN);
        Rules rules = Games.rules("english");
        List<GameTask> tasks = TaskPlanner.plan(c, rules, OpeningBook.load(c.openings(), rules));
        assertEquals(12, tasks.size());
        Set<List<String>> openings = new HashSet<>();
        for (int i = 0; i < tasks.size(); i += 2) {
            GameTask a = tasks.get(i);
            GameTask b = tasks.get(i + 1);
            assertEquals(a.opening(), b.opening());
            assertEquals(a.seed(), b.seed());
            assertEquals(a.pair(), b.pair());
            assertEquals(a.white(), b.black());
            assertEquals(a.black(), b.white());
            assertEquals(2, a.opening().moves().size());
            openings.add(a.opening().moves());
        }
        assertTrue(openings.size() > 1, "random plies differ between pairs");
        assertNotEquals(tasks.get(0).seed(), tasks.get(2).seed());
    }

    /** Kill -9 of a real coordinator process mid-run, then the same command again. */
    @Test
    void killedRunResumesToExactlyTheScheduledGames() throws Exception {
        RunConfig c = config(ROUND_ROBIN.replace("\"rounds\": 2", "\"rounds\": 8").replace("\"depth\": 2", "\"depth\": 6"));
        Path pdn = c.output().resolve("games.pdn");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main", "run", dir.resolve("run.json").toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.log").toFile()).start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline && countGames(pdn) < 5 && child.isAlive()) {
            Thread.sleep(20);
        }
        assertTrue(child.isAlive(), "the run should still be going: " + Files.readString(dir.resolve("child.log")));
        child.destroyForcibly();
        child.waitFor();
        int before = GameLog.read(pdn, w -> { }).size();
        assertTrue(before >= 5 && before < 48, "killed after " + before + " games");

        Tournament.Summary s = run(c);
        assertEquals(48, s.scheduled());
        List<GameRecord> games = GameLog.read(pdn, w -> { });
        assertEquals(48, games.size());
        Set<String> ids = new HashSet<>();
        for (GameRecord g : games) {
            assertTrue(ids.add(g.tag("Game")), "duplicate game " + g.tag("Game"));
        }
        assertEquals(48, s.resumed() + s.played());
    }

    /** SIGTERM (as Ctrl-C) stops cleanly: games in progress are abandoned, the record stays whole, the run resumes. */
    @Test
    void interruptedRunStopsCleanlyAndResumes() throws Exception {
        RunConfig c = config(ROUND_ROBIN.replace("\"rounds\": 2", "\"rounds\": 8").replace("\"depth\": 2", "\"depth\": 6"));
        Path pdn = c.output().resolve("games.pdn");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main", "run", dir.resolve("run.json").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline && countGames(pdn) < 4 && child.isAlive()) {
            Thread.sleep(20);
        }
        child.destroy();
        assertTrue(child.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "stopped within 30 s");
        String log = Files.readString(dir.resolve("child.log"));
        assertTrue(log.contains("Stopped: interrupted; run the same command again to resume"), log);
        String text = Files.readString(pdn);
        assertEquals(text.length(), (int) GameLog.completeLength(text), "only whole games in the record");
        int before = GameLog.read(pdn, w -> { }).size();
        Tournament.Summary s = run(c);
        assertEquals(48, s.resumed() + s.played());
        assertEquals(before, s.resumed());
    }

    private static int countGames(Path pdn) throws IOException {
        if (!Files.exists(pdn)) {
            return 0;
        }
        String text = Files.readString(pdn);
        int n = 0;
        for (int i = text.indexOf("[Game "); i >= 0; i = text.indexOf("[Game ", i + 1)) {
            n++;
        }
        return n;
    }

    @SuppressWarnings("unused")
    private static void append(Path f, String s) throws IOException {
        Files.writeString(f, s, StandardOpenOption.APPEND);
    }
    @Test
    void randomOpeningOrderUsesEveryOpeningOnceBeforeAnyRepeats() throws Exception {
        Path book = dir.resolve("book.fen");
        List<String> fens = List.of(
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
                "rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPP1P/RNBQKBNR b KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/5P2/8/PPPPP1PP/RNBQKBNR b KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/1P6/P1PPPPPP/RNBQKBNR b KQkq - 0 1");
        Files.write(book, fens);
        List<List<String>> orders = new ArrayList<>();
        for (long seed : new long[] {1, 2}) {
            Path f = dir.resolve("order" + seed + ".json");
            Files.writeString(f, """
                    { "name": "order", "game": {"variant": "chess"},
                      "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                      "schedule": {"type": "match", "players": ["a", "b"], "games": 34},
                      "openings": {"file": "%s", "order": "random", "pairs": true}, "limits": {"depth": 1},
                      "seed": %d, "output": "%s" }""".formatted(book, seed, dir.resolve("o" + seed)));
            RunConfig c = ConfigLoader.load(f);
            Rules rules = Games.rules("chess");
            List<GameTask> tasks = TaskPlanner.plan(c, rules, OpeningBook.load(c.openings(), rules));
            List<String> used = new ArrayList<>();
            for (int i = 0; i < tasks.size(); i += 2) {
                assertEquals(tasks.get(i).opening(), tasks.get(i + 1).opening(), "both games of a pair");
                used.add(tasks.get(i).opening().position());
            }
            assertEquals(17, used.size());
            // 17 pairs over 7 openings: two full passes, each a permutation, then 3 of a third.
            assertEquals(new HashSet<>(fens), new HashSet<>(used.subList(0, 7)), used.toString());
            assertEquals(new HashSet<>(fens), new HashSet<>(used.subList(7, 14)), used.toString());
            assertEquals(3, new HashSet<>(used.subList(14, 17)).size(), used.toString());
            orders.add(used);
        }
        assertNotEquals(orders.get(0), orders.get(1), "the order follows the seed");
    }
}
