package arbiter.service.api;

import arbiter.config.RunConfig;
import arbiter.results.Scoreboard;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.store.Rows;
import arbiter.stats.Sprt;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test's row as the API shows it, with the SPRT at its counts as {@code stats.Sprt} computes it; one
 * a Service (test ids are its database's).
 */
final class Views {
    private static final int MAX_CACHED = 10_000;

    /** Each test of this server's database's SPRT, read from its definition once (a definition never changes). */
    private final Map<Long, Optional<RunConfig.Sprt>> sprts = new ConcurrentHashMap<>();

    Wire.TestView of(Rows.Test t, Accounts accounts, double share, int tasks) {
        Wire.Sprt sprt = null;
        try {
            if (sprts.size() > MAX_CACHED) {
                sprts.clear();
            }
            RunConfig.Sprt s = sprts.computeIfAbsent(t.id(),
                    id -> Optional.ofNullable(TestDefinition.read(Wire.tree(t.definition())).sprt())).orElse(null);
            if (s != null) {
                Sprt.Result r = Scoreboard.sprt(s).test(t.counts().penta());
                sprt = new Wire.Sprt(s.elo0(), s.elo1(), s.alpha(), s.beta(), r.llr(), r.lower(), r.upper(), r.verdict().toString());
            }
        } catch (RuntimeException e) {
            // a definition this version no longer reads: shown without its SPRT
        }
        return new Wire.TestView(t.id(), t.name(), accounts.userName(t.userId()), t.state(), t.variant(), t.priority(),
                t.throughput(), t.pairsTarget(), t.counts(), t.late(), sprt, t.result(), share, tasks, t.created(), t.finished());
    }
}
