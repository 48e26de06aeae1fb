package arbiter.external;

import arbiter.player.EngineException;
import arbiter.player.EngineResignedException;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.game.draughts.DraughtsMove;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.game.draughts.DraughtsRules;
import arbiter.player.EngineStalledException;
import arbiter.player.IllegalMoveException;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A draughts engine over DamExchange (DXP) on TCP. As <b>initiator</b> (the default) Arbiter connects
 * to the engine, which follows: at the engine's first move of a game it sends {@code GAMEREQ} with the
 * engine's colour, the clock in whole minutes and the current position (standard start: 'A'), and
 * waits for {@code GAMEACC}. As <b>follower</b> Arbiter listens and the engine, connecting as
 * initiator, requests the games: a request is accepted when the colours and the start position fit
 * the game the referee is playing, otherwise refused with code 2 (not this game). Then moves travel
 * as {@code MOVE} messages (the opponent's moves to the engine, the engine's back, validated against
 * the legal moves); {@code GAMEEND} closes a game (sent by Arbiter when the referee ends it, or by the
 * engine: reason 1 is a resignation). {@code CHAT} goes to the log; {@code BACKREQ} is refused. DXP
 * has no stop command: an engine past its time is given up after a short grace.
 * <p>The engine's program ({@code command}) is optional: without it the engine must already run.
 */
public final class DxpPlayer extends ExternalPlayer {
    private static final Logger LOG = LogManager.getLogger(DxpPlayer.class);
    static final String OUR_NAME = "Arbiter";
    private static final long POLL_MS = 5;

    private final EngineProcess process;
    private final boolean follower;
    private DxpConnection connection;
    private ServerSocket server;
    private String peerName;
    private boolean gameOpen;
    /** The side the engine plays in the open game (0 White, 1 Black). */
    private int engineSide;
    /** Index in the game's moves where the DXP game started, and the moves the engine has seen since. */
    private int base;
    private final List<Move> known = new ArrayList<>();

    public DxpPlayer(String name, ExternalEngine engine, Map<String, Object> options, Rules rules) {
        super(name, engine, options, rules);
        if (!options.isEmpty()) {
            throw new EngineException("engine " + name + ": the DXP protocol has no options; remove "
                    + options.keySet());
        }
        this.follower = "follower".equals(engine.role());
        this.process = engine.command().isEmpty() ? null : new EngineProcess(new EngineProcess.Spec(name,
                engine.command(), engine.workingDir(), engine.env(), false));
    }

    @Override
    public String engineId() {
        return "dxp:" + (peerName != null ? peerName : engine.host() + ":" + engine.port());
    }

    @Override
    public String ownName() {
        return peerName == null || peerName.isBlank() ? null : peerName.strip();
    }

    /** The engine's process, or null when Arbiter does not start it. */
    public EngineProcess process() {
        return process;
    }

    @Override
    protected boolean alive() {
        return connection != null && connection.isOpen() && (process == null || process.isRunning());
    }

    @Override
    protected void startAndHandshake() {
        closeConnection();
        gameOpen = false;
        if (follower && server == null) {
            server = DxpConnection.listen(engine.host(), engine.port());
        }
        if (process != null) {
            process.start();
        }
        connection = follower ? DxpConnection.accept(name, server, engine.initTimeoutMs())
                : DxpConnection.connect(name, engine.host(), engine.port(), engine.initTimeoutMs());
    }

    @Override
    protected void beginGame(long gameSeed) {
        if (gameOpen) {
            endGame('0', '0');
        }
    }

    /**
     * Tells the engine the moves it has not seen (the game's last move, when the other side made it)
     * and the result, as GAMEEND from its opponent's side: 1 "I give up" when the engine won, 3 "I win"
     * when it lost, 2 for a draw.
     */
    @Override
    public void gameOver(GameHistory game, double firstPlayerScore) {
        if (!gameOpen || connection == null || !connection.isOpen()) {
            return;
        }
        List<Move> moves = game.moves();
        if (continues(moves)) {
            for (int i = base + known.size(); i < moves.size(); i++) {
                DraughtsMove m = (DraughtsMove) moves.get(i);
                connection.send(new DxpMessage.Move(0, m.from(), m.to(), m.capturedSquares()));
                known.add(m);
            }
        }
        double engine = engineSide == 0 ? firstPlayerScore : 1 - firstPlayerScore;
        endGame(engine == 1 ? '1' : engine == 0 ? '3' : '2', '0');
    }

    /** Sends GAMEEND and waits for the engine's acknowledgement; a silent engine is reconnected. */
    private void endGame(char reason, char stopCode) {
        gameOpen = false;
        try {
            connection.send(new DxpMessage.GameEnd(reason, stopCode));
            long end = System.nanoTime() + engine.initTimeoutMs() * 1_000_000L;
            while (System.nanoTime() < end) {
                String text = connection.receive(20);
                if (text == null) {
                    continue;
                }
                DxpMessage m = decodeOrNull(text);
                if (m instanceof DxpMessage.GameEnd) {
                    return;
                }
                if (m instanceof DxpMessage.Chat c) {
                    LOG.info("dxp {} chat: {}", name, DxpMessage.printable(c.text()));
                }
            }
            throw new EngineStalledException(engine.initTimeoutMs(), "engine " + name
                    + " did not acknowledge GAMEEND within " + engine.initTimeoutMs() + " ms");
        } catch (RuntimeException e) {
            if (stopCode == '1') {
                return;
            }
            LOG.warn("engine {}: {}; reconnecting", name, e.getMessage());
            kill();
            startAndHandshake();
        }
    }

    @Override
    protected SearchResult search(GameHistory game, Limits limits, BooleanSupplier stop) {
        DraughtsPosition current = (DraughtsPosition) game.current();
        List<Move> moves = game.moves();
        if (gameOpen && !continues(moves)) {
            LOG.info("engine {}: the game is not the one the engine knows; ending it and requesting a new one", name);
            endGame('0', '0');
        }
        engineSide = current.sideToMove();
        if (!gameOpen) {
            if (follower) {
                awaitRequest(game);
            } else {
                request(game, limits);
            }
        }
        for (int i = base + known.size(); i < moves.size(); i++) {
            DraughtsMove m = (DraughtsMove) moves.get(i);
            connection.send(new DxpMessage.Move(0, m.from(), m.to(), m.capturedSquares()));
            known.add(m);
        }
        return awaitMove(current, limits, stop);
    }

    private boolean continues(List<Move> moves) {
        if (moves.size() < base + known.size()) {
            return false;
        }
        return moves.subList(base, base + known.size()).equals(known);
    }

    /** Initiator: requests a game starting here with the engine to move. */
    private void request(GameHistory game, Limits limits) {
        DraughtsPosition current = (DraughtsPosition) game.current();
        char engineColour = current.whiteToMove() ? 'W' : 'Z';
        String position = current.toText().equals(rules.start().toText()) ? null : position(current);
        connection.send(new DxpMessage.GameRequest(1, OUR_NAME, engineColour, minutes(limits), 0, position));
        long end = System.nanoTime() + engine.initTimeoutMs() * 1_000_000L;
        while (true) {
            long left = (end - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                throw new EngineStalledException(engine.initTimeoutMs(), "engine " + name
                        + " did not answer GAMEREQ within " + engine.initTimeoutMs() + " ms");
            }
            String text = connection.receive(left);
            if (text == null) {
                continue;
            }
            DxpMessage m = decode(text);
            if (m instanceof DxpMessage.Chat c) {
                LOG.info("dxp {} chat: {}", name, DxpMessage.printable(c.text()));
            } else if (m instanceof DxpMessage.GameAccept a) {
                if (a.code() != '0') {
                    throw new EngineException("engine " + name + " " + a.meaning() + " (GAMEACC code " + a.code() + ")");
                }
                peerName = a.followerName();
                start(game.moves().size());
                return;
            } else {
                throw new EngineException("engine " + name + " answered GAMEREQ with '" + UciPlayer.printable(text) + "'");
            }
        }
    }

    /** Follower: waits for the engine to request a game that fits the one being played. */
    private void awaitRequest(GameHistory game) {
        DraughtsPosition current = (DraughtsPosition) game.current();
        char arbiterColour = current.whiteToMove() ? 'Z' : 'W';
        List<Position> positions = game.positions();
        long end = System.nanoTime() + engine.initTimeoutMs() * 1_000_000L;
        while (true) {
            long left = (end - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                throw new EngineStalledException(engine.initTimeoutMs(), "engine " + name
                        + " did not request a fitting game (GAMEREQ with Arbiter as " + arbiterColour + " from "
                        + current.toText() + ") within " + engine.initTimeoutMs() + " ms");
            }
            String text = connection.receive(left);
            if (text == null) {
                continue;
            }
            DxpMessage m = decode(text);
            if (m instanceof DxpMessage.Chat c) {
                LOG.info("dxp {} chat: {}", name, DxpMessage.printable(c.text()));
            } else if (m instanceof DxpMessage.GameEnd) {
                connection.send(new DxpMessage.GameEnd('0', '0'));
            } else if (m instanceof DxpMessage.GameRequest r) {
                if (r.version() != 1) {
                    connection.send(new DxpMessage.GameAccept(OUR_NAME, '1'));
                    continue;
                }
                String start;
                try {
                    start = r.position() == null ? rules.start().toText()
                            : HubText.parsePosition((DraughtsRules) rules, r.position(), true).toText();
                } catch (RuntimeException e) {
                    LOG.info("engine {}: GAMEREQ with an unreadable position: {}", name, e.getMessage());
                    connection.send(new DxpMessage.GameAccept(OUR_NAME, '2'));
                    continue;
                }
                int at = -1;
                if (r.followerColour() == arbiterColour) {
                    int n = positions.size() - 1;
                    if (positions.get(n).toText().equals(start)) {
                        at = n;
                    } else if (n >= 1 && positions.get(n - 1).toText().equals(start)) {
                        at = n - 1;
                    }
                }
                if (at < 0) {
                    LOG.info("engine {}: refusing GAMEREQ (Arbiter as {} from {}): the game needs Arbiter as {} from {}",
                            name, r.followerColour(), start, arbiterColour, current.toText());
                    connection.send(new DxpMessage.GameAccept(OUR_NAME, '2'));
                    continue;
                }
                peerName = r.initiatorName();
                connection.send(new DxpMessage.GameAccept(OUR_NAME, '0'));
                start(at);
                return;
            } else {
                LOG.info("engine {}: ignoring '{}' while waiting for GAMEREQ", name, UciPlayer.printable(text));
            }
        }
    }

    private void start(int at) {
        base = at;
        known.clear();
        gameOpen = true;
    }

    private SearchResult awaitMove(DraughtsPosition position, Limits limits, BooleanSupplier stop) {
        long start = System.nanoTime();
        boolean timed = limits.moveTimeMs() > 0 || limits.hasClock();
        long hangAt = timed ? Long.MAX_VALUE : start + engine.hangTimeoutMs() * 1_000_000L;
        long stoppedAt = 0;
        while (true) {
            String text = connection.receive(POLL_MS);
            if (text != null) {
                SearchResult r = onMessage(text, position, start);
                if (r != null) {
                    return r;
                }
            }
            long now = System.nanoTime();
            if (stoppedAt == 0) {
                if (now > hangAt || stop.getAsBoolean()) {
                    stoppedAt = now;
                }
            } else if (now - stoppedAt > ProcessPlayer.STOP_GRACE_MS * 1_000_000L) {
                long waited = (now - start) / 1_000_000L;
                throw new EngineStalledException(waited, "engine " + name + " sent no move within " + waited + " ms");
            }
        }
    }

    private SearchResult onMessage(String text, DraughtsPosition position, long start) {
        DxpMessage m;
        try {
            m = DxpMessage.decode(text);
        } catch (IllegalArgumentException e) {
            if (text.startsWith("M")) {
                throw new IllegalMoveException(UciPlayer.printable(text), e.getMessage());
            }
            throw new EngineException("engine " + name + " sent garbage: " + e.getMessage());
        }
        if (m instanceof DxpMessage.Move mv) {
            DraughtsMove move = match(position, mv);
            known.add(move);
            long elapsed = (System.nanoTime() - start) / 1_000_000L;
            return new SearchResult(move, 0, 0, 0, 0, elapsed, List.of(move));
        }
        if (m instanceof DxpMessage.GameEnd e) {
            gameOpen = false;
            connection.send(new DxpMessage.GameEnd('0', e.stopCode()));
            if (e.reason() == '1') {
                throw new EngineResignedException("engine " + name + " resigned (DXP GAMEEND: I give up)");
            }
            throw new EngineException("engine " + name + " ended the game (DXP GAMEEND: " + e.meaning()
                    + ") while the referee sees it going on");
        }
        if (m instanceof DxpMessage.Chat c) {
            LOG.info("dxp {} chat: {}", name, DxpMessage.printable(c.text()));
        } else if (m instanceof DxpMessage.BackRequest) {
            connection.send(new DxpMessage.BackAccept('1'));
        } else {
            LOG.info("engine {}: ignoring '{}' during the game", name, UciPlayer.printable(text));
        }
        return null;
    }

    /** The legal move a MOVE message names: from, to and the captured set; or from and to alone when unique. */
    public static DraughtsMove match(DraughtsPosition position, DxpMessage.Move mv) {
        long captured = 0;
        for (int c : mv.captured()) {
            if (c < 1 || c > 64) {
                throw new IllegalMoveException(mv.encode(), "MOVE names captured square " + c);
            }
            captured |= 1L << (c - 1);
        }
        List<DraughtsMove> sameEnds = new ArrayList<>();
        for (Move m : position.legalMoves()) {
            DraughtsMove dm = (DraughtsMove) m;
            if (dm.from() == mv.from() && dm.to() == mv.to()) {
                if (dm.captured() == captured) {
                    return dm;
                }
                sameEnds.add(dm);
            }
        }
        if (sameEnds.size() == 1 && mv.captured().length == 0) {
            return sameEnds.get(0);
        }
        String text = mv.from() + (mv.captured().length == 0 ? "-" : "x") + mv.to()
                + (mv.captured().length == 0 ? "" : " capturing " + Arrays.toString(mv.captured()));
        throw new IllegalMoveException(text, "not a legal move in " + position.toText() + " (DXP " + mv.encode() + ")");
    }

    /** DXP's position text: W or Z to move, then each square as e, w, z, W or Z. */
    public static String position(DraughtsPosition p) {
        String hub = HubText.position(p);
        return hub.replace('B', 'Z').replace('b', 'z');
    }

    /** The clock in whole minutes (rounded up, 1..999): the clock, 75 moves of a move time, else 1. */
    static int minutes(Limits limits) {
        long ms = limits.hasClock() ? limits.remainingMs() : limits.moveTimeMs() > 0 ? limits.moveTimeMs() * 75 : 60_000;
        return (int) Math.max(1, Math.min(999, (ms + 59_999) / 60_000));
    }

    private DxpMessage decode(String text) {
        try {
            return DxpMessage.decode(text);
        } catch (IllegalArgumentException e) {
            throw new EngineException("engine " + name + " sent garbage: " + e.getMessage());
        }
    }

    private static DxpMessage decodeOrNull(String text) {
        try {
            return DxpMessage.decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private void closeConnection() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    private void closeServer() {
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                // already closed
            }
            server = null;
        }
    }

    @Override
    protected void kill() {
        gameOpen = false;
        closeConnection();
        if (process != null) {
            process.kill();
        }
    }

    @Override
    protected void quit() {
        if (connection != null && connection.isOpen() && gameOpen) {
            endGame('0', '1');
        }
        gameOpen = false;
        closeConnection();
        closeServer();
        if (process != null) {
            process.shutdown(null, ProcessPlayer.QUIT_GRACE_MS);
        }
    }
}
