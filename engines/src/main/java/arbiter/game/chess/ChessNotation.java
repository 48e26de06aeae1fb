package arbiter.game.chess;

import arbiter.game.NotationException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Move text. Writing: Standard Algebraic Notation (FIDE Laws, appendix C) for records, with the
 * shortest disambiguation (file, else rank, else both) and {@code +} or {@code #}; UCI long algebraic
 * for engine protocols. Reading accepts UCI ({@code e2e4}, {@code e7e8q}), SAN, long algebraic
 * ({@code Ng1-f3}, {@code e7xe8=Q}), {@code 0-0} for {@code O-O}, promotions without {@code =},
 * missing or extra check signs, and trailing annotations ({@code !}, {@code ?}, {@code e.p.}).
 */
final class ChessNotation {
    private static final Pattern UCI = Pattern.compile("([a-h][1-8])([a-h][1-8])([nbrqNBRQ]?)");
    /** Piece, origin file, origin rank, capture sign, destination, promotion. */
    private static final Pattern SAN = Pattern.compile(
            "([NBRQK])?([a-h])?([1-8])?([-x:])?([a-h][1-8])(?:=?([NBRQnbrq]))?");
    private static final Pattern CASTLING = Pattern.compile("([O0o])-\\1(-\\1)?");
    private static final String[] PIECE_NAMES = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

    private ChessNotation() {
    }

    static String squareName(int square) {
        return SQUARE_NAMES[square];
    }

    /** a1 .. h8, made once: a move's text is formatted for every move a game records. */
    private static final String[] SQUARE_NAMES = new String[64];

    static {
        for (int sq = 0; sq < 64; sq++) {
            SQUARE_NAMES[sq] = new String(new char[] {(char) ('a' + (sq & 7)), (char) ('1' + (sq >>> 3))});
        }
    }

    /** The square of a name such as {@code e4}, or -1. */
    static int parseSquare(String name) {
        if (name.length() != 2) {
            return -1;
        }
        int file = name.charAt(0) - 'a';
        int rank = name.charAt(1) - '1';
        return (file >= 0 && file < 8 && rank >= 0 && rank < 8) ? rank * 8 + file : -1;
    }

    // ------------------------------------------------------------------------------------------
    // Writing

    /** SAN of a legal packed move in a position. */
    static String san(ChessPosition position, int move) {
        int[] legal = position.packedMoves();
        return san(position.load(), legal, legal.length, move);
    }

    /**
     * SAN of a legal packed move in the position a generator holds, whose {@code n} legal moves are
     * {@code legal}; the generator is left as it was (the check sign is found by make and unmake).
     */
    static String san(MoveGenerator g, int[] legal, int n, int move) {
        StringBuilder sb = new StringBuilder(8);
        int from = PackedMove.from(move);
        int to = PackedMove.to(move);
        int type = Piece.type(g.board[from]);
        boolean capture = g.board[to] != 0 || PackedMove.kind(move) == PackedMove.EN_PASSANT;
        if (PackedMove.kind(move) == PackedMove.CASTLING) {
            sb.append(to > from ? "O-O" : "O-O-O");
        } else if (type == Piece.PAWN) {
            if (capture) {
                sb.append((char) ('a' + (from & 7))).append('x');
            }
            sb.append(squareName(to));
            if (PackedMove.promotion(move) != 0) {
                sb.append('=').append(Piece.letter(PackedMove.promotion(move)));
            }
        } else {
            sb.append(Piece.letter(type)).append(disambiguation(g, legal, n, move, type));
            if (capture) {
                sb.append('x');
            }
            sb.append(squareName(to));
        }
        return sb.append(checkSuffix(g, move)).toString();
    }

    /** Origin file, rank or square needed to tell the move from other moves of the same kind of piece. */
    private static String disambiguation(MoveGenerator g, int[] legal, int n, int move, int type) {
        int from = PackedMove.from(move);
        int to = PackedMove.to(move);
        boolean rivals = false;
        boolean sameFile = false;
        boolean sameRank = false;
        for (int i = 0; i < n; i++) {
            int other = legal[i];
            int otherFrom = PackedMove.from(other);
            if (PackedMove.to(other) == to && otherFrom != from && Piece.type(g.board[otherFrom]) == type) {
                rivals = true;
                sameFile |= (otherFrom & 7) == (from & 7);
                sameRank |= (otherFrom >>> 3) == (from >>> 3);
            }
        }
        if (!rivals) {
            return "";
        }
        if (!sameFile) {
            return String.valueOf((char) ('a' + (from & 7)));
        }
        if (!sameRank) {
            return String.valueOf((char) ('1' + (from >>> 3)));
        }
        return squareName(from);
    }

    private static String checkSuffix(MoveGenerator g, int move) {
        g.make(move);
        String suffix = !g.inCheck() ? "" : g.countLegal() == 0 ? "#" : "+";
        g.unmake(move);
        return suffix;
    }

    // ------------------------------------------------------------------------------------------
    // Reading

    static ChessMove parse(ChessPosition position, String text) throws NotationException {
        if (text == null || text.isBlank()) {
            throw new NotationException("empty move text in position '" + position.toText() + "'");
        }
        String core = stripAnnotations(text.trim());
        if (CASTLING.matcher(core).matches()) {
            return parseCastling(position, text, core.length() > 3);
        }
        Matcher uci = UCI.matcher(core);
        if (uci.matches()) {
            return parseUci(position, text, uci);
        }
        Matcher san = SAN.matcher(core);
        if (san.matches()) {
            return parseSan(position, text, san);
        }
        throw new NotationException("unparsable move '" + text + "': expected SAN (e4, Nbd7, exd6, O-O, e8=Q)"
                + " or UCI (e2e4, e7e8q)");
    }

    /** Drops check and mate signs, annotation glyphs and a trailing "e.p.". */
    private static String stripAnnotations(String text) {
        String s = text;
        if (s.endsWith("e.p.")) {
            s = s.substring(0, s.length() - 4).trim();
        }
        int end = s.length();
        while (end > 0 && "+#!?".indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(0, end);
    }

    private static ChessMove parseCastling(ChessPosition position, String text, boolean queenside) {
        for (int move : position.packedMoves()) {
            if (PackedMove.kind(move) == PackedMove.CASTLING && (PackedMove.to(move) < PackedMove.from(move)) == queenside) {
                return ChessMove.of(move);
            }
        }
        throw illegal(position, text, "castling " + (queenside ? "queenside" : "kingside") + " is not legal here");
    }

    private static ChessMove parseUci(ChessPosition position, String text, Matcher m) {
        int from = parseSquare(m.group(1));
        int to = parseSquare(m.group(2));
        int promotion = m.group(3).isEmpty() ? 0 : Piece.typeFromLetter(m.group(3).charAt(0));
        int piece = position.piece(from);
        if (piece == 0) {
            throw illegal(position, text, "there is no piece on " + m.group(1));
        }
        if (Piece.color(piece) != position.sideToMove()) {
            throw illegal(position, text, "the piece on " + m.group(1) + " is not "
                    + position.rules().playerName(position.sideToMove()) + "'s");
        }
        boolean reachable = false;
        for (int move : position.packedMoves()) {
            if (PackedMove.from(move) == from && PackedMove.to(move) == to) {
                reachable = true;
                if (PackedMove.promotion(move) == promotion) {
                    return ChessMove.of(move);
                }
            }
        }
        if (reachable) {
            throw illegal(position, text, promotion == 0
                    ? "a pawn reaching the last rank must promote: add n, b, r or q"
                    : "the move from " + m.group(1) + " to " + m.group(2) + " is not a promotion");
        }
        throw illegal(position, text, "the " + PIECE_NAMES[Piece.type(piece)] + " on " + m.group(1)
                + " cannot move to " + m.group(2) + inCheckNote(position));
    }

    private static ChessMove parseSan(ChessPosition position, String text, Matcher m) {
        int type = m.group(1) == null ? Piece.PAWN : Piece.typeFromLetter(m.group(1).charAt(0));
        int to = parseSquare(m.group(5));
        // A pawn move without origin file is a push along the file ("e4"), never a capture.
        int fromFile = m.group(2) != null ? m.group(2).charAt(0) - 'a' : type == Piece.PAWN ? (to & 7) : -1;
        int fromRank = m.group(3) == null ? -1 : m.group(3).charAt(0) - '1';
        boolean captureSign = m.group(4) != null && !m.group(4).equals("-");
        int promotion = m.group(6) == null ? -1 : Piece.typeFromLetter(m.group(6).charAt(0));
        List<Integer> matches = new ArrayList<>(2);
        for (int move : position.packedMoves()) {
            int from = PackedMove.from(move);
            boolean capture = position.piece(to) != 0 || PackedMove.kind(move) == PackedMove.EN_PASSANT;
            if (PackedMove.to(move) == to && Piece.type(position.piece(from)) == type
                    && (fromFile < 0 || (from & 7) == fromFile) && (fromRank < 0 || (from >>> 3) == fromRank)
                    && (!captureSign || capture)
                    && (promotion < 0 || PackedMove.promotion(move) == promotion)) {
                matches.add(move);
            }
        }
        if (matches.size() == 1) {
            return ChessMove.of(matches.get(0));
        }
        if (matches.isEmpty()) {
            String who = position.rules().playerName(position.sideToMove()).toLowerCase(java.util.Locale.ROOT);
            throw illegal(position, text, "no " + who + " " + PIECE_NAMES[type] + " can "
                    + (captureSign ? "capture on " : "move to ") + m.group(5) + inCheckNote(position));
        }
        if (promotion < 0 && PackedMove.promotion(matches.get(0)) != 0) {
            throw illegal(position, text, "a pawn reaching the last rank must promote: add =N, =B, =R or =Q");
        }
        List<String> names = new ArrayList<>();
        for (int move : matches) {
            names.add(san(position, move));
        }
        throw new NotationException("ambiguous move '" + text + "' in position '" + position.toText()
                + "': it matches " + String.join(", ", names));
    }

    private static String inCheckNote(ChessPosition position) {
        return position.inCheck() ? " (" + position.rules().playerName(position.sideToMove()) + " is in check)" : "";
    }

    private static NotationException illegal(ChessPosition position, String text, String why) {
        return new NotationException("illegal move '" + text + "' in position '" + position.toText() + "': " + why);
    }
}
