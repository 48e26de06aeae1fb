package arbiter.engine.quoridor;

import arbiter.eval.Weights;
import arbiter.game.quoridor.QuoridorBoard;
import arbiter.game.quoridor.QuoridorRules;
import arbiter.search.AlphaBetaPlayer;
import arbiter.search.mcts.MctsPlayer;
import arbiter.player.OptionException;
import arbiter.player.Options;
import arbiter.player.Player;
import arbiter.search.SearchOptions;
import arbiter.search.mcts.UctOptions;

/** The built-in Quoridor players: {@code quoridor-mcts} (seed S1's UCT) and {@code quoridor-alphabeta}. */
public final class QuoridorEngines {
    public static final String MCTS = "quoridor-mcts";
    public static final String ALPHA_BETA = "quoridor-alphabeta";

    private QuoridorEngines() {
    }

    /** The weights before overrides: the {@code preset} option's (declared here). */
    public static Weights preset(Options options) {
        return QuoridorEvaluation.preset(
                options.choice("preset", "default", QuoridorEvaluation.PRESETS, "evaluation weight preset"));
    }

    /** A player of engine {@code id} with the given (final) weights. */
    public static Player create(String id, QuoridorRules rules, Options options, Weights weights) {
        if (rules.players() != 2) {
            throw new OptionException("engine " + id + " plays two-player Quoridor only; the rules have "
                    + rules.players() + " players");
        }
        QuoridorBoard board = new QuoridorBoard(rules, new QuoridorEvaluation(weights));
        return switch (id) {
            case MCTS -> new MctsPlayer(id, board, UctOptions.from(options));
            // No captures in Quoridor: quiescence would only evaluate again, so it is off by default.
            case ALPHA_BETA -> new AlphaBetaPlayer(id, board, SearchOptions.from(options, false));
            default -> throw new IllegalArgumentException("not a Quoridor engine: " + id);
        };
    }
}
