package arbiter.game.chess;

import static arbiter.game.chess.MoveGenerator.BLACK_KINGSIDE;
import static arbiter.game.chess.MoveGenerator.BLACK_QUEENSIDE;
import static arbiter.game.chess.MoveGenerator.WHITE_KINGSIDE;
import static arbiter.game.chess.MoveGenerator.WHITE_QUEENSIDE;

import arbiter.game.NotationException;

/**
 * Forsyth-Edwards Notation: placement (rank 8 first), side to move, castling rights, en passant
 * square, halfmove clock, fullmove number. Reading accepts FEN without the two counters (they
 * default to 0 and 1) and rejects positions the rules cannot play from: a missing or extra king,
 * pawns on the first or last rank, castling rights without king and rook at home, an en passant
 * square no double step could have made, or the side not to move in check. Writing gives the en
 * passant square after every double step, as the FEN standard says, whether or not a capture is
 * possible (repetition looks at legal captures only; see {@link ChessPosition}).
 */
final class ChessFen {
    static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private static final String CASTLING_LETTERS = "KQkq";

    private ChessFen() {
    }

    static String format(ChessPosition p) {
        StringBuilder sb = new StringBuilder(90);
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int piece = p.piece(rank * 8 + file);
                if (piece == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(Piece.fenLetter(piece));
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank > 0) {
                sb.append('/');
            }
        }
        sb.append(p.sideToMove() == Piece.WHITE ? " w " : " b ");
        int rights = p.castlingRights();
        if (rights == 0) {
            sb.append('-');
        }
        for (int i = 0; i < 4; i++) {
            if ((rights & (1 << i)) != 0) {
                sb.append(CASTLING_LETTERS.charAt(i));
            }
        }
        sb.append(' ').append(p.enPassantSquare() < 0 ? "-" : ChessNotation.squareName(p.enPassantSquare()));
        return sb.append(' ').append(p.halfmoveClock()).append(' ').append(p.fullmoveNumber()).toString();
    }

    static ChessPosition parse(ChessRules rules, String text) throws NotationException {
        if (text == null || text.isBlank()) {
            throw new NotationException("malformed FEN '': empty text");
        }
        String fen = text.trim();
        String[] fields = fen.split("\\s+");
        if (fields.length < 4 || fields.length > 6) {
            throw error(fen, "expected 6 fields (placement, side to move, castling, en passant, halfmove clock,"
                    + " fullmove number; the last two may be left out), got " + fields.length);
        }
        long[] byType = new long[7];
        long[] byColor = new long[2];
        parsePlacement(fen, fields[0], byType, byColor);
        int side = parseSide(fen, fields[1]);
        int castling = parseCastling(fen, fields[2], byType, byColor);
        int ep = parseEnPassant(fen, fields[3], side, byType, byColor);
        int halfmove = fields.length > 4 ? parseCounter(fen, "halfmove clock", fields[4], 0) : 0;
        int fullmove = fields.length > 5 ? Math.max(1, parseCounter(fen, "fullmove number", fields[5], 0)) : 1;

        ChessPosition position = new ChessPosition(rules, byType, byColor, side, castling, ep, halfmove, fullmove);
        if (position.load().kingAttacked(side ^ 1)) {
            throw error(fen, "the side not to move (" + rules.playerName(side ^ 1) + ") is in check");
        }
        return position;
    }

    private static void parsePlacement(String fen, String placement, long[] byType, long[] byColor) {
        String[] ranks = placement.split("/", -1);
        if (ranks.length != 8) {
            throw error(fen, "placement field '" + placement + "' has " + ranks.length + " ranks, expected 8");
        }
        for (int i = 0; i < 8; i++) {
            int rank = 7 - i;
            String row = ranks[i];
            int file = 0;
            for (int k = 0; k < row.length(); k++) {
                char c = row.charAt(k);
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                } else {
                    int piece = Piece.fromFenLetter(c);
                    if (piece == 0) {
                        throw error(fen, "placement rank " + (rank + 1) + " '" + row + "' has '" + c
                                + "', expected one of PNBRQK pnbrqk 1-8");
                    }
                    if (file < 8) {
                        long bit = 1L << (rank * 8 + file);
                        byType[Piece.type(piece)] |= bit;
                        byColor[Piece.color(piece)] |= bit;
                    }
                    file++;
                }
            }
            if (file != 8) {
                throw error(fen, "placement rank " + (rank + 1) + " '" + row + "' covers " + file + " squares, expected 8");
            }
        }
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            int kings = Long.bitCount(byType[Piece.KING] & byColor[color]);
            if (kings != 1) {
                throw error(fen, "placement field '" + placement + "' has " + kings + " "
                        + (color == Piece.WHITE ? "white" : "black") + " kings, expected 1");
            }
        }
        long backRanks = Bitboards.RANK_1 | Bitboards.RANK_8;
        if ((byType[Piece.PAWN] & backRanks) != 0) {
            int square = Long.numberOfTrailingZeros(byType[Piece.PAWN] & backRanks);
            throw error(fen, "placement field '" + placement + "' has a pawn on " + ChessNotation.squareName(square)
                    + "; pawns cannot stand on the first or last rank");
        }
    }

    private static int parseSide(String fen, String field) {
        return switch (field) {
            case "w" -> Piece.WHITE;
            case "b" -> Piece.BLACK;
            default -> throw error(fen, "side-to-move field '" + field + "' must be 'w' or 'b'");
        };
    }

    private static int parseCastling(String fen, String field, long[] byType, long[] byColor) {
        if (field.equals("-")) {
            return 0;
        }
        int rights = 0;
        for (int k = 0; k < field.length(); k++) {
            int index = CASTLING_LETTERS.indexOf(field.charAt(k));
            if (index < 0) {
                throw error(fen, "castling field '" + field + "' has '" + field.charAt(k)
                        + "', expected '-' or letters from KQkq");
            }
            if ((rights & (1 << index)) != 0) {
                throw error(fen, "castling field '" + field + "' repeats '" + field.charAt(k) + "'");
            }
            rights |= 1 << index;
        }
        checkCastlingPieces(fen, field, rights, WHITE_KINGSIDE, Piece.WHITE, 4, 7, byType, byColor);
        checkCastlingPieces(fen, field, rights, WHITE_QUEENSIDE, Piece.WHITE, 4, 0, byType, byColor);
        checkCastlingPieces(fen, field, rights, BLACK_KINGSIDE, Piece.BLACK, 60, 63, byType, byColor);
        checkCastlingPieces(fen, field, rights, BLACK_QUEENSIDE, Piece.BLACK, 60, 56, byType, byColor);
        return rights;
    }

    private static void checkCastlingPieces(String fen, String field, int rights, int right, int color,
                                            int kingSquare, int rookSquare, long[] byType, long[] byColor) {
        if ((rights & right) == 0) {
            return;
        }
        String name = color == Piece.WHITE ? "white" : "black";
        if ((byType[Piece.KING] & byColor[color] & (1L << kingSquare)) == 0) {
            throw error(fen, "castling field '" + field + "' gives " + name + " castling rights but the "
                    + name + " king is not on " + ChessNotation.squareName(kingSquare));
        }
        if ((byType[Piece.ROOK] & byColor[color] & (1L << rookSquare)) == 0) {
            throw error(fen, "castling field '" + field + "' has '" + CASTLING_LETTERS.charAt(Integer.numberOfTrailingZeros(right))
                    + "' but there is no " + name + " rook on " + ChessNotation.squareName(rookSquare));
        }
    }

    private static int parseEnPassant(String fen, String field, int side, long[] byType, long[] byColor) {
        if (field.equals("-")) {
            return MoveGenerator.NO_SQUARE;
        }
        int square = ChessNotation.parseSquare(field);
        if (square < 0) {
            throw error(fen, "en passant field '" + field + "' must be '-' or a square such as e3");
        }
        int expectedRank = side == Piece.WHITE ? 5 : 2;
        if (square >>> 3 != expectedRank) {
            throw error(fen, "en passant field '" + field + "' must be on rank " + (expectedRank + 1) + " with "
                    + (side == Piece.WHITE ? "White" : "Black") + " to move");
        }
        int mover = side ^ 1;
        int pawnSquare = side == Piece.WHITE ? square - 8 : square + 8;
        int startSquare = side == Piece.WHITE ? square + 8 : square - 8;
        long occupied = byColor[0] | byColor[1];
        if ((byType[Piece.PAWN] & byColor[mover] & (1L << pawnSquare)) == 0
                || (occupied & ((1L << square) | (1L << startSquare))) != 0) {
            throw error(fen, "en passant field '" + field + "' needs a " + (mover == Piece.WHITE ? "white" : "black")
                    + " pawn on " + ChessNotation.squareName(pawnSquare) + " that has just come from "
                    + ChessNotation.squareName(startSquare) + " (both squares behind it empty)");
        }
        return square;
    }

    private static int parseCounter(String fen, String name, String field, int minimum) {
        try {
            int value = Integer.parseInt(field);
            if (value >= minimum && value <= 100_000) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(fen, name + " field '" + field + "' must be a whole number from " + minimum + " to 100000");
    }

    private static NotationException error(String fen, String why) {
        return new NotationException("malformed FEN '" + fen + "': " + why);
    }
}
