package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.game.EndReason;
import arbiter.play.Adjudication;
import arbiter.play.GameResult;
import arbiter.play.GameSpec;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.PlayerSpec;
import arbiter.play.Termination;
import arbiter.play.TimeLimits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A worker's result batch: every kind of entry and termination comes back equal, signed once, and nothing else is read. */
class ResultBatchTest {
    private static final Signer SIGNER = new Signer("a cluster secret of enough bytes".getBytes(StandardCharsets.UTF_8));

    @Test
    void everyEntryAndTerminationComesBackEqual() {
        GameSpec spec = ClusterSecurityTest.spec(3, ClusterSecurityTest.builtIn("a", 2), ClusterSecurityTest.builtIn("b", 3));
        List<Termination> all = List.of(new Termination.ByRules(EndReason.NO_LEGAL_MOVE), new Termination.Adjudicated("x"),
                new Termination.TimeForfeit(1, 12), new Termination.IllegalMove(0, "1-2", "why"),
                new Termination.EngineCrash(1, "boom"), new Termination.Resigned(0, "gave up \u00e9\u4e2d"),
                new Termination.EngineStalled(1, 900), new Termination.HarnessStalled(0, 1969));
        List<ResultBatch.Entry> entries = new ArrayList<>();
        PlayedMove full = new PlayedMove("32-28", -15, 4, 12, "6-5", 6, 1000, 50000, "32-28 19-23");
        PlayedMove bare = new PlayedMove("19-23", null, 0, 3, null);
        for (Termination t : all) {
            entries.add(ResultBatch.Entry.result(7, new PlayedGame(spec.task(), "W:W31:B19", List.of(full, bare), 1,
                    GameResult.BLACK_WIN, t, 2)));
        }
        entries.add(ResultBatch.Entry.of(ResultBatch.Kind.STARTED, 8));
        entries.add(ResultBatch.Entry.of(ResultBatch.Kind.ABANDONED, 9));
        entries.add(ResultBatch.Entry.refused(10, "no engine 'sf'"));
        entries.add(ResultBatch.Entry.moved(11, full, "W:W31:B19", 42));
        entries.add(ResultBatch.Entry.alive(new long[] {1, 5, 1L << 40}));
        ResultBatch.Writer w = new ResultBatch.Writer();
        entries.forEach(w::add);
        ResultBatch.Batch b = ResultBatch.decode(SIGNER.openBytes(SIGNER.sign(w.finish("run", "inc", "worker", 77))));
        assertEquals(List.of("run", "inc", "worker", 77L), List.of(b.run(), b.coordinator(), b.worker(), b.seq()));
        assertEquals(entries.size(), b.entries().size());
        for (int i = 0; i < entries.size(); i++) {
            ResultBatch.Entry x = entries.get(i);
            ResultBatch.Entry y = b.entries().get(i);
            assertEquals(List.of(x.kind(), x.lease()), List.of(y.kind(), y.lease()));
            assertEquals(x.game(), y.game());
            assertEquals(x.move(), y.move());
            assertEquals(x.position(), y.position());
            assertEquals(x.ply(), y.ply());
            assertEquals(x.why(), y.why());
            assertArrayEquals(x.leases(), y.leases());
        }
    }

    @Test
    void aTamperedTruncatedOrPaddedBatchIsRefused() {
        ResultBatch.Writer w = new ResultBatch.Writer().add(ResultBatch.Entry.of(ResultBatch.Kind.STARTED, 1));
        byte[] data = w.finish("run", "inc", "worker", 1);
        byte[] signed = SIGNER.sign(data);
        byte[] tampered = signed.clone();
        tampered[tampered.length - 1] ^= 1;
        assertThrows(Signer.BadSignatureException.class, () -> SIGNER.openBytes(tampered));
        assertThrows(Signer.BadSignatureException.class,
                () -> new Signer("another secret of enough bytes".getBytes(StandardCharsets.UTF_8)).openBytes(signed));
        assertThrows(Signer.BadSignatureException.class, () -> SIGNER.openBytes(new byte[5]));
        assertThrows(Wire.BadMessageException.class, () -> ResultBatch.decode(Arrays.copyOf(data, data.length - 3)));
        assertThrows(Wire.BadMessageException.class, () -> ResultBatch.decode(Arrays.copyOf(data, data.length + 1)));
        byte[] badKind = data.clone();
        badKind[badKind.length - 9] = 42; // the entry's kind byte, before its 8-byte lease
        assertThrows(Wire.BadMessageException.class, () -> ResultBatch.decode(badKind));
    }

    @Test
    void aRandomInternationalGameIsAFractionOfItsJson() throws Exception {
        PlayerSpec a = new PlayerSpec("a", "random", null, Map.of("seed", 1), Map.of(), new TimeLimits(1, 0, 0, 0, 0, 0, 0));
        PlayerSpec b = new PlayerSpec("b", "random", null, Map.of("seed", 2), Map.of(), new TimeLimits(1, 0, 0, 0, 0, 0, 0));
        GameSpec spec = new GameSpec("size/1", new GameTask(1, 1, 1, "a", "b", Opening.start(), 5), "international", Map.of(),
                a, b, new Adjudication(0, 0, 0, 0, 0, 400));
        PlayedGame game;
        try (LocalExecutor local = new LocalExecutor(1, new PlayerFactory(Map.of()))) {
            game = local.submit(spec).get(60, TimeUnit.SECONDS);
        }
        int json = Wire.text(Wire.tree(game)).getBytes(StandardCharsets.UTF_8).length;
        int binary = new ResultBatch.Writer().add(ResultBatch.Entry.result(1, game)).size();
        assertTrue(game.moves().size() > 20, game.moves().size() + " moves");
        assertTrue(binary * 4 < json, binary + " bytes against " + json + " as JSON, " + game.moves().size() + " moves");
        ResultBatch.Batch back = ResultBatch.decode(new ResultBatch.Writer().add(ResultBatch.Entry.result(1, game))
                .finish("r", "c", "w", 1));
        assertEquals(game, back.entries().get(0).game());
        System.out.printf("random game of %d moves: %d bytes binary, %d bytes JSON%n", game.moves().size(), binary, json);
    }
}
