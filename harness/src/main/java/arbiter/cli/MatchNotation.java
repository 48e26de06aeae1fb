package arbiter.cli;

import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.game.chess.ChessMove;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code -pgnout notation=lan|uci}: chess records with their moves written as fastchess writes them
 * ({@code PgnBuilder::moveNotation}): LAN as chess-library's {@code moveToLan} (the piece letter, the
 * from and to squares, {@code x} for a capture, {@code =Q}, {@code +} or {@code #}; castling
 * {@code O-O}), or the UCI move itself ({@code e1g1}, {@code e7e8q}). Tags and comments are kept as
 * they are; so are the records' line breaks (a line grows by at most two characters a move).
 */
final class MatchNotation {
    /** The notations {@code -pgnout notation=} names: the records' own (SAN for chess), LAN, UCI. */
    enum Notation {
        SAN, LAN, UCI;

        /** The notation {@code name} names ({@code san}, {@code lan}, {@code uci}), or null. */
        static Notation named(String name) {
            for (Notation n : values()) {
                if (n.id().equals(name)) {
                    return n;
                }
            }
            return null;
        }

        String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final Pattern FEN = Pattern.compile("(?m)^\\[FEN \"([^\"]*)\"\\]$");
    private static final Pattern NOT_A_MOVE = Pattern.compile("\\d+\\.(\\.\\.)?|1-0|0-1|1/2-1/2|\\*");

    private MatchNotation() {
    }

    /**
     * The records (whole games, as Arbiter writes them) with every move in {@code notation}.
     *
     * @throws NotationException when a move does not replay (a record Arbiter did not write)
     */
    static String rewrite(String records, Rules rules, Notation notation) throws NotationException {
        StringBuilder out = new StringBuilder(records.length() + records.length() / 8);
        int at = 0;
        while (at < records.length()) {
            int next = records.indexOf("\n\n[", at);
            int end = next < 0 ? records.length() : next + 2;
            out.append(record(records.substring(at, end), rules, notation));
            at = end;
        }
        return out.toString();
    }

    private static String record(String record, Rules rules, Notation notation) throws NotationException {
        int moves = record.indexOf("\n\n");
        if (moves < 0) {
            return record;
        }
        Matcher fen = FEN.matcher(record.substring(0, moves));
        Position position = fen.find() ? rules.parsePosition(fen.group(1)) : rules.start();
        StringBuilder out = new StringBuilder(record.length() + 64).append(record, 0, moves);
        int i = moves;
        int n = record.length();
        while (i < n) {
            char c = record.charAt(i);
            if (c == '{') {
                int close = record.indexOf('}', i);
                close = close < 0 ? n - 1 : close;
                out.append(record, i, close + 1);
                i = close + 1;
            } else if (Character.isWhitespace(c)) {
                out.append(c);
                i++;
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(record.charAt(i)) && record.charAt(i) != '{') {
                    i++;
                }
                String token = record.substring(start, i);
                if (NOT_A_MOVE.matcher(token).matches()) {
                    out.append(token);
                } else {
                    Move move = position.parseMove(token);
                    String uci = ((ChessMove) move).uci();
                    out.append(notation == Notation.UCI ? uci : lan(token, uci));
                    position = position.play(move);
                }
            }
        }
        return out.toString();
    }

    /** LAN from the move's SAN (its piece, capture and check) and its UCI form (its squares and promotion). */
    static String lan(String san, String uci) {
        String suffix = san.endsWith("#") ? "#" : san.endsWith("+") ? "+" : "";
        if (san.startsWith("O-O")) {
            return san;
        }
        String piece = "KQRBN".indexOf(san.charAt(0)) >= 0 ? san.substring(0, 1) : "";
        String promotion = uci.length() == 5 ? "=" + Character.toUpperCase(uci.charAt(4)) : "";
        return piece + uci.substring(0, 2) + (san.contains("x") ? "x" : "") + uci.substring(2, 4) + promotion + suffix;
    }
}
