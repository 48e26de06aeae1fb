package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.game.draughts.DraughtsMove;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.tournament.Tournament;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DXP engine must learn how each game ended: the last move (also when the other side made it) and
 * a GAMEEND whose reason is the real result, or it records every game wrongly (Scan scores them all
 * as draws).
 */
class DxpGameEndTest {
    @TempDir
    Path dir;

    private final Rules rules = Games.rules("international");

    /** What the peer saw of one game. */
    record Seen(String position, boolean ended, char reason) {
    }

    /** A follower that plays the first legal move and keeps the game as it hears it. */
    private Thread follower(ServerSocket server, List<Seen> games) {
        Thread t = new Thread(() -> {
            try (DxpConnection c = DxpConnection.accept("peer", server, 20_000)) {
                GameHistory game = null;
                boolean white = false;
                while (true) {
                    String text = c.receive(20_000);
                    if (text == null) {
                        return;
                    }
                    DxpMessage m = DxpMessage.decode(text);
                    if (m instanceof DxpMessage.GameRequest r) {
                        game = new GameHistory(r.position() == null ? rules.start()
                                : HubText.parsePosition((arbiter.game.draughts.DraughtsRules) rules, r.position(), true));
                        white = r.followerColour() == 'W';
                        c.send(new DxpMessage.GameAccept("Peer", '0'));
                    } else if (m instanceof DxpMessage.Move mv && game != null) {
                        game.play(DxpPlayer.match((DraughtsPosition) game.current(), mv));
                    } else if (m instanceof DxpMessage.GameEnd e) {
                        if (game != null) {
                            games.add(new Seen(game.current().toText(), game.outcome() != null, e.reason()));
                            game = null;
                        }
                        c.send(new DxpMessage.GameEnd('0', e.stopCode()));
                        continue;
                    }
                    if (game != null && game.outcome() == null && ((DraughtsPosition) game.current()).whiteToMove() == white) {
                        DraughtsMove move = (DraughtsMove) game.current().legalMoves().get(0);
                        c.send(new DxpMessage.Move(0, move.from(), move.to(), move.capturedSquares()));
                        game.play(move);
                    }
                }
            } catch (RuntimeException e) {
                // the player closed the connection
            }
        }, "dxp-peer");
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void thePeerHearsTheFinalMoveAndTheRealResultOfEveryGame() throws Exception {
        List<Seen> seen = Collections.synchronizedList(new ArrayList<>());
        try (ServerSocket server = DxpConnection.listen("127.0.0.1", 0)) {
            Thread peer = follower(server, seen);
            Path f = dir.resolve("run.json");
            Files.writeString(f, """
                    { "name": "ends", "game": {"variant": "international"},
                      "players": [ {"name": "peer", "protocol": "dxp", "port": %d, "limits": {"depth": 1}},
                                   {"name": "ab", "engine": "draughts-alphabeta", "limits": {"depth": 3}} ],
                      "schedule": {"type": "match", "players": ["peer", "ab"], "games": 4},
                      "openings": {"pairs": true}, "adjudication": {"maxPlies": 300},
                      "concurrency": 1, "output": "%s", "seed": 4 }""".formatted(server.getLocalPort(), dir.resolve("out")));
            RunConfig c = ConfigLoader.load(f);
            new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).run();
            peer.join(10_000);
        }
        List<GameRecord> games = GameLog.read(dir.resolve("out/games.pdn"), w -> { });
        assertEquals(4, games.size());
        assertEquals(4, seen.size(), "a GAMEEND for every game: " + seen);
        games.sort(java.util.Comparator.comparingInt(g -> Integer.parseInt(g.tag("Game"))));
        boolean byRules = false;
        for (int i = 0; i < 4; i++) {
            GameRecord g = games.get(i);
            Seen s = seen.get(i);
            GameHistory replay = new GameHistory(rules.start());
            for (String move : g.moves()) {
                replay.play(replay.current().parseMove(move));
            }
            assertEquals(replay.current().toText(), s.position(), "game " + i + ": the peer heard every move, the last one too");
            boolean peerWhite = g.tag("White").equals("peer");
            GameResult r = g.result();
            // The reason is Arbiter's (the peer's opponent's): 1 I give up, 2 draw, 3 I win.
            char expected = r == GameResult.DRAW ? '2'
                    : (r == GameResult.WHITE_WIN) == peerWhite ? '1' : '3';
            assertEquals(expected, s.reason(), "game " + i + " " + r + " (" + g.tag("Termination") + "), peer White: " + peerWhite);
            byRules |= s.ended();
        }
        assertTrue(byRules, "at least one game ended by the rules on the peer's own board");
    }
}
