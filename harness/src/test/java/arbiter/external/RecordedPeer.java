package arbiter.external;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A peer that replays what a real engine said to Arbiter, recorded by {@code bench/peer-record.py}
 * ({@code > } lines the GUI sent, {@code < } lines the engine sent). Each line the client sends must be
 * the next one recorded; after it the peer sends, as the engine did, every engine line up to the next
 * recorded GUI line. A clock's figures may differ (they depend on how long each side thought), but
 * only within what the real engine reads: Hub-1 {@code level}/{@code time} in whole milliseconds (Scan
 * 2.0 reads them with {@code stoi}), Hub {@code level} times as real numbers, DXP's time field of a
 * move. Any other line is refused as the real engine refuses it: a Hub-1 position Scan 2.0's
 * {@code pos_from_hub} does not read is answered {@code error bad position}, any other unrecorded line
 * {@code error} (Hub) or the connection closed (DXP); each refusal is logged as {@code MISMATCH}.
 * {@code quit} (and Hub's {@code stop}, which Scan ignores when not searching) is always accepted.
 * Usage: {@code RecordedPeer hub1|hub <transcript> <log>} on stdin/stdout, or
 * {@code RecordedPeer dxp <transcript> <port> <log>} as a DXP follower.
 */
public final class RecordedPeer {
    private static final Pattern INT = Pattern.compile("\\d+");
    private static final Pattern REAL = Pattern.compile("\\d+(\\.\\d+)?");

    private RecordedPeer() {
    }

    record Entry(char dir, String text) {
    }

    public static void main(String[] args) throws Exception {
        String protocol = args[0];
        List<Entry> transcript = read(Path.of(args[1]));
        if (protocol.equals("dxp")) {
            dxp(transcript, Integer.parseInt(args[2]), Path.of(args[3]));
        } else {
            stdio(protocol, transcript, Path.of(args[2]));
        }
    }

    /** The recorded lines; '#' markers kept as entries of direction '#'. */
    static List<Entry> read(Path file) throws IOException {
        List<Entry> out = new ArrayList<>();
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (l.length() >= 1 && (l.charAt(0) == '>' || l.charAt(0) == '<' || l.charAt(0) == '#')) {
                out.add(new Entry(l.charAt(0), l.length() > 2 ? l.substring(2) : ""));
            }
        }
        return out;
    }

    private static void log(Path log, String line) throws IOException {
        Files.writeString(log, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The longest recorded session (a probe session holds the handshake only). */
    private static List<Entry> longestSession(List<Entry> t) {
        List<Entry> best = List.of();
        List<Entry> cur = new ArrayList<>();
        for (Entry e : t) {
            if (e.dir() == '#' && e.text().startsWith("session")) {
                cur = new ArrayList<>();
                if (cur.size() > best.size()) {
                    best = cur;
                }
            } else if (e.dir() != '#') {
                cur.add(e);
            }
            if (cur.size() > best.size()) {
                best = cur;
            }
        }
        return best;
    }

    private static void stdio(String protocol, List<Entry> transcript, Path log) throws IOException {
        List<Entry> t = longestSession(transcript);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int i = 0;
        while (i < t.size() && t.get(i).dir() == '<') {
            out.println(t.get(i++).text()); // what the engine printed before it read anything (Scan 2.0's banner)
        }
        for (String line; (line = in.readLine()) != null; ) {
            log(log, line);
            if (line.equals("quit")) {
                return;
            }
            while (i < t.size() && t.get(i).dir() == '>' && t.get(i).text().equals("stop")) {
                i++;
            }
            if (line.equals("stop") && (i >= t.size() || !t.get(i).text().equals("stop"))) {
                continue;
            }
            if (i < t.size() && t.get(i).dir() == '>' && sameLine(protocol, line, t.get(i).text())) {
                i++;
                while (i < t.size() && t.get(i).dir() == '<') {
                    out.println(t.get(i++).text());
                }
                continue;
            }
            String expected = i < t.size() ? t.get(i).text() : "(end of the recording)";
            log(log, "MISMATCH got '" + line + "', recorded '" + expected + "'");
            out.println(refusal(protocol, line));
        }
    }

    /** Whether the client's line is the recorded one, clock figures aside. */
    static boolean sameLine(String protocol, String got, String recorded) {
        if (got.equals(recorded)) {
            return true;
        }
        if (protocol.equals("hub1")) {
            String[] g = got.split(" ");
            String[] r = recorded.split(" ");
            if (g.length != r.length || !g[0].equals(r[0])) {
                return false;
            }
            if (g[0].equals("time")) {
                return INT.matcher(g[1]).matches();
            }
            if (g[0].equals("level")) { // level <moves> <time ms> <inc ms>
                return g[1].equals(r[1]) && INT.matcher(g[2]).matches() && INT.matcher(g[3]).matches();
            }
            return false;
        }
        HubText.Line g = HubText.parse(got);
        HubText.Line r = HubText.parse(recorded);
        if (!g.command().equals("level") || !r.command().equals("level") || !g.args().keySet().equals(r.args().keySet())) {
            return false;
        }
        for (String k : g.args().keySet()) {
            boolean clock = k.equals("time") || k.equals("inc") || k.equals("move-time");
            if (clock ? !REAL.matcher(g.get(k)).matches() : !g.get(k).equals(r.get(k))) {
                return false;
            }
        }
        return true;
    }

    /** What the real engine answers to a line it was not recorded answering. */
    static String refusal(String protocol, String line) {
        if (protocol.equals("hub1")) {
            String[] w = line.split(" ");
            if (w[0].equals("pos") && (w.length < 2 || !w[1].matches("[wb][wbWBe]{50}"))) {
                return "error bad position"; // Scan 2.0 fen.cpp pos_from_hub
            }
            return "error unexpected " + w[0];
        }
        return HubText.format("error", "message", "unexpected " + HubText.parse(line).command());
    }

    /** Whether a DXP message is the recorded one; a move's time field (characters 1-4) may differ. */
    static boolean sameMessage(String got, String recorded) {
        if (got.equals(recorded)) {
            return true;
        }
        return got.length() == recorded.length() && got.startsWith("M") && recorded.startsWith("M")
                && INT.matcher(got.substring(1, 5)).matches() && got.substring(5).equals(recorded.substring(5));
    }

    /** The recorded connections, each the messages of one connection, in order. */
    static List<List<Entry>> connections(List<Entry> t) {
        List<List<Entry>> out = new ArrayList<>();
        for (Entry e : t) {
            if (e.dir() == '#' && e.text().equals("connection")) {
                out.add(new ArrayList<>());
            } else if (e.dir() != '#' && !out.isEmpty()) {
                out.get(out.size() - 1).add(e);
            }
        }
        return out;
    }

    private static void dxp(List<Entry> transcript, int port, Path log) throws IOException {
        List<List<Entry>> conns = connections(transcript);
        Thread stdinWatch = new Thread(() -> {
            try {
                System.in.transferTo(java.io.OutputStream.nullOutputStream());
            } catch (IOException e) {
                // closed
            }
            System.exit(0);
        });
        stdinWatch.setDaemon(true);
        stdinWatch.start();
        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            int c = 0;
            while (c < conns.size()) {
                List<Entry> t = conns.get(c);
                int i = 0;
                boolean any = false;
                try (Socket socket = server.accept()) {
                    InputStream in = socket.getInputStream();
                    OutputStream out = socket.getOutputStream();
                    for (String msg; (msg = receive(in)) != null; ) {
                        any = true;
                        log(log, msg);
                        if (i < t.size() && t.get(i).dir() == '>' && sameMessage(msg, t.get(i).text())) {
                            i++;
                            while (i < t.size() && t.get(i).dir() == '<') {
                                out.write(t.get(i++).text().getBytes(StandardCharsets.ISO_8859_1));
                                out.write(0);
                            }
                            out.flush();
                            continue;
                        }
                        log(log, "MISMATCH got '" + msg + "', recorded '" + (i < t.size() ? t.get(i).text() : "(end)") + "'");
                        break;
                    }
                } catch (IOException e) {
                    // the client closed the connection
                }
                if (any) {
                    c++;
                }
            }
        }
    }

    /** The next NUL-terminated message, or null at the end of the stream. */
    private static String receive(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        for (int ch; (ch = in.read()) >= 0; ) {
            if (ch == 0) {
                return b.toString(StandardCharsets.ISO_8859_1);
            }
            b.write(ch);
        }
        return null;
    }
}
