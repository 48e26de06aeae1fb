package arbiter.report;

import arbiter.stats.Elo;
import arbiter.stats.GameCounts;
import arbiter.stats.MatchStats;
import arbiter.stats.PlayerRating;
import arbiter.stats.Ratings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables of a rating list. Columns are stable; docs/statistics.md documents each one.
 *
 * <ul>
 *   <li>rating table: Rank, Player, Elo, +-, Games, Score%, Draw%, OppAvg
 *       (CSV keys rank, player, elo, error, games, score_pct, draw_pct, opp_avg);
 *   <li>crosstable: Rank, Player, Elo, then one column per opponent by rank ("points/games"),
 *       then Score (CSV keys rank, player, elo, r1..rN, score);
 *   <li>head-to-head: Player, Opponent, Games, W, D, L, Score%, Elo, +-, LOS% from the first
 *       player's side, for every pair that met (CSV keys player, opponent, games, wins, draws,
 *       losses, score_pct, elo, error, los_pct).
 * </ul>
 */
public final class RatingReport {
    private RatingReport() {
    }

    /** Which tables a report holds. */
    public enum Part { RATINGS, CROSSTABLE, HEAD_TO_HEAD, LOS }

    static String f1(double x) {
        if (Double.isNaN(x)) {
            return "-";
        }
        String s = String.format(Locale.ROOT, "%.1f", x);
        return s.equals("-0.0") ? "0.0" : s;
    }

    static String pct(double x) {
        return Double.isNaN(x) ? "-" : f1(100 * x);
    }

    static String points(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : String.format(Locale.ROOT, "%.1f", x);
    }

    public static Table ratingTable(Ratings r) {
        List<Table.Column> cols = List.of(
                new Table.Column("Rank", "rank", true),
                new Table.Column("Player", "player", false),
                new Table.Column("Elo", "elo", true),
                new Table.Column("+-", "error", true),
                new Table.Column("Games", "games", true),
                new Table.Column("Score%", "score_pct", true),
                new Table.Column("Draw%", "draw_pct", true),
                new Table.Column("OppAvg", "opp_avg", true));
        List<List<String>> rows = new ArrayList<>();
        int rank = 1;
        for (PlayerRating p : r.players()) {
            rows.add(List.of(Integer.toString(rank++), p.name(), f1(p.rating()), f1(p.error()),
                    Long.toString(p.games()), pct(p.score()), pct(p.drawRatio()), f1(p.opponentsAverage())));
        }
        List<String> notes = new ArrayList<>();
        notes.add(summary(r));
        notes.addAll(r.notes());
        return new Table("Ratings", cols, rows, notes);
    }

    /** One line: games, anchor or mean, error method, fitted colour advantage / drawElo. */
    static String summary(Ratings r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.counts().totalGames()).append(" games, ").append(r.players().size()).append(" players; ");
        if (r.options().anchored()) {
            sb.append(r.options().anchors().size() == 1 ? "anchor " : "anchors (fixed, fitted jointly) ");
            String sep = "";
            for (Map.Entry<String, Double> a : r.options().anchors().entrySet()) {
                sb.append(sep).append(a.getKey()).append(" = ").append(f1(a.getValue()));
                sep = ", ";
            }
        } else {
            sb.append("mean rating ").append(f1(r.options().mean()));
        }
        sb.append("; +- is the 95% interval (").append(r.errorMethod()).append(')');
        if (!Double.isNaN(r.whiteAdvantage())) {
            sb.append("; White advantage ").append(f1(r.whiteAdvantage())).append(" Elo");
        }
        if (!Double.isNaN(r.drawElo())) {
            sb.append("; BayesElo draw model, drawElo ").append(f1(r.drawElo()));
        }
        return sb.toString();
    }

    public static Table crosstable(Ratings r) {
        GameCounts c = r.counts();
        List<PlayerRating> ps = r.players();
        List<Table.Column> cols = new ArrayList<>();
        cols.add(new Table.Column("Rank", "rank", true));
        cols.add(new Table.Column("Player", "player", false));
        cols.add(new Table.Column("Elo", "elo", true));
        for (int k = 1; k <= ps.size(); k++) {
            cols.add(new Table.Column(Integer.toString(k), "r" + k, true));
        }
        cols.add(new Table.Column("Score", "score", true));
        List<List<String>> rows = new ArrayList<>();
        for (int a = 0; a < ps.size(); a++) {
            PlayerRating pa = ps.get(a);
            List<String> row = new ArrayList<>();
            row.add(Integer.toString(a + 1));
            row.add(pa.name());
            row.add(f1(pa.rating()));
            for (PlayerRating pb : ps) {
                if (pb.index() == pa.index()) {
                    row.add("x");
                    continue;
                }
                long[] wdl = c.wdl(pa.index(), pb.index());
                long n = wdl[0] + wdl[1] + wdl[2];
                row.add(n == 0 ? "" : points(wdl[0] + 0.5 * wdl[1]) + "/" + n);
            }
            row.add(points(pa.points()) + "/" + pa.games());
            rows.add(row);
        }
        return new Table("Crosstable (points/games of the row player against the column player)", cols, rows,
                List.of());
    }

    /** As {@link #headToHead(Ratings, List)}, each pair from the side of the higher-ranked player. */
    public static Table headToHead(Ratings r) {
        return headToHead(r, List.of());
    }

    /**
     * Every pair that met: W/D/L, score, Elo +- and LOS from the first player's side. The first
     * player of a row is the one earlier in {@code order} (a run's config order, so a match's row
     * reads as its match line: the tested player first); players not in it by rank.
     */
    public static Table headToHead(Ratings r, List<String> order) {
        GameCounts c = r.counts();
        List<PlayerRating> ps = new ArrayList<>(r.players());
        ps.sort(java.util.Comparator.comparingInt(p -> order.contains(p.name()) ? order.indexOf(p.name()) : order.size()));
        List<Table.Column> cols = List.of(
                new Table.Column("Player", "player", false),
                new Table.Column("Opponent", "opponent", false),
                new Table.Column("Games", "games", true),
                new Table.Column("W", "wins", true),
                new Table.Column("D", "draws", true),
                new Table.Column("L", "losses", true),
                new Table.Column("Score%", "score_pct", true),
                new Table.Column("Elo", "elo", true),
                new Table.Column("+-", "error", true),
                new Table.Column("LOS%", "los_pct", true));
        List<List<String>> rows = new ArrayList<>();
        boolean perfect = false;
        for (int a = 0; a < ps.size(); a++) {
            for (int b = a + 1; b < ps.size(); b++) {
                long[] wdl = c.wdl(ps.get(a).index(), ps.get(b).index());
                long n = wdl[0] + wdl[1] + wdl[2];
                if (n == 0) {
                    continue;
                }
                MatchStats m = MatchStats.ofWdl(wdl[0], wdl[1], wdl[2]);
                String[] elo = eloCells(m);
                perfect |= m.regularized() && wdl[1] != n;
                rows.add(List.of(ps.get(a).name(), ps.get(b).name(), Long.toString(n), Long.toString(wdl[0]),
                        Long.toString(wdl[1]), Long.toString(wdl[2]), pct(m.score()), elo[0], elo[1], pct(m.los())));
            }
        }
        List<String> notes = perfect ? List.of(PERFECT_NOTE) : List.of();
        return new Table("Head to head (trinomial match statistics, first player's side)", cols, rows, notes);
    }

    /** Under a table that has an "all won" or "all lost" row. */
    public static final String PERFECT_NOTE = "all won / all lost: a perfect score has no finite Elo estimate; "
            + "the bound shown is the 95% one (Clopper-Pearson, one-sided 97.5%) on the Elo difference";

    /**
     * Elo and "+-" cells of a match: the estimate and half the 95% interval, or for a perfect score
     * (every sample won or lost, where the estimate is only a clamp) "all won" and the lower bound of
     * the interval ({@code >= x}), "all lost" and the upper bound ({@code <= x}). The bound is exact
     * for a record with one outcome: score p with p^n = 0.025 (n samples, all won).
     */
    public static String[] eloCells(MatchStats m) {
        long[] k = m.counts();
        long n = m.samples();
        if (n > 0 && (k[k.length - 1] == n || k[0] == n)) {
            double bound = Elo.fromScore(Math.pow(0.025, 1.0 / n));
            boolean won = k[k.length - 1] == n;
            return new String[] {won ? "all won" : "all lost", (won ? ">= " : "<= ") + f1(won ? bound : -bound)};
        }
        return new String[] {f1(m.elo()), f1(m.eloError())};
    }

    /**
     * The one-line match summary of the console and {@code elo --pairs}: Elo with its interval, LOS and
     * nElo; for a perfect score "all won"/"all lost" with the bound instead (no finite Elo or nElo).
     */
    public static String matchLine(MatchStats m) {
        String[] elo = eloCells(m);
        if (elo[0].startsWith("all")) {
            return String.format(Locale.ROOT, "elo: %s (95%% bound %s), LOS %.1f%%", elo[0], elo[1], 100 * m.los());
        }
        return String.format(Locale.ROOT, "elo: %s +- %s (%s), LOS %.1f%%, nElo %s +- %s (%s)",
                f2(m.elo()), f2(m.eloError()), errorKind(m), 100 * m.los(), f2(m.nElo()), f2(m.nEloError()), errorKind(m));
    }

    /** Two decimals, without the sign of a value that rounds to zero (as the report's cells). */
    static String f2(double x) {
        String s = String.format(Locale.ROOT, "%.2f", x);
        return s.equals("-0.00") ? "0.00" : s;
    }

    /** How a match's "+-" is named wherever it is shown: "95% pentanomial" or "95% trinomial". */
    public static String errorKind(MatchStats m) {
        return m.pentanomial() ? "95% pentanomial" : "95% trinomial";
    }

    /**
     * The report section that says what each "+-" of the run's figures is: the rating list's (by
     * bootstrap in the report and on the console, by the likelihood's curvature on the live page), and
     * the match's (normal approximation over games or game pairs).
     */
    public static RunReport.Section errorKinds() {
        List<String[]> items = new ArrayList<>();
        items.add(new String[] {"bootstrap", "+- 95% bootstrap",
                "rating table of the report, the console and the dashboard once the run has ended: half the 95% interval of the player's rating over "
                        + "parametric bootstrap samples of the games (re-drawn from the fitted ratings, then refitted)"});
        items.add(new String[] {"curvature", "+- 95% curvature",
                "rating table of the dashboard while the run plays: 1.96 standard errors from the curvature of the likelihood at its "
                        + "maximum (inverse Fisher information); cheap enough for every refresh, a little narrower "
                        + "than the bootstrap for few games"});
        items.add(new String[] {"pentanomial", "+- 95% pentanomial",
                "match Elo and nElo with paired openings: normal approximation over colour-reversed game pairs "
                        + "(LL, LD, WL+DD, WD, WW), the score interval mapped to Elo (fishtest's); it accounts for the "
                        + "correlation of the two games of an opening"});
        items.add(new String[] {"trinomial", "+- 95% trinomial",
                "match Elo and nElo without pairs (or before the first pair is complete): the same normal "
                        + "approximation over single games (W, D, L)"});
        items.add(new String[] {"perfect", "all won / all lost",
                "a match won or lost in every game (or pair) has no finite Elo estimate: instead of a clamp value, "
                        + "the report and the page give the 95% bound on the Elo difference (Clopper-Pearson, one-sided "
                        + "97.5%: the score p with p^n = 0.025 over n samples)"});
        items.add(new String[] {"unbiased", "median-unbiased Elo",
                "after an SPRT stop (H0 or H1 accepted) the plain Elo is biased: a test stops early on a lucky or "
                        + "unlucky run. Beside it the match block gives fishtest's median-unbiased estimate and its 95% "
                        + "interval (server/fishtest/stats/sprt.py with brownian.py): the LLR taken as a Brownian motion "
                        + "stopped at a bound, the Elo at which an outcome at least as extreme has probability 1/2, "
                        + "and the Elos at which it has 2.5% and 97.5%; on game pairs when the run is paired, else on games"});
        return RunReport.Section.items("errors", "Error bars (what each +- is)", items);
    }

    /**
     * Likelihood of superiority of each row player over each column player (percent), from the
     * rating model's error bars: P(R_row > R_col) = Phi(diff / sd(diff)) (Ordo's LOS matrix).
     */
    public static Table losMatrix(Ratings r) {
        List<PlayerRating> ps = r.players();
        List<Table.Column> cols = new ArrayList<>();
        cols.add(new Table.Column("Rank", "rank", true));
        cols.add(new Table.Column("Player", "player", false));
        for (int k = 1; k <= ps.size(); k++) {
            cols.add(new Table.Column(Integer.toString(k), "r" + k, true));
        }
        List<List<String>> rows = new ArrayList<>();
        for (int a = 0; a < ps.size(); a++) {
            List<String> row = new ArrayList<>();
            row.add(Integer.toString(a + 1));
            row.add(ps.get(a).name());
            for (PlayerRating pb : ps) {
                row.add(pb.index() == ps.get(a).index() ? "x" : pct(r.los()[ps.get(a).index()][pb.index()]));
            }
            rows.add(row);
        }
        return new Table("LOS matrix (% likelihood that the row player is stronger than the column player)", cols, rows,
                List.of());
    }

    /** The requested tables, rendered one after the other; HTML becomes a whole document. */
    public static String render(Ratings r, Format f, List<Part> parts) {
        List<Table> tables = new ArrayList<>();
        for (Part p : parts) {
            tables.add(switch (p) {
                case RATINGS -> ratingTable(r);
                case CROSSTABLE -> crosstable(r);
                case HEAD_TO_HEAD -> headToHead(r);
                case LOS -> losMatrix(r);
            });
        }
        StringBuilder sb = new StringBuilder();
        if (f == Format.HTML) {
            sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Ratings</title>\n")
                    .append("<style>table{border-collapse:collapse;margin:1em 0}th,td{padding:2px 8px;")
                    .append("border-bottom:1px solid #ccc}.num{text-align:right}caption{font-weight:bold;")
                    .append("text-align:left}</style>\n</head>\n<body>\n");
        }
        for (int k = 0; k < tables.size(); k++) {
            if (k > 0) {
                sb.append('\n');
            }
            Table t = tables.get(k);
            if (f == Format.CSV && tables.size() > 1) {
                sb.append("# ").append(t.title()).append('\n');
            }
            if (f == Format.TEXT && tables.size() == 1) {
                t = new Table(null, t.columns(), t.rows(), t.notes());
            }
            sb.append(TableRenderer.render(t, f));
        }
        if (f == Format.HTML) {
            sb.append("</body>\n</html>\n");
        }
        return sb.toString();
    }
}
