package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import arbiter.config.ConfigException;
import arbiter.config.OpeningOrder;
import arbiter.config.RunConfig;
import arbiter.game.Games;
import arbiter.game.Rules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A book is checked and counted as a stream, read again for the openings played, and bounded in its count. */
class OpeningBookBoundsTest {
    @TempDir
    Path dir;

    private final Rules chess = Games.rules("chess", Map.of());

    private RunConfig.Openings book(String text) throws Exception {
        Path f = dir.resolve("book.fen");
        Files.writeString(f, text);
        return new RunConfig.Openings(f, "fen", OpeningOrder.SEQUENTIAL, 0, true);
    }

    @Test
    void theOpeningsPlayedAreReadAgainByTheirIndex() throws Exception {
        OpeningBook b = OpeningBook.load(book("""
                # three openings
                rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1

                rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
                rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1
                """), chess);
        assertEquals(3, b.size());
        var read = b.read(new TreeSet<>(java.util.List.of(0, 2)));
        assertEquals("book.fen:2", read.get(0).label());
        assertEquals("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", read.get(2).position());
        assertEquals(2, read.size());
    }

    @Test
    void moreOpeningsThanTheBoundIsOneErrorNamingTheFileAndTheBound() throws Exception {
        RunConfig.Openings o = book("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n".repeat(4));
        assertEquals(4, OpeningBook.load(o, chess, 4).size());
        ConfigException e = assertThrows(ConfigException.class, () -> OpeningBook.load(o, chess, 3));
        assertEquals("$.openings.file: " + o.file() + " holds more than 3 openings, the most a run reads (the wrong file?)",
                e.getMessage());
    }

    @Test
    void badOpeningsAreListedUpToTwentyThenCounted() throws Exception {
        RunConfig.Openings o = book("not a position\n".repeat(25));
        ConfigException e = assertThrows(ConfigException.class, () -> OpeningBook.load(o, chess));
        assertEquals(21, e.problems().size());
        assertEquals("$.openings.file: 5 more bad openings in " + o.file(), e.problems().get(20));
    }
}
