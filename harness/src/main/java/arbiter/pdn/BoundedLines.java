package arbiter.pdn;

import java.io.IOException;
import java.io.Reader;

/** Lines of a reader, each at most {@link #MAX_LINE} characters: LF, CR or CR LF end a line, as {@code BufferedReader.readLine}. */
final class BoundedLines {
    /** Longest line read, in characters (1 MiB). */
    static final int MAX_LINE = 1 << 20;

    private final Reader in;
    private final char[] buf = new char[8192];
    private int pos;
    private int limit;
    private boolean pendingCr;
    private final StringBuilder lineBuffer = new StringBuilder();

    BoundedLines(Reader in) {
        this.in = in;
    }

    /**
     * The next line without its terminator (LF, CR or CR LF), or null at the end; a line longer
     * than {@link #MAX_LINE} characters is an error naming the source and the line, read no further.
     *
     * @param source file name for the message
     * @param lineNo number of the line about to be read, for the message
     */
    String next(String source, int lineNo) throws IOException {
        lineBuffer.setLength(0);
        while (true) {
            if (pos == limit) {
                limit = in.read(buf, 0, buf.length);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    return lineBuffer.length() > 0 ? finishLine() : null;
                }
            }
            if (pendingCr) {
                pendingCr = false;
                if (buf[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            int start = pos;
            while (pos < limit && buf[pos] != '\n' && buf[pos] != '\r') {
                pos++;
            }
            if (lineBuffer.length() + (pos - start) > MAX_LINE) {
                throw new LineTooLongException(source + ":" + lineNo + ": line longer than "
                        + MAX_LINE / (1024 * 1024) + " MiB (" + MAX_LINE + " characters); not a PGN/PDN file?");
            }
            lineBuffer.append(buf, start, pos - start);
            if (pos < limit) {
                pendingCr = buf[pos] == '\r';
                pos++;
                return lineBuffer.toString();
            }
        }
    }

    private String finishLine() {
        pendingCr = false;
        return lineBuffer.toString();
    }

    /** A line over {@link #MAX_LINE}: the message names the source and the line. */
    public static final class LineTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        LineTooLongException(String message) {
            super(message);
        }
    }
}
