package arbiter.tournament;

import arbiter.pdn.GameLog;
import arbiter.pdn.PdnWriter;
import java.io.IOException;

/** The only writer of a run's {@code games.pdn}: appends every finished game whole, in the order they finish. */
final class PdnRecorder implements RunListener {
    private final GameLog log;
    private final PdnWriter.Context context;

    PdnRecorder(GameLog log, PdnWriter.Context context) {
        this.log = log;
        this.context = context;
    }

    @Override
    public void gameFinished(GameEnd end) throws IOException {
        log.append(PdnWriter.format(end.game(), context));
    }
}
