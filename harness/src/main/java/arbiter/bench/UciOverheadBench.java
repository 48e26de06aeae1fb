package arbiter.bench;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.external.ExternalPlayer;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.player.Player;
import arbiter.tournament.Tournament;
import java.util.function.Consumer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The harness's overhead with real engines: a UCI engine (stockfish by default) against itself at a
 * fixed node count per move, {@code concurrency} games at a time, every search timed by a
 * {@link SearchTimeline}. See docs/benchmarks.md for the definitions.
 */
public final class UciOverheadBench {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @param engine      the UCI engine's program (a bare name is looked up on PATH and in /usr/games)
     * @param games       games to play (colour-reversed pairs from random 8-ply openings)
     * @param nodes       nodes per move ({@code go nodes N})
     * @param concurrency games at a time
     * @param seed        the openings' seed
     * @param output      folder for the games, or null for a temporary one deleted afterwards
     * @param reportBiasMs what the engine adds to the search time it reports (Stockfish: 1 ms; see
     *                    {@link SearchTimeline#summary})
     */
    public record Settings(String engine, int games, long nodes, int concurrency, long seed, Path output,
                           double reportBiasMs) {
    }

    /**
     * @param engineId  the engine's name from its handshake
     * @param games     games played
     * @param wallMs    the run's wall time (pre-flight handshakes and process starts included)
     * @param timeline  what the searches cost
     * @param runOverheadMsPerMove (concurrency x wall time - reported search time) / moves: every cost
     *                  of the run beyond the engines' thinking, start-up and game ends included
     */
    public record Result(String engineId, int games, long wallMs, SearchTimeline.Summary timeline,
                         double runOverheadMsPerMove) {
        public double gamesPerMinute() {
            return games * 60_000.0 / Math.max(1, wallMs);
        }
    }

    private UciOverheadBench() {
    }

    public static Result run(Settings s) throws IOException {
        Path output = s.output() != null ? s.output() : Files.createTempDirectory("arbiter-uci-overhead");
        try {
            RunConfig config = ConfigLoader.parse(config(s, output), Path.of("").toAbsolutePath(), "uci-overhead");
            SearchTimeline timeline = new SearchTimeline();
            AtomicReference<ExternalPlayer> player = new AtomicReference<>();
            Consumer<Player> instrument = p -> {
                if (p instanceof ExternalPlayer e) {
                    e.observeSearches(timeline);
                    player.compareAndSet(null, e);
                }
            };
            Tournament.Summary summary;
            long start = System.nanoTime();
            try (LocalExecutor executor = new LocalExecutor(config.concurrency(), PlayerFactory.of(config), instrument)) {
                summary = new Tournament(config, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))
                        .withExecutor(executor).run();
            }
            long wallMs = (System.nanoTime() - start) / 1_000_000;
            SearchTimeline.Summary t = timeline.summary(s.reportBiasMs());
            double runOverhead = (s.concurrency() * (double) wallMs - t.reportedMsPerMove() * t.moves()) / t.moves();
            String engineId = player.get() != null ? player.get().engineId() : s.engine();
            return new Result(engineId, summary.played(), wallMs, t, runOverhead);
        } finally {
            if (s.output() == null) {
                deleteTree(output);
            }
        }
    }

    /** The run: the engine against itself, node limit, paired random openings, usual adjudication. */
    static ObjectNode config(Settings s, Path output) {
        ObjectNode root = JSON.createObjectNode();
        root.put("name", "uci-overhead");
        root.putObject("game").put("variant", "chess");
        ArrayNode players = root.putArray("players");
        players.addObject().put("name", "engine-a").put("protocol", "uci").putArray("command").add(s.engine());
        players.addObject().put("name", "engine-b").put("extends", "engine-a");
        ObjectNode schedule = root.putObject("schedule").put("type", "match").put("games", s.games());
        schedule.putArray("players").add("engine-a").add("engine-b");
        root.putObject("openings").put("randomPlies", 8).put("pairs", true);
        root.putObject("limits").put("nodes", s.nodes());
        root.putObject("adjudication").put("resignScore", 1000).put("resignMoves", 3).put("drawMinPlies", 80)
                .put("drawScore", 5).put("drawMoves", 10).put("maxPlies", 400);
        root.put("concurrency", s.concurrency());
        root.put("output", output.toString());
        root.put("seed", s.seed());
        root.put("reportEvery", 1_000_000);
        return root;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
