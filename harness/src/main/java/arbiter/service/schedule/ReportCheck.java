package arbiter.service.schedule;

import arbiter.pdn.GameRecord;
import arbiter.play.GameTask;
import arbiter.results.Scoreboard;
import arbiter.service.protocol.Counts;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a worker's report of a task is taken: its cumulative counts must be possible, reach no
 * further than the task, never shrink, and the PDN it carries must hold exactly the games of the new
 * pairs, in order, whose results — counted by the run's own {@link Scoreboard} — are the difference
 * between the new counts and those held. A report at or below the pairs held is a retry or a late
 * copy: it changes nothing. fishtest adds the difference of cumulative counts too (and so is immune to
 * retries); OpenBench adds the deltas a worker sends, which a retry counts twice.
 */
public final class ReportCheck {
    private ReportCheck() {
    }

    /** What to do with a report. */
    public sealed interface Outcome {
    }

    /** New pairs: the counts to hold now and what they add. */
    public record Accept(Counts counts, Counts added) implements Outcome {
    }

    /** Nothing new: the counts held already cover it. */
    public record Duplicate() implements Outcome {
    }

    /**
     * @param held      the task's counts as held
     * @param firstPair the task's first pair
     * @param pairCount the task's pairs
     * @param tested    the test's first player (the side of the counts)
     * @param base      its opponent
     * @param counts    the report's cumulative counts
     * @param games     the games of the report's PDN, in order
     * @throws Refused (BAD or CONFLICT) saying why, in one line
     */
    public static Outcome check(Counts held, int firstPair, int pairCount, String tested, String base, Counts counts,
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
        Scoreboard board = new Scoreboard(List.of(tested, base), tested, base, true, null);
        long firstGame = GameTask.FIRST_ID + 2L * (firstPair + held.pairs());
        for (int i = 0; i < games.size(); i++) {
            GameRecord g = games.get(i);
            String game = g.tag("Game");
            if (game == null || !game.equals(Long.toString(firstGame + i))) {
                throw new Refused(Refused.Kind.BAD, "game " + (i + 1) + " of the PDN is game " + game + ", not "
                        + (firstGame + i) + " (the next of the task's pairs, in order)");
            }
            String white = i % 2 == 0 ? tested : base;
            String black = i % 2 == 0 ? base : tested;
            if (!white.equals(g.tag("White")) || !black.equals(g.tag("Black"))) {
                throw new Refused(Refused.Kind.BAD, "game " + game + " is " + g.tag("White") + " - " + g.tag("Black")
                        + ", not " + white + " - " + black);
            }
            if (!g.result().decided()) {
                throw new Refused(Refused.Kind.BAD, "game " + game + " has no result");
            }
            if (g.tag("Counted") != null) {
                throw new Refused(Refused.Kind.BAD, "game " + game + " has a Counted tag (the server's to give)");
            }
            board.add(white, black, g.result(), (int) ((firstGame - GameTask.FIRST_ID + i) / 2));
        }
        long[] wdl = board.wdl(tested, base);
        Counts played = new Counts(added.pairs(), wdl[0], wdl[1], wdl[2], board.pentanomial(tested, base));
        if (!played.equals(added)) {
            throw new Refused(Refused.Kind.BAD, "the counts add " + added + " but the PDN's games are " + played);
        }
        return new Accept(counts, added);
    }

    /** Adds {@code [Counted "after stop"]} after the first tag of each game (the games' lines as the reader found them). */
    static String markAfterStop(String pdn, List<GameRecord> games) {
        String[] lines = pdn.split("\n", -1);
        Set<Integer> starts = new HashSet<>();
        games.forEach(g -> starts.add(g.line()));
        StringBuilder sb = new StringBuilder(pdn.length() + games.size() * 24);
        for (int i = 0; i < lines.length; i++) {
            sb.append(lines[i]);
            if (i < lines.length - 1) {
                sb.append('\n');
            }
            if (starts.contains(i + 1)) {
                sb.append("[Counted \"after stop\"]\n");
            }
        }
        return sb.toString();
    }
}
