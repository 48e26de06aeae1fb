package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.game.EndReason;
import arbiter.game.GameFamily;
import arbiter.play.GameResult;
import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import arbiter.play.TimeLimits;
import arbiter.results.MatchVerdict;
import arbiter.stats.Sprt;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.Map;

/**
 * The console's texts in the layouts of the tools a match user knows, read from their public sources:
 * fastchess ({@code app/src/matchmaking/output/output_fastchess.hpp}, the game-end reasons of
 * {@code app/src/matchmaking/match/match.hpp}, the number formats of {@code elo_wdl.cpp},
 * {@code elo_pentanomial.cpp} and {@code sprt.cpp}; github.com/Disservin/fastchess) and cutechess-cli
 * ({@code projects/cli/src/enginematch.cpp}, {@code projects/lib/src/tournament.cpp},
 * {@code projects/lib/src/board/result.cpp}; github.com/cutechess/cutechess).
 */
public final class ConsoleText {
    private ConsoleText() {
    }

    /** Which tool's layout the console follows ({@code -output format=}). */
    public enum Style {
        FASTCHESS, CUTECHESS;

        /** As {@code -output format=} spells it. */
        public static Style of(String name) {
            return name == null ? FASTCHESS : Style.valueOf(name.toUpperCase(Locale.ROOT));
        }
    }

    /** The side that won, or null for a draw or no result. */
    private static String winner(GameResult r) {
        return r == GameResult.WHITE_WIN ? "White" : r == GameResult.BLACK_WIN ? "Black" : null;
    }

    private static String loser(GameResult r) {
        return r == GameResult.WHITE_WIN ? "Black" : r == GameResult.BLACK_WIN ? "White" : null;
    }

    /**
     * Why a game ended, in the tools' words ("White mates", "Black loses on time", "Draw by 3-fold
     * repetition", "White disconnects", ...). Chess reasons take fastchess's texts; the other games'
     * reasons take the same shapes with the game's own reason.
     */
    public static String annotation(PlayedGame g, GameFamily family, Style style) {
        GameResult r = g.result();
        Termination t = g.termination();
        boolean chess = family == GameFamily.CHESS;
        if (t instanceof Termination.ByRules b) {
            return byRules(b.reason(), r, chess);
        } else if (t instanceof Termination.Adjudicated) {
            return winner(r) == null ? "Draw by adjudication" : winner(r) + " wins by adjudication";
        } else if (t instanceof Termination.TimeForfeit f) {
            return style == Style.FASTCHESS
                    ? Termination.side(f.player()) + " loses on time (" + Math.max(0, f.overMs()) + "ms overrun)"
                    : Termination.side(f.player()) + " loses on time";
        } else if (t instanceof Termination.IllegalMove i) {
            return Termination.side(i.player()) + " makes an illegal move";
        } else if (t instanceof Termination.EngineCrash c) {
            return Termination.side(c.player()) + " disconnects";
        } else if (t instanceof Termination.EngineStalled s) {
            return Termination.side(s.player()) + "'s connection stalls";
        } else if (t instanceof Termination.Resigned s) {
            return Termination.side(s.player()) + " resigns";
        }
        return t.describe();
    }

    private static String byRules(EndReason reason, GameResult r, boolean chess) {
        String w = winner(r);
        if (w == null) {
            return switch (reason) {
                case STALEMATE -> "Draw by stalemate";
                case REPETITION -> chess ? "Draw by 3-fold repetition" : "Draw by repetition";
                case NO_PROGRESS -> chess ? "Draw by fifty moves rule" : "Draw by no-progress rule";
                case INSUFFICIENT_MATERIAL -> "Draw by insufficient mating material";
                default -> "Draw by " + reason.text();
            };
        }
        return switch (reason) {
            case CHECKMATE -> w + " mates";
            case NO_LEGAL_MOVE -> loser(r) + " has no legal move";
            case GOAL_REACHED -> w + " reaches the goal row";
            case BORNE_OFF -> w + " bears off all checkers";
            default -> w + " wins by " + reason.text();
        };
    }

    /** fastchess's {@code Started game i of N (A vs B)}. */
    public static String started(int number, int of, String white, String black) {
        return String.format(Locale.ROOT, "Started game %d of %d (%s vs %s)", number, of, white, black);
    }

    /** fastchess's {@code Finished game i (A vs B): 1-0 {White mates}}. */
    public static String finished(int number, String white, String black, String result, String annotation) {
        return String.format(Locale.ROOT, "Finished game %d (%s vs %s): %s {%s}", number, white, black, result, annotation);
    }

    /** cutechess-cli's running score of a two-player match: {@code Score of A vs B: W - L - D  [0.550] N}. */
    public static String score(MatchVerdict v) {
        double score = v.games() == 0 ? 0 : (v.wins() + v.draws() / 2.0) / v.games();
        return String.format(Locale.ROOT, "Score of %s vs %s: %d - %d - %d  [%.3f] %d", v.player(), v.opponent(),
                v.wins(), v.losses(), v.draws(), score, v.games());
    }

    /** The separator fastchess draws above and below its interval block. */
    public static final String RULE = "--------------------------------------------------";

    /**
     * fastchess's head-to-head block: matchup, Elo and nElo, LOS / DrawRatio / PairsRatio, the counts
     * and points, the pentanomial with the ratio of its WL to DD pairs, then the LLR with its percentage,
     * bounds and Elo hypotheses.
     *
     * @param header {@link #matchup}
     */
    public static String fastchessBlock(MatchVerdict v, String header) {
        boolean penta = v.stats().pentanomial();
        long[] p = v.pentanomial();
        double drawRatio = 100 * v.stats().drawRatio(); // fastchess's: drawRatioPenta with pairs, else drawRatio
        double points = v.wins() + v.draws() / 2.0;
        // A perfect score has no spread: fastchess 1.8.2 prints its nElo "inf +/- -nan"; never the regularized stand-in.
        boolean perfect = points == v.games() || points == 0;
        double nElo = !perfect ? v.stats().nElo() : points > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        double nEloError = !perfect ? v.stats().nEloError() : Double.NaN;
        StringBuilder sb = new StringBuilder();
        sb.append(RULE).append('\n');
        sb.append(header).append('\n');
        sb.append("Elo: ").append(fastchessElo(v))
                .append(", nElo: ").append(fmt2(nElo)).append(" +/- ").append(fmt2(nEloError))
                .append('\n');
        sb.append(String.format(Locale.ROOT, "LOS: %.2f %%, DrawRatio: %s %%", 100 * v.stats().los(), fmt2(drawRatio)));
        if (penta) {
            sb.append(", PairsRatio: ").append(fmt2((double) (p[3] + p[4]) / (p[0] + p[1])));
        }
        sb.append('\n');
        sb.append(String.format(Locale.ROOT, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%s %%)%n",
                v.games(), v.wins(), v.losses(), v.draws(), points, fmt2(100 * points / v.games())));
        if (penta) {
            long wl = v.winLossPairs();
            sb.append(String.format(Locale.ROOT, "Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %s%n", p[0], p[1], p[2],
                    p[3], p[4], fmt2((double) wl / (p[2] - wl))));
        }
        Sprt sprt = v.sprt();
        Sprt.Result r = v.sprtResult();
        if (sprt != null && r != null) {
            double fraction = r.llr() >= 0 ? r.llr() / r.upper() : -r.llr() / r.lower(); // fastchess SPRT::getFraction
            sb.append(String.format(Locale.ROOT, "LLR: %s (%s%%) (%.2f, %.2f) [%.2f, %.2f]%n", fmt2(r.llr()),
                    fmt1(100 * fraction), r.lower(), r.upper(), sprt.elo0(), sprt.elo1()));
        }
        sb.append(RULE).append('\n');
        return sb.toString();
    }

    /**
     * fastchess's "Elo: x +/- y" figures ({@code EloBase::getElo}, {@code elo_pentanomial.cpp} and
     * {@code elo_wdl.cpp}): the logistic Elo of the score over complete pairs (pentanomial) or games, and
     * half the width of its 95% interval; a perfect score is {@code inf +/- -nan} as fastchess prints it.
     */
    static String fastchessElo(MatchVerdict v) {
        double[] values;
        double[] weights;
        if (v.stats().pentanomial()) {
            values = new double[] {0, 0.25, 0.5, 0.75, 1};
            weights = java.util.Arrays.stream(v.pentanomial()).asDoubleStream().toArray();
        } else {
            values = new double[] {0, 0.5, 1};
            weights = new double[] {v.losses(), v.draws(), v.wins()};
        }
        double n = java.util.Arrays.stream(weights).sum();
        double score = 0;
        for (int i = 0; i < values.length; i++) {
            score += weights[i] / n * values[i];
        }
        double variance = 0;
        for (int i = 0; i < values.length; i++) {
            variance += weights[i] / n * (values[i] - score) * (values[i] - score);
        }
        double margin = 1.959963984540054 * Math.sqrt(variance / n);
        double error = (logisticElo(score + margin) - logisticElo(score - margin)) / 2.0;
        return fmt2(logisticElo(score)) + " +/- " + fmt2(error);
    }

    private static double logisticElo(double score) {
        return -400.0 * Math.log10(1.0 / score - 1.0);
    }

    /**
     * cutechess-cli's two-player ranking ({@code Tournament::results}): the Elo difference with its
     * error margin, LOS and draw ratio, then with an SPRT its LLR against the bounds.
     */
    public static String cutechessBlock(MatchVerdict v) {
        arbiter.stats.MatchStats m = arbiter.stats.MatchStats.ofWdl(v.wins(), v.draws(), v.losses());
        // A perfect score: cutechess's Elo::diff of a score of 1 or 0 is inf or -inf, its margin nan; never a clamp value.
        boolean perfect = m.score() == 1 || m.score() == 0;
        double elo = !perfect ? m.elo() : m.score() == 1 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%%n",
                fmt1(elo), fmt1(perfect ? Double.NaN : m.eloError()), fmt1(100 * m.los()), fmt1(100 * m.drawRatio())));
        Sprt.Result r = v.sprtResult();
        if (r != null) {
            String verdict = r.verdict() == Sprt.Verdict.H1_ACCEPTED ? " - H1 was accepted"
                    : r.verdict() == Sprt.Verdict.H0_ACCEPTED ? " - H0 was accepted" : "";
            sb.append(String.format(Locale.ROOT, "SPRT: llr %s (%s%%), lbound %s, ubound %s%s%n", g3(r.llr()),
                    fmt1(r.llr() / r.upper() * 100), g3(r.lower()), g3(r.upper()), verdict));
        }
        return sb.toString();
    }

    /**
     * The lines that end a run that was not interrupted, before Arbiter's final standings. fastchess: its
     * {@code endTournament} message after an SPRT stop ("SPRT ([0.00, 5.00]) completed - H1 was
     * accepted"), then, as its {@code main} ends, "Finished match" and "Total Time: 00:01:05
     * (hours:minutes:seconds)"; cutechess-cli: "Finished match".
     *
     * @param match     the match's verdict, or null for a round robin or gauntlet
     * @param elapsedMs the run's time so far
     */
    public static String ended(Style style, MatchVerdict match, long elapsedMs) {
        if (style == Style.CUTECHESS) {
            return "Finished match\n";
        }
        StringBuilder sb = new StringBuilder();
        if (match != null && match.sprtDecided()) {
            sb.append(String.format(Locale.ROOT, "SPRT ([%.2f, %.2f]) completed - %s was accepted%n", match.sprt().elo0(),
                    match.sprt().elo1(), match.sprtResult().verdict() == Sprt.Verdict.H0_ACCEPTED ? "H0" : "H1"));
        }
        long s = Math.max(0, elapsedMs) / 1000;
        sb.append("Finished match\n").append(String.format(Locale.ROOT, "Total Time: %02d:%02d:%02d (hours:minutes:seconds)%n",
                s / 3600, s / 60 % 60, s % 60));
        return sb.toString();
    }

    /**
     * fastchess's matchup line: {@code Results of A vs B (10+0.1, 1t, 16MB, book.epd):}, each part
     * one value when the two players agree, else "first - second"; the Threads and Hash values are the
     * engine's (set by the config, else its declared default), "NULL" for an engine without such an
     * option; the book's file name left out without a book.
     *
     * @param engineOptions by player, its engine's declared options with their values (the pre-flight's);
     *                      a player not in it (built in, or not started this session) shows its config's
     */
    public static String matchup(RunConfig config, String first, String second, Map<String, Map<String, String>> engineOptions) {
        RunConfig.PlayerConfig a = player(config, first);
        RunConfig.PlayerConfig b = player(config, second);
        String tc = both(time(limits(config, a)), time(limits(config, b)));
        String threads = both(option(a, engineOptions, "Threads", "t"), option(b, engineOptions, "Threads", "t"));
        String hash = both(option(a, engineOptions, "Hash", "MB"), option(b, engineOptions, "Hash", "MB"));
        java.nio.file.Path book = config.openings() == null ? null : config.openings().file();
        return "Results of " + first + " vs " + second + " (" + tc + ", " + threads + ", " + hash
                + (book == null ? "" : ", " + book.getFileName()) + "):";
    }

    private static RunConfig.PlayerConfig player(RunConfig config, String name) {
        return config.players().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    private static TimeLimits limits(RunConfig config, RunConfig.PlayerConfig p) {
        return p != null && p.limits() != null ? p.limits() : config.limits();
    }

    private static String both(String a, String b) {
        return a.equals(b) ? a : a + " - " + b;
    }

    /** fastchess's {@code getTime}: "40/60+0.6", "0.5/move", "8 plies", "1000 nodes", or empty. */
    static String time(TimeLimits l) {
        if (l == null) {
            return "";
        }
        if (l.timeMs() + l.incrementMs() > 0) {
            return (l.movesPerPeriod() > 0 ? l.movesPerPeriod() + "/" : "") + plain(l.timeMs() / 1000.0)
                    + (l.incrementMs() > 0 ? "+" + g2(l.incrementMs() / 1000.0) : "");
        }
        if (l.moveTimeMs() > 0) {
            return plain(l.moveTimeMs() / 1000.0) + "/move";
        }
        if (l.depth() > 0) {
            return l.depth() + " plies";
        }
        if (l.nodes() > 0) {
            return l.nodes() + " nodes";
        }
        return "";
    }

    private static String option(RunConfig.PlayerConfig p, Map<String, Map<String, String>> engineOptions, String name,
                                 String unit) {
        Map<String, ?> values = p == null ? null : engineOptions.containsKey(p.name()) ? engineOptions.get(p.name()) : p.options();
        if (values != null) {
            for (Map.Entry<String, ?> e : values.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue() + unit;
                }
            }
        }
        return "NULL";
    }

    /** A double as fmt's "{}" writes it: shortest text, no trailing ".0". */
    private static String plain(double x) {
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /** C's "%.Ng" (fmt's "{:.Ng}", Qt's 'g'): N significant digits, trailing zeros dropped. */
    static String g(double x, int digits) {
        if (!Double.isFinite(x)) {
            return Double.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
        }
        if (x == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(x).round(new MathContext(digits, java.math.RoundingMode.HALF_EVEN));
        int exponent = d.precision() - d.scale() - 1;
        if (exponent < -4 || exponent >= digits) {
            BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
            return mantissa.toPlainString() + (exponent < 0 ? "e-" : "e+") + String.format(Locale.ROOT, "%02d", Math.abs(exponent));
        }
        return d.stripTrailingZeros().toPlainString();
    }

    private static String g2(double x) {
        return g(x, 2);
    }

    private static String g3(double x) {
        return g(x, 3);
    }

    /**
     * "%.2f" as fastchess prints it: "inf" / "-inf", and "-nan" for what is not a number (0/0 and
     * inf - inf give x86-64's default NaN, whose sign bit is set, and glibc and fmt print it so).
     */
    static String fmt2(double x) {
        return Double.isNaN(x) ? "-nan" : Double.isFinite(x) ? String.format(Locale.ROOT, "%.2f", x) : g(x, 1);
    }

    private static String fmt1(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.1f", x) : g(x, 1);
    }
}
