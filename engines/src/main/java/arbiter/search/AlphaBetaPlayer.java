package arbiter.search;

import arbiter.game.GameHistory;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.function.BooleanSupplier;

/** A player that searches a game's {@link SearchBoard} with {@link AlphaBeta}. */
public final class AlphaBetaPlayer implements Player {
    private final String engineId;
    private final SearchBoard board;
    private final AlphaBeta search;

    public AlphaBetaPlayer(String engineId, SearchBoard board, SearchOptions options) {
        this.engineId = engineId;
        this.board = board;
        this.search = new AlphaBeta(board, options);
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
        board.load(game);
        return search.search(limits, stop);
    }
}
