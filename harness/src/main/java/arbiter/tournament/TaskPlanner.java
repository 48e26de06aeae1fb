package arbiter.tournament;

import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.config.OpeningOrder;
import arbiter.config.RunConfig;
import arbiter.game.Rules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Turns a config's schedule into the run's game tasks, deterministically from the run seed. With
 * paired openings every meeting is two games with colours reversed, sharing opening and seed.
 */
public final class TaskPlanner {
    private TaskPlanner() {
    }

    /** Every task of the run (for a match with an SPRT, the maximum number of games). */
    public static List<GameTask> plan(RunConfig config, Rules rules, OpeningBook book) {
        List<String[]> pairings = config.pairings();
        RunConfig.Schedule s = config.schedule();
        int gamesPerMeeting = config.openings().pairs() ? 2 : 1;
        int meetings;
        if (s.match()) {
            meetings = (s.games() + gamesPerMeeting - 1) / gamesPerMeeting;
        } else {
            meetings = s.rounds() * pairings.size();
        }
        List<GameTask> tasks = plan(config, rules, book, 0, meetings);
        if (s.match() && tasks.size() > s.games()) {
            tasks = new ArrayList<>(tasks.subList(0, s.games()));
        }
        return tasks;
    }

    /**
     * The tasks of meetings {@code from} (inclusive) to {@code to} (exclusive): the same tasks, with the
     * same ids, openings and seeds, as {@link #plan(RunConfig, Rules, OpeningBook)} makes for them (a
     * match's last meeting is whole here). The service's workers plan their share of a test this way.
     */
    public static List<GameTask> plan(RunConfig config, Rules rules, OpeningBook book, int from, int to) {
        List<String[]> pairings = config.pairings();
        RunConfig.Schedule s = config.schedule();
        RunConfig.Openings o = config.openings();
        boolean pairs = o.pairs();
        int gamesPerMeeting = pairs ? 2 : 1;
        // Random: the book shuffled once as fastchess shuffles it (the same seed, the same order), then taken in
        // turn like a sequential book, every opening once before any repeats. Only the openings played are read.
        int[] order = o.order() == OpeningOrder.RANDOM ? Mt19937x64.fastchessOrder(book.size(), config.seed()) : null;
        int[] indexOf = new int[Math.max(0, to - from)];
        for (int m = from; m < to; m++) {
            indexOf[m - from] = order == null ? m % book.size() : order[m % book.size()];
        }
        Map<Integer, Opening> openings = book.read(Arrays.stream(indexOf).boxed().collect(Collectors.toCollection(TreeSet::new)));
        List<GameTask> tasks = new ArrayList<>();
        for (int m = from; m < to; m++) {
            String[] pairing = pairings.get(m % pairings.size());
            int round = s.match() ? m + 1 : m / pairings.size() + 1;
            int id = GameTask.FIRST_ID + m * gamesPerMeeting;
            long seed = mix(config.seed(), m);
            Opening opening = OpeningBook.withRandomPlies(openings.get(indexOf[m - from]), rules, o.randomPlies(), seed);
            // Without pairs, colours alternate from one meeting of the same pairing to the next; with them, within
            // the pair. -noswap (swap false) keeps the first player White, -reverse turns every game's colours.
            boolean swap = (o.swap() && !pairs && (m / pairings.size()) % 2 == 1) != o.reverse();
            String first = swap ? pairing[1] : pairing[0];
            String second = swap ? pairing[0] : pairing[1];
            tasks.add(new GameTask(id++, round, m, first, second, opening, seed));
            if (pairs) {
                tasks.add(o.swap() ? new GameTask(id, round, m, second, first, opening, seed)
                        : new GameTask(id, round, m, first, second, opening, seed));
            }
        }
        return tasks;
    }

    /** SplitMix64 finaliser: a game seed from the run seed and the meeting number. */
    static long mix(long seed, long n) {
        long z = seed + 0x9E3779B97F4A7C15L * (n + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
