package arbiter.server;

import arbiter.external.DxpConnection;
import arbiter.external.DxpMessage;
import arbiter.external.DxpPlayer;
import arbiter.player.EngineException;
import arbiter.external.HubText;
import arbiter.game.GameHistory;
import arbiter.game.NotationException;
import arbiter.game.draughts.DraughtsMove;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.game.draughts.DraughtsRules;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.Map;

/**
 * A built-in draughts engine as a DamExchange (DXP) peer on TCP. As follower (the default) it listens
 * and plays the games an initiator requests, one connection after another; as initiator it connects
 * and requests games itself, alternating colours from the standard start and switching colour when
 * a request is refused with code 2 ("not this game"), so an Arbiter follower can steer the colours.
 * Without depth, nodes or move time it manages the clock the game request gives.
 */
public final class DxpServer {
    /**
     * @param games   initiator: games to play before stopping (0 = until the peer stops)
     * @param minutes initiator: the clock each side gets, in minutes
     * @param idleTimeoutMs a connection that sends nothing for this long while the server waits on it is closed
     */
    public record Settings(String host, int port, boolean initiator, int games, int depth, long nodes, long moveTimeMs,
                           int minutes, long idleTimeoutMs) {
    }

    private final ServerEngine engine;
    private final DraughtsRules rules;
    private final Settings settings;
    private final PrintStream log;
    private final String name;

    private DxpConnection connection;
    private GameHistory game;
    private boolean meWhite;
    private long clockMs;
    private int played;
    private int refusals;
    private char requestColour = 'Z';

    public DxpServer(String engineId, DraughtsRules rules, Map<String, Object> options, Map<String, Double> weights,
                     Settings settings, PrintStream log) {
        this.engine = new ServerEngine(engineId, rules, options, weights);
        this.rules = rules;
        this.settings = settings;
        this.log = log;
        this.name = "Arbiter " + engineId;
    }

    /** Serves until the peer stops the session (initiator) or forever (follower, one connection after another). */
    public void run() {
        if (settings.initiator()) {
            connection = DxpConnection.connect(name, settings.host(), settings.port(), 30_000);
            session();
            connection.close();
            return;
        }
        try (ServerSocket server = DxpConnection.listen(settings.host(), settings.port())) {
            log.println("dxp: listening on " + settings.host() + ":" + settings.port());
            while (true) {
                connection = DxpConnection.accept(name, server, Long.MAX_VALUE / 2);
                session();
                connection.close();
            }
        } catch (java.io.IOException e) {
            throw new EngineException("dxp server: " + e.getMessage(), e);
        }
    }

    /**
     * One connection's messages until the peer ends the session, closes the connection or stays silent
     * for {@code idleTimeoutMs}: a peer that misbehaves loses its connection, never the server.
     */
    private void session() {
        game = null;
        played = 0;
        try {
            if (settings.initiator()) {
                request();
            }
            long lastHeard = System.nanoTime();
            while (true) {
                String text = connection.receive(100);
                if (text == null) {
                    if (settings.idleTimeoutMs() > 0 && System.nanoTime() - lastHeard > settings.idleTimeoutMs() * 1_000_000L) {
                        log.println("dxp: closing a connection idle for " + settings.idleTimeoutMs() / 1000.0 + " s");
                        return;
                    }
                    continue;
                }
                DxpMessage m;
                try {
                    m = DxpMessage.decode(text);
                } catch (IllegalArgumentException e) {
                    log.println("dxp: " + DxpMessage.printable(e.getMessage()));
                    continue;
                }
                try {
                    if (!handle(m)) {
                        return;
                    }
                } catch (EngineException closed) {
                    throw closed;
                } catch (RuntimeException e) {
                    // A message the server cannot act on ends this session, never the server.
                    log.println("dxp: ending the session: " + DxpMessage.printable(String.valueOf(e.getMessage())));
                    return;
                }
                lastHeard = System.nanoTime(); // after our own thinking, the peer's turn starts now
            }
        } catch (EngineException closed) {
            log.println("dxp: the peer closed the connection");
        }
    }

    /** Handles one message; false ends the session. */
    private boolean handle(DxpMessage m) {
        if (m instanceof DxpMessage.GameRequest r) {
            if (settings.initiator()) {
                return true;
            }
            if (r.version() != 1) {
                connection.send(new DxpMessage.GameAccept(name, '1'));
                return true;
            }
            DraughtsPosition start;
            try {
                start = r.position() == null ? rules.start() : HubText.parsePosition(rules, r.position(), true);
            } catch (NotationException e) {
                log.println("dxp: refusing a game: " + e.getMessage());
                connection.send(new DxpMessage.GameAccept(name, '2'));
                return true;
            }
            connection.send(new DxpMessage.GameAccept(name, '0'));
            begin(start, r.followerColour() == 'W', r.minutes());
            return true;
        }
        if (m instanceof DxpMessage.GameAccept a) {
            if (a.code() == '0') {
                refusals = 0;
                begin(rules.start(), requestColour == 'Z', settings.minutes());
                return true;
            }
            if (a.code() == '2' && ++refusals < 10) {
                requestColour = requestColour == 'W' ? 'Z' : 'W';
                request();
                return true;
            }
            log.println("dxp: the follower " + DxpMessage.printable(a.meaning()));
            return false;
        }
        if (m instanceof DxpMessage.Move mv) {
            if (game == null) {
                return true;
            }
            DraughtsPosition p = (DraughtsPosition) game.current();
            try {
                game.play(DxpPlayer.match(p, mv));
            } catch (RuntimeException e) {
                log.println("dxp: " + e.getMessage());
                connection.send(new DxpMessage.Chat("illegal move " + mv.encode()));
                connection.send(new DxpMessage.GameEnd('0', '0'));
                game = null;
                return true;
            }
            think();
            return true;
        }
        if (m instanceof DxpMessage.GameEnd e) {
            if (game != null) {
                game = null;
                connection.send(new DxpMessage.GameEnd('0', e.stopCode()));
            }
            played++;
            if (e.stopCode() == '1') {
                return false;
            }
            if (settings.initiator()) {
                if (settings.games() > 0 && played >= settings.games()) {
                    return false;
                }
                requestColour = requestColour == 'W' ? 'Z' : 'W';
                request();
            }
            return true;
        }
        if (m instanceof DxpMessage.Chat c) {
            log.println("dxp chat: " + DxpMessage.printable(c.text()));
        } else if (m instanceof DxpMessage.BackRequest) {
            connection.send(new DxpMessage.BackAccept('1'));
        }
        return true;
    }

    private void request() {
        connection.send(new DxpMessage.GameRequest(1, name, requestColour, settings.minutes(), 0, null));
    }

    private void begin(DraughtsPosition start, boolean white, int minutes) {
        game = new GameHistory(start);
        meWhite = white;
        clockMs = Math.max(1, minutes) * 60_000L;
        try {
            engine.newGame();
        } catch (RuntimeException e) {
            log.println("dxp: " + e.getMessage());
        }
        think();
    }

    /** Plays a move when it is this engine's turn; gives up (GAMEEND reason 1) without a legal move. */
    private void think() {
        if (game == null) {
            return;
        }
        DraughtsPosition p = (DraughtsPosition) game.current();
        if (p.whiteToMove() != meWhite) {
            return;
        }
        if (p.legalMoves().isEmpty()) {
            connection.send(new DxpMessage.GameEnd('1', '0'));
            game = null;
            return;
        }
        Limits limits = settings.depth() > 0 || settings.nodes() > 0 || settings.moveTimeMs() > 0
                ? new Limits(settings.depth(), settings.nodes(), settings.moveTimeMs(), 0, 0, 0)
                : Limits.clock(Math.max(1, clockMs), 0, 0);
        long start = System.nanoTime();
        SearchResult r;
        try {
            r = engine.player().chooseMove(game, limits, () -> false);
        } catch (RuntimeException e) {
            log.println("dxp: search failed: " + e.getMessage());
            r = SearchResult.of(p.legalMoves().get(0));
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        clockMs -= elapsed;
        DraughtsMove move = (DraughtsMove) r.move();
        connection.send(new DxpMessage.Move((int) (elapsed / 1000), move.from(), move.to(), move.capturedSquares()));
        game.play(move);
    }
}
