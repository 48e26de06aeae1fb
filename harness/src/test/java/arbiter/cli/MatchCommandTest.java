package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbiter match}: cutechess/fastchess flags, translated into a run config. */
class MatchCommandTest {
    @TempDir
    Path dir;

    private static final List<String> BOOK = List.of(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");

    private List<String> matchArgs(Path book, Path out) {
        return new ArrayList<>(List.of("match",
                "-engine", "builtin=chess-alphabeta", "name=ab", "option.tt=false",
                "-engine", "builtin=random", "name=rnd", "option.seed=7",
                "-each", "depth=2", "-variant", "standard", "-event", "same",
                "-rounds", "4", "-games", "2", "-repeat", "-concurrency", "2", "-maxmoves", "60", "-srand", "11",
                "-openings", "file=" + book, "format=fen", "order=random",
                "-draw", "movenumber=20", "movecount=4", "score=10",
                "--output", out.toString()));
    }

    @Test
    void theFlagsPlayTheSameGamesAsTheEquivalentConfig() throws Exception {
        Path book = dir.resolve("book.fen");
        Files.write(book, BOOK);
        Path config = dir.resolve("same.json");
        Files.writeString(config, """
                { "name": "same", "game": {"variant": "chess"},
                  "players": [ {"name": "ab", "engine": "chess-alphabeta", "options": {"tt": false}, "limits": {"depth": 2}},
                               {"name": "rnd", "engine": "random", "options": {"seed": 7}, "limits": {"depth": 2}} ],
                  "schedule": {"type": "match", "players": ["ab", "rnd"], "games": 8},
                  "openings": {"file": "%s", "format": "fen", "order": "random", "pairs": true},
                  "adjudication": {"drawMinPlies": 40, "drawMoves": 4, "drawScore": 10, "maxPlies": 120},
                  "concurrency": 2, "seed": 11, "output": "%s" }""".formatted(book, dir.resolve("by-config")));
        CliRunner byConfig = CliRunner.run("run", config.toString());
        assertEquals(0, byConfig.exit(), byConfig.err());
        CliRunner byFlags = CliRunner.run(matchArgs(book, dir.resolve("by-flags")).toArray(String[]::new));
        assertEquals(0, byFlags.exit(), byFlags.err());
        // Same games, in the same order of tasks: the records are equal but for the order in which
        // the two threads finished them, so compare game by game.
        assertEquals(records(dir.resolve("by-config/games.pdn")), records(dir.resolve("by-flags/games.pdn")));
        assertEquals(8, records(dir.resolve("by-flags/games.pdn")).size());
        // The translated config is in the run's folder, and it is a config `run` accepts.
        Path written = dir.resolve("by-flags/config.json");
        JsonNode json = new ObjectMapper().readTree(written.toFile());
        assertEquals(8, json.get("schedule").get("games").asInt());
        CliRunner again = CliRunner.run("run", written.toString(), "--output", dir.resolve("by-flags").toString());
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.out().contains("Resuming same: 8 of 8 games already played."), again.out());
        // The same match command resumes too: nothing is played twice.
        String before = Files.readString(dir.resolve("by-flags/games.pdn"));
        CliRunner resumed = CliRunner.run(matchArgs(book, dir.resolve("by-flags")).toArray(String[]::new));
        assertEquals(0, resumed.exit(), resumed.err());
        assertTrue(resumed.out().contains("8 of 8 games already played"), resumed.out());
        assertEquals(before, Files.readString(dir.resolve("by-flags/games.pdn")));
    }

    /** Each record by its Game tag: tags but Date, moves and result (comments hold times, which vary). */
    private static java.util.Map<String, String> records(Path pdn) throws Exception {
        java.util.Map<String, String> byGame = new java.util.TreeMap<>();
        for (String rec : Files.readString(pdn).split("\n\n(?=\\[Event)")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[Game \"(\\d+)\"\\]").matcher(rec);
            assertTrue(m.find(), rec);
            byGame.put(m.group(1), rec.replaceAll("\\[Date \"[^\"]*\"\\]\n", "").replaceAll("\\{[^}]*\\}", "")
                    .replaceAll("\\s+", " ").strip());
        }
        return byGame;
    }

    @Test
    void cutechessTimeControlsSprtAndAdjudicationTranslate() {
        CliRunner r = CliRunner.run("match", "-engine", "cmd=stockfish", "name=new", "option.Hash=16", "option.Ponder=false",
                "tc=40/1:30+0.5", "-engine", "cmd=stockfish", "name=old", "tc=inf", "nodes=5000", "-each", "proto=uci",
                "timemargin=50", "-games", "2", "-rounds", "100", "-repeat", "-sprt", "elo0=0", "elo1=5", "alpha=0.05",
                "beta=0.1", "model=normalized", "-resign", "movecount=3", "score=600", "twosided=true", "-recover",
                "--print-config");
        assertEquals(0, r.exit(), r.err());
        JsonNode c = json(r.out());
        JsonNode p0 = c.get("players").get(0);
        assertEquals("stockfish", p0.get("command").get(0).asText());
        assertEquals("uci", p0.get("protocol").asText());
        assertEquals(16, p0.get("options").get("Hash").asInt());
        assertFalse(p0.get("options").get("Ponder").asBoolean());
        assertEquals(40, p0.get("limits").get("movesPerPeriod").asInt());
        assertEquals(90_000, p0.get("limits").get("timeMs").asLong());
        assertEquals(500, p0.get("limits").get("incrementMs").asLong());
        assertEquals(50, p0.get("limits").get("marginMs").asLong());
        JsonNode p1 = c.get("players").get(1);
        assertFalse(p1.get("limits").has("timeMs"), "tc=inf: no clock");
        assertEquals(5000, p1.get("limits").get("nodes").asLong());
        assertEquals("match", c.get("schedule").get("type").asText());
        assertEquals(200, c.get("schedule").get("games").asInt());
        assertEquals(0.1, c.get("schedule").get("sprt").get("beta").asDouble());
        assertTrue(c.get("schedule").get("sprt").get("normalized").asBoolean());
        assertTrue(c.get("openings").get("pairs").asBoolean());
        assertEquals(3, c.get("adjudication").get("resignMoves").asInt());
        assertEquals(600, c.get("adjudication").get("resignScore").asInt());
    }

    @Test
    void moreThanTwoEnginesMakeARoundRobinOrAGauntlet() {
        CliRunner rr = CliRunner.run("match", "-engine", "builtin=random", "name=a", "-engine", "builtin=random", "name=b",
                "-engine", "builtin=random", "name=c", "-each", "depth=1", "-rounds", "3", "-games", "2", "-repeat",
                "--print-config");
        assertEquals(0, rr.exit(), rr.err());
        assertEquals("round-robin", json(rr.out()).get("schedule").get("type").asText());
        assertEquals(3, json(rr.out()).get("schedule").get("rounds").asInt(), "3 rounds of one colour-reversed pair");
        CliRunner g = CliRunner.run("match", "-tournament", "gauntlet", "-engine", "builtin=random", "name=a", "-engine",
                "builtin=random", "name=b", "-engine", "builtin=random", "name=c", "-each", "depth=1", "--print-config");
        assertEquals(0, g.exit(), g.err());
        assertEquals("gauntlet", json(g.out()).get("schedule").get("type").asText());
        assertEquals("a", json(g.out()).get("schedule").get("players").get(0).asText());
    }

    @Test
    void badFlagsAreOneErrorNamingThem() throws Exception {
        String[][] bad = {
            {"match", "-engine", "builtin=random", "-engine", "builtin=random", "name=b", "-bogus", "1"},
            {"match", "-engine", "builtin=random", "name=a", "-engine", "builtin=random", "name=b", "-each", "hash=1"},
            {"match", "-engine", "builtin=random", "name=a"},
            {"match", "-engine", "builtin=random", "-engine", "builtin=random", "-each", "depth=1", "-variant", "international",
                "-pgnout", "file=x.pdn", "notation=lan"},
            {"match", "-engine", "builtin=random", "name=a", "-engine", "builtin=random", "name=b", "-rounds", "x"},
            {"match", "-engine", "builtin=random", "name=a", "-engine", "builtin=random", "name=b", "-games", "3", "-rounds", "25000"},
            {"match", "-engine", "builtin=random", "name=a", "-engine", "builtin=random", "name=b", "-openings", "plies=8"},
            {"match", "-engine", "builtin=random", "name=a", "-engine", "builtin=nonsense", "name=b", "-each", "depth=1"},
        };
        String[] names = {"-bogus", "hash=", "at least two -engine", "notation=lan is for chess", "-rounds",
            "-games is at most 2", "plies=", "nonsense"};
        for (int k = 0; k < bad.length; k++) {
            CliRunner r = CliRunner.run(bad[k]);
            assertEquals(2, r.exit(), String.join(" ", bad[k]) + "\n" + r.err());
            assertTrue(r.err().contains(names[k]), r.err());
            assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        }
    }

    /**
     * -pgnout appends, as fastchess's: a file holding other games keeps them, this run's follow whole; a
     * resumed run's own copy catches up without a game twice; a symbolic link is refused.
     */
    @Test
    void pgnoutAppendsToAnyFileAndNeverWritesThroughALink() throws Exception {
        Path foreign = dir.resolve("mine.pgn");
        String theirs = "[Event \"my own games\"]\n\n1. e4 *"; // no final newline
        Files.writeString(foreign, theirs);
        String[] args = {"match", "-engine", "builtin=random", "name=a", "-engine", "builtin=random", "name=b",
            "-each", "depth=1", "-games", "4", "-maxmoves", "20", "--output", dir.resolve("out").toString(), "-pgnout"};
        CliRunner appended = CliRunner.run(concat(args, foreign.toString()));
        assertEquals(0, appended.exit(), appended.err());
        String games = Files.readString(dir.resolve("out/games.pdn"));
        assertEquals(theirs + "\n" + games, Files.readString(foreign));
        Path copy = dir.resolve("copy.pgn");
        CliRunner ok = CliRunner.run(concat(args, copy.toString()));
        assertEquals(0, ok.exit(), ok.err());
        assertEquals(games, Files.readString(copy), "the same command resumes (nothing to play) and catches the copy up");
        CliRunner again = CliRunner.run(concat(args, copy.toString()));
        assertEquals(0, again.exit(), again.err());
        assertEquals(games, Files.readString(copy), "no game twice");
        Path link = dir.resolve("link.pgn");
        Files.createSymbolicLink(link, copy);
        CliRunner refused = CliRunner.run(concat(args, link.toString()));
        assertEquals(2, refused.exit());
        assertTrue(refused.err().contains("is a symbolic link"), refused.err());
        assertEquals(games, Files.readString(copy));
    }

    private static String[] concat(String[] a, String b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + 1);
        out[a.length] = b;
        return out;
    }

    private static JsonNode json(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (Exception e) {
            throw new AssertionError(text, e);
        }
    }
}
