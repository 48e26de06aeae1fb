package arbiter.cli;

import arbiter.report.RatingReport;
import arbiter.stats.MatchStats;
import arbiter.stats.Sprt;
import arbiter.stats.SprtEstimate;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code arbiter sprt}: the GSPRT on given counts, one {@code name: value} per line. */
@Command(name = "sprt", mixinStandardHelpOptions = true,
        description = {"Generalized SPRT (fishtest's) on pentanomial or trinomial counts.",
            "Prints llr, lower, upper, verdict, then the match statistics (elo, nelo, los, games);",
            "once the LLR has crossed a bound, also fishtest's median-unbiased Elo with its interval and LOS."})
final class SprtCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--elo0", required = true, description = "H0 Elo (logistic, or normalized with --normalized).")
    double elo0;

    @Option(names = "--elo1", required = true, description = "H1 Elo, greater than --elo0.")
    double elo1;

    @Option(names = "--alpha", defaultValue = "0.05", description = "False positive rate (default ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--beta", defaultValue = "0.05", description = "False negative rate (default ${DEFAULT-VALUE}).")
    double beta;

    @Option(names = "--normalized", description = "elo0/elo1 are normalized Elo (nElo).")
    boolean normalized;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Counts counts;

    static final class Counts {
        @Option(names = "--penta", description = "Game-pair counts LL,LD,D,DW,WW (D = LW+DD+WL).")
        String penta;

        @Option(names = "--wdl", description = "Game counts W,D,L of the tested player.")
        String wdl;
    }

    @Override
    public Integer call() {
        long[] lowToHigh;
        if (counts.penta != null) {
            lowToHigh = parseCounts("--penta", counts.penta, 5);
        } else {
            long[] wdl = parseCounts("--wdl", counts.wdl, 3);
            lowToHigh = new long[] {wdl[2], wdl[1], wdl[0]};
        }
        if (!(alpha > 0 && alpha < 1) || !(beta > 0 && beta < 1) || alpha + beta >= 1) {
            throw new BadInputException("--alpha and --beta must be in (0,1) with alpha + beta < 1");
        }
        if (!(elo0 < elo1)) {
            throw new BadInputException("--elo0 must be less than --elo1, got " + elo0 + " and " + elo1);
        }
        Sprt.Result r = Sprt.test(lowToHigh, elo0, elo1, alpha, beta,
                Sprt.Model.of(normalized));
        MatchStats m = MatchStats.of(lowToHigh);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "llr: %.4f%n", r.llr());
        out.printf(Locale.ROOT, "lower: %.4f%n", r.lower());
        out.printf(Locale.ROOT, "upper: %.4f%n", r.upper());
        out.printf(Locale.ROOT, "verdict: %s%n", r.verdict());
        if (m.games() == 0) {
            out.println("elo: n/a");
            out.println("nelo: n/a");
            out.println("los: n/a");
        } else {
            String[] elo = RatingReport.eloCells(m);
            if (elo[0].startsWith("all")) { // a perfect score: no finite Elo or nElo, only a bound
                out.printf(Locale.ROOT, "elo: %s (95%% bound %s)%n", elo[0], elo[1]);
                out.printf(Locale.ROOT, "nelo: n/a (%s)%n", elo[0]);
            } else {
                out.printf(Locale.ROOT, "elo: %.2f +- %.2f%n", m.elo(), m.eloError());
                out.printf(Locale.ROOT, "nelo: %.2f +- %.2f%n", m.nElo(), m.nEloError());
            }
            out.printf(Locale.ROOT, "los: %.2f%%%n", 100 * m.los());
        }
        out.printf(Locale.ROOT, "games: %d%n", m.games());
        if (r.verdict() != Sprt.Verdict.CONTINUE && m.games() > 0) {
            // the stop biases the plain estimate; fishtest's median-unbiased one (logistic Elo)
            SprtEstimate.Estimate e = SprtEstimate.of(lowToHigh, elo0, elo1, alpha, beta,
                    normalized ? Sprt.Model.NORMALIZED : Sprt.Model.LOGISTIC);
            out.printf(Locale.ROOT, "unbiased elo: %.2f [%.2f, %.2f] (median-unbiased after the SPRT stop, 95%% interval)%n",
                    e.elo(), e.ciLower(), e.ciUpper());
            out.printf(Locale.ROOT, "unbiased los: %.2f%%%n", 100 * e.los());
        }
        out.flush();
        return 0;
    }

    static long[] parseCounts(String option, String text, int expected) {
        String[] parts = text.split(",", -1);
        if (parts.length != expected) {
            throw new BadInputException(option + " expects " + expected + " comma-separated counts, got '" + text + "'");
        }
        long[] c = new long[expected];
        for (int i = 0; i < expected; i++) {
            try {
                c[i] = Long.parseLong(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new BadInputException(option + ": '" + parts[i].trim() + "' is not a whole number");
            }
            if (c[i] < 0) {
                throw new BadInputException(option + ": counts must be >= 0, got " + c[i]);
            }
        }
        return c;
    }
}
