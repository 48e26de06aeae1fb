package arbiter.pdn;

import arbiter.play.GameResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fast path for rating lists: reads only who played whom and the result of each game of a
 * PDN/PGN file, byte by byte through a fixed buffer, without a String per line or token and
 * without keeping anything per game — so a million games take a fraction of a second and memory
 * does not grow with the file.
 *
 * <p>It handles well-formed files: tag pairs, move text with comments ({@code {...}}, {@code ;}),
 * variations, {@code %} escape lines, and a result token closing every game. Anything the full
 * {@link PdnReader} would warn about (a game without White, Black or a result token, an unfinished
 * or unknown result, a Result tag that disagrees with the token, an escape in a tag value, a broken
 * comment or variation, a player meeting itself) makes it give up, and the caller reads the file
 * with {@link PdnReader}, which reports every such problem with its line. Both give the same
 * games for a file the scanner accepts.
 */
public final class ResultScanner {
    /** A rated game: the players' indexes (in order of first appearance) and the result. */
    public interface Sink {
        void game(int white, int black, GameResult result);
    }

    private static final int BUFFER = 1 << 20;

    private enum State { BETWEEN, TAG, MOVETEXT, BRACE_COMMENT, LINE_COMMENT }

    private final List<String> names = new ArrayList<>();
    private final NameTable table = new NameTable();

    /** The players seen, by index. */
    public List<String> names() {
        return names;
    }

    /**
     * Scans a file; false when it holds something only the full reader should judge (nothing is
     * then known: the caller discards what the sink received and reads the file with {@link PdnReader}).
     */
    public boolean scan(Path file, Sink sink) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return scan(ch, sink);
        }
    }

    // Scanner state (fields, so the per-byte loop stays in one method without allocation).
    private State state = State.BETWEEN;
    private boolean lineStart = true;
    private int variation;
    private boolean inGame;
    private boolean inMoveText;
    /** The two bytes before the current one (for {@link #javaSpaceOnlyForTheReader}). */
    private int last1;
    private int last2;
    /** The last byte was a CR: a LF right after it ends no second line. */
    private boolean afterCr;
    /** In a brace comment: nothing but white space since the line began. */
    private boolean commentLineEmpty;
    private int white = -1;
    private int black = -1;
    private GameResult tagResult;
    /** Tag parsing: 0 before name, 1 name, 2 after name, 3 value, 4 after value (until ']'). */
    private int tagPart;
    private final byte[] tagName = new byte[16];
    private int tagNameLength;
    private boolean tagNameLong;
    private final byte[] value = new byte[256];
    private int valueLength;
    private boolean valueLong;
    private final byte[] token = new byte[12];
    private int tokenLength;
    private boolean tokenLong;
    private boolean inToken;
    /** Newlines since the last byte that was not white space, outside tags and comments. */
    private int newlines;

    private boolean scan(FileChannel ch, Sink sink) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
        byte[] bytes = buffer.array();
        boolean first = true;
        while (true) {
            buffer.clear();
            int n = ch.read(buffer);
            if (n < 0) {
                break;
            }
            int i = 0;
            if (first && n >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
                i = 3; // byte-order mark
            }
            first = false;
            for (; i < n; i++) {
                byte b = bytes[i];
                if (b == '\r') {
                    afterCr = true; // a line end, as for PdnReader (BufferedReader): CR, LF or CR LF
                    b = '\n';
                } else if (b == '\n' && afterCr) {
                    afterCr = false;
                    continue;
                } else {
                    afterCr = false;
                }
                if (javaSpaceOnlyForTheReader(b)) {
                    return false; // white space to PdnReader (Character.isWhitespace), not to this scanner
                }
                if (!step(b, sink)) {
                    return false;
                }
            }
        }
        if (inToken && !endToken(sink)) {
            return false;
        }
        // A game still open at the end (no result token), or an unclosed comment/variation.
        return !inGame && state != State.BRACE_COMMENT && variation == 0 && state != State.TAG;
    }

    /**
     * True at a control character other than {@link #space} (NUL, U+001C..U+001F, ...), or at the last
     * byte of a character that {@link Character#isWhitespace} calls white space (so {@link PdnReader}
     * splits names and tokens there) but {@link #space} does not: U+1680, U+2000..U+2006,
     * U+2008..U+200A, U+2028, U+2029, U+205F, U+3000 (UTF-8).
     */
    private boolean javaSpaceOnlyForTheReader(byte b) {
        int c = b & 0xff;
        int p1 = last1;
        int p2 = last2;
        last2 = p1;
        last1 = c;
        if (c < 0x20 && !space(b)) {
            return true; // a control character (NUL, U+001C..U+001F, ...): the full reader decides
        }
        return (p2 == 0xE2 && p1 == 0x80 && ((c >= 0x80 && c <= 0x8A && c != 0x87) || c == 0xA8 || c == 0xA9))
                || (p2 == 0xE2 && p1 == 0x81 && c == 0x9F)
                || (p2 == 0xE1 && p1 == 0x9A && c == 0x80)
                || (p2 == 0xE3 && p1 == 0x80 && c == 0x80);
    }

    private static boolean space(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == 0x0B;
    }

    /** One byte; false to give up. */
    private boolean step(byte b, Sink sink) {
        switch (state) {
            case LINE_COMMENT -> {
                if (b == '\n') {
                    state = inMoveText ? State.MOVETEXT : State.BETWEEN;
                    lineStart = true;
                    // The line held the comment, so it was not blank: for PdnReader a tag line starts a
                    // new game only after a blank line, and the next newline makes one.
                    newlines = 1;
                }
                return true;
            }
            case BRACE_COMMENT -> {
                if (b == '}') {
                    state = inMoveText || inGame ? State.MOVETEXT : State.BETWEEN;
                } else if (b == '[' && commentLineEmpty) {
                    return false; // maybe the next game's tags: the full reader says whether the comment was never closed
                }
                if (b == '\n') {
                    commentLineEmpty = true;
                } else if (!space(b)) {
                    commentLineEmpty = false;
                }
                lineStart = b == '\n';
                return true;
            }
            case TAG -> {
                return tagByte(b);
            }
            default -> {
                // BETWEEN (tag section or between games) and MOVETEXT
            }
        }
        if (lineStart && b == '%') {
            state = State.LINE_COMMENT; // an escape line
            return true;
        }
        lineStart = b == '\n';
        int blankLines = newlines;
        if (b == '\n') {
            newlines++;
        } else if (!space(b)) {
            newlines = 0;
        }
        if (inToken) {
            if (!space(b) && b != '{' && b != '}' && b != '(' && b != ')' && b != ';' && b != '[') {
                if (tokenLength < token.length) {
                    token[tokenLength++] = b;
                } else {
                    tokenLong = true;
                }
                return true;
            }
            if (!endToken(sink)) {
                return false;
            }
        }
        if (space(b)) {
            return true;
        }
        switch (b) {
            case '[' -> {
                if (inMoveText || variation > 0 || (inGame && blankLines >= 2)) {
                    // a tag inside move text, or a game of tags only: the full reader says what is wrong
                    return false;
                }
                inGame = true;
                state = State.TAG;
                tagPart = 0;
                tagNameLength = 0;
                tagNameLong = false;
                valueLength = 0;
                valueLong = false;
                return true;
            }
            case '{' -> {
                inGame = true;
                state = State.BRACE_COMMENT;
                commentLineEmpty = false;
                return true;
            }
            case '}' -> {
                return false;
            }
            case ';' -> {
                inGame = true;
                state = State.LINE_COMMENT;
                return true;
            }
            case '(' -> {
                inGame = true;
                inMoveText = true;
                state = State.MOVETEXT;
                variation++;
                return true;
            }
            case ')' -> {
                if (variation == 0) {
                    return false;
                }
                variation--;
                return true;
            }
            default -> {
                inGame = true;
                inMoveText = true;
                state = State.MOVETEXT;
                inToken = true;
                tokenLength = 0;
                tokenLong = false;
                token[tokenLength++] = b;
                return true;
            }
        }
    }

    /** A token of move text ended: a result token ends the game. */
    private boolean endToken(Sink sink) {
        inToken = false;
        if (variation > 0 || tokenLong) {
            return true;
        }
        GameResult r = result(token, tokenLength);
        if (r == null) {
            return true; // a move, move number or NAG
        }
        if (!r.decided() || white < 0 || black < 0 || white == black || (tagResult != null && tagResult != r)) {
            return false;
        }
        sink.game(white, black, r);
        inGame = false;
        inMoveText = false;
        state = State.BETWEEN;
        white = -1;
        black = -1;
        tagResult = null;
        return true;
    }

    /** The result a token stands for, or null when it is not a result token. */
    static GameResult result(byte[] t, int n) {
        if (n == 1) {
            return t[0] == '*' ? GameResult.UNFINISHED : null;
        }
        if (n == 3 && t[1] == '-') {
            int a = t[0];
            int c = t[2];
            if ((a == '1' && c == '0') || (a == '2' && c == '0')) {
                return GameResult.WHITE_WIN;
            }
            if ((a == '0' && c == '1') || (a == '0' && c == '2')) {
                return GameResult.BLACK_WIN;
            }
            if (a == '1' && c == '1') {
                return GameResult.DRAW;
            }
            return null;
        }
        if (n == 7 && t[0] == '1' && t[1] == '/' && t[2] == '2' && t[3] == '-' && t[4] == '1' && t[5] == '/' && t[6] == '2') {
            return GameResult.DRAW;
        }
        if (n == 5 && (t[0] & 0xff) == 0xC2 && (t[1] & 0xff) == 0xBD && t[2] == '-' && (t[3] & 0xff) == 0xC2
                && (t[4] & 0xff) == 0xBD) {
            return GameResult.DRAW; // "½-½"
        }
        return null;
    }

    /** A byte of a tag pair {@code [Name "value"]}. */
    private boolean tagByte(byte b) {
        switch (tagPart) {
            case 0 -> {
                if (space(b)) {
                    return b != '\n';
                }
                if (b == '"' || b == ']') {
                    return false;
                }
                tagPart = 1;
                addName(b);
            }
            case 1 -> {
                if (space(b)) {
                    if (b == '\n') {
                        return false;
                    }
                    tagPart = 2;
                } else if (b == '"') {
                    tagPart = 3;
                } else if (b == ']') {
                    return false;
                } else {
                    addName(b);
                }
            }
            case 2 -> {
                if (b == '"') {
                    tagPart = 3;
                } else if (!space(b) || b == '\n') {
                    return false;
                }
            }
            case 3 -> {
                if (b == '"') {
                    tagPart = 4;
                } else if (b == '\\' || b == '\n') {
                    return false; // an escape (or a broken line): the full reader decides
                } else if (valueLength < value.length) {
                    value[valueLength++] = b;
                } else {
                    valueLong = true;
                }
            }
            default -> {
                if (b == ']') {
                    state = State.BETWEEN;
                    return tagDone();
                }
                if (!space(b) || b == '\n') {
                    return false;
                }
            }
        }
        return true;
    }

    private void addName(byte b) {
        if (tagNameLength < tagName.length) {
            tagName[tagNameLength++] = b;
        } else {
            tagNameLong = true;
        }
    }

    private boolean is(String name) {
        if (tagNameLong || tagNameLength != name.length()) {
            return false;
        }
        for (int k = 0; k < tagNameLength; k++) {
            int c = tagName[k];
            int d = name.charAt(k);
            if (c != d && Character.toLowerCase(c) != Character.toLowerCase(d)) {
                return false;
            }
        }
        return true;
    }

    private boolean tagDone() {
        boolean w = is("White");
        boolean bl = !w && is("Black");
        if (w || bl) {
            if (valueLong || valueLength == 0 || space(value[0]) || space(value[valueLength - 1])
                    || (valueLength == 1 && value[0] == '?')) {
                return false; // no name, or one the full reader trims: it says so
            }
            int index = table.index(value, valueLength, names);
            if (index < 0) {
                return false; // not UTF-8
            }
            if (w) {
                white = index;
            } else {
                black = index;
            }
        } else if (is("Result")) {
            GameResult r = valueLong ? null : result(value, valueLength);
            tagResult = r == null ? GameResult.UNKNOWN : r;
        }
        return true;
    }

    /** Player names by their bytes: an open-addressing table, so a known name costs no allocation. */
    private static final class NameTable {
        private byte[][] keys = new byte[256][];
        private int[] ids = new int[256];
        private int size;

        int index(byte[] b, int n, List<String> names) {
            int h = 1;
            for (int k = 0; k < n; k++) {
                h = 31 * h + b[k];
            }
            int mask = keys.length - 1;
            int slot = (h ^ (h >>> 16)) & mask;
            while (keys[slot] != null) {
                if (keys[slot].length == n && Arrays.equals(keys[slot], 0, n, b, 0, n)) {
                    return ids[slot];
                }
                slot = (slot + 1) & mask;
            }
            byte[] key = Arrays.copyOf(b, n);
            int id = names.size();
            try {
                names.add(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(key)).toString());
            } catch (java.nio.charset.CharacterCodingException e) {
                return -1;
            }
            keys[slot] = key;
            ids[slot] = id;
            if (++size * 2 > keys.length) {
                grow();
            }
            return id;
        }

        private void grow() {
            byte[][] oldKeys = keys;
            int[] oldIds = ids;
            keys = new byte[oldKeys.length * 2][];
            ids = new int[oldKeys.length * 2];
            int mask = keys.length - 1;
            for (int s = 0; s < oldKeys.length; s++) {
                if (oldKeys[s] == null) {
                    continue;
                }
                byte[] key = oldKeys[s];
                int h = 1;
                for (byte x : key) {
                    h = 31 * h + x;
                }
                int slot = (h ^ (h >>> 16)) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = key;
                ids[slot] = oldIds[s];
            }
        }
    }
}
