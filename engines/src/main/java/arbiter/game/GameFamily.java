package arbiter.game;

/** The four families of games Arbiter hosts. */
public enum GameFamily {
    DRAUGHTS, CHESS, QUORIDOR, BACKGAMMON
}
