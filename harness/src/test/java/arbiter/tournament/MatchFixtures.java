package arbiter.tournament;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Recorded matches of "new" against "old" (English draughts) made from counts, and fishtest's SPRT
 * estimate vectors (test resource arbiter/stats/fishtest/sprt-estimates.csv, made by fishtest's own
 * sprt.py), for the report and page tests.
 */
public final class MatchFixtures {
    private MatchFixtures() {
    }

    /** A row of fishtest's vectors: the SPRT, the counts low to high, and sprt.py's estimate. */
    public record FishtestRow(boolean normalized, double elo0, double elo1, double alpha, double beta, long[] counts,
                              double elo, double ciLower, double ciUpper) {
        /** The config's sprt block for this row. */
        public String sprtJson() {
            return "{\"elo0\": %s, \"elo1\": %s, \"alpha\": %s, \"beta\": %s, \"normalized\": %s}".formatted(elo0, elo1,
                    alpha, beta, normalized);
        }
    }

    /** Every row of fishtest's vectors, in file order. */
    public static List<FishtestRow> fishtestRows() throws IOException {
        String csv;
        try (InputStream in = MatchFixtures.class.getResourceAsStream("/arbiter/stats/fishtest/sprt-estimates.csv")) {
            csv = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<FishtestRow> rows = new ArrayList<>();
        for (String line : csv.strip().split("\n")) {
            if (line.startsWith("model")) {
                continue;
            }
            String[] f = line.split(",");
            rows.add(new FishtestRow(f[0].equals("normalized"), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                    Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                    Arrays.stream(f[5].split(" ")).mapToLong(Long::parseLong).toArray(), Double.parseDouble(f[7]),
                    Double.parseDouble(f[8]), Double.parseDouble(f[9])));
        }
        return rows;
    }

    /**
     * A match config: new vs old, English draughts, {@code games} at most, paired openings or not,
     * and the given sprt block (or none when null), written to {@code dir}.
     */
    public static RunConfig config(Path dir, String name, int games, boolean pairs, String sprt, String extra)
            throws IOException {
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, """
                { "name": "%s", "game": {"variant": "english"},
                  "players": [ {"name": "new", "engine": "draughts-alphabeta"},
                               {"name": "old", "engine": "draughts-alphabeta"} ],
                  "schedule": {"type": "match", "players": ["new", "old"], "games": %d%s},
                  "openings": {"pairs": %s}, "limits": {"depth": 3}, %s
                  "seed": 5, "output": "%s" }""".formatted(name, games, sprt == null ? "" : ", \"sprt\": " + sprt, pairs,
                extra == null ? "" : extra + ",", dir.resolve(name).toString().replace("\\", "/")));
        return ConfigLoader.load(f);
    }

    /** The plan of {@code n} games: game i is pair i/2, new White in even games. */
    public static List<GameTask> tasks(int n) {
        List<GameTask> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tasks.add(new GameTask(i, 1, i / 2, i % 2 == 0 ? "new" : "old", i % 2 == 0 ? "old" : "new", Opening.start(), i));
        }
        return tasks;
    }

    /**
     * Games whose colour-reversed pairs give these pentanomial counts from new's side (LL, LD, WL+DD,
     * WD, WW; the middle bucket as DD): game 2p with new White, 2p+1 with old White.
     */
    public static List<GameRecord> pairs(long[] penta) {
        // new's two results per bucket, as White-side PDN results of game 2p (new White) and 2p+1 (old White)
        String[][] byBucket = {{"0-2", "2-0"}, {"0-2", "1-1"}, {"1-1", "1-1"}, {"2-0", "1-1"}, {"2-0", "0-2"}};
        List<GameRecord> games = new ArrayList<>();
        int p = 0;
        for (int k = 0; k < 5; k++) {
            for (long i = 0; i < penta[k]; i++, p++) {
                games.add(game(2 * p, "new", "old", byBucket[k][0]));
                games.add(game(2 * p + 1, "old", "new", byBucket[k][1]));
            }
        }
        return games;
    }

    /** Games with these counts from new's side, low to high (losses, draws, wins), new White in even games. */
    public static List<GameRecord> games(long[] ldw) {
        List<GameRecord> games = new ArrayList<>();
        int id = 0;
        String[] newScores = {"0", "1", "2"};
        for (int k = 0; k < 3; k++) {
            for (long i = 0; i < ldw[k]; i++, id++) {
                boolean newWhite = id % 2 == 0;
                String s = newScores[k];
                String result = switch (s) {
                    case "0" -> newWhite ? "0-2" : "2-0";
                    case "2" -> newWhite ? "2-0" : "0-2";
                    default -> "1-1";
                };
                games.add(newWhite ? game(id, "new", "old", result) : game(id, "old", "new", result));
            }
        }
        return games;
    }

    private static GameRecord game(int id, String white, String black, String result) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("White", white);
        tags.put("Black", black);
        tags.put("Result", result);
        tags.put("Termination", "normal");
        tags.put("Game", Integer.toString(id));
        return new GameRecord("games.pdn", 1 + 10 * id, tags, List.of("11-15", "23-19"), List.of("", ""), result);
    }
}
