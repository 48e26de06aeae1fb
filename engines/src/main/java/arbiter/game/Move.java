package arbiter.game;

/**
 * A move of some game. Implementations are small immutable values with value equality, so a move
 * parsed from text can be compared with the members of {@link Position#legalMoves()}.
 */
public interface Move {
}
