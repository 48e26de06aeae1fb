package arbiter.service.schedule;

import arbiter.pdn.GameRecord;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The server's mark on games that are kept but not counted: {@code [Counted "after stop"]} on those
 * played after their test stopped, {@code [Counted "purged"]} on those of a purged worker. The tag
 * goes after the first tag of each game (the games' lines as the reader found them); a game that has
 * one already gets the new value.
 */
final class CountedTag {
    static final String AFTER_STOP = "after stop";
    static final String PURGED = "purged";
    private static final String PREFIX = "[Counted ";

    private CountedTag() {
    }

    /** The text with every game tagged {@code [Counted "value"]}. */
    static String mark(String pdn, List<GameRecord> games, String value) {
        String[] lines = pdn.split("\n", -1);
        Set<Integer> starts = new HashSet<>();
        games.forEach(g -> starts.add(g.line()));
        String tag = PREFIX + "\"" + value + "\"]";
        StringBuilder sb = new StringBuilder(pdn.length() + games.size() * 24);
        for (int i = 0; i < lines.length; i++) {
            if (i > 0 && starts.contains(i) && lines[i].startsWith(PREFIX)) {
                continue; // the game's old mark: the new one was written after its first tag
            }
            sb.append(lines[i]);
            if (i < lines.length - 1) {
                sb.append('\n');
            }
            if (starts.contains(i + 1)) {
                sb.append(tag).append('\n');
            }
        }
        return sb.toString();
    }
}
