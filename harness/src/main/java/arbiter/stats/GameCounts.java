package arbiter.stats;

import arbiter.play.GameResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * All games of a run aggregated into per-pair, per-colour counts: for White i and Black j, the
 * numbers of White wins, draws and White losses. Memory is proportional to players^2, never to
 * games; everything in {@link RatingList} works on these counts.
 */
public final class GameCounts {
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    private int capacity = 8;
    private long[] wins = new long[capacity * capacity];
    private long[] draws = new long[capacity * capacity];
    private long[] losses = new long[capacity * capacity];

    /** An independent copy (e.g. to compute on another thread while this one keeps counting). */
    public GameCounts copy() {
        GameCounts c = new GameCounts();
        c.names.addAll(names);
        c.index.putAll(index);
        c.capacity = capacity;
        c.wins = wins.clone();
        c.draws = draws.clone();
        c.losses = losses.clone();
        return c;
    }

    /** Index of a player, adding it when new. */
    public int player(String name) {
        Integer i = index.get(name);
        if (i != null) {
            return i;
        }
        int id = names.size();
        if (id == capacity) {
            grow();
        }
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
        if (!result.decided()) {
            return false;
        }
        int w = player(white);
        int b = player(black);
        int k = result.whiteWdlIndex();
        add(w, b, k == 0 ? 1 : 0, k == 1 ? 1 : 0, k == 2 ? 1 : 0);
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
        int c = white * capacity + black;
        this.wins[c] += whiteWins;
        this.draws[c] += draws;
        this.losses[c] += whiteLosses;
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
        return wins[white * capacity + black];
    }

    public long draws(int white, int black) {
        return draws[white * capacity + black];
    }

    /** White losses with {@code white} as White against {@code black}. */
    public long losses(int white, int black) {
        return losses[white * capacity + black];
    }

    /** Games with {@code white} as White against {@code black}. */
    public long games(int white, int black) {
        int c = white * capacity + black;
        return wins[c] + draws[c] + losses[c];
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
        long n = 0;
        for (int i = 0; i < players(); i++) {
            for (int j = 0; j < players(); j++) {
                n += games(i, j);
            }
        }
        return n;
    }

    private void grow() {
        int next = capacity * 2;
        long[] w = new long[next * next];
        long[] d = new long[next * next];
        long[] l = new long[next * next];
        for (int i = 0; i < capacity; i++) {
            System.arraycopy(wins, i * capacity, w, i * next, capacity);
            System.arraycopy(draws, i * capacity, d, i * next, capacity);
            System.arraycopy(losses, i * capacity, l, i * next, capacity);
        }
        wins = w;
        draws = d;
        losses = l;
        capacity = next;
    }
}
