package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Group commit: every game is written at once, forced to disk in groups bounded in size and time. */
class GameLogGroupCommitTest {
    @TempDir
    Path dir;

    private static String game(int i) {
        return "[White \"a\"]\n[Black \"b\"]\n[Game \"" + i + "\"]\n\n1. e4 1-0\n\n";
    }

    @Test
    void gamesAreReadableAtOnceAndForcedInGroups() throws Exception {
        Path f = dir.resolve("games.pdn");
        try (GameLog log = GameLog.open(f, w -> { })) {
            for (int i = 0; i < 1000; i++) {
                log.append(game(i));
                // Written, hence safe from a killed process, before any fsync of its own.
                assertEquals(i + 1, GameLog.read(f, w -> { }).size());
            }
            long forced = log.forces();
            assertTrue(forced < 1000, "groups, not one fsync per game: " + forced);
            assertTrue(forced >= 1000 / GameLog.MAX_BATCH, "a full group is forced at once: " + forced);
            log.sync();
            assertEquals(-1, log.millisUntilSync(), "nothing pending after sync");
        }
    }

    @Test
    void aPendingGameIsForcedWithinTheDelay() throws Exception {
        Path f = dir.resolve("games.pdn");
        try (GameLog log = GameLog.open(f, w -> { })) {
            log.append(game(1));
            long due = log.millisUntilSync();
            assertTrue(due >= 0 && due <= GameLog.MAX_DELAY_MS, "due within the delay: " + due);
            long before = log.forces();
            Thread.sleep(GameLog.MAX_DELAY_MS + 10);
            assertEquals(0, log.millisUntilSync());
            log.syncIfDue();
            assertEquals(before + 1, log.forces());
            assertEquals(-1, log.millisUntilSync());
        }
        // Closing forces what is pending; reopening keeps every whole game.
        try (GameLog log = GameLog.open(f, w -> { })) {
            log.append(game(2));
        }
        assertEquals(2, GameLog.read(f, w -> { }).size());
        assertTrue(Files.readString(f).endsWith("1-0\n\n"));
    }
}
