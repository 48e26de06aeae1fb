package arbiter.external;

import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;

/**
 * What the gnubg player needs from a backgammon implementation: the position (with its dice rolled)
 * as gnubg's board seen from the player on roll, and the legal move that gnubg's checker steps play.
 * The backgammon game supplies it; the gnubg player itself knows nothing of the game's classes.
 */
public interface BackgammonAdapter {

    /** The position, dice rolled, from the side of the player on roll. */
    GnubgBoard board(Position position);

    /**
     * The legal move of the position that moves these checkers (steps in the mover's numbering).
     *
     * @throws NotationException when no legal move matches
     */
    Move move(Position position, GnubgMove gnubgMove) throws NotationException;
}
