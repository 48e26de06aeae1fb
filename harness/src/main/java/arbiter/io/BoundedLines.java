package arbiter.io;

import java.io.IOException;
import java.io.Reader;

/**
 * Lines of a reader, each at most a bound: LF, CR or CR LF end a line, as {@code BufferedReader.readLine},
 * but a line over the bound is an error instead of a string as long as the input (a 1.5 GB line took
 * 4.7 GB of heap before). A reader of files stops there; a server skips the line and reads on.
 */
public final class BoundedLines {
    /** Longest line read by default, in characters (1 MiB). */
    public static final int MAX_LINE = 1 << 20;

    private final Reader in;
    private final int maxLine;
    private final char[] buf = new char[8192];
    private int pos;
    private int limit;
    private boolean pendingCr;
    /** The overlong line just refused had already ended in the buffer: nothing of it is left to skip. */
    private boolean overlongEnded;
    private final StringBuilder lineBuffer = new StringBuilder();

    public BoundedLines(Reader in) {
        this(in, MAX_LINE);
    }

    public BoundedLines(Reader in, int maxLine) {
        this.in = in;
        this.maxLine = maxLine;
    }

    /** The bound, in characters. */
    public int maxLine() {
        return maxLine;
    }

    /**
     * The next line without its terminator (LF, CR or CR LF), or null at the end; a line longer
     * than {@link #MAX_LINE} characters is an error naming the source and the line, read no further.
     *
     * @param source file name for the message
     * @param lineNo number of the line about to be read, for the message
     */
    public String next(String source, int lineNo) throws IOException {
        lineBuffer.setLength(0);
        while (true) {
            if (!fill()) {
                return lineBuffer.length() > 0 ? finishLine() : null;
            }
            if (pendingCr) {
                pendingCr = false;
                if (buf[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            int start = pos;
            boolean ended = toLineEnd();
            int end = ended ? pos - 1 : pos;
            if (lineBuffer.length() + (end - start) > maxLine) {
                lineBuffer.setLength(0);
                overlongEnded = ended;
                throw new LineTooLongException(source + ":" + lineNo + ": line longer than " + size(maxLine)
                        + " (" + maxLine + " characters)");
            }
            lineBuffer.append(buf, start, end - start);
            if (ended) {
                return lineBuffer.toString();
            }
        }
    }

    /**
     * After a {@link LineTooLongException}: reads past the rest of that line, keeping nothing, so the
     * next {@link #next} returns the line after it. False at the end of the input.
     */
    public boolean skipRestOfLine() throws IOException {
        if (overlongEnded) {
            overlongEnded = false;
            return true;
        }
        while (fill()) {
            if (toLineEnd()) {
                return true;
            }
        }
        return false;
    }

    /**
     * As {@link #next}, for a reader that goes on after a bad line (a server): a line over the bound
     * is skipped, after {@code overlong} is told. Null at the end of the input.
     */
    public String nextSkippingOverlong(String source, Runnable overlong) throws IOException {
        while (true) {
            try {
                return next(source, 0);
            } catch (LineTooLongException e) {
                overlong.run();
                if (!skipRestOfLine()) {
                    return null;
                }
            }
        }
    }

    /** Refills the buffer once it is used up; false at the end of the input. */
    private boolean fill() throws IOException {
        if (pos < limit) {
            return true;
        }
        limit = in.read(buf, 0, buf.length);
        pos = 0;
        if (limit <= 0) {
            limit = 0;
            return false;
        }
        return true;
    }

    /** Moves past the current line's characters in the buffer; true when its end (CR or LF) was reached, and passed. */
    private boolean toLineEnd() {
        while (pos < limit && buf[pos] != '\n' && buf[pos] != '\r') {
            pos++;
        }
        if (pos < limit) {
            pendingCr = buf[pos] == '\r';
            pos++;
            return true;
        }
        return false;
    }

    /** "1 MiB", "64 KiB", "100 characters". */
    static String size(long chars) {
        if (chars >= 1 << 20 && chars % (1 << 20) == 0) {
            return chars / (1 << 20) + " MiB";
        }
        if (chars >= 1024 && chars % 1024 == 0) {
            return chars / 1024 + " KiB";
        }
        return chars + " characters";
    }

    private String finishLine() {
        pendingCr = false;
        return lineBuffer.toString();
    }

    /** A line over {@link #MAX_LINE}: the message names the source and the line. */
    public static final class LineTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        public LineTooLongException(String message) {
            super(message);
        }
    }
}
