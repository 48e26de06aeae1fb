package arbiter.service.store;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** The games of a chunk as the database keeps them: gzipped UTF-8 (a game's PDN shrinks about fivefold). */
public final class Gzip {
    private Gzip() {
    }

    public static byte[] bytes(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() / 4 + 64);
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not on a byte array
        }
        return out.toByteArray();
    }

    /** The text of {@link #bytes}. */
    public static String text(byte[] gz) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("a chunk's games are not gzip", e);
        }
    }
}
