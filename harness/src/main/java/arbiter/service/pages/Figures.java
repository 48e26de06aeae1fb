package arbiter.service.pages;

import arbiter.results.MatchReading;
import arbiter.results.MatchVerdict;
import arbiter.service.protocol.Counts;
import arbiter.stats.MatchStats;
import arbiter.stats.Sprt;
import java.util.Arrays;
import java.util.Locale;

/**
 * A test's figures as the pages print them, all read by {@code results.MatchReading} from its counts
 * (the report's and the dashboard's reading of a match: pentanomial Elo and its 95% interval, LOS,
 * the SPRT's status and, once it stopped the test, fishtest's median-unbiased Elo): the pages do no
 * Elo arithmetic of their own.
 */
final class Figures {
    private Figures() {
    }

    /** The reading of a test's counts, or null before its first pair. */
    static MatchReading reading(Counts c, Sprt sprt, boolean capReached) {
        if (c.pairs() == 0) {
            return null;
        }
        long[] penta = c.penta();
        MatchVerdict v = new MatchVerdict("tested", "base", c.wins(), c.draws(), c.losses(), penta, true, MatchStats.of(penta),
                sprt, sprt == null ? null : sprt.test(penta), -1); // the counts do not split the middle cell (WL or DD): not shown
        return MatchReading.of(v, capReached);
    }

    /** "12.34 ± 5.67", "all won (≥ 123.4)", or "–" before any pair. */
    static String elo(MatchReading r) {
        if (r == null) {
            return "–";
        }
        return r.perfect() != null ? r.eloText() + " (" + r.errorText() + ")" : r.eloText() + " ± " + r.errorText();
    }

    static String wdl(Counts c) {
        return c.wins() + " – " + c.draws() + " – " + c.losses();
    }

    static String penta(Counts c) {
        return Arrays.toString(c.penta());
    }

    static String f2(double x) {
        return MatchReading.f2(x);
    }

    static String f3(double x) {
        return String.format(Locale.ROOT, "%.3f", x);
    }
}
