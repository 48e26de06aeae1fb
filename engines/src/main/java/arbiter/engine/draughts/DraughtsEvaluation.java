package arbiter.engine.draughts;

import arbiter.eval.WeightSpec;
import arbiter.eval.Weights;
import arbiter.eval.WeightsException;
import arbiter.game.draughts.DraughtsBoard;
import arbiter.game.draughts.Geometry;
import java.util.List;
import java.util.Map;

/**
 * A linear draughts evaluation for every variant: score = sum(weight_i x feature_i) in units of
 * 1/100 of the {@code man} weight (so a man is worth 100 whatever the weight set's own scale, and
 * scores, adjudication and records compare across presets), each feature counted for White minus
 * Black, returned from the side to move's view. The terms are those
 * of the two seed programs — S0 (man, king, backRow, edge) and S2 (rankSquared, kingEdge, kingCorner,
 * neighbour) — plus tempo, centre, mobility and runaway. Presets {@code s0-damaq} and
 * {@code s2-autocheckers} reproduce each thesis' function; {@code default} is ours.
 *
 * <p>Because it is linear, {@link #features} gives the tuner exact gradients (Texel).
 */
public final class DraughtsEvaluation implements DraughtsBoard.Evaluator {
    /** Score units per man. */
    public static final int SCALE = 100;

    public static final List<WeightSpec> SPECS = List.of(
            new WeightSpec("man", 1, false, "per man"),
            new WeightSpec("king", 3, false, "per king"),
            new WeightSpec("backRow", 0.1, false, "per piece on its own back row (S0)"),
            new WeightSpec("edge", -0.05, false, "per piece on a side edge, rows 3 to width-2 from its own side (S0's squares 6,16,26,15,25,35 for White on 10x10, mirrored for Black)"),
            new WeightSpec("rankSquared", 0, false, "per man: rank^2, rank 0 on its own back row (S2)"),
            new WeightSpec("kingEdge", 0, false, "per king on a border square other than a corner (S2)"),
            new WeightSpec("kingCorner", 0, false, "per king on one of the two dark corners (S2)"),
            new WeightSpec("neighbour", 0.02, false, "per friendly diagonal neighbour of each piece (S2)"),
            new WeightSpec("tempo", 0.03, false, "per man: its rank (advancement)"),
            new WeightSpec("centre", 0.1, false, "per piece on the central squares of the two middle rows"),
            new WeightSpec("mobility", 0.02, false, "per quiet move available"),
            new WeightSpec("runaway", 0.5, false, "per man one step from promotion with an empty promotion square ahead"));

    public static final int MAN = 0;
    public static final int KING = 1;
    public static final int BACK_ROW = 2;
    public static final int EDGE = 3;
    public static final int RANK_SQUARED = 4;
    public static final int KING_EDGE = 5;
    public static final int KING_CORNER = 6;
    public static final int NEIGHBOUR = 7;
    public static final int TEMPO = 8;
    public static final int CENTRE = 9;
    public static final int MOBILITY = 10;
    public static final int RUNAWAY = 11;

    public static final List<String> PRESETS = List.of("default", "s0-damaq", "s2-autocheckers");

    /** The weights of a preset: {@code default}, {@code s0-damaq} or {@code s2-autocheckers}. */
    public static Weights preset(String name) {
        Weights zero = Weights.defaults(SPECS).withValues(new double[SPECS.size()]);
        return switch (name) {
            case "default" -> Weights.defaults(SPECS);
            // S0 (Damaq, 2006): man 2, king 9, +1 per piece on the own back row, +1 on its edge squares.
            case "s0-damaq" -> zero.with(Map.of("man", 2, "king", 9, "backRow", 1, "edge", 1));
            // S2 (AutoCheckers, 2009): man 100, king 170 (best reading), rank^2, king edge -15 / corner -30,
            // +20 per friendly diagonal neighbour.
            case "s2-autocheckers" -> zero.with(Map.of("man", 100, "king", 170, "rankSquared", 1,
                    "kingEdge", -15, "kingCorner", -30, "neighbour", 20));
            default -> throw new WeightsException("unknown draughts weight preset '" + name + "'; known: "
                    + String.join(", ", PRESETS));
        };
    }

    private final double[] weights;
    private final Masks masks;
    /** Score units per unit of weight x feature: 100 / man weight. */
    private final double unit;

    public DraughtsEvaluation(Weights weights, int width) {
        this.weights = weights.toArray();
        this.masks = Masks.of(width);
        double man = this.weights[MAN];
        this.unit = man > 0 ? SCALE / man : SCALE;
    }

    @Override
    public int evaluate(DraughtsBoard board) {
        // The same terms as features(), summed directly: this is the search's hot path.
        Masks m = masks;
        double[] w = weights;
        long white = board.white();
        long black = board.black();
        long kings = board.kings();
        long empty = m.geometry.board & ~(white | black);
        long wm = white & ~kings;
        long bm = black & ~kings;
        long wk = white & kings;
        long bk = black & kings;
        double sum = w[MAN] * (Long.bitCount(wm) - Long.bitCount(bm))
                + w[KING] * (Long.bitCount(wk) - Long.bitCount(bk));
        if (w[BACK_ROW] != 0) {
            sum += w[BACK_ROW] * (Long.bitCount(white & m.geometry.bottomRow) - Long.bitCount(black & m.geometry.topRow));
        }
        if (w[EDGE] != 0) {
            sum += w[EDGE] * (Long.bitCount(white & m.edgeWhite) - Long.bitCount(black & m.edgeBlack));
        }
        if (w[RANK_SQUARED] != 0 || w[TEMPO] != 0) {
            int rankSq = 0;
            int tempo = 0;
            for (int r = 1; r < m.rankWhite.length; r++) {
                int d = Long.bitCount(wm & m.rankWhite[r]) - Long.bitCount(bm & m.rankBlack[r]);
                rankSq += r * r * d;
                tempo += r * d;
            }
            sum += w[RANK_SQUARED] * rankSq + w[TEMPO] * tempo;
        }
        if ((wk | bk) != 0) {
            sum += w[KING_EDGE] * (Long.bitCount(wk & m.borderNoCorner) - Long.bitCount(bk & m.borderNoCorner))
                    + w[KING_CORNER] * (Long.bitCount(wk & m.corners) - Long.bitCount(bk & m.corners));
        }
        if (w[NEIGHBOUR] != 0) {
            int neighbours = 0;
            for (int shift : m.geometry.steps) {
                neighbours += Long.bitCount(step(white, shift) & white) - Long.bitCount(step(black, shift) & black);
            }
            sum += w[NEIGHBOUR] * neighbours;
        }
        if (w[CENTRE] != 0) {
            sum += w[CENTRE] * (Long.bitCount(white & m.centre) - Long.bitCount(black & m.centre));
        }
        if (w[MOBILITY] != 0) {
            sum += w[MOBILITY] * (mobility(wm, wk, empty, true, m) - mobility(bm, bk, empty, false, m));
        }
        if (w[RUNAWAY] != 0) {
            sum += w[RUNAWAY] * (runaways(wm, empty, true, m) - runaways(bm, empty, false, m));
        }
        int score = (int) Math.round(sum * unit);
        return board.whiteToMove() ? score : -score;
    }

    /** The evaluation's features for Texel tuning; quiet = the side to move has no capture. */
    public static final arbiter.eval.LinearEvaluation LINEAR = new arbiter.eval.LinearEvaluation() {
        @Override
        public List<WeightSpec> specs() {
            return SPECS;
        }

        @Override
        public void features(arbiter.game.Position position, double[] out) {
            arbiter.game.draughts.DraughtsPosition p = (arbiter.game.draughts.DraughtsPosition) position;
            DraughtsEvaluation.features(p.whiteBits(), p.blackBits(), p.kingBits(), Masks.of(p.rules().width()), out);
        }

        @Override
        public boolean isQuiet(arbiter.game.Position position) {
            for (arbiter.game.Move m : position.legalMoves()) {
                if (((arbiter.game.draughts.DraughtsMove) m).isCapture()) {
                    return false;
                }
            }
            return true;
        }
    };

    /** The features of a position, White minus Black, into {@code out} (length {@code SPECS.size()}). */
    public static void features(DraughtsBoard board, double[] out) {
        features(board.white(), board.black(), board.kings(), Masks.of(board.rules().width()), out);
    }

    private static void features(long white, long black, long kings, Masks m, double[] out) {
        long empty = m.geometry.board & ~(white | black);
        long wm = white & ~kings;
        long bm = black & ~kings;
        long wk = white & kings;
        long bk = black & kings;
        out[MAN] = Long.bitCount(wm) - Long.bitCount(bm);
        out[KING] = Long.bitCount(wk) - Long.bitCount(bk);
        out[BACK_ROW] = Long.bitCount(white & m.geometry.bottomRow) - Long.bitCount(black & m.geometry.topRow);
        out[EDGE] = Long.bitCount(white & m.edgeWhite) - Long.bitCount(black & m.edgeBlack);
        int rankSq = 0;
        int tempo = 0;
        for (int r = 1; r < m.rankWhite.length; r++) {
            int w = Long.bitCount(wm & m.rankWhite[r]);
            int b = Long.bitCount(bm & m.rankBlack[r]);
            rankSq += r * r * (w - b);
            tempo += r * (w - b);
        }
        out[RANK_SQUARED] = rankSq;
        out[TEMPO] = tempo;
        out[KING_EDGE] = Long.bitCount(wk & m.borderNoCorner) - Long.bitCount(bk & m.borderNoCorner);
        out[KING_CORNER] = Long.bitCount(wk & m.corners) - Long.bitCount(bk & m.corners);
        int neighbours = 0;
        for (int shift : m.geometry.steps) {
            neighbours += Long.bitCount(step(white, shift) & white) - Long.bitCount(step(black, shift) & black);
        }
        out[NEIGHBOUR] = neighbours;
        out[CENTRE] = Long.bitCount(white & m.centre) - Long.bitCount(black & m.centre);
        out[MOBILITY] = mobility(wm, wk, empty, true, m) - mobility(bm, bk, empty, false, m);
        out[RUNAWAY] = runaways(wm, empty, true, m) - runaways(bm, empty, false, m);
    }

    private static long step(long bits, int shift) {
        return shift > 0 ? bits << shift : bits >>> -shift;
    }

    private static int mobility(long men, long kings, long empty, boolean white, Masks m) {
        int[] steps = m.geometry.steps;
        int first = white ? 0 : 2;
        int count = Long.bitCount(step(men, steps[first]) & empty) + Long.bitCount(step(men, steps[first + 1]) & empty);
        for (int shift : steps) {
            count += Long.bitCount(step(kings, shift) & empty);
        }
        return count;
    }

    private static int runaways(long men, long empty, boolean white, Masks m) {
        int[] steps = m.geometry.steps;
        long last = white ? m.rankWhite[m.rankWhite.length - 1] : m.rankBlack[m.rankBlack.length - 1];
        long candidates = men & last;
        int first = white ? 0 : 2;
        long free = step(empty, -steps[first]) | step(empty, -steps[first + 1]);
        return Long.bitCount(candidates & free);
    }

    /** Square sets used by the features, per board size. */
    static final class Masks {
        final Geometry geometry;
        final long edgeWhite;
        final long edgeBlack;
        final long[] rankWhite;
        final long[] rankBlack;
        final long borderNoCorner;
        final long corners;
        final long centre;

        private static final Masks EIGHT = new Masks(8);
        private static final Masks TEN = new Masks(10);

        static Masks of(int width) {
            return width == 8 ? EIGHT : TEN;
        }

        private Masks(int width) {
            geometry = Geometry.of(width);
            long ew = 0;
            long eb = 0;
            long border = 0;
            long corner = 0;
            long centreMask = 0;
            rankWhite = new long[width - 1];
            rankBlack = new long[width - 1];
            for (int s = 1; s <= geometry.squares; s++) {
                long bit = 1L << geometry.bit(s);
                int row = geometry.row(s);
                int col = geometry.column(s);
                int whiteRank = width - 1 - row;
                int blackRank = row;
                boolean sideEdge = col == 0 || col == width - 1;
                if (sideEdge && whiteRank >= 3 && whiteRank <= width - 2) {
                    ew |= bit;
                }
                if (sideEdge && blackRank >= 3 && blackRank <= width - 2) {
                    eb |= bit;
                }
                if (whiteRank < width - 1) {
                    rankWhite[whiteRank] |= bit;
                }
                if (blackRank < width - 1) {
                    rankBlack[blackRank] |= bit;
                }
                boolean isBorder = sideEdge || row == 0 || row == width - 1;
                boolean isCorner = (col == 0 && row == width - 1) || (col == width - 1 && row == 0);
                if (isCorner) {
                    corner |= bit;
                } else if (isBorder) {
                    border |= bit;
                }
                if ((row == width / 2 - 1 || row == width / 2) && col >= 2 && col <= width - 3) {
                    centreMask |= bit;
                }
            }
            edgeWhite = ew;
            edgeBlack = eb;
            borderNoCorner = border;
            corners = corner;
            centre = centreMask;
        }
    }
}
