package arbiter.service.api;

import arbiter.config.RunConfig;
import arbiter.results.Scoreboard;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.store.Rows;
import arbiter.stats.Sprt;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test's row as the API shows it, with the SPRT at its counts as {@code stats.Sprt} computes it; one
 * a Service (test ids are its database's).
 */
final class Views {
    /** What the views need of a definition: its kind and SPRT (null: none; kind "?": a definition this version no longer reads). */
    private record Summary(String kind, RunConfig.Sprt sprt) {
    }

    /** Each test of this server's database's summary, read from its definition once (a definition never changes). */
    private final Map<Long, Summary> summaries = new ConcurrentHashMap<>();
    private static final int MAX_CACHED = 10_000;

    private Summary summary(Rows.Test t) {
        if (summaries.size() > MAX_CACHED) {
            summaries.clear();
        }
        return summaries.computeIfAbsent(t.id(), id -> {
            try {
                TestDefinition d = TestDefinition.read(Wire.tree(t.definition()));
                return new Summary(d.kind().id(), d.sprt());
            } catch (RuntimeException e) {
                return new Summary("?", null);
            }
        });
    }

    Wire.TestView of(Rows.Test t, Accounts accounts, double share, int tasks) {
        Summary summary = summary(t);
        Wire.Sprt sprt = null;
        RunConfig.Sprt s = summary.sprt();
        if (s != null) {
            Sprt.Result r = Scoreboard.sprt(s).test(t.counts().penta());
            sprt = new Wire.Sprt(s.elo0(), s.elo1(), s.alpha(), s.beta(), r.llr(), r.lower(), r.upper(), r.verdict().toString());
        }
        return new Wire.TestView(t.id(), t.name(), accounts.userName(t.userId()), t.state(), summary.kind(), t.variant(), t.priority(),
                t.throughput(), t.pairsTarget(), t.counts(), t.late(), sprt, t.result(), share, tasks, t.created(), t.finished());
    }
}
