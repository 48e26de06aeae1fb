package arbiter.game.chess;

/**
 * Piece types and coloured pieces as small ints. A coloured piece is {@code type | color << 3}
 * (White = 0, Black = 1), and 0 is an empty square.
 */
final class Piece {
    static final int NONE = 0;
    static final int PAWN = 1;
    static final int KNIGHT = 2;
    static final int BISHOP = 3;
    static final int ROOK = 4;
    static final int QUEEN = 5;
    static final int KING = 6;

    static final int WHITE = 0;
    static final int BLACK = 1;

    /** FEN letters of the white pieces by type; Black's are the lower-case ones. */
    private static final String LETTERS = ".PNBRQK";

    private Piece() {
    }

    static int of(int type, int color) {
        return type | color << 3;
    }

    static int type(int piece) {
        return piece & 7;
    }

    static int color(int piece) {
        return piece >>> 3;
    }

    /** Upper-case letter of a type: P N B R Q K. */
    static char letter(int type) {
        return LETTERS.charAt(type);
    }

    /** FEN letter of a coloured piece: upper case for White. */
    static char fenLetter(int piece) {
        char c = letter(type(piece));
        return color(piece) == WHITE ? c : Character.toLowerCase(c);
    }

    /** The coloured piece of a FEN letter, or NONE if the character is not one. */
    static int fromFenLetter(char c) {
        int type = LETTERS.indexOf(Character.toUpperCase(c));
        if (type <= 0) {
            return NONE;
        }
        return of(type, Character.isUpperCase(c) ? WHITE : BLACK);
    }

    /** The type of an upper- or lower-case letter N B R Q K P, or NONE. */
    static int typeFromLetter(char c) {
        int type = LETTERS.indexOf(Character.toUpperCase(c));
        return type <= 0 ? NONE : type;
    }
}
