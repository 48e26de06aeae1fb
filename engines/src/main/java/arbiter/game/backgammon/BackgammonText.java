package arbiter.game.backgammon;

import static arbiter.game.backgammon.BackgammonMove.BAR;
import static arbiter.game.backgammon.BackgammonMove.OFF;
import static arbiter.game.backgammon.MoveGenerator.CHECKERS;
import static arbiter.game.backgammon.MoveGenerator.SLOTS;

import arbiter.game.NotationException;
import java.util.Locale;

/**
 * Backgammon position text: {@code <turn>:W<checkers>:B<checkers>:<dice>}, for example the start
 * {@code O:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:-}.
 * <ul>
 * <li>turn: {@code W} or {@code B} for the side to move, or {@code O} for the opening position
 *     awaiting the opening roll;</li>
 * <li>checkers: each player's occupied points in its OWN numbering (each player moves from 24 down
 *     to 1; White's point p is Black's point 25-p), as {@code point} or {@code pointxcount},
 *     comma-separated, {@code bar} for the bar; checkers not listed are borne off (15 per player);</li>
 * <li>dice: {@code -} while awaiting the dice, or the rolled dice ({@code 65}, larger first when
 *     written; read also as {@code 6-5}). The opening position has no dice: after the opening roll
 *     the starting side is on roll, e.g. {@code W:...:...:31}.</li>
 * </ul>
 * Writing lists points from the bar down; reading accepts any order, lower-case letters, {@code *}
 * for {@code x}, {@code 25} for the bar and a missing dice field (awaiting dice).
 */
final class BackgammonText {
    private BackgammonText() {
    }

    static String format(BackgammonPosition p) {
        StringBuilder sb = new StringBuilder();
        sb.append(p.isOpening() ? 'O' : p.sideToMove() == 0 ? 'W' : 'B');
        appendPlayer(sb.append(':').append('W'), p.board(0));
        appendPlayer(sb.append(':').append('B'), p.board(1));
        sb.append(':');
        int[] dice = p.dice();
        if (dice.length == 0) {
            sb.append('-');
        } else {
            sb.append(dice[0]).append(dice[1]);
        }
        return sb.toString();
    }

    private static void appendPlayer(StringBuilder sb, int[] board) {
        boolean first = true;
        for (int point = BAR; point >= 1; point--) {
            int n = board[point];
            if (n == 0) {
                continue;
            }
            sb.append(first ? "" : ",").append(point == BAR ? "bar" : Integer.toString(point));
            if (n > 1) {
                sb.append('x').append(n);
            }
            first = false;
        }
    }

    static BackgammonPosition parse(BackgammonRules rules, String input) throws NotationException {
        if (input == null || input.isBlank()) {
            throw error(input, "no text; expected turn:Wcheckers:Bcheckers:dice like "
                    + BackgammonRules.STANDARD.start().toText());
        }
        String text = input.strip().replace(" ", "");
        String[] fields = text.split(":", -1);
        if (fields.length != 3 && fields.length != 4) {
            throw error(input, "expected 4 fields separated by ':' (turn, W checkers, B checkers, dice), found "
                    + fields.length);
        }
        String turn = fields[0].toUpperCase(Locale.ROOT);
        if (!turn.equals("W") && !turn.equals("B") && !turn.equals("O")) {
            throw error(input, "turn '" + fields[0] + "' must be W, B or O (opening roll pending)");
        }
        int[] white = player(input, fields[1], 'W');
        int[] black = player(input, fields[2], 'B');
        for (int p = 1; p <= 24; p++) {
            if (white[p] > 0 && black[25 - p] > 0) {
                throw error(input, "White's point " + p + " (Black's " + (25 - p)
                        + ") holds checkers of both players");
            }
        }
        if (white[OFF] == CHECKERS && black[OFF] == CHECKERS) {
            throw error(input, "both players have borne off every checker");
        }
        boolean over = white[OFF] == CHECKERS || black[OFF] == CHECKERS;
        String diceField = fields.length == 4 ? fields[3] : "-";
        int die1 = 0;
        int die2 = 0;
        if (!diceField.equals("-")) {
            Dice dice;
            try {
                dice = Dice.parse(diceField);
            } catch (NotationException e) {
                throw error(input, e.getMessage());
            }
            if (turn.equals("O")) {
                throw error(input, "the opening position O takes no dice: after the opening roll write the"
                        + " starting side, W or B, with the roll");
            }
            if (over) {
                throw error(input, "the game is over: a finished position takes no dice");
            }
            die1 = dice.first();
            die2 = dice.second();
        }
        if (over && turn.equals("O")) {
            throw error(input, "a finished game cannot be at the opening roll");
        }
        int side = turn.equals("B") ? 1 : 0;
        return new BackgammonPosition(rules, white, black, side, turn.equals("O"), die1, die2);
    }

    /** One player's checker list, e.g. {@code W24x2,13x5,bar}. */
    private static int[] player(String input, String field, char colour) {
        if (field.isEmpty() || Character.toUpperCase(field.charAt(0)) != colour) {
            throw error(input, "the " + (colour == 'W' ? "second" : "third") + " field must start with "
                    + colour + " and list " + (colour == 'W' ? "White" : "Black") + "'s checkers");
        }
        int[] board = new int[SLOTS];
        String list = field.substring(1);
        int total = 0;
        if (!list.isEmpty()) {
            for (String item : list.split(",", -1)) {
                String[] parts = item.toLowerCase(Locale.ROOT).split("[x*]", -1);
                if (parts.length > 2 || parts[0].isEmpty()) {
                    throw error(input, "'" + item + "' in " + colour + "'s list is not point or pointxcount");
                }
                int point = point(input, parts[0], colour);
                int count = parts.length == 2 ? count(input, parts[1], item, colour) : 1;
                if (board[point] != 0) {
                    throw error(input, colour + "'s point " + parts[0] + " is listed twice");
                }
                board[point] = count;
                total += count;
            }
        }
        if (total > CHECKERS) {
            throw error(input, colour + " has " + total + " checkers on the board; a player has 15");
        }
        board[OFF] = CHECKERS - total;
        return board;
    }

    private static int point(String input, String text, char colour) {
        if (text.equals("bar")) {
            return BAR;
        }
        int point = number(text);
        if (point < 1 || point > 25) {
            throw error(input, "'" + text + "' in " + colour + "'s list is not a point 1..24 or bar");
        }
        return point;
    }

    private static int count(String input, String text, String item, char colour) {
        int count = number(text);
        if (count < 1 || count > CHECKERS) {
            throw error(input, "count in '" + item + "' of " + colour + "'s list must be 1 to 15");
        }
        return count;
    }

    /** A small non-negative number, or -1. */
    private static int number(String text) {
        if (text.isEmpty() || text.length() > 2) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return -1;
            }
        }
        return Integer.parseInt(text);
    }

    private static NotationException error(String input, String why) {
        return new NotationException("malformed backgammon position '" + input + "': " + why);
    }
}
