package arbiter.service.pages;

import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.play.GameResult;
import arbiter.service.api.Service;
import arbiter.service.store.Rows;
import arbiter.stats.Sprt;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a test's recorded games say beyond its counts: the SPRT's LLR over its pairs, in the order of
 * the pairs (the live chart); each task's crashes and time losses (its games' {@code Termination}
 * tags); its latest games (the viewer's list). Each chunk's games are read once (a chunk never
 * changes after it is written) and kept as a byte a pair; the facts of the last {@link #TESTS} tests
 * looked at are kept.
 */
final class GameFacts {
    static final int TESTS = 16;
    /** Points of the LLR chart at most (evenly spaced over the pairs). */
    static final int CHART_POINTS = 400;
    static final String CRASH = "engine crash";
    static final String TIME_LOSS = "time forfeit";

    /** A game of the list: its number, players, result and why it ended. */
    record Game(long number, String white, String black, String result, String termination) {
    }

    /** A chunk read: each pair's points of the tested engine times two (0 LL .. 4 WW), and its engine faults. */
    private record Chunk(long taskId, int firstPair, boolean afterStop, byte[] slots, int crashes, int timeLosses) {
    }

    /**
     * @param llr        {pairs, LLR} over the counted pairs in order (empty without an SPRT)
     * @param crashes    task id to its games lost by an engine crash
     * @param timeLosses task id to its games lost on time
     * @param latest     the latest games, newest first
     */
    record Facts(List<double[]> llr, Map<Long, Integer> crashes, Map<Long, Integer> timeLosses, List<Game> latest) {
    }

    private final Service service;
    private final Map<Long, Map<String, Chunk>> tests = Collections.synchronizedMap(new LinkedHashMap<>(TESTS, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Map<String, Chunk>> eldest) {
            return size() > TESTS;
        }
    });

    GameFacts(Service service) {
        this.service = service;
    }

    /** The facts of a test whose first player is {@code tested}, with its SPRT (or null). */
    Facts of(long test, String tested, Sprt sprt, int latestGames) {
        Map<String, Chunk> known = tests.computeIfAbsent(test, t -> new java.util.concurrent.ConcurrentHashMap<>());
        List<Rows.Chunk> rows = service.chunks(test);
        List<Chunk> chunks = new ArrayList<>();
        for (Rows.Chunk r : rows) {
            String key = r.taskId() + "/" + r.seq();
            Chunk c = known.get(key);
            if (c == null) {
                c = read(r, service.chunkPdn(r.taskId(), r.seq()), tested);
                known.put(key, c);
            }
            chunks.add(c);
        }
        Map<Long, Integer> crashes = new HashMap<>();
        Map<Long, Integer> timeLosses = new HashMap<>();
        for (Chunk c : chunks) {
            crashes.merge(c.taskId(), c.crashes(), Integer::sum);
            timeLosses.merge(c.taskId(), c.timeLosses(), Integer::sum);
        }
        return new Facts(sprt == null ? List.of() : llr(chunks, sprt), crashes, timeLosses, latest(rows, latestGames));
    }

    private static Chunk read(Rows.Chunk r, String pdn, String tested) {
        List<GameRecord> games = new ArrayList<>();
        new PdnReader(new StringReader(pdn == null ? "" : pdn), "a chunk", w -> { }).forEachRemaining(games::add);
        byte[] slots = new byte[games.size() / 2];
        int crashes = 0;
        int timeLosses = 0;
        for (int i = 0; i < games.size(); i++) {
            GameRecord g = games.get(i);
            if (i / 2 < slots.length) {
                slots[i / 2] += (byte) points(g, tested);
            }
            String why = g.tag("Termination");
            crashes += CRASH.equals(why) ? 1 : 0;
            timeLosses += TIME_LOSS.equals(why) ? 1 : 0;
        }
        return new Chunk(r.taskId(), r.firstPair(), r.afterStop(), slots, crashes, timeLosses);
    }

    /** The tested engine's points in a game, times two. */
    private static int points(GameRecord g, String tested) {
        boolean white = tested.equals(g.tag("White"));
        GameResult r = g.result();
        return r == GameResult.DRAW ? 1 : (r == GameResult.WHITE_WIN) == white ? 2 : 0;
    }

    /** The LLR after each of up to {@link #CHART_POINTS} counts of pairs, the counted chunks taken in the order of their pairs. */
    private static List<double[]> llr(List<Chunk> chunks, Sprt sprt) {
        List<Chunk> counted = new ArrayList<>(chunks.stream().filter(c -> !c.afterStop()).toList());
        counted.sort(Comparator.comparingInt(Chunk::firstPair));
        int total = counted.stream().mapToInt(c -> c.slots().length).sum();
        int every = Math.max(1, (total + CHART_POINTS - 1) / CHART_POINTS);
        long[] penta = new long[5];
        List<double[]> points = new ArrayList<>();
        points.add(new double[] {0, 0});
        int n = 0;
        for (Chunk c : counted) {
            for (byte slot : c.slots()) {
                penta[slot]++;
                n++;
                if (n % every == 0 || n == total) {
                    points.add(new double[] {2.0 * n, sprt.test(penta).llr()});
                }
            }
        }
        return points;
    }

    /** The latest games: those of the chunks of the highest pairs, newest first. */
    private List<Game> latest(List<Rows.Chunk> rows, int count) {
        List<Rows.Chunk> last = new ArrayList<>(rows);
        last.sort(Comparator.comparingInt((Rows.Chunk c) -> c.firstPair() + c.pairs()).reversed());
        List<Game> out = new ArrayList<>();
        for (Rows.Chunk r : last) {
            if (out.size() >= count) {
                break;
            }
            List<GameRecord> games = new ArrayList<>();
            String pdn = service.chunkPdn(r.taskId(), r.seq());
            new PdnReader(new StringReader(pdn == null ? "" : pdn), "a chunk", w -> { }).forEachRemaining(games::add);
            for (int i = games.size() - 1; i >= 0 && out.size() < count; i--) {
                GameRecord g = games.get(i);
                String number = g.tag("Game");
                out.add(new Game(number != null && number.matches("\\d{1,18}") ? Long.parseLong(number) : -1, g.tag("White"),
                        g.tag("Black"), g.tag("Result"), g.tag("Termination")));
            }
        }
        return out;
    }
}
