package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** An engine's output split into lines, whatever sizes the pipe's reads come in. */
class EngineLinesTest {
    /** The reference: split on '\n', keep at most MAX_LINE bytes of a line, drop one trailing '\r'. */
    private static List<String> reference(byte[] data) {
        List<String> out = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (byte b : data) {
            if (b == '\n') {
                out.add(text(line));
                line.reset();
            } else if (line.size() < EngineProcess.MAX_LINE) {
                line.write(b);
            }
        }
        if (line.size() > 0) {
            out.add(text(line));
        }
        return out;
    }

    private static String text(ByteArrayOutputStream line) {
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    /** A stream whose reads return random small amounts, as a pipe does. */
    private static InputStream chunked(byte[] data, Random r) {
        return new InputStream() {
            int pos;

            @Override
            public int read() {
                return pos < data.length ? data[pos++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (pos >= data.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, 1 + r.nextInt(r.nextBoolean() ? 7 : 9000)), data.length - pos);
                System.arraycopy(data, pos, b, off, n);
                pos += n;
                return n;
            }
        };
    }

    @Test
    void linesAreTheSameWhateverTheReadSizes() {
        Random r = new Random(7);
        for (int round = 0; round < 300; round++) {
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            int lines = r.nextInt(40);
            for (int k = 0; k < lines; k++) {
                int len = r.nextInt(10) == 0 ? r.nextInt(3 * EngineProcess.MAX_LINE / 2) : r.nextInt(120);
                for (int i = 0; i < len; i++) {
                    data.write("abc é\r\t".getBytes(StandardCharsets.UTF_8)[r.nextInt(8)]);
                }
                if (r.nextInt(8) != 0 || k < lines - 1) {
                    data.write(r.nextBoolean() ? '\n' : '\r');
                    if (r.nextBoolean()) {
                        data.write('\n');
                    }
                }
            }
            byte[] bytes = data.toByteArray();
            List<String> got = new ArrayList<>();
            EngineProcess.readLines(chunked(bytes, r), got::add);
            assertEquals(reference(bytes), got, "round " + round);
        }
    }
}
