package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36, items 1 and 4: where a resume cuts {@code games.pdn} agrees with {@link PdnReader}, the
 * reader a resume counts the games with. For a log torn at any byte, in any of the line ends the
 * reader accepts, the cut keeps exactly the games the reader reads whole from the torn file (those
 * its result token closes), and the reader reads the kept part without a warning. The cut reads the
 * log from its end: a log over 2 GiB (sparse here, so the test writes a few kilobytes) opens, where
 * reading it whole cannot.
 */
class GameLogCutTest {
    @TempDir
    Path dir;

    /** Games as Arbiter writes them: tags, a blank line, wrapped move text with comments, the result, a blank line. */
    private static final String LOG = """
            [Event "cut"]
            [White "Émile"]
            [Black "Жора"]
            [Result "1-0"]
            [Game "0"]

            1. e4 {+0.25/7 0.531s} e5 {-0.20/7 0.498s} 2. Nf3 {+0.31/8 0.611s} Nc6 {-0.28/8 0.702s}
            3. Bb5 {+0.30/8 0.555s} a6 {White wins 1-0 on time (pv="Ba4 Nf6 1-0")} 1-0

            [Event "cut"]
            [White "Жора"]
            [Black "Émile"]
            [Result "1/2-1/2"]
            [Game "1"]

            1. d4 {+0.10/6 0.100s} d5 {0.00/6 0.120s} {draw by repetition} 1/2-1/2

            [Event "cut"]
            [White "x"]
            [Black "y"]
            [Result "0-1"]
            [Game "2"]

            1. 24/18,13/11 {3-1 +0.1/2 0.010s} 1... 13/7*,8/7 {6-6 0.020s} 2. 25/22 {black wins} 0-1

            [Event "cut"]
            [White "x"]
            [Black "y"]
            [Result "*"]
            [Game "3"]

            1. 32-28 {0.001s} 19-23 {stopped} *

            """;

    private static List<String> read(byte[] bytes, List<PdnWarning> warnings) throws Exception {
        List<String> games = new ArrayList<>();
        try (PdnReader r = new PdnReader(new StringReader(new String(bytes, StandardCharsets.UTF_8)), "log", warnings::add)) {
            r.forEachRemaining(g -> games.add(g.tags() + " " + g.moves() + " " + g.resultToken()));
        }
        return games;
    }

    private static List<String> readWhole(byte[] bytes) throws Exception {
        List<String> games = new ArrayList<>();
        try (PdnReader r = new PdnReader(new StringReader(new String(bytes, StandardCharsets.UTF_8)), "log", w -> { })) {
            r.forEachRemaining(g -> {
                if (g.resultToken() != null) {
                    games.add(g.tags() + " " + g.moves() + " " + g.resultToken());
                }
            });
        }
        return games;
    }

    @Test
    void theCutKeepsWhatTheReaderReadsWholeWhereverTheLogIsTorn() throws Exception {
        for (String newline : List.of("\n", "\r\n", "\r")) {
            byte[] log = LOG.replace("\n", newline).getBytes(StandardCharsets.UTF_8);
            assertEquals(log.length, GameLog.completeLength(log), "a whole log is kept whole (" + escape(newline) + ")");
            assertEquals(4, read(log, new ArrayList<>()).size());
            int from = new String(log, StandardCharsets.UTF_8).indexOf("[Event", 1); // tears from the first game's end on
            for (int torn = from - 40; torn <= log.length; torn++) {
                byte[] prefix = Arrays.copyOf(log, torn);
                int cut = (int) GameLog.completeLength(prefix);
                List<PdnWarning> warnings = new ArrayList<>();
                String where = "torn at byte " + torn + " of the " + escape(newline) + " log";
                assertEquals(readWhole(prefix), read(Arrays.copyOf(prefix, cut), warnings), where);
                assertEquals(List.of(), warnings, where);
            }
        }
    }

    /** A log that lost its last blank line, or its last line end, keeps its last game and gets them back. */
    @Test
    void aLastGameWithoutItsBlankLineIsKeptAndEnded() throws Exception {
        for (String newline : List.of("\n", "\r\n", "\r")) {
            String whole = LOG.replace("\n", newline);
            for (String lost : List.of(newline, newline + newline)) {
                Path f = dir.resolve("games.pdn");
                Files.writeString(f, whole.substring(0, whole.length() - lost.length()));
                List<String> warnings = new ArrayList<>();
                try (GameLog log = GameLog.open(f, warnings::add)) {
                    log.append("[Event \"next\"]\n\n1. e4 1-0\n\n");
                }
                assertEquals(List.of(), warnings);
                assertEquals(whole + "[Event \"next\"]\n\n1. e4 1-0\n\n", Files.readString(f));
                assertEquals(5, GameLog.read(f, w -> { }).size());
            }
        }
    }

    /** A log of more than 2 GiB (Files.readAllBytes cannot hold it): its torn last game is cut, the rest kept. */
    @Test
    void aLogOverTwoGibibytesIsCutFromItsEnd() throws Exception {
        Path f = dir.resolve("games.pdn");
        byte[] games = LOG.getBytes(StandardCharsets.UTF_8);
        byte[] torn = "[Event \"torn\"]\n[White \"x\"]\n\n1. e4 e5 2. Nf".getBytes(StandardCharsets.UTF_8);
        long hole = (2L << 30) + 1; // a sparse file: the hole takes no disk
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(games), hole);
            ch.write(ByteBuffer.wrap(torn), hole + games.length);
        }
        long whole = hole + games.length;
        List<String> warnings = new ArrayList<>();
        String next = "[Event \"next\"]\n\n1. e4 1-0\n\n";
        try (GameLog log = GameLog.open(f, warnings::add)) {
            log.append(next);
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("cut an incomplete last game (" + torn.length + " bytes)"), warnings.get(0));
        byte[] end = new byte[games.length + next.length()];
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            assertEquals(whole + next.length(), ch.size());
            ch.read(ByteBuffer.wrap(end), hole);
        }
        assertArrayEquals((LOG + next).getBytes(StandardCharsets.UTF_8), end);
    }

    private static String escape(String newline) {
        return newline.replace("\r", "CR").replace("\n", "LF");
    }
}
