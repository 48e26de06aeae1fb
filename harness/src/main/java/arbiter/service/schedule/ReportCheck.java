package arbiter.service.schedule;

import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.PairCounter;
import arbiter.service.protocol.TestDefinition;
import java.util.List;

/**
 * Whether a worker's report of a task is taken: its cumulative counts must be possible, reach no
 * further than the task, never shrink, and the PDN it carries must hold exactly the games of the new
 * pairs, in order, between the players each pair is for, whose results — counted by {@link
 * PairCounter} from each pair's first player's side — are the difference between the new counts and
 * those held. A report at or below the pairs held is a retry or a late copy: it changes nothing.
 * fishtest adds the difference of cumulative counts too (and so is immune to retries); OpenBench adds
 * the deltas a worker sends, which a retry counts twice.
 */
public final class ReportCheck {
    private ReportCheck() {
    }

    /** What to do with a report. */
    public sealed interface Outcome {
    }

    /**
     * New pairs: the counts to hold now, what they add, and per new pair (in order) the wins minus
     * losses of its first player over its two games (what an SPSA pair moves theta by).
     */
    public record Accept(Counts counts, Counts added, int[] pairResults) implements Outcome {
    }

    /** Nothing new: the counts held already cover it. */
    public record Duplicate() implements Outcome {
    }

    /**
     * @param held      the task's counts as held
     * @param firstPair the task's first pair
     * @param pairCount the task's pairs
     * @param test      the test (who plays each pair, and the side of its counts)
     * @param counts    the report's cumulative counts
     * @param games     the games of the report's PDN, in order
     * @throws Refused (BAD or CONFLICT) saying why, in one line
     */
    public static Outcome check(Counts held, int firstPair, int pairCount, TestDefinition test, Counts counts,
                                List<GameRecord> games) {
        String problem = counts.problem();
        if (problem != null) {
            throw new Refused(Refused.Kind.BAD, "impossible counts: " + problem);
        }
        if (counts.pairs() > pairCount) {
            throw new Refused(Refused.Kind.BAD, counts.pairs() + " pairs reported for a task of " + pairCount);
        }
        if (counts.pairs() < held.pairs() || counts.equals(held)) {
            return new Duplicate();
        }
        if (counts.pairs() == held.pairs()) {
            throw new Refused(Refused.Kind.CONFLICT, "counts at " + held.pairs() + " pairs differ from those held (" + held + ")");
        }
        if (!counts.atLeast(held)) {
            throw new Refused(Refused.Kind.BAD, "counts shrank: " + counts + " after " + held);
        }
        Counts added = counts.minus(held);
        if (games.size() != 2 * added.pairs()) {
            throw new Refused(Refused.Kind.BAD, "the PDN holds " + games.size() + " games for " + added.pairs() + " new pairs");
        }
        PairCounter board = new PairCounter(test);
        int[] pairResults = new int[(int) added.pairs()];
        long firstGame = firstGame(firstPair + held.pairs());
        for (int i = 0; i < games.size(); i++) {
            GameRecord g = games.get(i);
            String game = g.tag("Game");
            if (game == null || !game.equals(Long.toString(firstGame + i))) {
                throw new Refused(Refused.Kind.BAD, "game " + (i + 1) + " of the PDN is game " + game + ", not "
                        + (firstGame + i) + " (the next of the task's pairs, in order)");
            }
            int pair = pairOf(firstGame + i);
            List<String> pairing = test.pairing(pair);
            String white = pairing.get(i % 2);
            String black = pairing.get(1 - i % 2);
            if (!white.equals(g.tag("White")) || !black.equals(g.tag("Black"))) {
                throw new Refused(Refused.Kind.BAD, "game " + game + " is " + g.tag("White") + " - " + g.tag("Black")
                        + ", not " + white + " - " + black);
            }
            GameResult result = g.result();
            if (!result.decided()) {
                throw new Refused(Refused.Kind.BAD, "game " + game + " has no result");
            }
            if (g.tag("Counted") != null) {
                throw new Refused(Refused.Kind.BAD, "game " + game + " has a Counted tag (the server's to give)");
            }
            board.add(white, black, result, pair);
            double firstScore = result.scoreOf(i % 2 == 0);
            pairResults[i / 2] += firstScore == 1 ? 1 : firstScore == 0 ? -1 : 0;
        }
        Counts played = board.counts();
        if (!played.equals(added)) {
            throw new Refused(Refused.Kind.BAD, "the counts add " + added + " but the PDN's games are " + played);
        }
        return new Accept(counts, added, pairResults);
    }

    /** The number of the first game of a test's pair (games are numbered as a run numbers them, from 1). */
    static long firstGame(long pair) {
        return GameTask.FIRST_ID + 2L * pair;
    }

    /** The pair a game number belongs to. */
    public static int pairOf(long game) {
        return (int) ((game - GameTask.FIRST_ID) / 2);
    }
}
