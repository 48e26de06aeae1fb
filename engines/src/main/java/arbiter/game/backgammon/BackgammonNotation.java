package arbiter.game.backgammon;

import static arbiter.game.backgammon.BackgammonMove.BAR;
import static arbiter.game.backgammon.BackgammonMove.OFF;
import static arbiter.game.backgammon.MoveGenerator.SLOTS;

import arbiter.game.Move;
import arbiter.game.NotationException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Backgammon move text in the usual notation, points numbered from the mover's side: one
 * {@code from/to} per checker, {@code bar} and {@code off}, {@code *} after a point where a blot is
 * hit, a checker's consecutive steps joined ({@code 24/18}) but keeping a point where it hits on
 * the way ({@code 24/21*}{@code /18}), equal parts counted ({@code 8/5(2)}), parts ordered from the
 * back. The pass is {@code pass}. Example: {@code bar/22 13/11*}.
 *
 * <p>Reading accepts any order, repeated parts instead of {@code (n)}, {@code 25} or {@code b} for the
 * bar, {@code 0} or {@code o} for off, {@code -} instead of {@code /}, a combined part like
 * {@code 24/13} whatever the intermediate points, {@code *} anywhere or nowhere (hits follow from
 * the position), and {@code pass} or empty text for the pass. A description names the checkers'
 * start and end points; when it fits several legal moves that differ only in blots hit on points it
 * does not name, the one hitting nothing there is taken, else it is ambiguous.
 */
final class BackgammonNotation {
    static final String PASS = "pass";

    private BackgammonNotation() {
    }

    static String pointName(int point) {
        return point == BAR ? "bar" : point == OFF ? "off" : Integer.toString(point);
    }

    // ------------------------------------------------------------------------------------------
    // Writing

    /** A checker's journey: the points it visits and whether it hit on each. */
    private record Chain(List<Integer> points, List<Boolean> hits) {
        int from() {
            return points.get(0);
        }

        int to() {
            return points.get(points.size() - 1);
        }

        String text() {
            StringBuilder sb = new StringBuilder(pointName(from()));
            for (int i = 1; i < points.size(); i++) {
                boolean last = i == points.size() - 1;
                if (last || hits.get(i)) {
                    sb.append('/').append(pointName(points.get(i))).append(hits.get(i) ? "*" : "");
                }
            }
            return sb.toString();
        }
    }

    static String format(BackgammonMove move) {
        if (move.isPass()) {
            return PASS;
        }
        List<Chain> chains = new ArrayList<>();
        for (BackgammonMove.Step step : move.steps()) {
            Chain chain = null;
            for (Chain c : chains) {
                if (c.to() == step.from()) {
                    chain = c;
                    break;
                }
            }
            if (chain == null) {
                chain = new Chain(new ArrayList<>(List.of(step.from())), new ArrayList<>(List.of(false)));
                chains.add(chain);
            }
            chain.points().add(step.to());
            chain.hits().add(step.hit());
        }
        chains.sort(Comparator.comparingInt(Chain::from).reversed()
                .thenComparing(Comparator.comparingInt(Chain::to).reversed()));
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Chain c : chains) {
            counts.merge(c.text(), 1, Integer::sum);
        }
        StringBuilder sb = new StringBuilder();
        counts.forEach((text, n) -> sb.append(sb.length() == 0 ? "" : " ").append(text)
                .append(n > 1 ? "(" + n + ")" : ""));
        return sb.toString();
    }

    // ------------------------------------------------------------------------------------------
    // Reading

    static BackgammonMove parse(BackgammonPosition position, String input) throws NotationException {
        String text = input == null ? "" : input.strip().toLowerCase(Locale.ROOT);
        if (position.outcome() != null) {
            throw illegal(position, input, "the game is over");
        }
        if (position.needsDice()) {
            throw illegal(position, input, "the dice are not rolled yet");
        }
        List<int[]> journeys = text.isEmpty() || text.equals(PASS) ? List.of() : journeys(input, text);
        int side = position.sideToMove();
        int[] own = position.board(side).clone();
        int[] otherBoard = position.board(1 - side);
        int listedBlots = 0;
        int unlisted = 0;
        for (int[] journey : journeys) {
            own[journey[0]]--;
            own[journey[journey.length - 1]]++;
            for (int i = 1; i < journey.length; i++) {
                int p = journey[i];
                if (p != OFF && otherBoard[25 - p] == 1) {
                    listedBlots |= 1 << p;
                }
                for (int q = journey[i - 1] - 1; q > p; q--) {
                    unlisted |= q <= 24 ? 1 << q : 0;
                }
            }
        }
        for (int p = 1; p < SLOTS; p++) {
            if (own[p] < 0) {
                throw illegal(position, input, "there is no " + position.rules().playerName(side)
                        + " checker to move from " + pointName(p));
            }
        }
        BackgammonMove exact = null;
        List<BackgammonMove> loose = new ArrayList<>();
        int[] result = new int[SLOTS];
        List<Move> legal = position.legalMoves();
        for (int i = 0; i < legal.size(); i++) {
            Move m = legal.get(i);
            long key = position.resultKey(i);
            MoveGenerator.decodeOwn(key, result);
            if (!sameCheckers(result, own)) {
                continue;
            }
            int hits = MoveGenerator.hitPoints(key);
            if (hits == listedBlots) {
                exact = (BackgammonMove) m;
            } else if ((hits & listedBlots) == listedBlots && (hits & ~listedBlots & ~unlisted) == 0) {
                loose.add((BackgammonMove) m);
            }
        }
        if (exact != null) {
            return exact;
        }
        if (loose.size() == 1) {
            return loose.get(0);
        }
        if (loose.size() > 1) {
            List<String> options = new ArrayList<>();
            for (BackgammonMove m : loose) {
                options.add(format(m));
            }
            throw new NotationException("ambiguous move '" + input + "': could be " + String.join(" or ", options));
        }
        throw illegal(position, input, journeys.isEmpty()
                ? "a move is possible, so passing is not allowed"
                : "no legal move for " + rollText(position) + " ends with those checkers there");
    }

    private static boolean sameCheckers(int[] a, int[] b) {
        for (int p = 1; p < SLOTS; p++) {
            if (a[p] != b[p]) {
                return false;
            }
        }
        return true;
    }

    /** The parts of the text, one point list per checker (repeated for {@code (n)}). */
    private static List<int[]> journeys(String input, String text) {
        List<int[]> journeys = new ArrayList<>();
        for (String token : text.split("[\\s,]+")) {
            int repeat = 1;
            String body = token;
            int paren = token.indexOf('(');
            if (paren >= 0) {
                if (!token.endsWith(")") || paren == 0) {
                    throw unparsable(input, "'" + token + "' has a bad repeat count; write it like 8/5(2)");
                }
                String n = token.substring(paren + 1, token.length() - 1);
                if (!n.matches("[1-4]")) {
                    throw unparsable(input, "repeat count '(" + n + ")' must be 1 to 4");
                }
                repeat = Integer.parseInt(n);
                body = token.substring(0, paren);
            }
            String[] parts = body.split("[/-]", -1);
            if (parts.length < 2) {
                throw unparsable(input, "'" + token + "' is not from/to like 24/18, bar/22 or 6/off");
            }
            int[] points = new int[parts.length];
            for (int i = 0; i < parts.length; i++) {
                points[i] = point(input, parts[i].replace("*", ""));
                if (i > 0 && points[i] >= points[i - 1]) {
                    throw unparsable(input, "in '" + token + "' checkers move down from 24 (bar 25) to 1 and off");
                }
            }
            for (int i = 0; i < repeat; i++) {
                journeys.add(points);
            }
        }
        return journeys;
    }

    private static int point(String input, String text) {
        switch (text) {
            case "bar", "b", "25":
                return BAR;
            case "off", "o", "0":
                return OFF;
            default:
                break;
        }
        if (text.matches("[0-9]{1,2}")) {
            int p = Integer.parseInt(text);
            if (p >= 1 && p <= 24) {
                return p;
            }
        }
        throw unparsable(input, "'" + text + "' is not a point (1-24, bar or off)");
    }

    private static String rollText(BackgammonPosition position) {
        int[] dice = position.dice();
        return position.rules().playerName(position.sideToMove()) + " with " + dice[0] + "-" + dice[1];
    }

    private static NotationException unparsable(String input, String why) {
        return new NotationException("unparsable backgammon move '" + input + "': " + why);
    }

    private static NotationException illegal(BackgammonPosition position, String input, String why) {
        return new NotationException("illegal move '" + input + "' in position " + position.toText() + ": " + why);
    }
}
