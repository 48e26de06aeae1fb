package arbiter.pdn;

import arbiter.play.GameResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The end of a game log read backwards, line by line, in blocks: where its whole games end (see
 * {@link GameLog#completeLength(byte[])}) without reading the rest, so a log of any size is cut in
 * the time and memory of its last games. Lines end as {@link PdnReader} ends them (LF, CR LF or CR),
 * and a line closes a game as the reader's would: its last token is a result token, outside a
 * {@code {}} comment, a {@code ;} comment and a {@code ()} variation opened on that line (Arbiter
 * writes each comment on one line), on a line that is not a tag line.
 */
final class LogTail {
    /** Reads bytes at a position, as {@code FileChannel.read(ByteBuffer, long)}. */
    @FunctionalInterface
    interface Source {
        int read(ByteBuffer dst, long position) throws IOException;
    }

    private static final int BLOCK = 64 * 1024;
    /** The longest result token, {@code 1/2-1/2}. */
    private static final int LONGEST_RESULT = 7;

    private final Source source;
    private final long size;
    private final byte[] block = new byte[BLOCK];
    private long blockStart;
    private int blockLength;

    LogTail(Source source, long size) {
        this.source = source;
        this.size = size;
        this.blockStart = size;
    }

    private enum Line { BLANK, RESULT, OTHER }

    /** The length of the longest prefix of whole games, with the blank lines after the last one. */
    long completeLength() throws IOException {
        long firstNonBlankAfter = size; // where the first non-blank line after the examined ones starts
        long end = size;
        while (end > 0) {
            long contentEnd = end;
            if (at(end - 1) == '\n') {
                contentEnd = end - 1 > 0 && at(end - 2) == '\r' ? end - 2 : end - 1;
            } else if (at(end - 1) == '\r') {
                contentEnd = end - 1;
            }
            long start = contentEnd;
            while (start > 0 && at(start - 1) != '\n' && at(start - 1) != '\r') {
                start--;
            }
            Line line = examine(start, contentEnd);
            if (line == Line.RESULT) {
                return firstNonBlankAfter;
            }
            if (line == Line.OTHER) {
                firstNonBlankAfter = start;
            }
            end = start;
        }
        return 0;
    }

    /**
     * What must follow a log cut at {@code keep} for the next game to start after a blank line: nothing,
     * or the line ends its last game lost, in the log's own style (LF, CR LF or CR).
     */
    byte[] missingEnding(long keep) throws IOException {
        int lineEnds = 0;
        long i = keep - 1;
        while (i >= 0 && lineEnds < 2) {
            byte b = at(i);
            if (b == '\n' || b == '\r') {
                lineEnds++;
                i -= b == '\n' && i > 0 && at(i - 1) == '\r' ? 2 : 1;
            } else if (space(b)) {
                i--;
            } else {
                break;
            }
        }
        if (keep == 0 || lineEnds >= 2) {
            return new byte[0];
        }
        return newlineBefore(keep).repeat(2 - lineEnds).getBytes(StandardCharsets.US_ASCII);
    }

    /** The line end last used before {@code position} (LF when none is near). */
    private String newlineBefore(long position) throws IOException {
        for (long i = position - 1; i >= Math.max(0, position - BLOCK); i--) {
            if (at(i) == '\n') {
                return i > 0 && at(i - 1) == '\r' ? "\r\n" : "\n";
            }
            if (at(i) == '\r') {
                return "\r";
            }
        }
        return "\n";
    }

    private Line examine(long start, long end) throws IOException {
        long e = end;
        while (e > start && space(at(e - 1))) {
            e--;
        }
        if (e == start) {
            return Line.BLANK;
        }
        long s = start;
        while (space(at(s))) {
            s++;
        }
        long t = e;
        while (t > s && e - t <= LONGEST_RESULT && !delimiter(at(t - 1))) {
            t--;
        }
        if (e - t > LONGEST_RESULT || at(s) == '[') {
            return Line.OTHER;
        }
        byte[] token = new byte[(int) (e - t)];
        for (int i = 0; i < token.length; i++) {
            token[i] = at(t + i);
        }
        if (!GameResult.isResultToken(new String(token, StandardCharsets.US_ASCII))) {
            return Line.OTHER;
        }
        // Is the token inside a comment or a variation opened on this line?
        boolean comment = false;
        int variation = 0;
        for (long i = s; i < t; i++) {
            byte b = at(i);
            if (comment) {
                comment = b != '}';
            } else if (b == '{') {
                comment = true;
            } else if (b == ';') {
                return Line.OTHER;
            } else if (b == '(') {
                variation++;
            } else if (b == ')' && variation > 0) {
                variation--;
            }
        }
        return comment || variation > 0 ? Line.OTHER : Line.RESULT;
    }

    /** White space as {@link Character#isWhitespace} has it in ASCII (line ends aside: they are not in a line). */
    private static boolean space(byte b) {
        return b == ' ' || b == '\t' || b == 0x0B || b == '\f' || (b >= 0x1C && b <= 0x1F);
    }

    /** Where the reader ends a token. */
    private static boolean delimiter(byte b) {
        return space(b) || b == '{' || b == '}' || b == '(' || b == ')' || b == ';';
    }

    /**
     * The byte at {@code position}, from the block that holds it: a block read before the last one
     * ends at the position (the scan goes backwards), one after it starts there (a line read forwards).
     */
    private byte at(long position) throws IOException {
        if (position < blockStart || position >= blockStart + blockLength) {
            blockStart = position < blockStart ? Math.max(0, position - BLOCK + 1) : position;
            blockLength = (int) Math.min(BLOCK, size - blockStart);
            ByteBuffer buffer = ByteBuffer.wrap(block, 0, blockLength);
            while (buffer.hasRemaining()) {
                if (source.read(buffer, blockStart + buffer.position()) < 0) {
                    throw new java.io.EOFException("the log ended at byte " + (blockStart + buffer.position())
                            + " while " + size + " were expected");
                }
            }
        }
        return block[(int) (position - blockStart)];
    }
}
