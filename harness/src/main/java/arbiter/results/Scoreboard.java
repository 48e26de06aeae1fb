package arbiter.results;

import arbiter.config.RunConfig;
import arbiter.play.GameResult;
import arbiter.stats.GameCounts;
import arbiter.stats.MatchStats;
import arbiter.stats.RatingModel;
import arbiter.stats.RatingOptions;
import arbiter.stats.Ratings;
import arbiter.stats.Sprt;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's results, counted as games finish and never rescanned: W/D/L per pairing and colour (the
 * rating list's {@link GameCounts}), W/D/L per player, and pentanomial counts per pairing. A
 * colour-reversed pair is counted when its second game comes in (as fastchess's
 * {@code ScoreBoard::updatePair}): the first waits, by its pair number, in a map of open pairs that
 * holds at most the games in flight. Every figure, and the match {@link #verdict()} (counts, Elo,
 * nElo, LOS, SPRT) the console, the dashboard, the report, the stop policy and the tuner read, costs
 * the same after ten games or a million.
 *
 * <p>Undecided results ({@code *}, unknown) count in {@link #games()} but in no W/D/L and no pair,
 * like the rating list, which rates decided games only. Not thread-safe: the coordinator fills it;
 * another thread reads a {@link #copy()}.
 */
public final class Scoreboard {
    private final List<String> players;
    private final GameCounts counts = new GameCounts();
    /** Per player index: wins, draws, losses. */
    private final List<long[]> perPlayer = new ArrayList<>();
    /** Per pairing (low index * 2^32 + high index): pentanomial counts from the low index's side. */
    private final Map<Long, long[]> pentanomial = new HashMap<>();
    /** Per pairing: the pairs of the middle cell that were a win and a loss (the rest were two draws). */
    private final Map<Long, Long> winLossPairs = new HashMap<>();
    /** First games of pairs waiting for their second: pair number to (low, high, low's score). */
    private final Map<Integer, double[]> openPairs = new HashMap<>();
    private final String matchPlayer;
    private final String matchOpponent;
    private final boolean paired;
    private final Sprt sprt;
    private int games;
    private MatchVerdict verdict;
    /** The match's last SPRT result and the samples it was computed at (the LLR moves only with them). */
    private Sprt.Result sprtResult;
    private long sprtSamples = -1;

    /**
     * @param players       every player, in the config's order
     * @param matchPlayer   the match's tested player (its verdict's side), or null for no match
     * @param matchOpponent its opponent, or null
     * @param paired        openings are played twice, colours reversed: the verdict counts pairs
     * @param sprt          the match's SPRT, or null
     */
    public Scoreboard(List<String> players, String matchPlayer, String matchOpponent, boolean paired, Sprt sprt) {
        this.players = List.copyOf(players);
        for (String p : players) {
            player(p);
        }
        this.matchPlayer = matchPlayer;
        this.matchOpponent = matchOpponent;
        this.paired = paired;
        this.sprt = sprt;
    }

    /** The scoreboard of a run: its players, and for a match its two players, pairing and SPRT. */
    public static Scoreboard of(RunConfig config) {
        List<String> names = config.players().stream().map(RunConfig.PlayerConfig::name).toList();
        RunConfig.Schedule s = config.schedule();
        if (!s.match()) {
            return new Scoreboard(names, null, null, config.openings().pairs(), null);
        }
        return new Scoreboard(names, s.players().get(0), s.players().get(1), config.openings().pairs(), sprt(s.sprt()));
    }

    /** The test a config's SPRT block asks for, built once, or null for none. */
    public static Sprt sprt(RunConfig.Sprt s) {
        return s == null ? null : Sprt.of(s.elo0(), s.elo1(), s.alpha(), s.beta(), Sprt.Model.of(s.normalized()));
    }

    /** An independent copy (for another thread to read while this one counts). */
    public Scoreboard copy() {
        Scoreboard c = new Scoreboard(players, matchPlayer, matchOpponent, paired, sprt);
        for (int i = 0; i < counts.players(); i++) {
            c.player(counts.name(i));
            c.perPlayer.get(i)[0] = perPlayer.get(i)[0];
            c.perPlayer.get(i)[1] = perPlayer.get(i)[1];
            c.perPlayer.get(i)[2] = perPlayer.get(i)[2];
            for (int j = 0; j < counts.players(); j++) {
                if (i != j && counts.games(i, j) > 0) {
                    c.counts.add(i, j, counts.wins(i, j), counts.draws(i, j), counts.losses(i, j));
                }
            }
        }
        pentanomial.forEach((k, v) -> c.pentanomial.put(k, v.clone()));
        c.winLossPairs.putAll(winLossPairs);
        openPairs.forEach((k, v) -> c.openPairs.put(k, v.clone()));
        c.games = games;
        c.verdict = verdict;
        c.sprtResult = sprtResult;
        c.sprtSamples = sprtSamples;
        return c;
    }

    /**
     * Counts a finished game.
     *
     * @param pair its colour-reversed pair's number (the task's), or -1 when it has none or it is not known
     */
    public void add(String white, String black, GameResult result, int pair) {
        games++;
        if (!result.decided()) {
            return;
        }
        int w = player(white);
        int b = player(black);
        counts.add(white, black, result);
        int k = result.whiteWdlIndex();
        perPlayer.get(w)[k]++;
        perPlayer.get(b)[2 - k]++;
        if (isMatch(white, black)) {
            verdict = null;
        }
        if (pair < 0) {
            return;
        }
        int low = Math.min(w, b);
        int high = Math.max(w, b);
        double lowScore = result.scoreOf(low == w);
        double[] first = openPairs.remove(pair);
        if (first == null) {
            openPairs.put(pair, new double[] {low, high, lowScore});
        } else if (first[0] == low && first[1] == high) {
            pentanomial.computeIfAbsent(key(low, high), x -> new long[5])[(int) Math.round((first[2] + lowScore) * 2)]++;
            if (first[2] + lowScore == 1 && lowScore != 0.5) {
                winLossPairs.merge(key(low, high), 1L, Long::sum);
            }
        }
    }

    private boolean isMatch(String white, String black) {
        return matchPlayer != null && (white.equals(matchPlayer) && black.equals(matchOpponent)
                || white.equals(matchOpponent) && black.equals(matchPlayer));
    }

    private int player(String name) {
        int i = counts.player(name);
        while (perPlayer.size() <= i) {
            perPlayer.add(new long[3]);
        }
        return i;
    }

    private static long key(int low, int high) {
        return ((long) low << 32) | high;
    }

    /** Every player of the config, in its order. */
    public List<String> players() {
        return players;
    }

    /** Games counted, undecided ones included. */
    public int games() {
        return games;
    }

    /** Per pairing and colour W/D/L: what the rating list reads (do not change it; see {@link #copy()}). */
    public GameCounts counts() {
        return counts;
    }

    /** {wins, draws, losses} of a player over all its games. */
    public long[] wdl(String player) {
        int i = counts.indexOf(player);
        return i < 0 ? new long[3] : perPlayer.get(i).clone();
    }

    /** Points of a player: wins and half the draws. */
    public double points(String player) {
        long[] wdl = wdl(player);
        return wdl[0] + wdl[1] / 2.0;
    }

    /** {wins, draws, losses} of {@code player} against {@code opponent}, both colours. */
    public long[] wdl(String player, String opponent) {
        int a = counts.indexOf(player);
        int b = counts.indexOf(opponent);
        return a < 0 || b < 0 || a == b ? new long[3] : counts.wdl(a, b);
    }

    /**
     * Pentanomial counts of {@code player} over complete colour-reversed pairs against {@code opponent}:
     * index = points scored in the pair x 2 (0 = LL, 1 = LD, 2 = WL or DD, 3 = WD, 4 = WW).
     */
    public long[] pentanomial(String player, String opponent) {
        int a = counts.indexOf(player);
        int b = counts.indexOf(opponent);
        long[] p = a < 0 || b < 0 || a == b ? null : pentanomial.get(key(Math.min(a, b), Math.max(a, b)));
        long[] out = new long[5];
        if (p != null) {
            for (int k = 0; k < 5; k++) {
                out[k] = a < b ? p[k] : p[4 - k];
            }
        }
        return out;
    }

    /** Of the pentanomial's middle cell, the pairs of a win and a loss (fastchess's WL; the rest are DD). */
    public long winLossPairs(String player, String opponent) {
        int a = counts.indexOf(player);
        int b = counts.indexOf(opponent);
        return a < 0 || b < 0 || a == b ? 0 : winLossPairs.getOrDefault(key(Math.min(a, b), Math.max(a, b)), 0L);
    }

    /**
     * The samples of the match so far: its complete pairs when paired, else its decided games (0 when
     * this is no match). The LLR changes only when this does.
     */
    public long matchSamples() {
        if (matchPlayer == null) {
            return 0;
        }
        if (paired) {
            long[] p = pentanomial(matchPlayer, matchOpponent);
            return p[0] + p[1] + p[2] + p[3] + p[4];
        }
        long[] wdl = wdl(matchPlayer, matchOpponent);
        return wdl[0] + wdl[1] + wdl[2];
    }

    /**
     * The rating list of the games so far (call on the thread that counts, or on a copy). Anchors
     * that have not played a decided game yet (early in a gauntlet, say) are left out: the others are
     * fitted to those that have, or centred on 0 when none has. The one anchor rule of the console,
     * the page and the report.
     *
     * @param bootstrap samples for the error bars; 0 for the likelihood's curvature
     */
    public Ratings ratings(Map<String, Double> anchors, int bootstrap, long seed) {
        return ratings(anchors, bootstrap, seed, RatingModel.ORDO);
    }

    /** As {@link #ratings(Map, int, long)} under a rating model (BayesElo's fixes at most one anchor: the first met). */
    public Ratings ratings(Map<String, Double> anchors, int bootstrap, long seed, RatingModel model) {
        RatingOptions options = RatingOptions.defaults().withBootstrap(bootstrap, seed);
        Map<String, Double> met = new LinkedHashMap<>();
        anchors.forEach((name, elo) -> {
            long[] wdl = wdl(name);
            if (wdl[0] + wdl[1] + wdl[2] > 0 && (model != RatingModel.BAYESELO || met.isEmpty())) {
                met.put(name, elo);
            }
        });
        return model.compute(counts, met.isEmpty() ? options : options.withAnchors(met));
    }

    /** The config's {@code ratingModel} (Ordo's unless it says bayeselo). */
    public static RatingModel ratingModel(RunConfig config) {
        JsonNode m = config.json() == null ? null : config.json().get("ratingModel");
        RatingModel model = m == null || !m.isTextual() ? null : RatingModel.parse(m.asText());
        return model == null ? RatingModel.ORDO : model;
    }

    /** True for a match's scoreboard (its verdict is the match's). */
    public boolean match() {
        return matchPlayer != null;
    }

    /** The match's SPRT, or null. */
    public Sprt sprt() {
        return sprt;
    }

    /** The match's verdict now (kept until a game of the match is added); null when this is no match. */
    public MatchVerdict verdict() {
        if (matchPlayer == null) {
            return null;
        }
        if (verdict == null) {
            long samples = matchSamples();
            Sprt.Result known = sprt != null && samples == sprtSamples ? sprtResult : null;
            verdict = verdict(matchPlayer, matchOpponent, paired, known == null ? sprt : null);
            if (sprt != null && known == null) {
                sprtResult = verdict.sprtResult();
                sprtSamples = samples;
            } else if (known != null) {
                // the first game of a pair: new W/D/L, the same pairs, so the same LLR
                verdict = new MatchVerdict(verdict.player(), verdict.opponent(), verdict.wins(), verdict.draws(),
                        verdict.losses(), verdict.pentanomial(), paired, verdict.stats(), sprt, known, verdict.winLossPairs());
            }
        }
        return verdict;
    }

    /**
     * The verdict of any two players: pentanomial statistics when {@code paired} and a pair is
     * complete, else trinomial; the SPRT (when given) on pairs when {@code paired}, else on games.
     */
    public MatchVerdict verdict(String player, String opponent, boolean paired, Sprt sprt) {
        long[] wdl = wdl(player, opponent);
        long[] penta = pentanomial(player, opponent);
        long pairs = penta[0] + penta[1] + penta[2] + penta[3] + penta[4];
        long[] trinomial = {wdl[2], wdl[1], wdl[0]};
        MatchStats stats = paired && pairs > 0 ? MatchStats.of(penta) : MatchStats.of(trinomial);
        Sprt.Result r = sprt == null ? null : sprt.test(paired ? penta : trinomial);
        return new MatchVerdict(player, opponent, wdl[0], wdl[1], wdl[2], penta, paired, stats, sprt, r,
                winLossPairs(player, opponent));
    }
}
