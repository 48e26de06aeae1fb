package arbiter.stats;

import arbiter.play.GameResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * All games of a run aggregated into per-pair, per-colour counts: for White i and Black j, the
 * numbers of White wins, draws and White losses. Counts are kept sparsely, one entry per
 * (White, Black) pairing that played (an open-addressing table of primitive arrays, about 64 bytes
 * per pairing): memory is proportional to the pairings that played, never to players^2 nor to
 * games; everything in {@link RatingList} works on these counts.
 */
public final class GameCounts {
    private static final long EMPTY = -1L;

    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    /** Slot keys: white << 32 | black, or {@link #EMPTY}. */
    private long[] keys;
    private long[] wins;
    private long[] draws;
    private long[] losses;
    private int used;
    private long total;

    public GameCounts() {
        allocate(16);
    }

    /** An independent copy (e.g. to compute on another thread while this one keeps counting). */
    public GameCounts copy() {
        GameCounts c = new GameCounts();
        c.names.addAll(names);
        c.index.putAll(index);
        c.keys = keys.clone();
        c.wins = wins.clone();
        c.draws = draws.clone();
        c.losses = losses.clone();
        c.used = used;
        c.total = total;
        return c;
    }

    /** Index of a player, adding it when new. */
    public int player(String name) {
        Integer i = index.get(name);
        if (i != null) {
            return i;
        }
        int id = names.size();
        names.add(name);
        index.put(name, id);
        return id;
    }

    /** Index of a known player, or -1. */
    public int indexOf(String name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }

    /** Adds one decided game; returns false (and adds nothing) for an undecided result. */
    public boolean add(String white, String black, GameResult result) {
        return add(player(white), player(black), result);
    }

    /** As {@link #add(String, String, GameResult)} for registered players. */
    public boolean add(int white, int black, GameResult result) {
        if (!result.decided()) {
            return false;
        }
        int k = result.whiteWdlIndex();
        add(white, black, k == 0 ? 1 : 0, k == 1 ? 1 : 0, k == 2 ? 1 : 0);
        return true;
    }

    /** Adds counts of games with White {@code white} and Black {@code black}. */
    public void add(int white, int black, long whiteWins, long draws, long whiteLosses) {
        if (white == black) {
            throw new IllegalArgumentException("a player cannot play itself: " + names.get(white));
        }
        if (whiteWins < 0 || draws < 0 || whiteLosses < 0) {
            throw new IllegalArgumentException("negative count");
        }
        if (white < 0 || black < 0 || white >= names.size() || black >= names.size()) {
            throw new IndexOutOfBoundsException("no player " + (white < 0 || white >= names.size() ? white : black));
        }
        if (whiteWins + draws + whiteLosses == 0) {
            return;
        }
        int s = slot(white, black, true);
        this.wins[s] += whiteWins;
        this.draws[s] += draws;
        this.losses[s] += whiteLosses;
        total += whiteWins + draws + whiteLosses;
    }

    public int players() {
        return names.size();
    }

    public String name(int i) {
        return names.get(i);
    }

    public List<String> names() {
        return Collections.unmodifiableList(names);
    }

    /** White wins with {@code white} as White against {@code black}. */
    public long wins(int white, int black) {
        int s = slot(white, black, false);
        return s < 0 ? 0 : wins[s];
    }

    public long draws(int white, int black) {
        int s = slot(white, black, false);
        return s < 0 ? 0 : draws[s];
    }

    /** White losses with {@code white} as White against {@code black}. */
    public long losses(int white, int black) {
        int s = slot(white, black, false);
        return s < 0 ? 0 : losses[s];
    }

    /** Games with {@code white} as White against {@code black}. */
    public long games(int white, int black) {
        int s = slot(white, black, false);
        return s < 0 ? 0 : wins[s] + draws[s] + losses[s];
    }

    /** Games between two players, either colours. */
    public long gamesBetween(int a, int b) {
        return games(a, b) + games(b, a);
    }

    /** Wins, draws, losses of {@code a} against {@code b}, both colours. */
    public long[] wdl(int a, int b) {
        return new long[] {wins(a, b) + losses(b, a), draws(a, b) + draws(b, a), losses(a, b) + wins(b, a)};
    }

    /** Total games, all pairs. */
    public long totalGames() {
        return total;
    }

    /** Number of (White, Black) pairings with at least one game. */
    public int pairings() {
        return used;
    }

    /** What {@link #forEachPairing} hands over for each (White, Black) pairing that played. */
    @FunctionalInterface
    public interface PairingVisitor {
        void visit(int white, int black, long whiteWins, long draws, long whiteLosses);
    }

    /**
     * Visits every (White, Black) pairing with at least one game, ordered by White, then Black
     * index (the same order as a loop over all pairs would give).
     */
    public void forEachPairing(PairingVisitor visitor) {
        long[] sorted = new long[used];
        int k = 0;
        for (long key : keys) {
            if (key != EMPTY) {
                sorted[k++] = key;
            }
        }
        Arrays.sort(sorted);
        for (long key : sorted) {
            int white = (int) (key >>> 32);
            int black = (int) key;
            int s = slot(white, black, false);
            visitor.visit(white, black, wins[s], draws[s], losses[s]);
        }
    }

    // ---------------------------------------------------------------- open addressing

    private int slot(int white, int black, boolean insert) {
        long key = ((long) white << 32) | (black & 0xFFFFFFFFL);
        int mask = keys.length - 1;
        int s = hash(key) & mask;
        while (true) {
            long k = keys[s];
            if (k == key) {
                return s;
            }
            if (k == EMPTY) {
                if (!insert) {
                    return -1;
                }
                if (2 * (used + 1) > keys.length) {
                    grow();
                    return slot(white, black, true);
                }
                keys[s] = key;
                used++;
                return s;
            }
            s = (s + 1) & mask;
        }
    }

    private static int hash(long key) {
        long z = key * 0x9E3779B97F4A7C15L;
        return (int) (z ^ (z >>> 29) ^ (z >>> 32));
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
        wins = new long[capacity];
        draws = new long[capacity];
        losses = new long[capacity];
        used = 0;
    }

    private void grow() {
        long[] k = keys;
        long[] w = wins;
        long[] d = draws;
        long[] l = losses;
        allocate(keys.length * 2);
        for (int s = 0; s < k.length; s++) {
            if (k[s] != EMPTY) {
                int t = slot((int) (k[s] >>> 32), (int) k[s], true);
                wins[t] = w[s];
                draws[t] = d[s];
                losses[t] = l[s];
            }
        }
    }
}
