package arbiter.game;

import java.util.Map;

/**
 * A game variant: its rules as data, and the factory of its positions. Instances are immutable and
 * may be shared between threads.
 */
public interface Rules {

    /** Variant id as used in configs and on the command line, e.g. {@code international}. */
    String id();

    /** The family the variant belongs to; decides record format (PDN or PGN) and engine protocols. */
    GameFamily family();

    /** Number of players; 2 for every game but four-player Quoridor. */
    default int playerCount() {
        return 2;
    }

    /** Display name of a player by index (0 moves first in chess; colours follow the variant). */
    String playerName(int player);

    /** The standard start position. */
    Position start();

    /** Parses a position text (FEN or the family's own documented format). */
    Position parsePosition(String text) throws NotationException;

    /**
     * How many occurrences of the same position end the game in a draw (3 for threefold), or 0 if the
     * game has no repetition rule.
     */
    int repetitionLimit();

    /** Every rule parameter by name with its current value, as accepted by rule overrides. */
    Map<String, String> parameters();
}
