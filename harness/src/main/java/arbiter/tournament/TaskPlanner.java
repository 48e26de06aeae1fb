package arbiter.tournament;

import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.config.OpeningOrder;
import arbiter.config.RunConfig;
import arbiter.game.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

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
        boolean pairs = config.openings().pairs();
        List<Opening> openings = book.openings();
        boolean random = config.openings().order() == OpeningOrder.RANDOM;
        SplittableRandom orderRandom = new SplittableRandom(config.seed() ^ 0x0BE4_1A65L);
        int[] deck = new int[openings.size()];
        List<GameTask> tasks = new ArrayList<>();
        int gamesPerMeeting = pairs ? 2 : 1;
        for (int m = random ? 0 : from; m < to; m++) {
            String[] pairing = pairings.get(m % pairings.size());
            int round = s.match() ? m + 1 : m / pairings.size() + 1;
            int index;
            if (random) {
                // Drawn without replacement (as fastchess): every opening once, in a seeded order, before any repeats.
                int k = m % deck.length;
                if (k == 0) {
                    shuffle(deck, orderRandom);
                }
                index = deck[k];
                if (m < from) {
                    continue; // only the deck's order depends on earlier meetings
                }
            } else {
                index = m % openings.size();
            }
            int id = m * gamesPerMeeting;
            long seed = mix(config.seed(), m);
            Opening opening = OpeningBook.withRandomPlies(openings.get(index), rules, config.openings().randomPlies(), seed);
            // Without pairs, colours alternate from one meeting of the same pairing to the next.
            boolean swap = !pairs && ((m / pairings.size()) % 2 == 1);
            String first = swap ? pairing[1] : pairing[0];
            String second = swap ? pairing[0] : pairing[1];
            tasks.add(new GameTask(id++, round, m, first, second, opening, seed));
            if (pairs) {
                tasks.add(new GameTask(id++, round, m, second, first, opening, seed));
            }
        }
        return tasks;
    }

    /** Fisher-Yates: the deck becomes a fresh seeded permutation of 0..n-1. */
    static void shuffle(int[] deck, SplittableRandom random) {
        for (int i = 0; i < deck.length; i++) {
            deck[i] = i;
        }
        for (int i = deck.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
    }

    /** SplitMix64 finaliser: a game seed from the run seed and the meeting number. */
    static long mix(long seed, long n) {
        long z = seed + 0x9E3779B97F4A7C15L * (n + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
