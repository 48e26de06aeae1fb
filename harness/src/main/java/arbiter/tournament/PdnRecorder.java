package arbiter.tournament;

import arbiter.pdn.GameLog;
import arbiter.pdn.PdnWriter;
import arbiter.play.PlayedGame;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The only writer of a run's {@code games.pdn}: appends every finished game whole, in the order they
 * finish. A game's record is made by {@link #format} on any thread (the one that played it), so the
 * coordinator's part is the append.
 */
final class PdnRecorder {
    private final GameLog log;
    private final PdnWriter.Context context;

    PdnRecorder(GameLog log, PdnWriter.Context context) {
        this.log = log;
        this.context = context;
    }

    /** The game's record as the log's bytes. */
    byte[] format(PlayedGame game) {
        return PdnWriter.format(game, context).getBytes(StandardCharsets.UTF_8);
    }

    /** Appends a record made by {@link #format}. */
    void append(byte[] record) throws IOException {
        log.append(record);
    }
}
