package arbiter.game.quoridor;

import arbiter.game.GameFamily;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.game.RuleValues;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Quoridor as data. Every field is a rule parameter that can be overridden by name (see
 * {@link #withOverrides}).
 *
 * <p>Two players: White (player 0) starts on the middle of rank 1 (e1) and wins on the last rank;
 * Black starts on the middle of the last rank (e9) and wins on rank 1. Four players, in turn order
 * clockwise: South (e1, wins on rank 9), West (a5, wins on file i), North (e9, wins on rank 1),
 * East (i5, wins on file a).
 *
 * <p>A pawn steps to an orthogonal neighbour cell not behind a wall. Onto an adjacent pawn it jumps
 * straight over it when the cell behind is on the board, free and not behind a wall; otherwise
 * (edge, wall, or in four-player games another pawn behind) with {@code diagonalJumps} it may step
 * to either side of that pawn, if not blocked by a wall or a pawn. A wall covers two cell edges, may
 * not overlap or cross another, and must leave every player a path to its goal (pawns do not
 * block paths). The first pawn on its goal wins. No draw rule: a referee caps the game length. In
 * the rare position where a player can neither move its pawn nor place a wall, it passes.
 *
 * @param id            variant id
 * @param boardSize     cells per side: odd, 3 to 9 (standard 9)
 * @param walls         walls per player (standard 10 with two players, 5 with four)
 * @param diagonalJumps whether the official diagonal step around a blocked pawn is allowed
 * @param players       2 or 4
 */
public record QuoridorRules(String id, int boardSize, int walls, boolean diagonalJumps, int players)
        implements Rules {

    /** Names of the parameters accepted by {@link #withOverrides}, in a stable order. */
    public static final List<String> PARAMETER_NAMES = List.of("boardSize", "walls", "diagonalJumps", "players");

    /** The standard game: 9x9, two players, 10 walls each, diagonal jumps. */
    public static final QuoridorRules STANDARD = new QuoridorRules("quoridor", 9, 10, true, 2);

    public QuoridorRules {
        if (!Geometry.supported(boardSize)) {
            throw new NotationException("rule boardSize must be odd, from " + Geometry.MIN_SIZE + " to "
                    + Geometry.MAX_SIZE + "; got " + boardSize);
        }
        if (players != 2 && players != 4) {
            throw new NotationException("rule players must be 2 or 4; got " + players);
        }
        int maxWalls = (boardSize - 1) * (boardSize - 1);
        if (walls < 0 || walls > maxWalls) {
            throw new NotationException("rule walls must be 0 to " + maxWalls + " on a " + boardSize + "x"
                    + boardSize + " board; got " + walls);
        }
    }

    /** The usual number of walls per player: 10 for two players, 5 for four. */
    public static int defaultWalls(int players) {
        return players == 4 ? 5 : 10;
    }

    @Override
    public GameFamily family() {
        return GameFamily.QUORIDOR;
    }

    @Override
    public int playerCount() {
        return players;
    }

    @Override
    public String playerName(int player) {
        if (players == 2) {
            return player == 0 ? "White" : "Black";
        }
        return List.of("South", "West", "North", "East").get(player);
    }

    @Override
    public QuoridorPosition start() {
        return QuoridorPosition.start(this);
    }

    @Override
    public QuoridorPosition parsePosition(String text) throws NotationException {
        return QuoridorNotation.parsePosition(this, text);
    }

    @Override
    public int repetitionLimit() {
        return 0;
    }

    @Override
    public Map<String, String> parameters() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("boardSize", Integer.toString(boardSize));
        map.put("walls", Integer.toString(walls));
        map.put("diagonalJumps", Boolean.toString(diagonalJumps));
        map.put("players", Integer.toString(players));
        return map;
    }

    /**
     * These rules with parameters replaced by name. Changing {@code players} without giving
     * {@code walls} also sets the usual wall count for that many players.
     *
     * @throws NotationException for an unknown name (listing the known ones) or a bad value
     */
    public QuoridorRules withOverrides(Map<String, String> overrides) throws NotationException {
        if (overrides.isEmpty()) {
            return this;
        }
        RuleValues values = RuleValues.of(id, parameters(), overrides);
        int playerCount = values.integer("players");
        int wallCount = overrides.containsKey("walls") || playerCount == players
                ? values.integer("walls") : defaultWalls(playerCount);
        return new QuoridorRules(id, values.integer("boardSize"), wallCount, values.bool("diagonalJumps"), playerCount);
    }
}
