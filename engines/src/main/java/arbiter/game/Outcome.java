package arbiter.game;

/** The result of a finished game, decided by the rules: a win for one player or a draw. */
public sealed interface Outcome permits Outcome.Win, Outcome.Draw {

    EndReason reason();

    /** Score of a player: 1 for the winner, 0 for the loser, 1/2 for a draw. */
    double scoreFor(int player);

    /**
     * @param winner index of the winning player (0 = first player, e.g. White)
     * @param points how much the win is worth: 1, except backgammon gammon (2) and backgammon (3)
     */
    record Win(int winner, EndReason reason, int points) implements Outcome {
        public Win {
            if (winner < 0 || points < 1) {
                throw new IllegalArgumentException("winner " + winner + ", points " + points);
            }
        }

        public Win(int winner, EndReason reason) {
            this(winner, reason, 1);
        }

        @Override
        public double scoreFor(int player) {
            return player == winner ? 1.0 : 0.0;
        }
    }

    record Draw(EndReason reason) implements Outcome {
        @Override
        public double scoreFor(int player) {
            return 0.5;
        }
    }
}
