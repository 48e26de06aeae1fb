package arbiter.external;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.player.IllegalMoveException;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A backgammon player backed by GNU Backgammon at an evaluation level (see {@link GnubgSettings}).
 * The referee rolls the dice; each move the position goes to gnubg as a FIBS board and gnubg's
 * answer is matched to a legal move through the game's {@link BackgammonAdapter}. gnubg moves at
 * once, so time limits only bound how long Arbiter waits ({@code hangTimeoutMs} or the clock).
 */
public final class GnubgPlayer extends ExternalPlayer {
    private final BackgammonAdapter adapter;
    private final GnubgEngine gnubg;

    public GnubgPlayer(String name, ExternalEngine engine, Map<String, Object> options, Rules rules,
                       BackgammonAdapter adapter) {
        super(name, engine, options, rules);
        this.adapter = adapter;
        this.gnubg = new GnubgEngine(name, engine.command(), engine.workingDir(), engine.env(),
                GnubgSettings.from(options), engine.initTimeoutMs());
    }

    @Override
    public String engineId() {
        return "gnubg:" + Path.of(engine.command().get(0)).getFileName();
    }

    @Override
    public String ownName() {
        return gnubg.version();
    }

    public GnubgEngine gnubg() {
        return gnubg;
    }

    @Override
    protected boolean alive() {
        return gnubg.isRunning();
    }

    @Override
    protected void startAndHandshake() {
        gnubg.start();
    }

    @Override
    protected void beginGame(long gameSeed) {
        // gnubg keeps no state between positions
    }

    @Override
    protected SearchResult search(GameHistory game, Limits limits, BooleanSupplier stop) {
        Position position = game.current();
        long timeout = limits.hasClock() ? limits.remainingMs() + 1000
                : limits.moveTimeMs() > 0 ? limits.moveTimeMs() + 1000 : engine.hangTimeoutMs();
        long start = System.nanoTime();
        GnubgMove answer;
        try {
            answer = gnubg.move(adapter.board(position), timeout);
        } catch (NotationException e) {
            throw new IllegalMoveException("?", e.getMessage());
        }
        Move move;
        try {
            move = adapter.move(position, answer);
        } catch (NotationException e) {
            throw new IllegalMoveException(answer.text(), e.getMessage());
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        return new SearchResult(move, 0, 0, 0, 0, elapsed, List.of(move));
    }

    @Override
    protected void kill() {
        gnubg.kill();
    }

    @Override
    protected void quit() {
        gnubg.close();
    }
}
