package arbiter.pdn;

import arbiter.io.BoundedLines;
import arbiter.play.GameResult;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

/**
 * Streaming reader of PGN (chess) and PDN (draughts) game records; knows the syntax, no game rules.
 *
 * <p>Syntax understood: tag pairs {@code [Name "value"]} (several per line allowed; {@code \"} and
 * {@code \\} escapes; any Unicode; tag names compared without case by {@link GameRecord#tag}); move
 * text with move numbers ({@code 12.}, {@code 12...}, also glued as {@code 12.32-28}), {@code {}}
 * comments (may span lines), {@code ()} variations (nested, skipped), {@code ;} comments to the end
 * of the line, {@code %} escape lines, NAGs ({@code $12}), and a result token ({@code 1-0},
 * {@code 0-1}, {@code 1/2-1/2}, {@code 2-0}, {@code 0-2}, {@code 1-1}, {@code *}) closing the game.
 * A game without a result token ends where the next tag section starts.
 *
 * <p>A malformed game (a tag pair left open at the end of its line, a comment or variation never
 * closed, a stray {@code )}) is skipped: a {@link PdnWarning} names the source and the line where
 * the broken construct starts, and reading resumes at the next line starting with {@code [} that
 * follows a blank line (the start of the next game). Files are read as UTF-8 (a BOM is dropped;
 * undecodable bytes become U+FFFD).
 *
 * <p>Use as an iterator, or {@link #readAll}. Warnings go to the consumer given at construction.
 */
public final class PdnReader implements Iterator<GameRecord>, Closeable {


    private final BufferedReader in;
    private final String source;
    private final Consumer<PdnWarning> warnings;

    /** Longest line read, in characters (1 MiB): a bound on memory for any input. */
    public static final int MAX_LINE = BoundedLines.MAX_LINE;

    private int lineNo;
    private final BoundedLines lines;
    private String pushedBack;
    private int pushedBackNo;
    private boolean previousBlank = true;
    private GameRecord next;
    private boolean done;

    public PdnReader(Reader reader, String source, Consumer<PdnWarning> warnings) {
        this.in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        this.lines = new BoundedLines(in);
        this.source = source;
        this.warnings = warnings;
    }

    /** Opens a file (UTF-8). */
    public static PdnReader open(Path file, Consumer<PdnWarning> warnings) throws IOException {
        Reader r = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8);
        return new PdnReader(r, file.toString(), warnings);
    }

    /** Reads every game of a file. */
    public static List<GameRecord> readAll(Path file, Consumer<PdnWarning> warnings) throws IOException {
        List<GameRecord> games = new ArrayList<>();
        try (PdnReader reader = open(file, warnings)) {
            reader.forEachRemaining(games::add);
        }
        return games;
    }

    @Override
    public boolean hasNext() {
        if (next == null && !done) {
            try {
                next = readGame();
            } catch (IOException e) {
                throw new UncheckedIOException(e instanceof BoundedLines.LineTooLongException ? e.getMessage() + "; not a PGN/PDN file?" : source + ": " + e.getMessage(), e);
            }
            done = next == null;
        }
        return next != null;
    }

    @Override
    public GameRecord next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        GameRecord g = next;
        next = null;
        return g;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Thrown inside the scanner for a malformed game; never leaves this class. */
    private static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;
        final int line;
        final int column;

        Malformed(int line, int column, String message) {
            super(message, null, false, false);
            this.line = line;
            this.column = column;
        }
    }

    /** The game being read. */
    private static final class Builder {
        final int startLine;
        final Map<String, String> tags = new LinkedHashMap<>();
        final List<String> moves = new ArrayList<>();
        /** The comment after each move (null where none), kept in step with {@link #moves}. */
        final List<String> comments = new ArrayList<>();
        final StringBuilder comment = new StringBuilder();
        boolean inComment;
        int commentLine;
        int commentColumn;
        int variationDepth;
        int variationLine;
        int variationColumn;
        boolean inMoveText;

        Builder(int startLine) {
            this.startLine = startLine;
        }

        boolean open() {
            return inComment || variationDepth > 0;
        }
    }

    private GameRecord readGame() throws IOException {
        Builder g = null;
        while (true) {
            String line = nextLine();
            if (line == null) {
                if (g == null) {
                    return null;
                }
                if (g.open()) {
                    warnSkip(g.inComment ? g.commentLine : g.variationLine, g.inComment ? g.commentColumn : g.variationColumn,
                            g.inComment ? "comment '{' never closed" : "variation '(' never closed");
                    return null;
                }
                return build(g, null);
            }
            int thisLine = lineNo;
            boolean blank = line.isBlank();
            boolean startsGame = previousBlank && isTagLine(line);
            previousBlank = blank;
            if (g != null && g.open() && startsGame) {
                // a new tag section inside an unclosed comment/variation: the game was broken
                warnSkip(g.inComment ? g.commentLine : g.variationLine, g.inComment ? g.commentColumn : g.variationColumn,
                        g.inComment ? "comment '{' never closed" : "variation '(' never closed");
                g = null;
            }
            if (g != null && !g.open() && (g.inMoveText ? line.stripLeading().startsWith("[") : startsGame)) {
                // next game's tags: this one had no result token
                pushBack(line, thisLine);
                return build(g, null);
            }
            if (line.startsWith("%") && (g == null || !g.inComment)) {
                continue;
            }
            try {
                int i = 0;
                int n = line.length();
                while (i < n) {
                    char c = line.charAt(i);
                    if (g != null && g.inComment) {
                        int close = line.indexOf('}', i);
                        boolean keep = g.variationDepth == 0;
                        if (close < 0) {
                            if (keep) {
                                g.comment.append(line, i, n).append(' ');
                            }
                            i = n;
                        } else {
                            if (keep) {
                                g.comment.append(line, i, close);
                                attachComment(g);
                            }
                            g.inComment = false;
                            i = close + 1;
                        }
                        continue;
                    }
                    if (Character.isWhitespace(c) || c == '\uFEFF') {
                        i++;
                        continue;
                    }
                    if (g == null) {
                        g = new Builder(thisLine);
                    }
                    if (c == '{') {
                        g.inComment = true;
                        g.commentLine = thisLine;
                        g.commentColumn = i + 1;
                        g.comment.setLength(0);
                        i++;
                    } else if (c == ';') {
                        i = n;
                    } else if (c == '(') {
                        if (g.variationDepth++ == 0) {
                            g.variationLine = thisLine;
                            g.variationColumn = i + 1;
                        }
                        g.inMoveText = true;
                        i++;
                    } else if (c == ')') {
                        if (g.variationDepth == 0) {
                            throw new Malformed(thisLine, i + 1, "')' without '('");
                        }
                        g.variationDepth--;
                        i++;
                    } else if (c == '[' && !g.inMoveText && g.variationDepth == 0) {
                        i = readTag(line, i, thisLine, g.tags);
                    } else {
                        int end = tokenEnd(line, i);
                        String token = line.substring(i, end);
                        i = end;
                        if (g.variationDepth > 0 || token.startsWith("$")) {
                            continue;
                        }
                        if (c == '[') {
                            throw new Malformed(thisLine, i - token.length() + 1, "tag pair inside move text");
                        }
                        if (GameResult.isResultToken(token)) {
                            String rest = line.substring(i);
                            if (!rest.isBlank()) {
                                pushBack(rest, thisLine);
                            }
                            return build(g, token);
                        }
                        g.inMoveText = true;
                        String move = withoutMoveNumber(token);
                        if (!move.isEmpty()) {
                            g.moves.add(move);
                            g.comments.add(null);
                        }
                    }
                }
            } catch (Malformed m) {
                warnSkip(m.line, m.column, m.getMessage());
                g = null;
                resync();
            }
        }
    }

    /** Runs of white space made one space, and none at the ends (as {@code replaceAll("\\s+", " ")} on stripped text). */
    static String collapseSpace(CharSequence text) {
        StringBuilder sb = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (regexSpace(c)) {
                space = sb.length() > 0;
            } else {
                if (space) {
                    sb.append(' ');
                    space = false;
                }
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** A move token without its leading move number ({@code 12.e4}, {@code 12...Nf6}); the token itself when none. */
    static String withoutMoveNumber(String token) {
        int i = 0;
        while (i < token.length() && token.charAt(i) >= '0' && token.charAt(i) <= '9') {
            i++;
        }
        if (i == 0 || i == token.length() || token.charAt(i) != '.') {
            return token;
        }
        while (i < token.length() && token.charAt(i) == '.') {
            i++;
        }
        return token.substring(i);
    }

    /**
     * A line opening a tag pair: optional white space, '[', a name, white space, '"' (what the
     * regular expression {@code ^\\s*\\[\\s*[^\\s"\\]]+\\s+"} matches, checked without one).
     */
    static boolean isTagLine(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && regexSpace(line.charAt(i))) {
            i++;
        }
        if (i >= n || line.charAt(i++) != '[') {
            return false;
        }
        while (i < n && regexSpace(line.charAt(i))) {
            i++;
        }
        int name = i;
        while (i < n && !regexSpace(line.charAt(i)) && line.charAt(i) != '"' && line.charAt(i) != ']') {
            i++;
        }
        if (i == name || i >= n || !regexSpace(line.charAt(i))) {
            return false;
        }
        while (i < n && regexSpace(line.charAt(i))) {
            i++;
        }
        return i < n && line.charAt(i) == '"';
    }

    /** White space as {@code \\s} in a regular expression: space, tab, newline, vertical tab, form feed, return. */
    private static boolean regexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** Parses {@code [Name "value"]} starting at {@code i}; returns the index after {@code ]}. */
    private static int readTag(String line, int i, int lineNo, Map<String, String> tags) throws Malformed {
        int n = line.length();
        int p = i + 1;
        while (p < n && Character.isWhitespace(line.charAt(p))) {
            p++;
        }
        int nameStart = p;
        while (p < n && !Character.isWhitespace(line.charAt(p)) && line.charAt(p) != '"' && line.charAt(p) != ']') {
            p++;
        }
        String name = line.substring(nameStart, p);
        if (name.isEmpty()) {
            throw new Malformed(lineNo, i + 1, "tag pair without a name");
        }
        while (p < n && Character.isWhitespace(line.charAt(p))) {
            p++;
        }
        if (p >= n || line.charAt(p) != '"') {
            throw new Malformed(lineNo, i + 1, "tag pair [" + name + " without a quoted value");
        }
        p++;
        StringBuilder value = new StringBuilder();
        boolean closed = false;
        while (p < n) {
            char c = line.charAt(p++);
            if (c == '\\' && p < n && (line.charAt(p) == '"' || line.charAt(p) == '\\')) {
                value.append(line.charAt(p++));
            } else if (c == '"') {
                closed = true;
                break;
            } else {
                value.append(c);
            }
        }
        if (!closed) {
            throw new Malformed(lineNo, i + 1, "tag pair [" + name + " not terminated (missing closing quote)");
        }
        while (p < n && Character.isWhitespace(line.charAt(p))) {
            p++;
        }
        if (p >= n || line.charAt(p) != ']') {
            throw new Malformed(lineNo, i + 1, "tag pair [" + name + " not terminated (missing ']')");
        }
        tags.put(name, value.toString());
        return p + 1;
    }

    private static int tokenEnd(String line, int i) {
        int p = i;
        while (p < line.length()) {
            char c = line.charAt(p);
            if (Character.isWhitespace(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';'
                    || (c == '[' && p > i)) {
                break;
            }
            p++;
        }
        return Math.max(p, i + 1);
    }

    /** A closed comment belongs to the move before it (comments before the first move are dropped). */
    private static void attachComment(Builder g) {
        String text = collapseSpace(g.comment.toString().strip());
        int last = g.moves.size() - 1;
        if (text.isEmpty() || last < 0) {
            return;
        }
        String before = g.comments.get(last);
        g.comments.set(last, before == null ? text : before + " " + text);
    }

    private GameRecord build(Builder g, String resultToken) {
        GameRecord record = new GameRecord(source, g.startLine, g.tags, g.moves, g.comments, resultToken);
        String tagResult = record.tag("Result");
        if (resultToken != null && tagResult != null && GameResult.parse(tagResult) != GameResult.UNKNOWN
                && GameResult.parse(tagResult) != GameResult.parse(resultToken)) {
            warnings.accept(new PdnWarning(source, g.startLine, 0,
                    "Result tag \"" + tagResult + "\" disagrees with result token " + resultToken
                            + "; the token is used"));
        }
        return record;
    }

    private void warnSkip(int line, int column, String message) {
        warnings.accept(new PdnWarning(source, line, column, "malformed game skipped: " + message));
    }

    /** Skips lines up to the next game start (a tag line after a blank line), which is pushed back. */
    private void resync() throws IOException {
        previousBlank = false;
        while (true) {
            String line = nextLine();
            if (line == null) {
                return;
            }
            boolean startsGame = previousBlank && isTagLine(line);
            previousBlank = line.isBlank();
            if (startsGame) {
                pushBack(line, lineNo);
                previousBlank = true;
                return;
            }
        }
    }

    private String nextLine() throws IOException {
        if (pushedBack != null) {
            String l = pushedBack;
            lineNo = pushedBackNo;
            pushedBack = null;
            return l;
        }
        String l = lines.next(source, lineNo + 1);
        if (l != null) {
            lineNo++;
            if (lineNo == 1 && !l.isEmpty() && l.charAt(0) == '\uFEFF') {
                l = l.substring(1);
            }
        }
        return l;
    }

    private void pushBack(String line, int no) {
        pushedBack = line;
        pushedBackNo = no;
    }
}
