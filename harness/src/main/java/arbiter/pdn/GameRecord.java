package arbiter.pdn;

import arbiter.play.GameResult;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One game as recorded in a PGN/PDN file: its tag pairs in file order, its move tokens as written
 * (move numbers, comments, variations and NAGs removed), its result token and where it starts.
 *
 * @param source file name (or other label) the game was read from
 * @param line 1-based line of the game's first tag or token
 * @param tags tag pairs in file order; look them up with {@link #tag} (case-insensitive)
 * @param moves raw move tokens of the main line, e.g. {@code 32-28}, {@code 19x30}, {@code Nf3+}
 * @param comments the comment after each move, without braces (null where none); same size as moves
 * @param resultToken the result token closing the move text, or null when the game had none
 */
public record GameRecord(String source, int line, Map<String, String> tags, List<String> moves,
        List<String> comments, String resultToken) {

    public GameRecord {
        tags = Collections.unmodifiableMap(tags);
        moves = List.copyOf(moves);
        comments = Collections.unmodifiableList(new java.util.ArrayList<>(comments));
        if (comments.size() != moves.size()) {
            throw new IllegalArgumentException("one comment slot per move");
        }
    }

    /** A record without comments. */
    public GameRecord(String source, int line, Map<String, String> tags, List<String> moves, String resultToken) {
        this(source, line, tags, moves, java.util.Collections.nCopies(moves.size(), (String) null), resultToken);
    }

    /** The value of a tag, ignoring the case of its name; null when absent. */
    public String tag(String name) {
        String exact = tags.get(name);
        if (exact != null) {
            return exact;
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }

    /** The result: from the result token, or from the Result tag when the move text has none. */
    public GameResult result() {
        return resultToken != null ? GameResult.parse(resultToken) : GameResult.parse(tag("Result"));
    }
}
