package arbiter.service.schedule;

import arbiter.service.store.Rows;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** A started worker the board knows: what it declared, and the tests not given to it again (it failed them, or its games of them were purged). */
final class WorkerState {
    final Rows.Worker row;
    /** The external engines it declares: name to protocol id. */
    final Map<String, String> engines;
    /** It builds engines from source. */
    final boolean builds;
    final Set<Long> failed = new HashSet<>();

    WorkerState(Rows.Worker row, Map<String, String> engines, boolean builds) {
        this.row = row;
        this.engines = engines;
        this.builds = builds;
    }

    /** As stored: {@code [+]name:protocol,...}, the + for a worker that builds. */
    static String engines(Map<String, String> engines, boolean builds) {
        return (builds ? "+" : "") + String.join(",", engines.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue()).toList());
    }

    static WorkerState of(Rows.Worker w) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String e : w.engines().replaceFirst("^\\+", "").split(",")) {
            int colon = e.lastIndexOf(':');
            if (colon > 0) {
                out.put(e.substring(0, colon), e.substring(colon + 1));
            }
        }
        return new WorkerState(w, out, w.engines().startsWith("+"));
    }
}
