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
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Turns a config's schedule into the run's game tasks, deterministically from the run seed. With
 * paired openings every meeting is two games with colours reversed, sharing opening and seed.
 */
public final class TaskPlanner {
    private TaskPlanner() {
    }

    /** The pairings of one round, in order: {first, second} player names. */
    static List<String[]> pairings(RunConfig config) {
        List<String[]> out = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (RunConfig.PlayerConfig p : config.players()) {
            names.add(p.name());
        }
        RunConfig.Schedule s = config.schedule();
        switch (s.type()) {
            case ROUND_ROBIN -> {
                for (int i = 0; i < names.size(); i++) {
                    for (int j = i + 1; j < names.size(); j++) {
                        out.add(new String[] {names.get(i), names.get(j)});
                    }
                }
            }
            case GAUNTLET -> {
                String one = s.players().get(0);
                for (String other : names) {
                    if (!other.equals(one)) {
                        out.add(new String[] {one, other});
                    }
                }
            }
            case MATCH -> out.add(new String[] {s.players().get(0), s.players().get(1)});
        }
        return out;
    }

    /** Every task of the run (for a match with an SPRT, the maximum number of games). */
    public static List<GameTask> plan(RunConfig config, Rules rules, OpeningBook book) {
        List<String[]> pairings = pairings(config);
        RunConfig.Schedule s = config.schedule();
        boolean pairs = config.openings().pairs();
        int gamesPerMeeting = pairs ? 2 : 1;
        int meetings;
        if (s.match()) {
            meetings = (s.games() + gamesPerMeeting - 1) / gamesPerMeeting;
        } else {
            meetings = s.rounds() * pairings.size();
        }
        boolean random = config.openings().order() == OpeningOrder.RANDOM;
        SplittableRandom orderRandom = new SplittableRandom(config.seed() ^ 0x0BE4_1A65L);
        int[] deck = random ? new int[book.size()] : null;
        int[] indexOf = new int[meetings];
        for (int m = 0; m < meetings; m++) {
            if (random) {
                // Drawn without replacement (as fastchess): every opening once, in a seeded order, before any repeats.
                int k = m % deck.length;
                if (k == 0) {
                    shuffle(deck, orderRandom);
                }
                indexOf[m] = deck[k];
            } else {
                indexOf[m] = m % book.size();
            }
        }
        Map<Integer, Opening> openings = book.read(Arrays.stream(indexOf).boxed().collect(Collectors.toCollection(TreeSet::new)));
        List<GameTask> tasks = new ArrayList<>();
        int id = GameTask.FIRST_ID;
        for (int m = 0; m < meetings; m++) {
            String[] pairing = pairings.get(m % pairings.size());
            int round = s.match() ? m + 1 : m / pairings.size() + 1;
            long seed = mix(config.seed(), m);
            Opening opening = OpeningBook.withRandomPlies(openings.get(indexOf[m]), rules, config.openings().randomPlies(), seed);
            // Without pairs, colours alternate from one meeting of the same pairing to the next.
            boolean swap = !pairs && ((m / pairings.size()) % 2 == 1);
            String first = swap ? pairing[1] : pairing[0];
            String second = swap ? pairing[0] : pairing[1];
            tasks.add(new GameTask(id++, round, m, first, second, opening, seed));
            if (pairs) {
                tasks.add(new GameTask(id++, round, m, second, first, opening, seed));
            }
        }
        if (s.match() && tasks.size() > s.games()) {
            tasks = new ArrayList<>(tasks.subList(0, s.games()));
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
