package arbiter.tournament;

import arbiter.play.GameResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Results so far, as counts: per player, per pairing and colour, and per colour-reversed pair (the
 * pentanomial counts of a match). Pure bookkeeping; the statistics turn it into Elo.
 */
public final class Standings {
    /** A finished game reduced to what statistics need. */
    public record Result(int id, int pair, String white, String black, GameResult result) {
        double whiteScore() {
            return switch (result) {
                case WHITE_WIN -> 1.0;
                case BLACK_WIN -> 0.0;
                default -> 0.5;
            };
        }
    }

    private final List<String> players;
    private final List<Result> results = new ArrayList<>();
    private final Map<Integer, List<Result>> byPair = new TreeMap<>();

    public Standings(List<String> players) {
        this.players = List.copyOf(players);
    }

    public void add(Result r) {
        results.add(r);
        byPair.computeIfAbsent(r.pair(), k -> new ArrayList<>()).add(r);
    }

    public List<String> players() {
        return players;
    }

    public List<Result> results() {
        return results;
    }

    public int games() {
        return results.size();
    }

    /** {wins, draws, losses} of a player over all its games. */
    public int[] wdl(String player) {
        int[] wdl = new int[3];
        for (Result r : results) {
            if (!r.white().equals(player) && !r.black().equals(player)) {
                continue;
            }
            double s = r.white().equals(player) ? r.whiteScore() : 1 - r.whiteScore();
            wdl[s == 1.0 ? 0 : s == 0.5 ? 1 : 2]++;
        }
        return wdl;
    }

    /** {wins, draws, losses} of {@code player} against {@code opponent}. */
    public int[] wdl(String player, String opponent) {
        int[] wdl = new int[3];
        for (Result r : results) {
            boolean asWhite = r.white().equals(player) && r.black().equals(opponent);
            boolean asBlack = r.black().equals(player) && r.white().equals(opponent);
            if (!asWhite && !asBlack) {
                continue;
            }
            double s = asWhite ? r.whiteScore() : 1 - r.whiteScore();
            wdl[s == 1.0 ? 0 : s == 0.5 ? 1 : 2]++;
        }
        return wdl;
    }

    /**
     * Pentanomial counts of {@code player} over complete colour-reversed pairs against
     * {@code opponent}: index = points scored in the pair x 2 (0 = LL, 1 = LD, 2 = WL or DD,
     * 3 = WD, 4 = WW).
     */
    public int[] pentanomial(String player, String opponent) {
        int[] penta = new int[5];
        for (List<Result> pair : byPair.values()) {
            if (pair.size() != 2) {
                continue;
            }
            double points = 0;
            boolean involved = true;
            for (Result r : pair) {
                if (r.white().equals(player) && r.black().equals(opponent)) {
                    points += r.whiteScore();
                } else if (r.black().equals(player) && r.white().equals(opponent)) {
                    points += 1 - r.whiteScore();
                } else {
                    involved = false;
                }
            }
            if (involved) {
                penta[(int) Math.round(points * 2)]++;
            }
        }
        return penta;
    }

    /** Points per player, highest first. */
    public Map<String, Double> points() {
        Map<String, Double> points = new LinkedHashMap<>();
        for (String p : players) {
            int[] wdl = wdl(p);
            points.put(p, wdl[0] + wdl[1] * 0.5);
        }
        return points;
    }
}
