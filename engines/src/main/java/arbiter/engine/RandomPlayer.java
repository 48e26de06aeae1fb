package arbiter.engine;

import arbiter.game.GameHistory;
import arbiter.player.Limits;
import arbiter.player.Options;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import arbiter.game.Move;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * Plays a uniformly random legal move: a baseline for every game. Seeded ({@code seed} option), and
 * reseeded from that seed, the game's seed and the position at every move, so a game is reproducible
 * whatever the player played before.
 */
public final class RandomPlayer implements Player {
    private final long seed;
    private long gameSeed;

    public RandomPlayer(Options options) {
        this.seed = options.integer("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE, "random seed");
    }

    @Override
    public String engineId() {
        return "random";
    }

    @Override
    public void newGame(long gameSeed) {
        this.gameSeed = gameSeed;
    }

    @Override
    public SearchResult chooseMove(GameHistory game, Limits limits, BooleanSupplier stop) {
        List<Move> moves = game.current().legalMoves();
        if (moves.isEmpty()) {
            throw new IllegalStateException("no legal move in " + game.current().toText());
        }
        SplittableRandom random = new SplittableRandom(seed * 0xD1B54A32D192ED03L ^ gameSeed
                ^ game.current().hash() * 0x9E3779B97F4A7C15L ^ game.moves().size());
        Move move = moves.get(random.nextInt(moves.size()));
        return new SearchResult(move, 0, 0, 0, 1, 0, List.of(move));
    }
}
