package arbiter.external;

import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.draughts.DraughtsMove;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.game.draughts.DraughtsRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Hub protocol's text (version 2, Scan 3.x): lines {@code command name=value flag ...} with values
 * quoted when they hold a space, '=' or nothing; positions as the side to move ({@code W}/{@code B})
 * then one character per square in square order ({@code w b W B e}); moves as {@code 32-28} or, for
 * captures, {@code from x to x captured x captured...} ({@code 28x19x23}). Squares are always numbers
 * (1..50 on 10x10, 1..32 on 8x8), also for variants written algebraically in PDN.
 */
public final class HubText {
    private HubText() {
    }

    /** A parsed line: its command and its arguments in order (a flag has the empty value). */
    public record Line(String command, Map<String, String> args) {
        public String get(String name) {
            return args.get(name);
        }

        public boolean has(String name) {
            return args.containsKey(name);
        }
    }

    /** Parses a line; an empty line has the empty command. */
    public static Line parse(String line) {
        String s = line.strip();
        int i = 0;
        int n = s.length();
        while (i < n && s.charAt(i) != ' ') {
            i++;
        }
        String command = s.substring(0, i);
        Map<String, String> args = new LinkedHashMap<>();
        while (i < n) {
            while (i < n && s.charAt(i) == ' ') {
                i++;
            }
            if (i >= n) {
                break;
            }
            int nameStart = i;
            while (i < n && s.charAt(i) != ' ' && s.charAt(i) != '=') {
                i++;
            }
            String name = s.substring(nameStart, i);
            String value = "";
            if (i < n && s.charAt(i) == '=') {
                i++;
                if (i < n && s.charAt(i) == '"') {
                    int close = s.indexOf('"', i + 1);
                    if (close < 0) {
                        close = n;
                    }
                    value = s.substring(i + 1, close);
                    i = Math.min(n, close + 1);
                } else {
                    int valueStart = i;
                    while (i < n && s.charAt(i) != ' ') {
                        i++;
                    }
                    value = s.substring(valueStart, i);
                }
            }
            args.putIfAbsent(name, value);
        }
        return new Line(command, args);
    }

    /** Formats a line from a command and name/value pairs (a null value writes a flag). */
    public static String format(String command, String... namesAndValues) {
        StringBuilder sb = new StringBuilder(command);
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            sb.append(' ').append(namesAndValues[i]);
            String v = namesAndValues[i + 1];
            if (v != null) {
                sb.append('=').append(quote(v));
            }
        }
        return sb.toString();
    }

    static String quote(String v) {
        boolean plain = !v.isEmpty() && v.chars().noneMatch(c -> c == ' ' || c == '=' || c == '"' || c < 32);
        return plain ? v : "\"" + v.replace('"', '\'') + "\"";
    }

    /** Seconds with millisecond precision, as Hub's times are written. */
    public static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
    }

    /** The position: side to move, then one character per square. */
    public static String position(DraughtsPosition p) {
        int squares = p.geometry().squares;
        StringBuilder sb = new StringBuilder(squares + 1);
        sb.append(p.whiteToMove() ? 'W' : 'B');
        for (int s = 1; s <= squares; s++) {
            sb.append(p.pieceAt(s));
        }
        return sb.toString();
    }

    /**
     * Reads a position of {@link #position}'s form (also DXP's, with {@code Z}/{@code z} for Black when
     * {@code dxp}).
     */
    public static DraughtsPosition parsePosition(DraughtsRules rules, String text, boolean dxp) throws NotationException {
        int squares = rules.width() * rules.width() / 2;
        String s = text == null ? "" : text.strip();
        if (s.length() != squares + 1) {
            throw new NotationException("position '" + s + "' must be the side to move and " + squares
                    + " squares (" + (squares + 1) + " characters), got " + s.length());
        }
        char black = dxp ? 'Z' : 'B';
        char side = s.charAt(0);
        if (side != 'W' && side != black) {
            throw new NotationException("position '" + s + "' must start with W or " + black);
        }
        List<String> white = new ArrayList<>();
        List<String> blacks = new ArrayList<>();
        for (int sq = 1; sq <= squares; sq++) {
            char c = s.charAt(sq);
            String name = Integer.toString(sq);
            if (c == 'w') {
                white.add(name);
            } else if (c == 'W') {
                white.add("K" + name);
            } else if (c == Character.toLowerCase(black)) {
                blacks.add(name);
            } else if (c == black) {
                blacks.add("K" + name);
            } else if (c != 'e') {
                throw new NotationException("position '" + s + "': square " + sq + " is '" + c + "', not one of w "
                        + Character.toLowerCase(black) + " W " + black + " e");
            }
        }
        String fen = (side == 'W' ? "W" : "B") + ":W" + String.join(",", white) + ":B" + String.join(",", blacks);
        return (DraughtsPosition) rules.parsePosition(fen);
    }

    /** A move: {@code 32-28}, or {@code from x to x captured...} with the captured squares ascending. */
    public static String move(DraughtsMove m) {
        if (!m.isCapture()) {
            return m.from() + "-" + m.to();
        }
        StringBuilder sb = new StringBuilder().append(m.from()).append('x').append(m.to());
        for (int s : m.capturedSquares()) {
            sb.append('x').append(s);
        }
        return sb.toString();
    }

    /**
     * Reads a move of {@link #move}'s form, captured squares in any order, and returns the legal move
     * it names. A capture written with its landing squares only ({@code 28x19}, PDN style) is accepted
     * when it names one move.
     */
    public static DraughtsMove parseMove(Position position, String text) throws NotationException {
        String s = text == null ? "" : text.strip();
        boolean capture = s.indexOf('x') >= 0;
        String[] parts = s.split(capture ? "x" : "-", -1);
        if (s.isEmpty() || parts.length < 2 || (!capture && parts.length != 2)) {
            throw new NotationException("unparsable move '" + s + "': expected from-to (32-28) or from x to x captured... (28x19x23)");
        }
        int[] squares = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                squares[i] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                throw new NotationException("unparsable move '" + s + "': '" + parts[i] + "' is not a square number");
            }
        }
        long captured = 0;
        for (int i = 2; i < squares.length; i++) {
            if (squares[i] < 1 || squares[i] > 64) {
                throw new NotationException("unparsable move '" + s + "': no square " + squares[i]);
            }
            captured |= 1L << (squares[i] - 1);
        }
        List<DraughtsMove> sameEnds = new ArrayList<>();
        for (Move m : position.legalMoves()) {
            DraughtsMove dm = (DraughtsMove) m;
            if (dm.from() == squares[0] && dm.to() == squares[1] && dm.isCapture() == capture) {
                if (dm.captured() == captured) {
                    return dm;
                }
                sameEnds.add(dm);
            }
        }
        if (sameEnds.size() == 1 && squares.length == 2) {
            return sameEnds.get(0);
        }
        if (capture && squares.length > 2) {
            // Perhaps the landing squares (PDN long form) rather than the captured pieces.
            try {
                return (DraughtsMove) position.parseMove(s);
            } catch (NotationException e) {
                // fall through
            }
        }
        throw new NotationException("illegal move '" + s + "' in " + position.toText()
                + (sameEnds.isEmpty() ? "" : " (" + sameEnds.size() + " legal captures go from " + squares[0] + " to "
                + squares[1] + ": name the captured pieces)"));
    }
}
