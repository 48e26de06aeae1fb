package arbiter.game.draughts;

import arbiter.game.Move;
import arbiter.game.NotationException;
import java.util.ArrayList;
import java.util.List;

/**
 * Draughts move text as PDN 3.0 writes it. Numeric variants: {@code 32-28}, {@code 28x19}, and the
 * long form {@code 28x19x10} (every landing square) when the short form is ambiguous. Algebraic
 * variants (Czech, Russian): {@code c3-d4}, {@code c3:e5}, {@code c3:e5:g3}. Reading accepts numeric
 * and algebraic squares, any of the separators {@code - x :}, short or long capture forms, and
 * trailing annotations ({@code ! ? *}).
 */
final class DraughtsNotation {
    /** Between a move's squares (compiled once: {@code String.split} compiles a character class at every call). */
    private static final java.util.regex.Pattern SEPARATORS = java.util.regex.Pattern.compile("[-xX:]");
    private DraughtsNotation() {
    }

    static String squareName(Geometry g, SquareNotation notation, int square) {
        return notation == SquareNotation.ALGEBRAIC ? g.algebraic(square) : Integer.toString(square);
    }

    /** A square number from numeric ({@code 32}) or algebraic ({@code c3}) text, or 0 if not a square. */
    static int parseSquare(Geometry g, String text) {
        if (text.isEmpty()) {
            return 0;
        }
        char c = Character.toLowerCase(text.charAt(0));
        if (c >= 'a' && c <= 'z') {
            int column = c - 'a';
            int rank;
            try {
                rank = Integer.parseInt(text.substring(1));
            } catch (NumberFormatException e) {
                return 0;
            }
            return g.squareAt(column, g.width - rank);
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return 0;
            }
        }
        if (text.length() > 3) {
            return 0;
        }
        int s = Integer.parseInt(text);
        return (s >= 1 && s <= g.squares) ? s : 0;
    }

    static String format(DraughtsPosition position, DraughtsMove move) {
        Geometry g = position.geometry();
        SquareNotation notation = position.rules().notation();
        char captureSeparator = notation == SquareNotation.ALGEBRAIC ? ':' : 'x';
        String from = squareName(g, notation, move.from());
        String to = squareName(g, notation, move.to());
        if (!move.isCapture()) {
            return from + "-" + to;
        }
        boolean ambiguous = false;
        for (Move other : position.legalMoves()) {
            DraughtsMove m = (DraughtsMove) other;
            if (!m.equals(move) && m.from() == move.from() && m.to() == move.to()) {
                ambiguous = true;
                break;
            }
        }
        if (!ambiguous) {
            return from + captureSeparator + to;
        }
        List<int[]> paths = capturePaths(position, move);
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("not a legal move: " + move);
        }
        int[] path = paths.get(0);
        StringBuilder sb = new StringBuilder(from);
        for (int square : path) {
            sb.append(captureSeparator).append(squareName(g, notation, square));
        }
        return sb.toString();
    }

    /** Every landing-square sequence (ending with the move's end square) that plays this capture. */
    static List<int[]> capturePaths(DraughtsPosition position, DraughtsMove move) {
        Geometry g = position.geometry();
        int fromBit = g.bit(move.from());
        long captured = g.fromSquareMask(move.captured());
        int toBit = g.bit(move.to());
        List<int[]> paths = new ArrayList<>();
        MoveGenerator generator = DraughtsPosition.generator(position.rules());
        generator.generateCaptures(position.whiteBits(), position.blackBits(), position.kingBits(),
                position.whiteToMove(), new MoveList(), (f, landings, length, cap, promotes) -> {
                    if (f == fromBit && cap == captured && landings[length - 1] == toBit
                            && promotes == move.promotes()) {
                        int[] squares = new int[length];
                        for (int i = 0; i < length; i++) {
                            squares[i] = g.square(landings[i]);
                        }
                        for (int[] known : paths) {
                            if (java.util.Arrays.equals(known, squares)) {
                                return;
                            }
                        }
                        paths.add(squares);
                    }
                });
        return paths;
    }

    static DraughtsMove parse(DraughtsPosition position, String input) throws NotationException {
        Geometry g = position.geometry();
        String text = input == null ? "" : input.strip();
        while (!text.isEmpty() && "!?*+#".indexOf(text.charAt(text.length() - 1)) >= 0) {
            text = text.substring(0, text.length() - 1);
        }
        String[] tokens = SEPARATORS.split(text, -1);
        if (text.isEmpty() || tokens.length < 2) {
            throw new NotationException("unparsable move '" + input
                    + "': expected squares joined by '-' or 'x' (32-28, 28x19) or algebraic (c3-d4, c3:e5)");
        }
        int[] squares = new int[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            squares[i] = parseSquare(g, tokens[i].strip());
            if (squares[i] == 0) {
                throw new NotationException("unparsable move '" + input + "': '" + tokens[i]
                        + "' is not a square of the " + g.width + "x" + g.width + " board");
            }
        }
        int from = squares[0];
        int to = squares[squares.length - 1];
        List<DraughtsMove> candidates = new ArrayList<>();
        for (Move m : position.legalMoves()) {
            DraughtsMove dm = (DraughtsMove) m;
            if (dm.from() == from && dm.to() == to) {
                candidates.add(dm);
            }
        }
        if (candidates.size() > 1) {
            // A path given in full (every landing square) names one move, even when it is also the
            // prefix-free short form of a single jump (c3:e1 next to c3:e5:c7:a5:e1).
            List<DraughtsMove> exact = new ArrayList<>();
            for (DraughtsMove dm : candidates) {
                if (dm.isCapture() && anyPathEquals(position, dm, squares)) {
                    exact.add(dm);
                }
            }
            if (exact.size() == 1) {
                return exact.get(0);
            }
        }
        if (squares.length > 2 && candidates.size() > 1) {
            List<DraughtsMove> matching = new ArrayList<>();
            for (DraughtsMove dm : candidates) {
                if (anyPathVisits(position, dm, squares)) {
                    matching.add(dm);
                }
            }
            candidates = matching;
        }
        if (candidates.size() == 1) {
            DraughtsMove only = candidates.get(0);
            if (squares.length > 2 && only.isCapture() && !anyPathVisits(position, only, squares)) {
                throw illegal(position, input, "no capture path lands on those squares");
            }
            return only;
        }
        if (candidates.isEmpty()) {
            throw illegal(position, input, position.legalMoves().isEmpty() ? "the game is over"
                    : "no legal move goes from " + squareName(g, position.rules().notation(), from)
                    + " to " + squareName(g, position.rules().notation(), to));
        }
        List<String> options = new ArrayList<>();
        for (DraughtsMove dm : candidates) {
            options.add(format(position, dm));
        }
        throw new NotationException("ambiguous move '" + input + "': could be " + String.join(" or ", options));
    }

    /** Whether some capture path of the move lands on exactly the given squares after the first. */
    private static boolean anyPathEquals(DraughtsPosition position, DraughtsMove move, int[] squares) {
        for (int[] path : capturePaths(position, move)) {
            if (path.length == squares.length - 1
                    && java.util.Arrays.equals(path, 0, path.length, squares, 1, squares.length)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some capture path of the move lands on the given intermediate squares, in order. */
    private static boolean anyPathVisits(DraughtsPosition position, DraughtsMove move, int[] squares) {
        for (int[] path : capturePaths(position, move)) {
            int want = 1;
            for (int i = 0; i < path.length && want < squares.length - 1; i++) {
                if (path[i] == squares[want]) {
                    want++;
                }
            }
            if (want == squares.length - 1) {
                return true;
            }
        }
        return false;
    }

    private static NotationException illegal(DraughtsPosition position, String input, String why) {
        return new NotationException("illegal move '" + input + "' in position " + position.toText() + ": " + why);
    }
}
