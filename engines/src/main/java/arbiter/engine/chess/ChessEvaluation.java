package arbiter.engine.chess;

import static arbiter.game.chess.ChessBoard.BISHOPS;
import static arbiter.game.chess.ChessBoard.BLACK;
import static arbiter.game.chess.ChessBoard.KINGS;
import static arbiter.game.chess.ChessBoard.KNIGHTS;
import static arbiter.game.chess.ChessBoard.PAWNS;
import static arbiter.game.chess.ChessBoard.QUEENS;
import static arbiter.game.chess.ChessBoard.ROOKS;
import static arbiter.game.chess.ChessBoard.WHITE;
import static java.lang.Long.bitCount;
import static java.lang.Long.numberOfTrailingZeros;

import arbiter.eval.WeightSpec;
import arbiter.eval.Weights;
import arbiter.eval.WeightsException;
import arbiter.game.chess.Attacks;
import arbiter.game.chess.ChessBoard;
import arbiter.game.chess.ChessPosition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chess evaluation that is linear in its named weights, tapered between middlegame and endgame.
 * Each term is a count, White minus Black; a tapered term has two weights ({@code pawn.mg},
 * {@code pawn.eg}) blended by the game phase (24 with all minor and major pieces on the board, 0
 * with none), an untapered term one. The score is in units of 1/100 of the {@code pawn.mg} weight
 * (so a middlegame pawn is worth 100 whatever the weight set's own scale), from the side to move's
 * view.
 *
 * <p>Presets: {@code default} is ours (material, centralisation, king shelter, pawn structure, rooks
 * on open files, bishop pair, mobility per piece, tempo); {@code s3-sehnal} is the S3 thesis
 * function (material 10/30/30/48/95, centre bonus ring x value/2 with the queen only once the
 * minors are developed, a castling bonus for the king, +1 per legal move, +2 per attacked enemy
 * piece, pawn advancement). Mate and draw scores come from the search.
 *
 * <p>Because it is linear, {@link #features} gives the tuner exact gradients (Texel).
 */
public final class ChessEvaluation implements ChessBoard.Evaluator {
    /** Score units per middlegame pawn. */
    public static final int SCALE = 100;
    /** Phase with every piece on the board: knights and bishops 1, rooks 2, queens 4. */
    public static final int MAX_PHASE = 24;

    // ---- terms: the features before the phase split (White minus Black)
    static final int PAWN = 0;
    static final int KNIGHT = 1;
    static final int BISHOP = 2;
    static final int ROOK = 3;
    static final int QUEEN = 4;
    static final int CENTRE_PAWN = 5;
    static final int CENTRE_KNIGHT = 6;
    static final int CENTRE_BISHOP = 7;
    static final int CENTRE_ROOK = 8;
    static final int CENTRE_QUEEN = 9;
    static final int CENTRE_KING = 10;
    static final int CASTLED = 11;
    static final int KING_SHELTER = 12;
    static final int PAWN_ADVANCE = 13;
    static final int PAWN_DOUBLED = 14;
    static final int PAWN_ISOLATED = 15;
    /** Passed pawns by relative rank 2..7: terms PASSED + 0 .. PASSED + 5. */
    static final int PASSED = 16;
    static final int ROOK_OPEN_FILE = 22;
    static final int ROOK_HALF_OPEN_FILE = 23;
    static final int BISHOP_PAIR = 24;
    static final int MOBILITY_KNIGHT = 25;
    static final int MOBILITY_BISHOP = 26;
    static final int MOBILITY_ROOK = 27;
    static final int MOBILITY_QUEEN = 28;
    static final int LEGAL_MOBILITY = 29;
    static final int ATTACKED_PIECES = 30;
    static final int TEMPO = 31;
    static final int TERMS = 32;

    /** One term: its weight name (or name prefix if tapered), whether it is tapered, its meaning. */
    private record Term(String name, boolean tapered, String description) {
    }

    private static final Term[] TERM_LIST = terms();

    private static Term[] terms() {
        Term[] t = new Term[TERMS];
        t[PAWN] = new Term("pawn", true, "per pawn");
        t[KNIGHT] = new Term("knight", true, "per knight");
        t[BISHOP] = new Term("bishop", true, "per bishop");
        t[ROOK] = new Term("rook", true, "per rook");
        t[QUEEN] = new Term("queen", true, "per queen");
        String ring = ": its ring coefficient 0.2/0.4/0.6/0.8 from the edge to the centre (S3)";
        t[CENTRE_PAWN] = new Term("centre.pawn", false, "per pawn" + ring);
        t[CENTRE_KNIGHT] = new Term("centre.knight", false, "per knight" + ring);
        t[CENTRE_BISHOP] = new Term("centre.bishop", false, "per bishop" + ring);
        t[CENTRE_ROOK] = new Term("centre.rook", false, "per rook" + ring);
        t[CENTRE_QUEEN] = new Term("centre.queen", false,
                "per queen" + ring + ", counted only once no own knight or bishop stands on its home square");
        t[CENTRE_KING] = new Term("centre.king", true, "the king" + ring);
        t[CASTLED] = new Term("castled", true,
                "king on a castled square of its back rank: a, b, c, g or h file (S3's castling bonus)");
        t[KING_SHELTER] = new Term("king.shelter", true,
                "per own pawn on the three files around the king, one or two ranks in front of it");
        t[PAWN_ADVANCE] = new Term("pawn.advance", true, "per pawn: ranks advanced from its start rank (0..5)");
        t[PAWN_DOUBLED] = new Term("pawn.doubled", true, "per pawn behind another own pawn on its file");
        t[PAWN_ISOLATED] = new Term("pawn.isolated", true, "per pawn without own pawns on the adjacent files");
        for (int r = 0; r < 6; r++) {
            t[PASSED + r] = new Term("passed.rank" + (r + 2), true,
                    "per passed pawn (no enemy pawn ahead on its own or adjacent files) on relative rank " + (r + 2));
        }
        t[ROOK_OPEN_FILE] = new Term("rook.openFile", false, "per rook on a file without pawns");
        t[ROOK_HALF_OPEN_FILE] = new Term("rook.halfOpenFile", false,
                "per rook on a file with enemy pawns only");
        t[BISHOP_PAIR] = new Term("bishop.pair", false, "two bishops or more");
        String mob = ": squares attacked that hold no own piece and no enemy pawn attacks";
        t[MOBILITY_KNIGHT] = new Term("mobility.knight", false, "per knight" + mob);
        t[MOBILITY_BISHOP] = new Term("mobility.bishop", false, "per bishop" + mob);
        t[MOBILITY_ROOK] = new Term("mobility.rook", false, "per rook" + mob);
        t[MOBILITY_QUEEN] = new Term("mobility.queen", false, "per queen" + mob);
        t[LEGAL_MOBILITY] = new Term("mobility.legal", false,
                "per legal move, each side counted as if it were to move (S3)");
        t[ATTACKED_PIECES] = new Term("attackedPieces", false, "per enemy piece other than the king attacked (S3)");
        t[TEMPO] = new Term("tempo", false, "for the side to move");
        return t;
    }

    /** The named weights, in order: a tapered term's {@code .mg} then {@code .eg}. */
    public static final List<WeightSpec> SPECS;
    /** Per term: the index of its middlegame (or only) weight and of its endgame (or only) weight. */
    private static final int[] MG_INDEX = new int[TERMS];
    private static final int[] EG_INDEX = new int[TERMS];

    static {
        Map<String, Double> defaults = defaultValues();
        List<WeightSpec> specs = new ArrayList<>();
        for (int k = 0; k < TERMS; k++) {
            Term t = TERM_LIST[k];
            if (t.tapered()) {
                MG_INDEX[k] = specs.size();
                specs.add(spec(t.name() + ".mg", defaults, t.description() + ", middlegame"));
                EG_INDEX[k] = specs.size();
                specs.add(spec(t.name() + ".eg", defaults, t.description() + ", endgame"));
            } else {
                MG_INDEX[k] = specs.size();
                EG_INDEX[k] = specs.size();
                specs.add(spec(t.name(), defaults, t.description()));
            }
        }
        SPECS = List.copyOf(specs);
    }

    private static WeightSpec spec(String name, Map<String, Double> defaults, String description) {
        Double value = defaults.get(name);
        if (value == null) {
            throw new IllegalStateException("no default for chess weight " + name);
        }
        return new WeightSpec(name, value, false, description);
    }

    /** Our hand-set weights, in centipawns (pawn.mg = 100); the starting point for tuning. */
    private static Map<String, Double> defaultValues() {
        Map<String, Double> d = new LinkedHashMap<>();
        taper(d, "pawn", 100, 120);
        taper(d, "knight", 310, 290);
        taper(d, "bishop", 320, 300);
        taper(d, "rook", 470, 520);
        taper(d, "queen", 930, 960);
        d.put("centre.pawn", 20.0);
        d.put("centre.knight", 50.0);
        d.put("centre.bishop", 20.0);
        d.put("centre.rook", 0.0);
        d.put("centre.queen", 0.0);
        taper(d, "centre.king", -40, 60);
        taper(d, "castled", 30, 0);
        taper(d, "king.shelter", 10, 0);
        taper(d, "pawn.advance", 0, 5);
        taper(d, "pawn.doubled", -10, -20);
        taper(d, "pawn.isolated", -12, -15);
        int[] passedMg = {0, 5, 10, 20, 40, 60};
        int[] passedEg = {10, 15, 30, 55, 90, 140};
        for (int r = 0; r < 6; r++) {
            taper(d, "passed.rank" + (r + 2), passedMg[r], passedEg[r]);
        }
        d.put("rook.openFile", 25.0);
        d.put("rook.halfOpenFile", 12.0);
        d.put("bishop.pair", 40.0);
        d.put("mobility.knight", 4.0);
        d.put("mobility.bishop", 4.0);
        d.put("mobility.rook", 3.0);
        d.put("mobility.queen", 1.0);
        d.put("mobility.legal", 0.0);
        d.put("attackedPieces", 0.0);
        d.put("tempo", 10.0);
        return d;
    }

    private static void taper(Map<String, Double> d, String name, double mg, double eg) {
        d.put(name + ".mg", mg);
        d.put(name + ".eg", eg);
    }

    public static final List<String> PRESETS = List.of("default", "s3-sehnal");

    /** The weights of a preset: {@code default} or {@code s3-sehnal}. */
    public static Weights preset(String name) {
        return switch (name) {
            case "default" -> Weights.defaults(SPECS);
            case "s3-sehnal" -> s3Sehnal();
            default -> throw new WeightsException("unknown chess weight preset '" + name + "'; known: "
                    + String.join(", ", PRESETS));
        };
    }

    /**
     * S3 (2013), in its own scale (pawn 10): material 10/30/30/48/95; centre bonus ring x value/2 for
     * every piece but the king; a castling bonus instead for the king; +1 per legal move; +2 per
     * attacked enemy piece. Untapered (middlegame = endgame). Two values are lost in the thesis text
     * and are ours: the castling bonus (5, half a pawn) and pawn advancement (1 per rank).
     */
    private static Weights s3Sehnal() {
        Map<String, Double> s3 = new LinkedHashMap<>();
        for (WeightSpec s : SPECS) {
            s3.put(s.name(), 0.0);
        }
        double[] material = {10, 30, 30, 48, 95};
        String[] names = {"pawn", "knight", "bishop", "rook", "queen"};
        for (int i = 0; i < names.length; i++) {
            taper(s3, names[i], material[i], material[i]);
            s3.put("centre." + names[i], material[i] / 2);
        }
        taper(s3, "castled", 5, 5);
        taper(s3, "pawn.advance", 1, 1);
        s3.put("mobility.legal", 1.0);
        s3.put("attackedPieces", 2.0);
        return Weights.defaults(SPECS).with(s3);
    }

    // ------------------------------------------------------------------------------------------
    // Square sets

    private static final long FILE_A = 0x0101010101010101L;
    private static final long[] FILES = new long[8];
    private static final long[] ADJACENT_FILES = new long[8];
    /** Ring coefficient of each square: 0.2 on the edge .. 0.8 in the centre. */
    private static final double[] RING = new double[64];
    /** The ring's squares: index 0 edge .. 3 centre. */
    private static final long[] RINGS = new long[4];
    /** Squares ahead of a pawn on its own and adjacent files: index {@code color * 64 + square}. */
    private static final long[] PASSED_SPAN = new long[128];
    /** Shelter squares in front of a king: index {@code color * 64 + square}. */
    private static final long[] SHIELD = new long[128];
    /** Knights' and bishops' home squares. */
    private static final long[] MINOR_HOMES = {0x66L, 0x66L << 56};
    /** Back-rank squares a castled king stands on: a, b, c, g, h files. */
    private static final long[] CASTLED_SQUARES = {0xC7L, 0xC7L << 56};
    /** Ranks by colour-relative index. */
    private static final long[][] RELATIVE_RANK = new long[2][8];

    static {
        for (int f = 0; f < 8; f++) {
            FILES[f] = FILE_A << f;
        }
        for (int f = 0; f < 8; f++) {
            ADJACENT_FILES[f] = (f > 0 ? FILES[f - 1] : 0) | (f < 7 ? FILES[f + 1] : 0);
        }
        for (int r = 0; r < 8; r++) {
            RELATIVE_RANK[WHITE][r] = 0xFFL << (8 * r);
            RELATIVE_RANK[BLACK][r] = 0xFFL << (8 * (7 - r));
        }
        for (int s = 0; s < 64; s++) {
            int f = s & 7;
            int r = s >>> 3;
            int ring = Math.min(Math.min(f, 7 - f), Math.min(r, 7 - r));
            RING[s] = 0.2 * (ring + 1);
            RINGS[ring] |= 1L << s;
            long span = FILES[f] | ADJACENT_FILES[f];
            long ahead = r == 7 ? 0 : -1L << (8 * (r + 1));
            long behind = (1L << (8 * r)) - 1;
            PASSED_SPAN[s] = span & ahead;
            PASSED_SPAN[64 + s] = span & behind;
            long front = r == 7 ? 0 : 0xFFL << (8 * (r + 1));
            long front2 = r >= 6 ? 0 : 0xFFL << (8 * (r + 2));
            long back = r == 0 ? 0 : 0xFFL << (8 * (r - 1));
            long back2 = r <= 1 ? 0 : 0xFFL << (8 * (r - 2));
            SHIELD[s] = span & (front | front2);
            SHIELD[64 + s] = span & (back | back2);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Evaluation

    private final double[] mgWeight = new double[TERMS];
    private final double[] egWeight = new double[TERMS];
    /** Score units per unit of weight x feature: 100 / pawn.mg. */
    private final double unit;
    private final boolean needsLegalMobility;
    /** Scratch for the terms of the position being evaluated (one evaluator per board). */
    private final double[] terms = new double[TERMS];

    public ChessEvaluation(Weights weights) {
        if (!weights.specs().equals(SPECS)) {
            throw new WeightsException("weights are not chess evaluation weights");
        }
        for (int k = 0; k < TERMS; k++) {
            mgWeight[k] = weights.get(MG_INDEX[k]);
            egWeight[k] = weights.get(EG_INDEX[k]);
        }
        double pawn = mgWeight[PAWN];
        this.unit = pawn > 0 ? SCALE / pawn : SCALE;
        this.needsLegalMobility = mgWeight[LEGAL_MOBILITY] != 0;
    }

    @Override
    public int evaluate(ChessBoard board) {
        double[] t = terms;
        computeTerms(board, t, needsLegalMobility);
        double mg = 0;
        double eg = 0;
        for (int k = 0; k < TERMS; k++) {
            mg += mgWeight[k] * t[k];
            eg += egWeight[k] * t[k];
        }
        int phase = phase(board);
        double white = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE * unit;
        // Rounded from the mover's view, so a position and its colour-mirror score exactly alike.
        return (int) Math.round(board.sideToMove() == WHITE ? white : -white);
    }

    /** Game phase: 24 with every knight, bishop, rook and queen on the board, 0 with none (capped). */
    public static int phase(ChessBoard board) {
        int phase = bitCount(board.pieces(KNIGHTS) | board.pieces(BISHOPS)) + 2 * bitCount(board.pieces(ROOKS))
                + 4 * bitCount(board.pieces(QUEENS));
        return Math.min(phase, MAX_PHASE);
    }

    /**
     * The features of a position, White's view, into {@code out} (length {@code SPECS.size()}): the
     * White score is {@code 100 / pawn.mg x sum(weight_i x out_i)} (before rounding), with each
     * tapered term split by the phase into its {@code .mg} and {@code .eg} parts.
     */
    public static void features(ChessBoard board, double[] out) {
        double[] t = new double[TERMS];
        computeTerms(board, t, true);
        double mgShare = phase(board) / (double) MAX_PHASE;
        java.util.Arrays.fill(out, 0, SPECS.size(), 0);
        for (int k = 0; k < TERMS; k++) {
            if (MG_INDEX[k] == EG_INDEX[k]) {
                out[MG_INDEX[k]] = t[k];
            } else {
                out[MG_INDEX[k]] = t[k] * mgShare;
                out[EG_INDEX[k]] = t[k] * (1 - mgShare);
            }
        }
    }

    private static final ThreadLocal<ChessBoard> SCRATCH = ThreadLocal.withInitial(() -> new ChessBoard(b -> 0));

    /**
     * The evaluation's features for Texel tuning. A position counts as quiet when the side to move is
     * not in check and has no capture of a more valuable piece nor a promotion (a cheap stand-in for a
     * quiescence search: the static evaluation would be wrong there).
     */
    public static final arbiter.eval.LinearEvaluation LINEAR = new arbiter.eval.LinearEvaluation() {
        @Override
        public List<WeightSpec> specs() {
            return SPECS;
        }

        @Override
        public void features(arbiter.game.Position position, double[] out) {
            ChessEvaluation.features((ChessPosition) position, out);
        }

        @Override
        public boolean isQuiet(arbiter.game.Position position) {
            ChessPosition p = (ChessPosition) position;
            if (p.inCheck()) {
                return false;
            }
            for (arbiter.game.Move m : p.legalMoves()) {
                arbiter.game.chess.ChessMove cm = (arbiter.game.chess.ChessMove) m;
                if (cm.promotion() != arbiter.game.chess.ChessMove.NONE) {
                    return false;
                }
                char victim = p.pieceAt(cm.to());
                if (victim != '.' && value(victim) > value(p.pieceAt(cm.from()))) {
                    return false;
                }
            }
            return true;
        }

        private int value(char piece) {
            return switch (Character.toLowerCase(piece)) {
                case 'p' -> 1;
                case 'n', 'b' -> 3;
                case 'r' -> 5;
                case 'q' -> 9;
                case 'k' -> 100;
                default -> 0;
            };
        }
    };

    /** The features of an immutable position (see {@link #features(ChessBoard, double[])}). */
    public static void features(ChessPosition position, double[] out) {
        ChessBoard board = SCRATCH.get();
        board.load(position);
        features(board, out);
    }

    /** Every term, White minus Black, into {@code t}; the legal-move count only when asked. */
    private static void computeTerms(ChessBoard board, double[] t, boolean legalMobility) {
        java.util.Arrays.fill(t, 0);
        long occupied = board.occupied();
        long whitePawnAttacks = Attacks.pawns(board.pieces(PAWNS, WHITE), WHITE);
        long blackPawnAttacks = Attacks.pawns(board.pieces(PAWNS, BLACK), BLACK);
        long whiteAttacks = addSide(board, t, WHITE, occupied, blackPawnAttacks, 1) | whitePawnAttacks;
        long blackAttacks = addSide(board, t, BLACK, occupied, whitePawnAttacks, -1) | blackPawnAttacks;
        long kings = board.pieces(KINGS);
        t[ATTACKED_PIECES] = bitCount(whiteAttacks & board.occupancy(BLACK) & ~kings)
                - bitCount(blackAttacks & board.occupancy(WHITE) & ~kings);
        if (legalMobility) {
            t[LEGAL_MOBILITY] = board.legalMoveCount(WHITE) - board.legalMoveCount(BLACK);
        }
        t[TEMPO] = board.sideToMove() == WHITE ? 1 : -1;
    }

    /**
     * Adds one side's terms with {@code sign} (+1 White, -1 Black) and returns the squares its
     * pieces other than pawns attack.
     */
    private static long addSide(ChessBoard board, double[] t, int us, long occupied, long enemyPawnAttacks,
                                int sign) {
        int them = us ^ 1;
        long own = board.occupancy(us);
        long pawns = board.pieces(PAWNS, us);
        long enemyPawns = board.pieces(PAWNS, them);
        long knights = board.pieces(KNIGHTS, us);
        long bishops = board.pieces(BISHOPS, us);
        long rooks = board.pieces(ROOKS, us);
        long queens = board.pieces(QUEENS, us);
        int king = numberOfTrailingZeros(board.pieces(KINGS, us));
        long safe = ~own & ~enemyPawnAttacks;
        long attacks = Attacks.king(king);

        t[PAWN] += sign * bitCount(pawns);
        t[KNIGHT] += sign * bitCount(knights);
        t[BISHOP] += sign * bitCount(bishops);
        t[ROOK] += sign * bitCount(rooks);
        t[QUEEN] += sign * bitCount(queens);

        t[CENTRE_PAWN] += sign * ringSum(pawns);
        t[CENTRE_KNIGHT] += sign * ringSum(knights);
        t[CENTRE_BISHOP] += sign * ringSum(bishops);
        t[CENTRE_ROOK] += sign * ringSum(rooks);
        if ((own & MINOR_HOMES[us] & (board.pieces(KNIGHTS) | board.pieces(BISHOPS))) == 0) {
            t[CENTRE_QUEEN] += sign * ringSum(queens);
        }
        t[CENTRE_KING] += sign * RING[king];
        if ((CASTLED_SQUARES[us] & (1L << king)) != 0) {
            t[CASTLED] += sign;
        }
        t[KING_SHELTER] += sign * bitCount(SHIELD[us * 64 + king] & pawns);

        addPawnStructure(t, us, pawns, enemyPawns, sign);

        int mobility = 0;
        for (long m = knights; m != 0; m &= m - 1) {
            long a = Attacks.knight(numberOfTrailingZeros(m));
            attacks |= a;
            mobility += bitCount(a & safe);
        }
        t[MOBILITY_KNIGHT] += sign * mobility;
        mobility = 0;
        for (long m = bishops; m != 0; m &= m - 1) {
            long a = Attacks.bishop(numberOfTrailingZeros(m), occupied);
            attacks |= a;
            mobility += bitCount(a & safe);
        }
        t[MOBILITY_BISHOP] += sign * mobility;
        mobility = 0;
        int open = 0;
        int halfOpen = 0;
        for (long m = rooks; m != 0; m &= m - 1) {
            int s = numberOfTrailingZeros(m);
            long a = Attacks.rook(s, occupied);
            attacks |= a;
            mobility += bitCount(a & safe);
            long file = FILES[s & 7];
            if ((file & pawns) == 0) {
                if ((file & enemyPawns) == 0) {
                    open++;
                } else {
                    halfOpen++;
                }
            }
        }
        t[MOBILITY_ROOK] += sign * mobility;
        t[ROOK_OPEN_FILE] += sign * open;
        t[ROOK_HALF_OPEN_FILE] += sign * halfOpen;
        mobility = 0;
        for (long m = queens; m != 0; m &= m - 1) {
            long a = Attacks.queen(numberOfTrailingZeros(m), occupied);
            attacks |= a;
            mobility += bitCount(a & safe);
        }
        t[MOBILITY_QUEEN] += sign * mobility;
        if (bitCount(bishops) >= 2) {
            t[BISHOP_PAIR] += sign;
        }
        return attacks;
    }

    private static void addPawnStructure(double[] t, int us, long pawns, long enemyPawns, int sign) {
        long[] ranks = RELATIVE_RANK[us];
        int advance = 0;
        for (int r = 2; r < 7; r++) {
            advance += (r - 1) * bitCount(pawns & ranks[r]);
        }
        t[PAWN_ADVANCE] += sign * advance;
        int doubled = 0;
        int isolated = 0;
        for (int f = 0; f < 8; f++) {
            int n = bitCount(pawns & FILES[f]);
            if (n > 1) {
                doubled += n - 1;
            }
            if (n > 0 && (pawns & ADJACENT_FILES[f]) == 0) {
                isolated += n;
            }
        }
        t[PAWN_DOUBLED] += sign * doubled;
        t[PAWN_ISOLATED] += sign * isolated;
        for (long m = pawns; m != 0; m &= m - 1) {
            int s = numberOfTrailingZeros(m);
            if ((PASSED_SPAN[us * 64 + s] & enemyPawns) == 0) {
                int rank = us == WHITE ? s >>> 3 : 7 - (s >>> 3);
                t[PASSED + rank - 1] += sign;
            }
        }
    }

    /** Sum of the ring coefficients of a set of squares. */
    private static double ringSum(long squares) {
        if (squares == 0) {
            return 0;
        }
        return 0.2 * bitCount(squares & RINGS[0]) + 0.4 * bitCount(squares & RINGS[1])
                + 0.6 * bitCount(squares & RINGS[2]) + 0.8 * bitCount(squares & RINGS[3]);
    }
}
