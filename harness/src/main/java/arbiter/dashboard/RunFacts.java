package arbiter.dashboard;

import arbiter.config.RunConfig;
import arbiter.play.Adjudication;
import arbiter.play.TimeLimits;
import arbiter.stats.Sprt;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
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
        n.put("schedule", schedule(c));
        n.put("limits", runLimits(c));
        n.put("openings", openings(c.openings()));
        n.put("adjudication", adjudication(c.adjudication()));
        n.put("concurrency", c.concurrency());
        n.put("seed", c.seed());
    }

    /** {@code engines}: per player its engine (built-in, or protocol and command), options and limits. */
    static void engines(ObjectNode root, RunConfig c) {
        ArrayNode list = root.putArray("engines");
        for (RunConfig.PlayerConfig p : c.players()) {
            ObjectNode e = list.addObject();
            e.put("name", p.name());
            e.put("engine", !p.external() ? p.engine() + " (built-in)"
                    : p.protocol() + (p.command().isEmpty() ? " (already running)" : ": " + String.join(" ", p.command())));
            e.put("options", p.options() == null || p.options().isEmpty() ? "-" : join(p.options()));
            e.put("limits", p.limits() == null ? limits(c.limits()) : limits(p.limits()));
        }
    }

    private static String schedule(RunConfig c) {
        RunConfig.Schedule s = c.schedule();
        StringBuilder sb = new StringBuilder(s.type().id());
        switch (s.type()) {
            case MATCH -> sb.append(": ").append(s.players().get(0)).append(" vs ").append(s.players().get(1))
                    .append(", ").append(s.games()).append(s.sprt() != null ? " games at most" : " games");
            case GAUNTLET -> sb.append(": ").append(s.players().get(0)).append(" against every other player, ")
                    .append(s.rounds()).append(s.rounds() == 1 ? " round" : " rounds");
            case ROUND_ROBIN -> sb.append(", ").append(s.rounds()).append(s.rounds() == 1 ? " round" : " rounds");
        }
        RunConfig.Sprt sprt = s.sprt();
        if (sprt != null) {
            sb.append("; SPRT elo0 ").append(num(sprt.elo0())).append(", elo1 ").append(num(sprt.elo1()))
                    .append(", alpha ").append(num(sprt.alpha())).append(", beta ").append(num(sprt.beta()))
                    .append(" (").append(Sprt.Model.of(sprt.normalized()).label()).append(')');
        }
        return sb.toString();
    }

    private static String openings(RunConfig.Openings o) {
        StringBuilder sb = new StringBuilder(o.file() == null ? "the start position" : o.file().getFileName().toString());
        if (o.file() != null) {
            sb.append(" (").append(o.order()).append(" order)");
        }
        if (o.randomPlies() > 0) {
            sb.append(", then ").append(o.randomPlies()).append(" random plies");
        }
        sb.append(o.pairs() ? "; each played twice, colours reversed" : "; single games");
        return sb.toString();
    }

    /** The run's limits; when every player has its own, theirs if all agree. */
    private static String runLimits(RunConfig c) {
        List<String> own = new ArrayList<>();
        for (RunConfig.PlayerConfig p : c.players()) {
            if (p.limits() == null) {
                return limits(c.limits());
            }
            if (!own.contains(limits(p.limits()))) {
                own.add(limits(p.limits()));
            }
        }
        return own.size() == 1 ? own.get(0) : "each player's own (see the engines)";
    }

    /** Every limit, with the margin past the clock or move time an engine may take (as the report prints them). */
    static String limits(TimeLimits l) {
        if (l == null) {
            return "none";
        }
        String d = l.describe();
        if (l.hasClock() || l.moveTimeMs() > 0) {
            d += " margin=" + l.marginMs() + "ms";
        }
        return d.isEmpty() ? "none" : d;
    }

    private static String adjudication(Adjudication a) {
        if (a == null) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        if (a.drawMoves() > 0) {
            parts.add("draw when both |score| <= " + a.drawScore() + " for " + a.drawMoves() + " moves after ply "
                    + a.drawMinPlies());
        }
        if (a.resignMoves() > 0) {
            parts.add("resign when an engine's score is <= -" + a.resignScore() + " for " + a.resignMoves() + " moves"
                    + (a.resignTwoSided() ? " and its opponent's >= " + a.resignScore() : ""));
        }
        if (a.maxPlies() > 0) {
            parts.add("draw after " + a.maxPlies() + " plies");
        }
        return parts.isEmpty() ? "none" : String.join("; ", parts);
    }

    private static String join(Map<String, ?> m) {
        StringJoiner j = new StringJoiner(", ");
        m.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }

    private static String num(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }
}
