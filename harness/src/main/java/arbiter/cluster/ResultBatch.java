package arbiter.cluster;

import arbiter.game.EndReason;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.Termination;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What a worker hands in, several messages at a time: one signed byte array per batch (one HMAC, see
 * {@link Signer#sign(byte[])}) with the run, the coordinator's incarnation, the worker and the batch's
 * sequence number in its header, then its entries: "started", "moved", "refused", "abandoned", a
 * played game, or the heartbeat of the leases the worker holds. A played game is its task, moves and
 * termination as strings and numbers, a fraction of its JSON (ResultBatchTest measures it).
 * Decoding reads plain data into known types only and refuses anything malformed or trailing.
 */
final class ResultBatch {
    static final byte VERSION = 1;
    /** A batch is cut once it holds this many bytes. */
    static final int MAX_BYTES = 256 * 1024;
    /** The largest signed batch the coordinator takes. */
    static final int SIGNED_MAX = 512 * 1024;
    /** No batch holds more bytes of entries than this (the rest of {@link #SIGNED_MAX} is room for the header and the signature). */
    static final int LIMIT = SIGNED_MAX - 16 * 1024;
    static final int MAX_ENTRIES = 4096;

    enum Kind { STARTED, MOVED, REFUSED, ABANDONED, RESULT, ALIVE }

    /**
     * One message of a batch. {@code lease} is the lease it is about (0 for ALIVE); {@code leases} the
     * leases held (ALIVE); {@code why} for REFUSED; {@code move}, {@code position}, {@code ply} for MOVED.
     */
    record Entry(Kind kind, long lease, PlayedMove move, String position, int ply, String why, PlayedGame game,
                 long[] leases) {
        static Entry of(Kind kind, long lease) {
            return new Entry(kind, lease, null, null, 0, null, null, null);
        }

        static Entry moved(long lease, PlayedMove move, String position, int ply) {
            return new Entry(Kind.MOVED, lease, move, position, ply, null, null, null);
        }

        static Entry refused(long lease, String why) {
            return new Entry(Kind.REFUSED, lease, null, null, 0, why, null, null);
        }

        static Entry result(long lease, PlayedGame game) {
            return new Entry(Kind.RESULT, lease, null, null, 0, null, game, null);
        }

        static Entry alive(long[] leases) {
            return new Entry(Kind.ALIVE, 0, null, null, 0, null, null, leases);
        }
    }

    /** A decoded batch: who sent it, for which run and coordinator, its sequence number, and its entries. */
    record Batch(String run, String coordinator, String worker, long seq, List<Entry> entries) {
    }

    private ResultBatch() {
    }

    /** Writes a batch's entries one by one, so that the sender can cut it at {@link #MAX_BYTES}. */
    static final class Writer {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);
        private final ByteArrayOutputStream entry = new ByteArrayOutputStream(256);
        private final DataOutputStream out = new DataOutputStream(entry);
        private int count;

        int size() {
            return bytes.size();
        }

        int count() {
            return count;
        }

        Writer add(Entry e) {
            if (!tryAdd(e)) {
                throw new IllegalArgumentException("an entry of " + entry.size() + " bytes does not fit in a batch");
            }
            return this;
        }

        /** Adds {@code e} unless the batch would then hold more than {@link #LIMIT} bytes. */
        boolean tryAdd(Entry e) {
            entry.reset();
            try {
                out.writeByte(e.kind().ordinal());
                out.writeLong(e.lease());
                switch (e.kind()) {
                    case MOVED -> {
                        writeMove(out, e.move());
                        writeText(out, e.position());
                        out.writeInt(e.ply());
                    }
                    case REFUSED -> writeText(out, clip(e.why()));
                    case RESULT -> writeGame(out, e.game());
                    case ALIVE -> {
                        out.writeInt(e.leases().length);
                        for (long l : e.leases()) {
                            out.writeLong(l);
                        }
                    }
                    default -> { }
                }
                out.flush();
                if (bytes.size() + entry.size() > LIMIT) {
                    return false;
                }
                entry.writeTo(bytes);
            } catch (IOException x) {
                throw new UncheckedIOException(x);
            }
            count++;
            return true;
        }

        /** The batch's bytes, its header first (not yet signed). */
        byte[] finish(String run, String coordinator, String worker, long seq) {
            try {
                ByteArrayOutputStream all = new ByteArrayOutputStream(bytes.size() + 128);
                DataOutputStream h = new DataOutputStream(all);
                h.writeByte(VERSION);
                writeText(h, run);
                writeText(h, coordinator);
                writeText(h, worker);
                h.writeLong(seq);
                h.writeInt(count);
                bytes.writeTo(all);
                return all.toByteArray();
            } catch (IOException x) {
                throw new UncheckedIOException(x);
            }
        }
    }

    /**
     * Reads a batch's (already checked) bytes.
     *
     * @throws Wire.BadMessageException when they are not a well-formed batch
     */
    static Batch decode(byte[] data) {
        In in = new In(java.nio.ByteBuffer.wrap(data));
        try {
            if (in.readByte() != VERSION) {
                throw new Wire.BadMessageException("a batch of an unknown version");
            }
            String run = in.readUTF();
            String coordinator = in.readUTF();
            String worker = in.readUTF();
            long seq = in.readLong();
            int n = in.readInt();
            if (n < 0 || n > MAX_ENTRIES) {
                throw new Wire.BadMessageException("a batch of " + n + " entries");
            }
            List<Entry> entries = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                entries.add(readEntry(in));
            }
            if (in.available() > 0) {
                throw new Wire.BadMessageException("trailing bytes after a batch");
            }
            return new Batch(run, coordinator, worker, seq, entries);
        } catch (IOException | IllegalArgumentException | IndexOutOfBoundsException | java.nio.BufferUnderflowException e) {
            throw new Wire.BadMessageException("a malformed batch: " + e);
        }
    }

    /**
     * The worker a signed batch names in its header, unchecked (the guard's question: is it the
     * client's own id?); null when the bytes are not a batch.
     */
    static String sender(byte[] signed) {
        try {
            In in = new In(java.nio.ByteBuffer.wrap(signed, Signer.MAC_BYTES, signed.length - Signer.MAC_BYTES));
            if (in.readByte() != VERSION) {
                return null;
            }
            in.readUTF();
            in.readUTF();
            return in.readUTF();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Entry readEntry(In in) throws IOException {
        int k = in.readByte();
        if (k < 0 || k >= Kind.values().length) {
            throw new Wire.BadMessageException("an entry of unknown kind " + k);
        }
        Kind kind = Kind.values()[k];
        long lease = in.readLong();
        return switch (kind) {
            case MOVED -> Entry.moved(lease, readMove(in), in.readUTF(), in.readInt());
            case REFUSED -> Entry.refused(lease, in.readUTF());
            case RESULT -> Entry.result(lease, readGame(in));
            case ALIVE -> {
                int n = in.readInt();
                if (n < 0 || n > MAX_ENTRIES) {
                    throw new Wire.BadMessageException("a heartbeat of " + n + " leases");
                }
                long[] leases = new long[n];
                for (int i = 0; i < n; i++) {
                    leases[i] = in.readLong();
                }
                yield Entry.alive(leases);
            }
            default -> Entry.of(kind, lease);
        };
    }

    private static void writeGame(DataOutputStream out, PlayedGame g) throws IOException {
        writeTask(out, g.task());
        writeNullable(out, g.startText());
        out.writeInt(g.openingPlies());
        out.writeByte(g.result().ordinal());
        writeTermination(out, g.termination());
        out.writeInt(g.points());
        out.writeInt(g.moves().size());
        for (PlayedMove m : g.moves()) {
            writeMove(out, m);
        }
    }

    private static PlayedGame readGame(In in) throws IOException {
        GameTask task = readTask(in);
        String start = readNullable(in);
        int opening = in.readInt();
        int r = in.readByte();
        if (r < 0 || r >= GameResult.values().length) {
            throw new Wire.BadMessageException("a game with result " + r);
        }
        Termination termination = readTermination(in);
        int points = in.readInt();
        int n = in.readInt();
        if (n < 0 || n > 100_000) {
            throw new Wire.BadMessageException("a game of " + n + " moves");
        }
        List<PlayedMove> moves = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            moves.add(readMove(in));
        }
        return new PlayedGame(task, start, moves, opening, GameResult.values()[r], termination, points);
    }

    private static void writeTask(DataOutputStream out, GameTask t) throws IOException {
        out.writeInt(t.id());
        out.writeInt(t.round());
        out.writeInt(t.pair());
        writeText(out, t.white());
        writeText(out, t.black());
        out.writeLong(t.seed());
        writeText(out, t.opening().label());
        writeNullable(out, t.opening().position());
        out.writeInt(t.opening().moves().size());
        for (String m : t.opening().moves()) {
            writeText(out, m);
        }
    }

    private static GameTask readTask(In in) throws IOException {
        int id = in.readInt();
        int round = in.readInt();
        int pair = in.readInt();
        String white = in.readUTF();
        String black = in.readUTF();
        long seed = in.readLong();
        String label = in.readUTF();
        String position = readNullable(in);
        int n = in.readInt();
        if (n < 0 || n > 10_000) {
            throw new Wire.BadMessageException("an opening of " + n + " moves");
        }
        List<String> moves = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            moves.add(in.readUTF());
        }
        return new GameTask(id, round, pair, white, black, new Opening(label, position, moves), seed);
    }

    /** A termination as its kind (the order of {@link #TERMINATIONS}) and its fields. */
    private static final List<Class<?>> TERMINATIONS = List.of(Termination.ByRules.class, Termination.Adjudicated.class,
            Termination.TimeForfeit.class, Termination.IllegalMove.class, Termination.EngineCrash.class,
            Termination.Resigned.class, Termination.EngineStalled.class, Termination.HarnessStalled.class);

    private static void writeTermination(DataOutputStream out, Termination t) throws IOException {
        out.writeByte(TERMINATIONS.indexOf(t.getClass()));
        if (t instanceof Termination.ByRules r) {
            writeText(out, r.reason().name());
        } else if (t instanceof Termination.Adjudicated a) {
            writeNullable(out, a.why());
        } else if (t instanceof Termination.TimeForfeit f) {
            out.writeInt(f.player());
            out.writeLong(f.overMs());
        } else if (t instanceof Termination.IllegalMove m) {
            out.writeInt(m.player());
            writeNullable(out, m.move());
            writeNullable(out, clip(m.why()));
        } else if (t instanceof Termination.EngineCrash c) {
            out.writeInt(c.player());
            writeNullable(out, clip(c.message()));
        } else if (t instanceof Termination.Resigned r) {
            out.writeInt(r.player());
            writeNullable(out, clip(r.why()));
        } else if (t instanceof Termination.EngineStalled st) {
            out.writeInt(st.player());
            out.writeLong(st.waitedMs());
        } else if (t instanceof Termination.HarnessStalled h) {
            out.writeInt(h.player());
            out.writeLong(h.stalledMs());
        }
    }

    private static Termination readTermination(In in) throws IOException {
        int kind = in.readByte();
        return switch (kind) {
            case 0 -> new Termination.ByRules(EndReason.valueOf(in.readUTF()));
            case 1 -> new Termination.Adjudicated(readNullable(in));
            case 2 -> new Termination.TimeForfeit(in.readInt(), in.readLong());
            case 3 -> new Termination.IllegalMove(in.readInt(), readNullable(in), readNullable(in));
            case 4 -> new Termination.EngineCrash(in.readInt(), readNullable(in));
            case 5 -> new Termination.Resigned(in.readInt(), readNullable(in));
            case 6 -> new Termination.EngineStalled(in.readInt(), in.readLong());
            case 7 -> new Termination.HarnessStalled(in.readInt(), in.readLong());
            default -> throw new Wire.BadMessageException("a termination of unknown kind " + kind);
        };
    }

    private static final int HAS_SCORE = 1;
    private static final int HAS_DICE = 2;
    private static final int HAS_PV = 4;
    private static final int HAS_SEARCH = 8;

    private static void writeMove(DataOutputStream out, PlayedMove m) throws IOException {
        boolean search = m.depth() != 0 || m.selDepth() != 0 || m.nodes() != 0 || m.nps() != 0;
        out.writeByte((m.score() != null ? HAS_SCORE : 0) | (m.dice() != null ? HAS_DICE : 0) | (m.pv() != null ? HAS_PV : 0)
                | (search ? HAS_SEARCH : 0));
        writeText(out, m.text());
        writeVar(out, m.timeMs());
        if (m.score() != null) {
            writeVar(out, m.score());
        }
        if (m.dice() != null) {
            writeText(out, m.dice());
        }
        if (m.pv() != null) {
            writeText(out, clip(m.pv()));
        }
        if (search) {
            writeVar(out, m.depth());
            writeVar(out, m.selDepth());
            writeVar(out, m.nodes());
            writeVar(out, m.nps());
        }
    }

    private static PlayedMove readMove(In in) throws IOException {
        int flags = in.readByte();
        String text = in.readUTF();
        long time = in.readVar();
        Integer score = (flags & HAS_SCORE) != 0 ? (int) in.readVar() : null;
        String dice = (flags & HAS_DICE) != 0 ? in.readUTF() : null;
        String pv = (flags & HAS_PV) != 0 ? in.readUTF() : null;
        int depth = 0;
        int selDepth = 0;
        long nodes = 0;
        long nps = 0;
        if ((flags & HAS_SEARCH) != 0) {
            depth = (int) in.readVar();
            selDepth = (int) in.readVar();
            nodes = in.readVar();
            nps = in.readVar();
        }
        return new PlayedMove(text, score, depth, time, dice, selDepth, nodes, nps, pv);
    }

    private static void writeNullable(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            writeText(out, s);
        }
    }

    private static String readNullable(In in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    /** A text as its UTF-8 length and bytes. */
    private static void writeText(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        writeVar(out, b.length);
        out.write(b);
    }

    /** A number in 1 to 10 bytes, 7 bits at a time, small magnitudes short (zigzag: -1 is 1, 1 is 2). */
    private static void writeVar(DataOutputStream out, long v) throws IOException {
        long z = (v << 1) ^ (v >> 63);
        while ((z & ~0x7FL) != 0) {
            out.writeByte((int) ((z & 0x7F) | 0x80));
            z >>>= 7;
        }
        out.writeByte((int) z);
    }

    /** Reads a batch's bytes (faster than a DataInputStream, which reads a byte at a time). */
    private static final class In {
        private final java.nio.ByteBuffer b;

        In(java.nio.ByteBuffer b) {
            this.b = b;
        }

        byte readByte() {
            return b.get();
        }

        boolean readBoolean() {
            return b.get() != 0;
        }

        int readInt() {
            return b.getInt();
        }

        long readLong() {
            return b.getLong();
        }

        int available() {
            return b.remaining();
        }

        long readVar() throws IOException {
            long z = 0;
            for (int shift = 0; shift < 70; shift += 7) {
                byte x = b.get();
                z |= (long) (x & 0x7F) << shift;
                if (x >= 0) {
                    return (z >>> 1) ^ -(z & 1);
                }
            }
            throw new IOException("a number of more than 10 bytes");
        }

        String readUTF() throws IOException {
            long n = readVar();
            if (n < 0 || n > b.remaining()) {
                throw new IOException("a text of " + n + " bytes where " + b.remaining() + " are left");
            }
            String s = new String(b.array(), b.arrayOffset() + b.position(), (int) n, StandardCharsets.UTF_8);
            b.position(b.position() + (int) n);
            return s;
        }
    }

    /** Keeps an engine's message or PV to a sane size. */
    private static String clip(String s) {
        return s == null || s.length() <= 16_000 ? s : s.substring(0, 16_000);
    }
}
