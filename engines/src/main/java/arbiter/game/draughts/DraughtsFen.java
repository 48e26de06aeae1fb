package arbiter.game.draughts;

import arbiter.game.NotationException;

/**
 * Draughts FEN as PDN 3.0 writes it: {@code W:W31,32,K40:B1,2} — the side to move, then each colour's
 * pieces, kings prefixed with K. Reading also accepts ranges ({@code 31-35}), algebraic squares on
 * any board, either colour order, spaces, quotes around the text and a final full stop. Writing uses
 * the variant's square notation, ascending squares and no ranges (the most widely read form).
 */
final class DraughtsFen {
    private DraughtsFen() {
    }

    static String format(DraughtsPosition p) {
        Geometry g = p.geometry();
        StringBuilder sb = new StringBuilder();
        sb.append(p.whiteToMove() ? 'W' : 'B');
        appendColour(sb, 'W', p.whiteBits(), p.kingBits(), g, p.rules().notation());
        appendColour(sb, 'B', p.blackBits(), p.kingBits(), g, p.rules().notation());
        return sb.toString();
    }

    private static void appendColour(StringBuilder sb, char colour, long pieces, long kings, Geometry g,
                                     SquareNotation notation) {
        sb.append(':').append(colour);
        boolean first = true;
        for (int s = 1; s <= g.squares; s++) {
            long bit = 1L << g.bit(s);
            if ((pieces & bit) != 0) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                if ((kings & bit) != 0) {
                    sb.append('K');
                }
                sb.append(DraughtsNotation.squareName(g, notation, s));
            }
        }
    }

    static DraughtsPosition parse(DraughtsRules rules, String input) throws NotationException {
        if (input == null) {
            throw new NotationException("malformed FEN: no text");
        }
        String text = input.strip();
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            text = text.substring(1, text.length() - 1).strip();
        }
        if (text.endsWith(".")) {
            text = text.substring(0, text.length() - 1);
        }
        text = text.replace(" ", "");
        Geometry g = Geometry.of(rules.width());
        String[] sections = text.split(":", -1);
        if (sections.length < 1 || sections[0].length() != 1 || "WBwb".indexOf(sections[0].charAt(0)) < 0) {
            throw error(input, "must start with the side to move, W or B, then ':'");
        }
        boolean whiteToMove = Character.toUpperCase(sections[0].charAt(0)) == 'W';
        long white = 0;
        long black = 0;
        long kings = 0;
        boolean seenWhite = false;
        boolean seenBlack = false;
        for (int i = 1; i < sections.length; i++) {
            String section = sections[i];
            if (section.isEmpty()) {
                throw error(input, "empty section " + (i + 1) + " (expected W or B followed by squares)");
            }
            char colour = Character.toUpperCase(section.charAt(0));
            if (colour != 'W' && colour != 'B') {
                throw error(input, "section " + (i + 1) + " '" + section + "' must start with W or B");
            }
            if ((colour == 'W' && seenWhite) || (colour == 'B' && seenBlack)) {
                throw error(input, "colour " + colour + " is listed twice");
            }
            if (colour == 'W') {
                seenWhite = true;
            } else {
                seenBlack = true;
            }
            String list = section.substring(1);
            if (list.isEmpty()) {
                continue;
            }
            for (String item : list.split(",", -1)) {
                if (item.isEmpty()) {
                    throw error(input, "empty square in the list of " + colour);
                }
                boolean king = false;
                String squares = item;
                if (Character.toUpperCase(squares.charAt(0)) == 'K') {
                    king = true;
                    squares = squares.substring(1);
                }
                int first;
                int last;
                int dash = squares.indexOf('-');
                if (dash > 0) {
                    first = square(g, squares.substring(0, dash), input);
                    last = square(g, squares.substring(dash + 1), input);
                    if (last < first) {
                        throw error(input, "range '" + item + "' goes backwards");
                    }
                } else {
                    first = square(g, squares, input);
                    last = first;
                }
                for (int s = first; s <= last; s++) {
                    long bit = 1L << g.bit(s);
                    if (((white | black) & bit) != 0) {
                        throw error(input, "square " + s + " is given twice");
                    }
                    if (colour == 'W') {
                        white |= bit;
                    } else {
                        black |= bit;
                    }
                    if (king) {
                        kings |= bit;
                    }
                }
            }
        }
        if (!seenWhite && !seenBlack && sections.length > 1) {
            throw error(input, "no W or B piece list");
        }
        return new DraughtsPosition(rules, white, black, kings, whiteToMove, 0);
    }

    private static int square(Geometry g, String text, String input) {
        int s = DraughtsNotation.parseSquare(g, text);
        if (s == 0) {
            throw error(input, "'" + text + "' is not a square of the " + g.width + "x" + g.width
                    + " board (1-" + g.squares + " or a dark square like c3)");
        }
        return s;
    }

    private static NotationException error(String input, String why) {
        return new NotationException("malformed FEN '" + input + "': " + why);
    }
}
