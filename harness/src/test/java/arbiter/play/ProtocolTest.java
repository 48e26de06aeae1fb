package arbiter.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.GameFamily;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ProtocolTest {
    /** The config names and game families of docs/engines.md's protocol table. */
    @Test
    void theProtocolsAreTheOnesDocumentedWithTheirGames() throws IOException {
        assertEquals(List.of("uci", "xboard", "hub", "hub1", "dxp", "gnubg"), Protocol.ids());
        assertEquals(GameFamily.CHESS, Protocol.UCI.family());
        assertEquals(GameFamily.CHESS, Protocol.XBOARD.family());
        assertEquals(GameFamily.DRAUGHTS, Protocol.HUB.family());
        assertEquals(GameFamily.DRAUGHTS, Protocol.HUB1.family());
        assertEquals(GameFamily.DRAUGHTS, Protocol.DXP.family());
        assertEquals(GameFamily.BACKGAMMON, Protocol.GNUBG.family());
        assertEquals(Protocol.HUB1, Protocol.of("hub1"));
        assertNull(Protocol.of("UCI"));
        assertEquals("dxp", Protocol.DXP.toString());
        String table = Files.readString(root().resolve("docs/engines.md"));
        for (Protocol p : Protocol.values()) {
            assertTrue(table.toLowerCase().contains("| " + p.family().name().toLowerCase()),
                    p + ": docs/engines.md's table has no row for " + p.family());
        }
    }

    /**
     * A protocol is compared as a {@link Protocol}, never as its name: {@code "dxp".equals(p)} with an
     * enum compiles and is always false.
     */
    @Test
    void noSourceComparesAProtocolByItsName() throws IOException {
        Pattern compare = Pattern.compile("\"(?:" + String.join("|", Protocol.ids()) + ")\"\\s*\\.equals\\("
                + "|\\.equals\\(\\s*\"(?:" + String.join("|", Protocol.ids()) + ")\"\\s*\\)");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root().resolve("harness/src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    if (compare.matcher(lines.get(i)).find()) {
                        found.add(f.getFileName() + ":" + (i + 1) + ": " + lines.get(i).trim());
                    }
                }
            }
        }
        assertTrue(found.isEmpty(), "compare with Protocol constants instead:\n" + String.join("\n", found));
    }

    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.isDirectory(here.resolve("harness/src/main/java"))) {
            here = here.getParent();
        }
        return here;
    }
}
