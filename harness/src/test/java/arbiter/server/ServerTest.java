package arbiter.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import arbiter.external.HubText;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.draughts.DraughtsRules;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The protocol servers in-process, line by line, as a GUI would drive them. */
class ServerTest {

    /** A server on a thread with pipes for its input and output. */
    private static final class Session implements AutoCloseable {
        final PrintStream toServer;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        final List<String> seen = new ArrayList<>();
        final Thread thread;

        interface Server {
            void run(BufferedReader in, PrintStream out) throws IOException;
        }

        Session(Server server) throws IOException {
            PipedOutputStream in = new PipedOutputStream();
            BufferedReader serverIn = new BufferedReader(new InputStreamReader(new PipedInputStream(in, 1 << 16), StandardCharsets.UTF_8));
            toServer = new PrintStream(in, true, StandardCharsets.UTF_8);
            // Lines the server prints go straight to the queue (several threads print: no pipe).
            PrintStream serverOut = new PrintStream(new java.io.OutputStream() {
                private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

                @Override
                public synchronized void write(int b) {
                    if (b == '\n') {
                        lines.add(line.toString(StandardCharsets.UTF_8));
                        line.reset();
                    } else {
                        line.write(b);
                    }
                }
            }, true, StandardCharsets.UTF_8);
            thread = new Thread(() -> {
                try {
                    server.run(serverIn, serverOut);
                } catch (IOException e) {
                    // pipe closed
                } finally {
                    serverOut.close();
                }
            });
            thread.setDaemon(true);
            thread.start();
        }

        void send(String line) {
            toServer.println(line);
        }

        /** Reads lines until one matches (returned); fails after 10 s. */
        String expect(Predicate<String> wanted) throws InterruptedException {
            while (true) {
                String l = lines.poll(10, TimeUnit.SECONDS);
                if (l == null) {
                    fail("no expected line; saw " + seen);
                }
                seen.add(l);
                if (wanted.test(l)) {
                    return l;
                }
            }
        }

        @Override
        public void close() {
            send("quit");
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            assertTrue(!thread.isAlive(), "the server quits");
        }
    }

    @Test
    void uciHandshakeOptionsPositionAndGo() throws Exception {
        var chess = Games.rules("chess");
        try (Session s = new Session((in, out) -> new UciServer("random", chess, Map.of(), Map.of(), in, out).run())) {
            s.send("uci");
            s.expect(l -> l.equals("uciok"));
            assertTrue(s.seen.contains("id name Arbiter random"), s.seen.toString());
            assertTrue(s.seen.stream().anyMatch(l -> l.startsWith("option name seed type ")), s.seen.toString());
            s.send("setoption name Seed value 42");
            s.send("setoption name Nonsense value 1");
            s.expect(l -> l.equals("info string unknown option 'Nonsense'"));
            s.send("isready");
            s.expect(l -> l.equals("readyok"));
            s.send("ucinewgame");
            s.send("position startpos moves e2e4 e7e5");
            s.send("go wtime 1000 btime 1000 winc 10 binc 10");
            String best = s.expect(l -> l.startsWith("bestmove "));
            GameHistory g = new GameHistory(chess.start());
            g.play(g.current().parseMove("e2e4"));
            g.play(g.current().parseMove("e7e5"));
            g.current().parseMove(best.substring(9).strip().split(" ")[0]);
            // A mated side has no move.
            s.send("position fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1 moves e1e8");
            s.send("go depth 1");
            s.expect(l -> l.equals("bestmove (none)"));
        }
    }

    @Test
    void uciAcceptsTheStandardHashAndThreadsOptions() throws Exception {
        var chess = Games.rules("chess");
        try (Session s = new Session((in, out) -> new UciServer("chess-alphabeta", chess, Map.of(), Map.of(), in, out).run())) {
            s.send("uci");
            s.expect(l -> l.equals("uciok"));
            assertTrue(s.seen.contains("option name Hash type spin default 16 min 1 max 4096"), s.seen.toString());
            assertTrue(s.seen.contains("option name Threads type spin default 1 min 1 max 1"), s.seen.toString());
            s.send("setoption name Hash value 64");
            s.send("setoption name Threads value 1");
            s.send("isready");
            s.expect(l -> l.equals("readyok"));
            assertTrue(s.seen.stream().noneMatch(l -> l.startsWith("info string")), "accepted silently: " + s.seen);
            // Hash is the table size: a value out of its range is refused under the engine's own name for it.
            s.send("setoption name Hash value 100000");
            s.send("ucinewgame");
            String refused = s.expect(l -> l.startsWith("info string"));
            assertTrue(refused.contains("ttMb"), refused);
            s.send("setoption name Hash value 32");
            s.send("setoption name Threads value 4");
            s.expect(l -> l.equals("info string Threads: the built-in engines search on one thread; 1 is used"));
            s.send("ucinewgame");
            s.send("position startpos moves e2e4");
            s.send("go depth 3");
            s.expect(l -> l.startsWith("bestmove "));
        }
    }

    @Test
    void uciGoInfiniteWaitsForStopAndIsReadyIsAnsweredMeanwhile() throws Exception {
        var chess = Games.rules("chess");
        try (Session s = new Session((in, out) -> new UciServer("random", chess, Map.of(), Map.of(), in, out).run())) {
            s.send("position startpos");
            s.send("go infinite");
            s.send("isready");
            s.expect(l -> l.equals("readyok"));
            Thread.sleep(100);
            assertTrue(s.seen.stream().noneMatch(l -> l.startsWith("bestmove")), "no bestmove before stop: " + s.seen);
            s.send("stop");
            s.expect(l -> l.startsWith("bestmove "));
        }
    }

    @Test
    void hubHandshakeParamsPositionLevelAndGo() throws Exception {
        DraughtsRules rules = (DraughtsRules) Games.rules("international");
        try (Session s = new Session((in, out) -> new HubServer("draughts-alphabeta", rules, Map.of(), Map.of(), in, out).run())) {
            s.send("hub");
            s.expect(l -> l.equals("wait"));
            assertTrue(s.seen.get(0).startsWith("id name=Arbiter-draughts-alphabeta"), s.seen.toString());
            assertTrue(s.seen.stream().anyMatch(l -> l.startsWith("param name=preset value=default type=enum values=")),
                    s.seen.toString());
            s.send("set-param name=tt value=false");
            s.send("set-param name=bogus value=1");
            s.expect(l -> l.startsWith("error message=\"unknown option 'bogus'\""));
            s.send("init");
            s.expect(l -> l.equals("ready"));
            s.send("new-game");
            s.send("pos pos=" + HubText.position(rules.start()) + " moves=\"32-28 19-23\"");
            s.send("level depth=3");
            s.send("go think");
            s.send("ping");
            String done = s.expect(l -> l.startsWith("done "));
            // The search may answer before or after the ping: a short search finishes first.
            if (!s.seen.contains("pong")) {
                s.expect(l -> l.equals("pong"));
            }
            String info = s.seen.stream().filter(l -> l.startsWith("info ")).findFirst().orElseThrow();
            assertTrue(HubText.parse(info).get("depth").equals("3"), info);
            GameHistory g = new GameHistory(rules.start());
            g.play(HubText.parseMove(g.current(), "32-28"));
            g.play(HubText.parseMove(g.current(), "19-23"));
            // 28x19 is forced.
            assertEquals("28x19x23", HubText.parse(done).get("move"));
            HubText.parseMove(g.current(), HubText.parse(done).get("move"));
        }
    }
}
