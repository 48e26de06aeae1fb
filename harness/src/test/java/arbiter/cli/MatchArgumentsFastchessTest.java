package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fastchess's own command-line cases, ported: inputs and expected settings are those of
 * https://github.com/Disservin/fastchess/blob/74deac23aadc6718fa0f8e24ac95d16392d79444/app/tests/cli_test.cpp
 * (test names quoted), translated into Arbiter's run config. Where fastchess accepts a flag Arbiter
 * refuses (docs/match.md says which and why), the port asserts the one-line refusal instead.
 */
class MatchArgumentsFastchessTest {
    private static final String DUMMY = "app/tests/mock/engine/dummy_engine";

    @TempDir
    Path dir;

    /** fastchess's baseArgs: two engines Alpha and Beta at tc=10/1+0, then the extras. */
    private static List<String> base(String... extras) {
        List<String> args = new ArrayList<>(List.of("-engine", "cmd=" + DUMMY, "name=Alpha", "tc=10/1+0",
                "-engine", "cmd=" + DUMMY, "name=Beta", "tc=10/1+0"));
        args.addAll(Arrays.asList(extras));
        return args;
    }

    private static List<String> withTc(String tc) {
        return List.of("-engine", "cmd=" + DUMMY, "name=Alpha", "tc=" + tc, "-engine", "cmd=" + DUMMY, "name=Beta", "tc=10/1+0");
    }

    private static ObjectNode config(List<String> args) {
        return MatchArguments.parse(args).config();
    }

    private static String refused(List<String> args) {
        BadInputException e = assertThrows(BadInputException.class, () -> config(args), String.join(" ", args));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    private static void refused(List<String> args, String says) {
        String m = refused(args);
        assertTrue(m.contains(says), m);
    }

    @Test
    void shouldThrowTcAndStNotUsableTogether() {
        refused(List.of("-engine", "dir=./", "cmd=" + DUMMY, "tc=10/9.64", "st=5", "name=Alexandria-EA649FED",
                "-engine", "dir=./", "cmd=" + DUMMY, "tc=40/1:9.65+0.1"), "tc= and st= together");
    }

    @Test
    void shouldThrowNoTimecontrolSpecified() {
        refused(List.of("-engine", "dir=./", "cmd=" + DUMMY, "name=Alexandria-EA649FED",
                "-engine", "dir=./", "cmd=" + DUMMY, "name=Alexandria-27E42728"), "no time control");
    }

    @Test
    void shouldThrowTooManyGames() {
        refused(base("-games", "3", "-rounds", "25000"), "-games is at most 2");
    }

    @Test
    void shouldThrowInvalidSprtConfigs() {
        refused(base("-sprt", "alpha=0.05", "beta=0.05", "elo0=5", "elo1=-1.5", "model=bayesian"), "elo0 must be less than elo1");
        refused(base("-sprt", "alpha=0.55", "beta=0.55", "elo0=4", "elo1=5", "model=bayesian"), "sum of alpha and beta");
        refused(base("-sprt", "alpha=0.05", "beta=0.05", "elo0=4", "elo1=5", "model=dsadsa"), "invalid SPRT model");
        refused(base("-sprt", "alpha=1.05", "beta=0.05", "elo0=4", "elo1=5", "model=logistic"), "alpha=1.05 must be a decimal number between 0 and 1");
        refused(base("-sprt", "alpha=0.05", "beta=1.05", "elo0=4", "elo1=5", "model=logistic"), "beta=1.05 must be a decimal number between 0 and 1");
    }

    @Test
    void shouldThrowNoChess960OpeningBook() {
        refused(base("-variant", "fischerandom"), "fischerandom");
    }

    @Test
    void shouldThrowNotEnoughEngines() {
        refused(List.of("-engine", "dir=./", "cmd=" + DUMMY, "depth=5"), "at least two -engine");
    }

    @Test
    void shouldThrowInvalidTc() {
        refused(List.of("-engine", "dir=./", "cmd=" + DUMMY, "tc=10/0+0", "name=Alexandria-EA649FED",
                "-engine", "dir=./", "cmd=" + DUMMY, "tc=10/0+0"), "no time");
    }

    @Test
    void malformedTimeControlsShouldThrow() {
        for (String tc : List.of("40/", "10+", "1:", "1:2:3", "10/1junk", "10/1ss", "10/-1", "0/1")) {
            refused(withTc(tc), "tc=" + tc);
        }
    }

    @Test
    void timeControlsShouldAcceptASecondsSuffix() {
        JsonNode shortTc = config(withTc("0.02s")).get("players").get(0).get("limits");
        assertEquals(20, shortTc.get("timeMs").asLong());
        JsonNode increment = config(withTc("0.2+0.002s")).get("players").get(0).get("limits");
        assertEquals(200, increment.get("timeMs").asLong());
        assertEquals(2, increment.get("incrementMs").asLong());
    }

    @Test
    void numericOptionsShouldRejectTrailingCharactersAndInvalidRanges() {
        refused(base("-rounds", "10junk"), "-rounds");
        refused(base("-srand", "-1"), "-srand");
        refused(base("-rounds", "999999999999999999999"), "-rounds");
        refused(base("-sprt", "alpha=nan", "beta=0.05", "elo0=0", "elo1=1"), "alpha");
    }

    @Test
    void shouldThrowEngineWithInvalidRestart() {
        refused(List.of("-engine", "dir=./", "cmd=" + DUMMY, "tc=10/1+0", "restart=true", "name=Alexandria-EA649FED",
                "-engine", "dir=./", "cmd=" + DUMMY, "name=Alexandria-27E42728", "tc=10/1+0"),
                "restart=true: invalid parameter (must be either \"on\" or \"off\")");
    }

    @Test
    void shouldThrowErrorEmptyTbPaths() {
        refused(base("-tb"), "-tb is not supported");
    }

    @Test
    void generalConfigParsing() throws Exception {
        Path book = dir.resolve("test.epd");
        Files.writeString(book, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        List<String> args = new ArrayList<>(List.of("-engine", "dir=./", "cmd=" + DUMMY, "depth=5", "st=5", "nodes=5000",
                "option.Threads=1", "option.Hash=16", "name=Alexandria-EA649FED",
                "-engine", "dir=./", "cmd=" + DUMMY, "tc=40/1:9.65+0.1", "timemargin=243", "plies=7", "option.Threads=1",
                "option.Hash=32", "name=Alexandria-27E42728",
                "-openings", "file=" + book, "format=epd", "order=random", "plies=16",
                "-rounds", "50", "-games", "2", "-pgnout", "file=PGNs/Alexandria-EA649FED_vs_Alexandria-27E42728"));
        MatchArguments parsed = MatchArguments.parse(args);
        ObjectNode c = parsed.config();
        JsonNode p0 = c.get("players").get(0);
        assertEquals("Alexandria-EA649FED", p0.get("name").asText());
        assertFalse(p0.get("limits").has("timeMs"));
        assertFalse(p0.get("limits").has("incrementMs"));
        assertFalse(p0.get("limits").has("marginMs"));
        assertEquals(5000, p0.get("limits").get("moveTimeMs").asLong());
        assertEquals(5000, p0.get("limits").get("nodes").asLong());
        assertEquals(5, p0.get("limits").get("depth").asInt());
        assertEquals(List.of("Threads", "Hash"), fieldNames(p0.get("options")));
        assertEquals(1, p0.get("options").get("Threads").asInt());
        assertEquals(16, p0.get("options").get("Hash").asInt());
        JsonNode p1 = c.get("players").get(1);
        assertEquals("Alexandria-27E42728", p1.get("name").asText());
        assertEquals(40, p1.get("limits").get("movesPerPeriod").asInt());
        assertEquals(69650, p1.get("limits").get("timeMs").asLong());
        assertFalse(p1.get("limits").has("moveTimeMs"));
        assertEquals(100, p1.get("limits").get("incrementMs").asLong());
        assertEquals(243, p1.get("limits").get("marginMs").asLong());
        assertFalse(p1.get("limits").has("nodes"));
        assertEquals(7, p1.get("limits").get("depth").asInt());
        assertEquals(32, p1.get("options").get("Hash").asInt());
        assertEquals("epd", c.get("openings").get("format").asText());
        assertEquals("random", c.get("openings").get("order").asText());
        assertEquals(100, c.get("schedule").get("games").asInt(), "50 rounds of 2 games");
        assertTrue(c.get("openings").get("pairs").asBoolean());
        assertEquals(Path.of("PGNs/Alexandria-EA649FED_vs_Alexandria-27E42728").toAbsolutePath(), parsed.pgnOut);
        // fastchess accepts -use-affinity 0-1 here; Arbiter refuses it.
        args.addAll(List.of("-use-affinity", "0-1"));
        refused(args, "-use-affinity is not supported");
        // plies= cuts PGN openings only; Arbiter refuses it for a PGN book rather than ignore it.
        refused(base("-openings", "file=" + dir.resolve("b.pgn"), "plies=16"), "plies=16 is not supported");
    }

    private static List<String> fieldNames(JsonNode o) {
        List<String> names = new ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void generalConfigParsing2() throws Exception {
        Path book = dir.resolve("test.epd");
        Files.writeString(book, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        List<String> args = List.of("-engine", "dir=./", "cmd=" + DUMMY, "name=Alexandria-EA649FED", "tc=10/9.64",
                "-engine", "dir=./", "cmd=" + DUMMY, "name=Alexandria-27E42728", "tc=10/9.64",
                "-recover", "-concurrency", "1", "-ratinginterval", "2", "-rounds", "256",
                "-draw", "movenumber=40", "movecount=3", "score=15",
                "-resign", "movecount=5", "score=600", "twosided=true", "-maxmoves", "150", "-games", "1",
                "-sprt", "alpha=0.05", "beta=0.05", "elo0=-1.5", "elo1=5", "model=logistic",
                "-openings", "file=" + book, "format=epd", "order=sequential", "plies=16", "start=1",
                "-output", "format=cutechess", "-srand", "1234",
                "-epdout", "file=EPDs/Alexandria-EA649FED_vs_Alexandria-27E42728",
                "-pgnout", "file=PGNs/Alexandria-EA649FED_vs_Alexandria-27E42728", "nodes=true", "nps=true",
                "seldepth=true", "min=false");
        MatchArguments parsed = MatchArguments.parse(args);
        ObjectNode c = parsed.config();
        assertEquals(1, c.get("concurrency").asInt());
        assertEquals(2, c.get("reportEvery").asInt());
        assertEquals(256, c.get("schedule").get("games").asInt(), "256 rounds of 1 game");
        assertFalse(c.get("openings").get("pairs").asBoolean());
        JsonNode adj = c.get("adjudication");
        assertEquals(80, adj.get("drawMinPlies").asInt());
        assertEquals(3, adj.get("drawMoves").asInt());
        assertEquals(15, adj.get("drawScore").asInt());
        assertEquals(5, adj.get("resignMoves").asInt());
        assertEquals(600, adj.get("resignScore").asInt());
        assertTrue(adj.get("resignTwoSided").asBoolean());
        assertEquals(300, adj.get("maxPlies").asInt());
        assertEquals(1234, c.get("seed").asLong());
        JsonNode sprt = c.get("schedule").get("sprt");
        assertEquals(0.05, sprt.get("alpha").asDouble());
        assertEquals(0.05, sprt.get("beta").asDouble());
        assertEquals(-1.5, sprt.get("elo0").asDouble());
        assertEquals(5.0, sprt.get("elo1").asDouble());
        assertFalse(sprt.get("normalized").asBoolean());
        assertEquals("sequential", c.get("openings").get("order").asText());
        assertEquals(Path.of("PGNs/Alexandria-EA649FED_vs_Alexandria-27E42728").toAbsolutePath(), parsed.pgnOut);
        assertEquals(Path.of("EPDs/Alexandria-EA649FED_vs_Alexandria-27E42728").toAbsolutePath(), parsed.epdOut);
        // The rest of fastchess's line: flags and values Arbiter refuses, each with one line.
        refused(base("-scoreinterval", "3"), "-scoreinterval is not supported");
        refused(base("-autosaveinterval", "4"), "-autosaveinterval is not supported");
        refused(base("-sprt", "alpha=0.05", "beta=0.05", "elo0=-1.5", "elo1=5", "model=bayesian"), "bayesian is not supported");
        refused(base("-openings", "file=" + book, "start=4"), "start=4 is not supported");
        refused(base("-report", "penta=false"), "penta=false is not supported");
        refused(base("-pgnout", "file=x.pgn", "min=true"), "min=true is not supported");
        refused(base("-pgnout", "file=x.pgn", "hashfull=true"), "hashfull= is not supported");
    }

    @Test
    void engineKeyValuePropagationViaEach() {
        ObjectNode c = config(base("-each", "option.Hash=128"));
        assertEquals(128, c.get("players").get(0).get("options").get("Hash").asInt());
        assertEquals(128, c.get("players").get(1).get("options").get("Hash").asInt());
    }

    @Test
    void eachIsAppliedAfterTheEnginesAndWins() {
        // fastchess registers -each Dispatch::Deferred: parseEach runs after every -engine, over their keys.
        ObjectNode c = config(base("-engine", "cmd=" + DUMMY, "name=Gamma", "tc=5+0.05", "option.Hash=16",
                "-each", "tc=10+0.1", "option.Hash=128"));
        for (JsonNode p : c.get("players")) {
            assertEquals(10_000, p.get("limits").get("timeMs").asLong(), p.toString());
            assertEquals(100, p.get("limits").get("incrementMs").asLong());
            assertEquals(128, p.get("options").get("Hash").asInt());
        }
    }

    @Test
    void defaultFilenameForPgnoutAndEpdout() {
        MatchArguments parsed = MatchArguments.parse(base("-rounds", "50", "-games", "2", "-pgnout", "-epdout"));
        assertTrue(parsed.pgnOut.getFileName().toString().matches("fastchess_\\d{8}_\\d{6}\\.pgn"), parsed.pgnOut.toString());
        assertTrue(parsed.epdOut.getFileName().toString().matches("fastchess_\\d{8}_\\d{6}\\.epd"), parsed.epdOut.toString());
    }

    @Test
    void scalarOptionsUpdateTournamentConfig() {
        ObjectNode c = config(base("-concurrency", "2", "-force-concurrency", "-ratinginterval", "5", "-srand", "123"));
        assertEquals(2, c.get("concurrency").asInt());
        assertEquals(5, c.get("reportEvery").asInt());
        assertEquals(123, c.get("seed").asLong());
        assertEquals(config(base()).toString(), config(base("-seeds", "3")).toString(), "-seeds counts in a gauntlet only");
        refused(base("-wait", "250"), "-wait 250 is not supported");
        assertFalse(config(base("-noswap")).get("openings").get("swap").asBoolean(), "fastchess's noswap");
        assertTrue(config(base("-reverse")).get("openings").get("reverse").asBoolean(), "fastchess's reverse");
        assertEquals(1, config(base("-wait", "0")).get("concurrency").asInt(), "-wait 0 is what Arbiter does");
    }

    @Test
    void keyValueOptionsPopulateOutputs() {
        MatchArguments parsed = MatchArguments.parse(base("-pgnout", "file=games.pgn", "nodes=true", "pv=true",
                "notation=san", "-output", "format=cutechess", "-site", "Test", "Arena"));
        parsed.config();
        assertEquals(Path.of("games.pgn").toAbsolutePath(), parsed.pgnOut);
        assertEquals("TestArena", parsed.site);
        assertEquals(MatchNotation.Notation.LAN, MatchArguments.parse(base("-pgnout", "file=games.pgn", "notation=lan")).notation);
        assertEquals(MatchNotation.Notation.UCI, MatchArguments.parse(base("-pgnout", "file=games.pgn", "notation=uci")).notation);
        refused(base("-pgnout", "file=games.pgn", "notation=fan"), "notation=fan: san, lan or uci");
        refused(base("-pgnout", "file=games.pgn", "tbhits=true"), "tbhits= is not supported");
        refused(base("-tbignore50"), "-tbignore50 is not supported");
        refused(base("-crc32", "pgn=true"), "-crc32 is not supported");
    }

    @Test
    void loggingOptionsAreRefusedWithWhereTheLogIs() {
        refused(base("-log", "file=fast.log", "level=trace"), "arbiter.log");
    }

    @Test
    void repeatOptionResetsGamesToDefaultPair() {
        ObjectNode c = config(base("-games", "4", "-repeat"));
        assertEquals(4, c.get("schedule").get("games").asInt(), "default 2 rounds of 2 games");
        assertTrue(c.get("openings").get("pairs").asBoolean());
        // -repeat N sets the games per encounter to N (fastchess parseRepeat).
        assertFalse(config(base("-repeat", "1", "-rounds", "5")).get("openings").get("pairs").asBoolean());
        assertEquals(5, config(base("-repeat", "1", "-rounds", "5")).get("schedule").get("games").asInt());
    }

    @Test
    void waitAndEventOptionsStored() {
        assertEquals("MyEvent", config(base("-wait", "0", "-event", "My", "Event")).get("name").asText());
    }

    @Test
    void tournamentTypeSelection() {
        ObjectNode c = config(base("-tournament", "gauntlet", "-seeds", "1"));
        assertEquals("gauntlet", c.get("schedule").get("type").asText());
        assertEquals(List.of("Alpha"), List.of(c.get("schedule").get("players").get(0).asText()));
        assertEquals(1, c.get("schedule").get("players").size());
        assertEquals("round-robin", config(base("-tournament", "roundrobin", "-engine", "cmd=x", "tc=1"))
                .get("schedule").get("type").asText());
        refused(base("-tournament", "knockout"), "knockout is not supported");
    }

    @Test
    void debugOptionReportsHelpfulError() {
        refused(base("-debug"), "arbiter.log");
    }

    @Test
    void unknownOptionShouldThrowAnError() {
        refused(base("-unknown"), "unknown flag -unknown");
    }

    @Test
    void sprtValidModelsLogisticAndNormalizedParseCorrectly() {
        assertFalse(config(base("-sprt", "alpha=0.05", "beta=0.05", "elo0=-1", "elo1=2", "model=logistic"))
                .get("schedule").get("sprt").get("normalized").asBoolean());
        assertTrue(config(base("-sprt", "alpha=0.05", "beta=0.05", "elo0=-1", "elo1=2", "model=normalized"))
                .get("schedule").get("sprt").get("normalized").asBoolean());
        // fastchess's default model (types/sprt.hpp: model = "normalized").
        assertTrue(config(base("-sprt", "alpha=0.05", "beta=0.05", "elo0=-1", "elo1=2"))
                .get("schedule").get("sprt").get("normalized").asBoolean());
    }

    @Test
    void sprtMissingParameterShouldThrow() {
        refused(base("-sprt", "alpha=0.05", "elo0=0"), "-sprt needs");
    }

    @Test
    void engineProtoAndArgsOptionsParseCorrectly() {
        JsonNode command = config(base("-each", "proto=uci", "args=--debug --fast")).get("players").get(0).get("command");
        assertEquals(3, command.size());
        assertEquals("--debug", command.get(1).asText());
        assertEquals("--fast", command.get(2).asText());
    }

    @Test
    void engineRestart() {
        // fastchess accepts restart=on (a new process for every game); Arbiter keeps an engine between games.
        refused(base("-engine", "restart=on", "name=foobar", "tc=10/1+0", "cmd=" + DUMMY), "restart=on is not supported");
        assertEquals(3, config(base("-engine", "restart=off", "name=foobar", "tc=10/1+0", "cmd=" + DUMMY))
                .get("players").size());
    }

    @Test
    void outputFormatFastchessParsesCorrectly() {
        config(base("-output", "format=fastchess"));
        refused(base("-output", "format=json"), "format=fastchess or format=cutechess");
    }

    @Test
    void complianceModeAndQuickAndConfigAreRefused() {
        refused(base("--compliance", DUMMY), "not a flag here");
        refused(base("-quick", "cmd=a", "cmd=b", "book=x.epd"), "-quick is not supported");
        refused(base("-config", "file=c.json"), "-config is not supported");
    }

    @Test
    void engineNamesAreAutoAssignedAndDuplicatesNumbered() {
        // fastchess (sanitize.cpp) names them after the command without its extension: dummy_engine,
        // dummy_engine_2, ... (the n-th engine of a name gets _n).
        ObjectNode c = config(List.of("-engine", "cmd=" + DUMMY, "depth=5", "-engine", "cmd=other", "tc=1"));
        assertEquals("dummy_engine", c.get("players").get(0).get("name").asText());
        ObjectNode twice = config(List.of("-engine", "dir=./", "cmd=" + DUMMY, "depth=5", "-engine", "dir=./", "cmd=" + DUMMY,
                "tc=40/1:9.65+0.1", "-engine", "cmd=" + DUMMY + ".exe", "depth=1"));
        assertEquals("dummy_engine_2", twice.get("players").get(1).get("name").asText());
        assertEquals("dummy_engine_3", twice.get("players").get(2).get("name").asText(), "the stem: .exe dropped");
        ObjectNode seeded = config(List.of("-engine", "cmd=a", "tc=1", "-engine", "cmd=b", "tc=1", "-engine", "cmd=c", "tc=1",
                "-tournament", "gauntlet", "-seeds", "5"));
        assertEquals("[\"a\",\"b\"]", seeded.get("schedule").get("players").toString(), "at most all but one engine (fastchess)");
    }

    @Test
    void tcInfAndDefaultsOfBothTools() {
        ObjectNode c = config(List.of("-engine", "cmd=a", "tc=inf", "nodes=100", "-engine", "cmd=b", "tc=40/60"));
        assertFalse(c.get("players").get(0).get("limits").has("timeMs"));
        refused(List.of("-engine", "cmd=a", "tc=inf", "-engine", "cmd=b", "tc=40/60"), "no time control");
        assertEquals(60_000, c.get("players").get(1).get("limits").get("timeMs").asLong());
        assertEquals(1, c.get("concurrency").asInt(), "both tools default to one game at a time");
        assertEquals(4, c.get("schedule").get("games").asInt(), "fastchess: rounds 2, games 2");
        assertEquals(1_000_000, config(base("-ratinginterval", "0")).get("reportEvery").asInt(), "0: only at the end");
        refused(List.of("-engine", "cmd=a", "tc=0/60", "-engine", "cmd=b", "tc=1"), "moves per period must be positive");
    }
}
