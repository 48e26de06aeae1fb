package arbiter.search.mcts;

import arbiter.game.GameHistory;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.function.BooleanSupplier;

/** A player that searches a game's {@link MctsBoard} with {@link Uct}; {@code nodes} limits are playouts. */
public final class MctsPlayer implements Player {
    private final String engineId;
    private final Uct search;

    public MctsPlayer(String engineId, MctsBoard board, UctOptions options) {
        this.engineId = engineId;
        this.search = new Uct(board, options);
    }

    @Override
    public String engineId() {
        return engineId;
    }

    @Override
    public void newGame(long gameSeed) {
        search.newGame(gameSeed);
    }

    @Override
    public SearchResult chooseMove(GameHistory game, Limits limits, BooleanSupplier stop) {
        return search.search(game, limits, stop);
    }

    /** The search, for inspection (root moves after the losing-move check, visits kept). */
    public Uct search() {
        return search;
    }
}
