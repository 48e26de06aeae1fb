package arbiter.external;

import java.util.Arrays;

/**
 * DamExchange (DXP) layer-2 messages: ASCII text, the first character the type, fixed-width fields
 * (numbers zero-padded, names blank-padded to 32). Layer 1 (TCP) ends each message with a NUL byte,
 * which is not part of the text here.
 * <pre>
 * R GAMEREQ  version(2)=01 initiator name(32) follower colour(1) W|Z minutes(3) moves(3)
 *            start(1) A | B colour to move(1) W|Z position(50: e w z W Z)
 * A GAMEACC  follower name(32) acceptance code(1) 0 accept, 1 version, 2 not this game, 3 no games
 * M MOVE     seconds(4) from(2) to(2) number captured(2) captured squares(2 each, any order)
 * E GAMEEND  reason(1) 0 none, 1 I give up, 2 draw, 3 I win; stop code(1) 0 next game welcome, 1 stop
 * C CHAT     text(1..126)
 * B BACKREQ  move number(3) colour to move(1)
 * K BACKACC  acceptance code(1) 0 accept, 1 not supported, 2 refused
 * </pre>
 */
public sealed interface DxpMessage {

    /** The message text, without the terminating NUL. */
    String encode();

    /**
     * @param position null for the standard start ('A'); otherwise the colour to move (W or Z) and one
     *                 character per square
     */
    record GameRequest(int version, String initiatorName, char followerColour, int minutes, int moves,
                       String position) implements DxpMessage {
        public GameRequest {
            requireColour(followerColour);
            if (position != null && (position.length() < 2 || "WZ".indexOf(position.charAt(0)) < 0)) {
                throw new IllegalArgumentException("GAMEREQ position must be W or Z then the squares, got '" + position + "'");
            }
        }

        @Override
        public String encode() {
            return "R" + number(version, 2) + name(initiatorName) + followerColour + number(minutes, 3) + number(moves, 3)
                    + (position == null ? "A" : "B" + position);
        }
    }

    record GameAccept(String followerName, char code) implements DxpMessage {
        @Override
        public String encode() {
            return "A" + name(followerName) + code;
        }

        public String meaning() {
            return switch (code) {
                case '0' -> "accepted";
                case '1' -> "refused: protocol version not supported";
                case '2' -> "refused: not this game (but willing to play another)";
                case '3' -> "refused: no games at all";
                default -> "unknown acceptance code '" + code + "'";
            };
        }
    }

    /** @param captured the captured squares, any order */
    record Move(int seconds, int from, int to, int[] captured) implements DxpMessage {
        public Move {
            captured = captured.clone();
        }

        @Override
        public String encode() {
            StringBuilder sb = new StringBuilder("M").append(number(seconds, 4)).append(number(from, 2))
                    .append(number(to, 2)).append(number(captured.length, 2));
            for (int c : captured) {
                sb.append(number(c, 2));
            }
            return sb.toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Move m && m.seconds == seconds && m.from == from && m.to == to
                    && Arrays.equals(m.captured, captured);
        }

        @Override
        public int hashCode() {
            return ((seconds * 31 + from) * 31 + to) * 31 + Arrays.hashCode(captured);
        }

        @Override
        public String toString() {
            return encode();
        }
    }

    record GameEnd(char reason, char stopCode) implements DxpMessage {
        @Override
        public String encode() {
            return "E" + reason + stopCode;
        }

        public String meaning() {
            return switch (reason) {
                case '0' -> "no reason given";
                case '1' -> "I give up";
                case '2' -> "draw";
                case '3' -> "I win";
                default -> "unknown reason '" + reason + "'";
            };
        }
    }

    record Chat(String text) implements DxpMessage {
        @Override
        public String encode() {
            String t = ascii(text);
            return "C" + (t.isEmpty() ? " " : t.length() > 126 ? t.substring(0, 126) : t);
        }
    }

    record BackRequest(int moveNumber, char colour) implements DxpMessage {
        @Override
        public String encode() {
            return "B" + number(moveNumber, 3) + colour;
        }
    }

    record BackAccept(char code) implements DxpMessage {
        @Override
        public String encode() {
            return "K" + code;
        }
    }

    /**
     * Reads a message.
     *
     * @throws IllegalArgumentException naming the problem: unknown type, wrong length, bad field
     */
    static DxpMessage decode(String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("empty DXP message");
        }
        char type = text.charAt(0);
        try {
            return switch (type) {
                case 'R' -> {
                    need(text, 1 + 2 + 32 + 1 + 3 + 3 + 1);
                    char start = text.charAt(42);
                    String position = null;
                    if (start == 'B') {
                        position = text.substring(43).strip();
                        if (position.length() < 2) {
                            throw new IllegalArgumentException("start 'B' without a position");
                        }
                    } else if (start != 'A') {
                        throw new IllegalArgumentException("start must be A or B, got '" + start + "'");
                    }
                    yield new GameRequest(parse(text, 1, 2), text.substring(3, 35).stripTrailing(), text.charAt(35),
                            parse(text, 36, 3), parse(text, 39, 3), position);
                }
                case 'A' -> {
                    need(text, 1 + 32 + 1);
                    yield new GameAccept(text.substring(1, 33).stripTrailing(), text.charAt(33));
                }
                case 'M' -> {
                    need(text, 1 + 4 + 2 + 2 + 2);
                    int count = parse(text, 9, 2);
                    if (text.length() < 11 + 2 * count) {
                        throw new IllegalArgumentException(count + " captured pieces announced, "
                                + (text.length() - 11) / 2 + " given");
                    }
                    int[] captured = new int[count];
                    for (int i = 0; i < count; i++) {
                        captured[i] = parse(text, 11 + 2 * i, 2);
                    }
                    yield new Move(parse(text, 1, 4), parse(text, 5, 2), parse(text, 7, 2), captured);
                }
                case 'E' -> {
                    need(text, 3);
                    yield new GameEnd(text.charAt(1), text.charAt(2));
                }
                case 'C' -> new Chat(text.substring(1));
                case 'B' -> {
                    need(text, 5);
                    yield new BackRequest(parse(text, 1, 3), text.charAt(4));
                }
                case 'K' -> {
                    need(text, 2);
                    yield new BackAccept(text.charAt(1));
                }
                default -> throw new IllegalArgumentException("unknown message type '" + type + "'");
            };
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed DXP message '" + UciPlayer.printable(text) + "': "
                    + e.getMessage(), e);
        }
    }

    private static void need(String text, int length) {
        if (text.length() < length) {
            throw new IllegalArgumentException("too short: " + text.length() + " characters, at least " + length
                    + " expected");
        }
    }

    private static int parse(String text, int from, int width) {
        String field = text.substring(from, from + width);
        for (int i = 0; i < field.length(); i++) {
            if (!Character.isDigit(field.charAt(i))) {
                throw new IllegalArgumentException("field at " + from + " must be " + width + " digits, got '" + field + "'");
            }
        }
        return Integer.parseInt(field);
    }

    private static void requireColour(char c) {
        if (c != 'W' && c != 'Z') {
            throw new IllegalArgumentException("colour must be W or Z, got '" + c + "'");
        }
    }

    /** A number zero-padded to {@code width} digits; out of range values are clamped. */
    static String number(int value, int width) {
        int max = (int) Math.pow(10, width) - 1;
        int v = Math.max(0, Math.min(max, value));
        return String.format(java.util.Locale.ROOT, "%0" + width + "d", v);
    }

    /** A name blank-padded or cut to 32 characters, ASCII only, never starting with a blank. */
    static String name(String name) {
        String n = ascii(name == null ? "" : name).strip();
        if (n.isEmpty()) {
            n = "?";
        }
        if (n.length() > 32) {
            n = n.substring(0, 32);
        }
        return n + " ".repeat(32 - n.length());
    }

    private static String ascii(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(c >= 32 && c < 127 ? c : '?');
        }
        return sb.toString();
    }

    /** Text from a peer as it may be shown: control characters escaped ({@code \\x1b}), so it cannot drive a terminal. */
    public static String printable(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) {
                        sb.append(String.format("\\x%02x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }
}
