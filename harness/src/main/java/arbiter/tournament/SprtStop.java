package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.stats.Sprt;
import java.util.Locale;

/** The stop policy of a match with an SPRT: ends the run when the test accepts H0 or H1. */
final class SprtStop {
    private final RunConfig config;

    SprtStop(RunConfig config) {
        this.config = config;
    }

    /** The verdict as a sentence, or null to go on. */
    String stopReason(Standings standings) {
        if (config.schedule().sprt() == null || standings.games() == 0) {
            return null;
        }
        Sprt.Result r = result(config, standings);
        if (r.verdict() == Sprt.Verdict.CONTINUE) {
            return null;
        }
        return String.format(Locale.ROOT, "SPRT %s (llr %.3f, bounds [%.3f, %.3f])", r.verdict(), r.llr(), r.lower(), r.upper());
    }

    /** The SPRT of the schedule's first player against its second: pentanomial with paired openings, else trinomial. */
    static Sprt.Result result(RunConfig config, Standings standings) {
        RunConfig.Sprt sprt = config.schedule().sprt();
        String a = config.schedule().players().get(0);
        String b = config.schedule().players().get(1);
        long[] counts;
        if (config.openings().pairs()) {
            int[] p = standings.pentanomial(a, b);
            counts = new long[] {p[0], p[1], p[2], p[3], p[4]};
        } else {
            int[] wdl = standings.wdl(a, b);
            counts = new long[] {wdl[2], wdl[1], wdl[0]};
        }
        return Sprt.test(counts, sprt.elo0(), sprt.elo1(), sprt.alpha(), sprt.beta(),
                sprt.normalized() ? Sprt.Model.NORMALIZED : Sprt.Model.LOGISTIC);
    }
}
