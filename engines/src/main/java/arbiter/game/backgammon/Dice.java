package arbiter.game.backgammon;

import arbiter.game.NotationException;

/**
 * A roll of two dice as text: {@code 6-5}, {@code 65}, {@code 6,5} or {@code 6 5}. The order is kept
 * (it matters for the opening roll: first die White's, second Black's).
 */
public record Dice(int first, int second) {

    public Dice {
        check(first, second);
    }

    /** Throws when a die is outside 1..6. */
    static void check(int first, int second) {
        if (first < 1 || first > 6 || second < 1 || second > 6) {
            throw new NotationException("impossible dice " + first + "-" + second + ": each die must be 1 to 6");
        }
    }

    /**
     * @throws NotationException for text that is not two dice of 1 to 6
     */
    public static Dice parse(String text) throws NotationException {
        String t = text == null ? "" : text.strip();
        String digits = t.replaceAll("[-,/ x]", "");
        if (digits.length() != 2 || !Character.isDigit(digits.charAt(0)) || !Character.isDigit(digits.charAt(1))
                || t.length() > 3) {
            throw new NotationException("unparsable dice '" + text + "': expected two dice like 6-5 or 65");
        }
        return new Dice(digits.charAt(0) - '0', digits.charAt(1) - '0');
    }

    @Override
    public String toString() {
        return first + "-" + second;
    }
}
