package arbiter.engine.backgammon;

import arbiter.eval.WeightSpec;
import arbiter.eval.Weights;
import arbiter.eval.WeightsException;
import arbiter.game.backgammon.BackgammonPosition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A linear backgammon evaluation with separate weight sets for contact and race positions, as in the
 * S4 thesis (modelled on pubeval; our own named features and hand-set weights).
 *
 * <p>A position is scored just after a move, from the view of the player who made it ("own"), with
 * the opponent on roll: an equity-like score in centi-points (100 = one point), clamped to
 * {@code ±}{@link #BOUND} so that searches can prune with it. Every feature is computed per phase;
 * a position is in contact while some checker still has to pass an opposing one, otherwise it is a
 * race, and only the weights of its phase apply (names {@code contact.<feature>} and
 * {@code race.<feature>}). Because the score is linear (before the clamp), {@link #features} gives a
 * tuner exact gradients.
 *
 * <p>Boards are {@code int[26]} in their owner's numbering: 0 borne off, 1..24 the points, 25 the bar
 * (see {@link arbiter.game.backgammon.Successors}). Not thread-safe (a scratch array): one per search.
 */
public final class BackgammonEvaluation {
    /** The clamp of every evaluation: three points, the largest win (backgammon). */
    public static final int BOUND = 300;

    /** The features of one phase, in weight order within the phase. */
    public static final List<String> FEATURES = List.of("blot", "shots", "enemyBlot", "point", "three", "extra",
            "homePoint", "anchor", "prime", "pips", "rolls", "bar", "off", "barBoard", "gaps", "bias");

    public static final int BLOT = 0;
    public static final int SHOTS = 1;
    public static final int ENEMY_BLOT = 2;
    public static final int POINT = 3;
    public static final int THREE = 4;
    public static final int EXTRA = 5;
    public static final int HOME_POINT = 6;
    public static final int ANCHOR = 7;
    public static final int PRIME = 8;
    public static final int PIPS = 9;
    public static final int ROLLS = 10;
    public static final int BAR = 11;
    public static final int OFF = 12;
    public static final int BAR_BOARD = 13;
    public static final int GAPS = 14;
    public static final int BIAS = 15;

    /** Offset of the race weights in {@link #SPECS} (the contact weights come first). */
    public static final int RACE = FEATURES.size();

    private static final String[] DESCRIPTIONS = {
        "per own blot (a point with one own checker)",
        "per roll of 36 on which the opponent can hit an own blot (blocking ignored)",
        "per opposing blot",
        "per made point (2 or more checkers), own minus opponent's",
        "per point with 3 or more checkers, own minus opponent's",
        "per checker beyond the third on a point, own minus opponent's",
        "per made point in the own home board (points 1-6), own minus opponent's",
        "per made point in the opponent's home board (own points 19-24), own minus opponent's",
        "per point of the longest run of 2 or more made points, own minus opponent's",
        "per pip of lead: opponent's pip count minus own",
        "per roll of lead in the estimated rolls to bear off, max(pips / 8.17, checkers left / 2.33)",
        "per checker on the bar, own minus opponent's",
        "per checker borne off, own minus opponent's",
        "per opposing checker on the bar times own home-board points, minus the reverse",
        "per empty home-board point below the highest occupied one, own minus opponent's",
        "constant: the opponent is on roll",
    };

    /** The families of the S4 thesis (pubeval's inputs, summed over the points). */
    static final List<String> THESIS_FEATURES = List.of("blot", "enemyBlot", "point", "three", "extra", "bar", "off");

    /** Hand-set defaults, centi-points per unit of feature: {contact, race} per feature. */
    private static final double[][] DEFAULTS = {
        {-4, 0},      // blot
        {-1.2, 0},    // shots
        {2, 0},       // enemyBlot
        {3, 0},       // point
        {0, 0},       // three
        {-1.5, -2},   // extra
        {6, 0},       // homePoint
        {6, 0},       // anchor
        {4, 0},       // prime
        {1, 0.5},     // pips
        {0, 25},      // rolls
        {-15, 0},     // bar
        {2, 3},       // off
        {3, 0},       // barBoard
        {0, 0},       // gaps
        {-4, -15},    // bias
    };

    /** S4 thesis preset, our own values for its families: {contact, race}. */
    private static final double[][] THESIS = {
        {-5, 0},      // blot
        {3, 0},       // enemyBlot
        {6, 1},       // point
        {1, 0},       // three
        {-1.5, -2},   // extra
        {-15, 0},     // bar
        {4, 12},      // off
    };

    /** Every weight: the contact set ({@code contact.<feature>}), then the race set ({@code race.<feature>}). */
    public static final List<WeightSpec> SPECS = specs();

    public static final List<String> PRESETS = List.of("default", "s4-thesis");

    private static List<WeightSpec> specs() {
        List<WeightSpec> specs = new ArrayList<>();
        for (String phase : List.of("contact", "race")) {
            int column = phase.equals("contact") ? 0 : 1;
            for (int f = 0; f < FEATURES.size(); f++) {
                specs.add(new WeightSpec(phase + "." + FEATURES.get(f), DEFAULTS[f][column], false,
                        DESCRIPTIONS[f] + " (" + phase + ")"));
            }
        }
        return Collections.unmodifiableList(specs);
    }

    /** The weights of a preset: {@code default} or {@code s4-thesis}. */
    public static Weights preset(String name) {
        return switch (name) {
            case "default" -> Weights.defaults(SPECS);
            case "s4-thesis" -> {
                Map<String, Double> values = new LinkedHashMap<>();
                for (WeightSpec s : SPECS) {
                    values.put(s.name(), 0.0);
                }
                for (int i = 0; i < THESIS_FEATURES.size(); i++) {
                    values.put("contact." + THESIS_FEATURES.get(i), THESIS[i][0]);
                    values.put("race." + THESIS_FEATURES.get(i), THESIS[i][1]);
                }
                yield Weights.defaults(SPECS).with(values);
            }
            default -> throw new WeightsException("unknown backgammon weight preset '" + name + "'; known: "
                    + String.join(", ", PRESETS));
        };
    }

    /** Rolls (bit {@code 6 * (a - 1) + (b - 1)} for dice a, b) that can carry a checker d pips, blocks ignored. */
    private static final long[] ROLLS_REACHING = rollsReaching();

    /** Rolls (same bits) showing the die d on either die. */
    private static final long[] ROLLS_WITH_DIE = rollsWithDie();

    private static long[] rollsWithDie() {
        long[] masks = new long[7];
        for (int a = 1; a <= 6; a++) {
            for (int b = 1; b <= 6; b++) {
                masks[a] |= 1L << (6 * (a - 1) + (b - 1));
                masks[b] |= 1L << (6 * (a - 1) + (b - 1));
            }
        }
        return masks;
    }

    private static long[] rollsReaching() {
        long[] masks = new long[25];
        for (int d = 1; d <= 24; d++) {
            for (int a = 1; a <= 6; a++) {
                for (int b = 1; b <= 6; b++) {
                    boolean reach = a == d || b == d || a + b == d || (a == b && (3 * a == d || 4 * a == d));
                    if (reach) {
                        masks[d] |= 1L << (6 * (a - 1) + (b - 1));
                    }
                }
            }
        }
        return masks;
    }

    private final double[] weights;
    private final double[] scratch = new double[FEATURES.size()];

    public BackgammonEvaluation(Weights weights) {
        if (!weights.specs().equals(SPECS)) {
            throw new WeightsException("not backgammon weights: " + weights.specs());
        }
        this.weights = weights.toArray();
    }

    /**
     * The score of the position for the player who just moved ({@code own}), the opponent
     * ({@code opponent}) on roll, in centi-points within {@code ±BOUND}. The game must not be over.
     */
    public int evaluate(int[] own, int[] opponent) {
        double[] f = scratch;
        int offset = phaseFeatures(own, opponent, f);
        double sum = 0;
        for (int i = 0; i < f.length; i++) {
            sum += weights[offset + i] * f[i];
        }
        long score = Math.round(sum);
        return (int) Math.max(-BOUND, Math.min(BOUND, score));
    }

    /** {@link #evaluate(int[], int[])} of a position awaiting the dice, for the player not on roll. */
    public int evaluate(BackgammonPosition position) {
        int[] own = new int[26];
        int[] opponent = new int[26];
        boards(position, own, opponent);
        return evaluate(own, opponent);
    }

    /**
     * The features of a position awaiting the dice, from the view of the player not on roll (who
     * has just moved), in {@link #SPECS} order: the phase's features, zero for the other phase.
     * The unclamped evaluation is the dot product with the weights.
     */
    public static void features(BackgammonPosition position, double[] out) {
        int[] own = new int[26];
        int[] opponent = new int[26];
        boards(position, own, opponent);
        features(own, opponent, out);
    }

    /** {@link #features(BackgammonPosition, double[])} of two boards, {@code own} having just moved. */
    public static void features(int[] own, int[] opponent, double[] out) {
        java.util.Arrays.fill(out, 0, SPECS.size(), 0);
        double[] f = new double[FEATURES.size()];
        int offset = phaseFeatures(own, opponent, f);
        System.arraycopy(f, 0, out, offset, f.length);
    }

    private static void boards(BackgammonPosition position, int[] own, int[] opponent) {
        int mover = 1 - position.sideToMove();
        position.copyBoard(mover, own);
        position.copyBoard(1 - mover, opponent);
    }

    /** Whether some checker still has to pass an opposing one. */
    public static boolean contact(int[] own, int[] opponent) {
        return rearmost(own) + rearmost(opponent) > 25;
    }

    /** The highest occupied point (25 = bar), 0 when every checker is off. */
    private static int rearmost(int[] board) {
        for (int p = 25; p >= 1; p--) {
            if (board[p] > 0) {
                return p;
            }
        }
        return 0;
    }

    /** Fills one phase's features into {@code f} and returns the phase's offset in the weights. */
    private static int phaseFeatures(int[] own, int[] opponent, double[] f) {
        boolean contact = contact(own, opponent);
        int ownHome = madePoints(own, 1, 6);
        int oppHome = madePoints(opponent, 1, 6);
        int ownPips = pips(own);
        int oppPips = pips(opponent);
        f[BLOT] = blots(own);
        f[SHOTS] = contact ? shots(own, opponent) : 0;
        f[ENEMY_BLOT] = blots(opponent);
        f[POINT] = madePoints(own, 1, 24) - madePoints(opponent, 1, 24);
        f[THREE] = spares(own) - spares(opponent);
        f[EXTRA] = extra(own) - extra(opponent);
        f[HOME_POINT] = ownHome - oppHome;
        f[ANCHOR] = madePoints(own, 19, 24) - madePoints(opponent, 19, 24);
        f[PRIME] = prime(own) - prime(opponent);
        f[PIPS] = oppPips - ownPips;
        f[ROLLS] = rolls(opponent, oppPips) - rolls(own, ownPips);
        f[BAR] = own[25] - opponent[25];
        f[OFF] = own[0] - opponent[0];
        f[BAR_BOARD] = opponent[25] * ownHome - own[25] * oppHome;
        f[GAPS] = gaps(own) - gaps(opponent);
        f[BIAS] = 1;
        return contact ? 0 : RACE;
    }

    private static int blots(int[] board) {
        int n = 0;
        for (int p = 1; p <= 24; p++) {
            if (board[p] == 1) {
                n++;
            }
        }
        return n;
    }

    private static int madePoints(int[] board, int from, int to) {
        int n = 0;
        for (int p = from; p <= to; p++) {
            if (board[p] >= 2) {
                n++;
            }
        }
        return n;
    }

    private static int spares(int[] board) {
        int n = 0;
        for (int p = 1; p <= 24; p++) {
            if (board[p] >= 3) {
                n++;
            }
        }
        return n;
    }

    private static int extra(int[] board) {
        int n = 0;
        for (int p = 1; p <= 24; p++) {
            n += Math.max(0, board[p] - 3);
        }
        return n;
    }

    /** Length of the longest run of made points, 0 when no two adjacent points are made. */
    private static int prime(int[] board) {
        int best = 0;
        int run = 0;
        for (int p = 1; p <= 24; p++) {
            run = board[p] >= 2 ? run + 1 : 0;
            best = Math.max(best, run);
        }
        return best >= 2 ? best : 0;
    }

    private static int pips(int[] board) {
        int pips = 0;
        for (int p = 1; p <= 25; p++) {
            pips += p * board[p];
        }
        return pips;
    }

    /** Estimated rolls to bear off: the pips over an average roll, or the checkers over 2.33 a roll. */
    private static double rolls(int[] board, int pips) {
        return Math.max(pips / 8.17, (15 - board[0]) / 2.33);
    }

    private static int gaps(int[] board) {
        int highest = 0;
        for (int p = 6; p >= 1; p--) {
            if (board[p] > 0) {
                highest = p;
                break;
            }
        }
        int gaps = 0;
        for (int p = 1; p < highest; p++) {
            if (board[p] == 0) {
                gaps++;
            }
        }
        return gaps;
    }

    /**
     * Rolls of 36 on which the opponent (on roll) reaches one of the own blots: from the opponent's
     * checkers behind it, by one die, both, or 3 or 4 steps of a double. An opponent on the bar
     * hits only with the entering checker (from the own point 0) and only on rolls that let it
     * enter. Blocked landing points are otherwise ignored.
     */
    private static int shots(int[] own, int[] opponent) {
        // Opposing checkers by own point number: the opponent's point q is the own point 25 - q.
        int attackers = 0;
        long allowed = -1L;
        if (opponent[25] > 0) {
            attackers = 1;
            allowed = 0;
            for (int d = 1; d <= 6; d++) {
                if (own[d] < 2) {
                    allowed |= ROLLS_WITH_DIE[d];
                }
            }
        } else {
            for (int q = 1; q <= 24; q++) {
                if (opponent[q] > 0) {
                    attackers |= 1 << (25 - q);
                }
            }
        }
        long rolls = 0;
        for (int p = 1; p <= 24; p++) {
            if (own[p] != 1) {
                continue;
            }
            for (int behind = attackers & ((1 << p) - 1); behind != 0; behind &= behind - 1) {
                rolls |= ROLLS_REACHING[p - Integer.numberOfTrailingZeros(behind)];
            }
        }
        return Long.bitCount(rolls & allowed);
    }
}
