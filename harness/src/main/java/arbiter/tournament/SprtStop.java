package arbiter.tournament;

import arbiter.results.Scoreboard;

/** The stop policy of a match with an SPRT: ends the run when the test accepts H0 or H1. */
final class SprtStop {
    private SprtStop() {
    }

    /** The verdict as a sentence, or null to go on: the scoreboard's, so O(1) a game. */
    static String stopReason(Scoreboard scoreboard) {
        if (scoreboard.sprt() == null || scoreboard.games() == 0) {
            return null;
        }
        return scoreboard.verdict().stopReason();
    }
}
