package arbiter.external;

import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import java.util.Arrays;
import java.util.Locale;

/**
 * The gnubg player's view of a backgammon position, through the game API alone: the position's text
 * ({@code <turn>:W<checkers>:B<checkers>:<dice>}, each player's points in its own numbering, e.g.
 * {@code W:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:65}; {@code bar} for the bar, checkers not listed
 * borne off) gives gnubg's board; gnubg's move is the legal move whose resulting position has the
 * checkers gnubg's steps put where they are (hits included), so any representation of backgammon
 * moves works, and a blocked roll matches the pass.
 */
public final class TextBackgammonAdapter implements BackgammonAdapter {

    /** Both players' checkers in their own numbering (index 1..24 points, 25 bar), White's first. */
    record Boards(int[] white, int[] black, char turn, int die1, int die2) {
    }

    @Override
    public GnubgBoard board(Position position) {
        Boards b = parse(position.toText());
        if (b.die1() == 0) {
            throw new IllegalArgumentException("the dice are not rolled in " + position.toText());
        }
        boolean white = b.turn() == 'W';
        return new GnubgBoard(white ? b.white() : b.black(), white ? b.black() : b.white(), b.die1(), b.die2());
    }

    @Override
    public Move move(Position position, GnubgMove gnubgMove) throws NotationException {
        Boards before = parse(position.toText());
        boolean white = before.turn() == 'W';
        int[] mine = (white ? before.white() : before.black()).clone();
        int[] theirs = (white ? before.black() : before.white()).clone();
        for (GnubgMove.Step s : gnubgMove.steps()) {
            if (mine[s.from()] == 0) {
                throw new NotationException("gnubg's move '" + gnubgMove.text() + "' moves from an empty point "
                        + s.from() + " in " + position.toText());
            }
            mine[s.from()]--;
            if (s.to() > 0) {
                mine[s.to()]++;
                int opposite = 25 - s.to();
                if (theirs[opposite] == 1) {
                    theirs[opposite] = 0;
                    theirs[25]++;
                }
            }
        }
        for (Move m : position.legalMoves()) {
            Boards after = parse(position.play(m).toText());
            int[] myAfter = white ? after.white() : after.black();
            int[] theirAfter = white ? after.black() : after.white();
            if (Arrays.equals(myAfter, mine) && Arrays.equals(theirAfter, theirs)) {
                return m;
            }
        }
        throw new NotationException("gnubg's move '" + gnubgMove.text() + "' is not a legal move in "
                + position.toText());
    }

    /** Reads the position text (see the class comment); checkers not listed are borne off. */
    static Boards parse(String text) {
        String[] f = text.strip().replace(" ", "").split(":", -1);
        if (f.length < 3 || f[0].length() != 1) {
            throw new IllegalArgumentException("not a backgammon position text: " + text);
        }
        char turn = Character.toUpperCase(f[0].charAt(0));
        int[] white = null;
        int[] black = null;
        for (int i = 1; i <= 2; i++) {
            String field = f[i];
            char colour = Character.toUpperCase(field.charAt(0));
            int[] board = checkers(field.substring(1), text);
            if (colour == 'W') {
                white = board;
            } else if (colour == 'B') {
                black = board;
            }
        }
        if (white == null || black == null) {
            throw new IllegalArgumentException("a backgammon position text needs W and B checkers: " + text);
        }
        int d1 = 0;
        int d2 = 0;
        if (f.length > 3) {
            String dice = f[3].replace("-", "");
            if (dice.length() == 2 && Character.isDigit(dice.charAt(0)) && Character.isDigit(dice.charAt(1))) {
                d1 = dice.charAt(0) - '0';
                d2 = dice.charAt(1) - '0';
            }
        }
        return new Boards(white, black, turn, d1, d2);
    }

    private static int[] checkers(String list, String text) {
        int[] board = new int[26];
        if (list.isEmpty()) {
            return board;
        }
        for (String item : list.toLowerCase(Locale.ROOT).replace('*', 'x').split(",")) {
            String[] parts = item.split("x");
            int point = parts[0].equals("bar") ? 25 : Integer.parseInt(parts[0]);
            int count = parts.length > 1 ? Integer.parseInt(parts[1]) : 1;
            if (point < 1 || point > 25) {
                throw new IllegalArgumentException("no point " + point + " in " + text);
            }
            board[point] += count;
        }
        return board;
    }
}
