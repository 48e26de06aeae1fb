package arbiter.engine;

import arbiter.engine.chess.ChessEvaluation;
import arbiter.engine.backgammon.BackgammonEvaluation;
import arbiter.engine.backgammon.ExpectimaxPlayer;
import arbiter.engine.draughts.DraughtsEvaluation;
import arbiter.engine.quoridor.QuoridorEngines;
import arbiter.eval.Weights;
import arbiter.eval.WeightsException;
import arbiter.game.GameFamily;
import arbiter.game.Rules;
import arbiter.game.chess.ChessBoard;
import arbiter.game.backgammon.BackgammonRules;
import arbiter.game.draughts.DraughtsBoard;
import arbiter.game.draughts.DraughtsRules;
import arbiter.game.quoridor.QuoridorRules;
import arbiter.search.AlphaBetaPlayer;
import arbiter.player.OptionException;
import arbiter.player.Options;
import arbiter.player.Player;
import arbiter.search.SearchOptions;
import java.util.List;
import java.util.Map;

/**
 * The built-in engines by id. A player is made from (engine id, game rules, options, weights);
 * unknown options or weights are errors naming the key.
 */
public final class EngineRegistry {

    /**
     * An engine id with the game families it plays and a one-line description.
     *
     * @param boundsItself its search ends by itself, so a player of it needs no depth, node or time
     *                     limit: the random player, and backgammon's expectiminimax (at most its
     *                     {@code plies} option; a depth limit overrides it)
     */
    public record EngineInfo(String id, List<GameFamily> families, String description, boolean boundsItself) {
        EngineInfo(String id, List<GameFamily> families, String description) {
            this(id, families, description, false);
        }
    }

    private static final List<EngineInfo> ENGINES = List.of(
            new EngineInfo("random", List.of(GameFamily.values()), "uniformly random legal moves (seeded)", true),
            new EngineInfo("draughts-alphabeta", List.of(GameFamily.DRAUGHTS),
                    "alpha-beta with switchable features; weights presets default, s0-damaq, s2-autocheckers"),
            new EngineInfo("chess-alphabeta", List.of(GameFamily.CHESS),
                    "alpha-beta with switchable features; weights presets default, s3-sehnal"),
            new EngineInfo(ExpectimaxPlayer.ID, List.of(GameFamily.BACKGAMMON),
                    "expectiminimax over the 21 rolls (plies, star1/star2 pruning, prefilter); weights presets default, s4-thesis",
                    true),
            new EngineInfo(QuoridorEngines.MCTS, List.of(GameFamily.QUORIDOR),
                    "UCT of seed S1 (cut-off playouts, smart playouts, node skipping, losing-move check); presets default, s1-thesis"),
            new EngineInfo(QuoridorEngines.ALPHA_BETA, List.of(GameFamily.QUORIDOR),
                    "alpha-beta with the same evaluation and switchable features; presets default, s1-thesis"));

    private EngineRegistry() {
    }

    public static List<EngineInfo> engines() {
        return ENGINES;
    }

    /** True for a known engine whose search ends by itself ({@link EngineInfo#boundsItself}). */
    public static boolean boundsItself(String id) {
        return ENGINES.stream().anyMatch(e -> e.id().equals(id) && e.boundsItself());
    }

    public static EngineInfo info(String id) {
        for (EngineInfo e : ENGINES) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        StringBuilder known = new StringBuilder();
        for (EngineInfo e : ENGINES) {
            known.append(known.length() == 0 ? "" : ", ").append(e.id());
        }
        throw new OptionException("unknown engine '" + id + "'; known engines: " + known);
    }

    /**
     * Creates a player.
     *
     * @param weights weight overrides by name, applied over the engine's defaults (or its {@code preset})
     */
    public static Player create(String id, Rules rules, Map<String, ?> options, Map<String, ? extends Number> weights) {
        return create(id, rules, new Options(options), weights);
    }

    /** Every option the engine reads, with its description, as declared when a player is made. */
    public static Map<String, String> options(String id, Rules rules) {
        Options o = new Options(Map.of());
        create(id, rules, o, Map.of()).close();
        return o.known();
    }

    /**
     * The options an engine reads, with kinds, defaults and ranges (for protocol servers that declare
     * them to a GUI).
     */
    public static List<Options.Declaration> declarations(String id, Rules rules) {
        Options o = new Options(Map.of());
        create(id, rules, o, Map.of()).close();
        return o.declarations();
    }

    private static Player create(String id, Rules rules, Options o, Map<String, ? extends Number> weights) {
        EngineInfo info = info(id);
        if (!info.families().contains(rules.family())) {
            throw new OptionException("engine " + id + " does not play " + rules.id());
        }
        Player player = switch (id) {
            case "random" -> {
                if (!weights.isEmpty()) {
                    throw new WeightsException("engine random has no weights");
                }
                yield new RandomPlayer(o);
            }
            case "draughts-alphabeta" -> {
                DraughtsRules draughts = (DraughtsRules) rules;
                Weights w = weights(id, rules, o).with(weights);
                SearchOptions search = SearchOptions.from(o);
                yield new AlphaBetaPlayer(id, new DraughtsBoard(draughts, new DraughtsEvaluation(w, draughts.width())),
                        search);
            }
            case "chess-alphabeta" -> {
                Weights w = weights(id, rules, o).with(weights);
                SearchOptions search = SearchOptions.from(o);
                yield new AlphaBetaPlayer(id, new ChessBoard(new ChessEvaluation(w)), search);
            }
            case ExpectimaxPlayer.ID -> new ExpectimaxPlayer((BackgammonRules) rules, weights(id, rules, o).with(weights), o);
            case QuoridorEngines.MCTS, QuoridorEngines.ALPHA_BETA ->
                    QuoridorEngines.create(id, (QuoridorRules) rules, o, weights(id, rules, o).with(weights));
            default -> throw new IllegalStateException("engine " + id + " is listed but not built");
        };
        o.checkAllKnown(id);
        return player;
    }

    /** The engine's evaluation as a weighted sum of features, for Texel tuning. */
    public static arbiter.eval.LinearEvaluation linearEvaluation(String id, Rules rules) {
        info(id);
        return switch (id) {
            case "draughts-alphabeta" -> DraughtsEvaluation.LINEAR;
            case "chess-alphabeta" -> arbiter.engine.chess.ChessEvaluation.LINEAR;
            default -> throw new WeightsException("engine " + id + " has no linear evaluation to fit");
        };
    }

    /**
     * The weights an engine starts from before overrides: its defaults or the preset its options name.
     * Reads (declares) the {@code preset} option.
     */
    public static Weights weights(String id, Rules rules, Options options) {
        return switch (id) {
            case "draughts-alphabeta" -> DraughtsEvaluation.preset(
                    options.choice("preset", "default", DraughtsEvaluation.PRESETS, "evaluation weight preset"));
            case "chess-alphabeta" -> ChessEvaluation.preset(
                    options.choice("preset", "default", ChessEvaluation.PRESETS, "evaluation weight preset"));
            case ExpectimaxPlayer.ID -> BackgammonEvaluation.preset(
                    options.choice("preset", "default", BackgammonEvaluation.PRESETS, "evaluation weight preset"));
            case QuoridorEngines.MCTS, QuoridorEngines.ALPHA_BETA -> QuoridorEngines.preset(options);
            default -> throw new WeightsException("engine " + id + " has no weights");
        };
    }
}
