package arbiter.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.external.DxpMessage;
import arbiter.game.Games;
import arbiter.game.draughts.DraughtsRules;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A DXP follower (`arbiter engine --protocol dxp`) against clients that misbehave, on loopback. */
class DxpServerFaultsTest {
    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private Thread server;
    private int port;

    private void start(long idleTimeoutMs) throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        DraughtsRules rules = (DraughtsRules) Games.rules("international");
        PrintStream log = new PrintStream(logBytes, true, StandardCharsets.UTF_8);
        DxpServer dxp = new DxpServer("draughts-alphabeta", rules, Map.of(), Map.of(),
                new DxpServer.Settings("127.0.0.1", port, false, 0, 2, 0, 0, 5, idleTimeoutMs), log);
        server = new Thread(dxp::run, "dxp-server");
        server.setDaemon(true);
        server.start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.interrupt();
        }
    }

    private Socket connect() throws Exception {
        long end = System.currentTimeMillis() + 10_000;
        while (true) {
            try {
                Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
                s.setSoTimeout(10_000);
                return s;
            } catch (IOException e) {
                if (System.currentTimeMillis() > end) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    private static void send(Socket s, String message) throws IOException {
        OutputStream o = s.getOutputStream();
        o.write(message.getBytes(StandardCharsets.ISO_8859_1));
        o.write(0);
        o.flush();
    }

    private static String receive(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder sb = new StringBuilder();
        for (int b; (b = in.read()) > 0; ) {
            sb.append((char) b);
        }
        return sb.toString();
    }

    /** The follower plays White, so it moves at once: the client is gone by the time its move goes out. */
    private static String request() {
        return new DxpMessage.GameRequest(1, "client", 'W', 5, 0, null).encode();
    }

    @Test
    void aClientClosingRightAfterItsRequestOrAMoveDoesNotKillTheServer() throws Exception {
        start(60_000);
        for (int i = 0; i < 3; i++) {
            try (Socket quitter = connect()) {
                send(quitter, request());
            }
        }
        try (Socket afterMove = connect()) {
            send(afterMove, request());
            assertTrue(receive(afterMove).startsWith("A"), "accepted");
            assertTrue(receive(afterMove).startsWith("M"), "the server's first move");
        }
        // Still serving: a well-behaved client gets its game.
        try (Socket next = connect()) {
            send(next, request());
            String accept = receive(next);
            assertTrue(accept.startsWith("A") && accept.endsWith("0"), accept);
        }
        assertTrue(server.isAlive(), "server alive: " + logBytes);
    }

    @Test
    void anIdleConnectionTimesOutInsteadOfBlockingOtherClients() throws Exception {
        start(1_000);
        try (Socket idle = connect(); Socket waiting = connect()) {
            send(waiting, request());
            long t0 = System.nanoTime();
            waiting.setSoTimeout(8_000);
            String accept;
            try {
                accept = receive(waiting);
            } catch (SocketTimeoutException e) {
                accept = "(none)";
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(accept.startsWith("A"), "the second client is served after the idle one times out: " + accept
                    + "\n" + logBytes);
            assertTrue(seconds < 6, seconds + " s");
            assertTrue(logBytes.toString(StandardCharsets.UTF_8).contains("idle"), logBytes.toString(StandardCharsets.UTF_8));
            // The idle connection was closed by the server.
            idle.setSoTimeout(3_000);
            assertTrue(idle.getInputStream().read() < 0);
        }
    }

    @Test
    void chatIsLoggedWithControlCharactersEscaped() throws Exception {
        start(60_000);
        try (Socket s = connect()) {
            send(s, "Chello\u001b[2J\u0007there\rX");
            send(s, request());
            receive(s);
        }
        String log = logBytes.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("dxp chat: hello\\x1b[2J\\x07there\\rX"), log);
        assertFalse(log.contains("\u001b") || log.contains("\u0007"), "no raw control character: " + log);
    }
}
