package arbiter.dashboard;

import arbiter.config.RunConfig;
import arbiter.tournament.RunReports;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The run's conditions and players as the page shows them at a glance, made once per run from its
 * config (their size depends on the config only, never on the games played).
 */
final class RunFacts {
    private RunFacts() {
    }

    /** {@code conditions}: game, rules, schedule (with the SPRT), limits, openings, adjudication, concurrency, seed. */
    static void conditions(ObjectNode root, RunConfig c) {
        ObjectNode n = root.putObject("conditions");
        n.put("game", c.game().variant());
        n.put("rules", c.game().rules().isEmpty() ? "none" : join(c.game().rules()));
        n.put("schedule", RunReports.schedule(c));
        n.put("limits", RunReports.runLimits(c));
        n.put("openings", RunReports.openings(c.openings()));
        n.put("adjudication", RunReports.adjudication(c.adjudication()));
        n.put("concurrency", c.concurrency());
        n.put("seed", c.seed());
    }

    /**
     * {@code engines}: per player its engine as the report words it (built-in, or the name and version
     * it gave itself, with protocol and command), that name alone ({@code ownName}, null when none),
     * options and limits.
     */
    static void engines(ObjectNode root, RunConfig c, Map<String, String> own) {
        ArrayNode list = root.putArray("engines");
        for (RunConfig.PlayerConfig p : c.players()) {
            ObjectNode e = list.addObject();
            e.put("name", p.name());
            e.put("engine", RunReports.engine(p, own.get(p.name())));
            e.put("ownName", own.get(p.name()));
            e.put("options", p.options() == null || p.options().isEmpty() ? "-" : join(p.options()));
            e.put("limits", RunReports.limits(p.limits() == null ? c.limits() : p.limits()));
        }
    }

    private static String join(Map<String, ?> m) {
        StringJoiner j = new StringJoiner(", ");
        m.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }
}
