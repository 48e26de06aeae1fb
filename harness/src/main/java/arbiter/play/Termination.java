package arbiter.play;

import arbiter.game.EndReason;

/** Why a game ended, as the referee decided it. {@link #tag()} is the PDN/PGN Termination tag value. */
public sealed interface Termination {
    String TIME_FORFEIT = "time forfeit";
    String ILLEGAL_MOVE = "illegal move";
    String ENGINE_CRASH = "engine crash";
    String STALLED = "stalled connection";

    String tag();

    /** True for the tag of a game an engine lost by failing: a crash, a stalled connection, an illegal move. */
    static boolean engineFailure(String tag) {
        return ENGINE_CRASH.equals(tag) || STALLED.equals(tag) || ILLEGAL_MOVE.equals(tag);
    }

    /** One line for logs and the record's final comment; a player is named by its side, as on the console. */
    String describe();

    /** The side of player 0 (the first to move) or 1, as the console and the records name them. */
    static String side(int player) {
        return player == 0 ? "White" : "Black";
    }

    /** The rules ended the game (mate, no legal move, repetition, ...). */
    record ByRules(EndReason reason) implements Termination {
        public String tag() {
            return "normal";
        }

        public String describe() {
            return reason.text();
        }
    }

    /** The referee ended the game by an adjudication rule of the config. */
    record Adjudicated(String why) implements Termination {
        public String tag() {
            return "adjudication";
        }

        public String describe() {
            return "adjudication: " + why;
        }
    }

    record TimeForfeit(int player, long overMs) implements Termination {
        public String tag() {
            return TIME_FORFEIT;
        }

        public String describe() {
            return Termination.side(player) + " lost on time (" + overMs + " ms over)";
        }
    }

    record IllegalMove(int player, String move, String why) implements Termination {
        public String tag() {
            return ILLEGAL_MOVE;
        }

        public String describe() {
            return "illegal move '" + move + "': " + why;
        }
    }

    record EngineCrash(int player, String message) implements Termination {
        public String tag() {
            return ENGINE_CRASH;
        }

        public String describe() {
            return "engine crashed: " + message;
        }
    }

    /** A player gave the game up (an external engine's resignation, e.g. DXP GAMEEND "I give up"). */
    record Resigned(int player, String why) implements Termination {
        public String tag() {
            return "normal";
        }

        public String describe() {
            return Termination.side(player) + " resigned: " + why;
        }
    }

    record EngineStalled(int player, long waitedMs) implements Termination {
        public String tag() {
            return STALLED;
        }

        public String describe() {
            return "engine did not answer within " + waitedMs + " ms";
        }
    }

    /**
     * No result: Arbiter itself did not run for {@code stalledMs} while {@code player}'s clock ran
     * (stopped, suspended, paused), enough to decide the game on time, so its time verdict is not the
     * engine's. The game is recorded void ({@code *}, not rated) and played again.
     */
    record HarnessStalled(int player, long stalledMs) implements Termination {
        public String tag() {
            return "unterminated";
        }

        public String describe() {
            return "void: Arbiter itself did not run for " + stalledMs + " ms while " + Termination.side(player)
                    + "'s clock ran (stopped, suspended or paused); the game is played again";
        }
    }
}
