package arbiter.config;

import arbiter.config.RunConfig.Schedule;
import arbiter.config.RunConfig.Sprt;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads who meets whom: the {@code schedule} (with a match's SPRT) and the rating list's {@code anchors}. */
final class ScheduleReader {
    static final Set<String> SCHEDULE_KEYS = Set.of("type", "rounds", "players", "games", "sprt");
    static final Set<String> SPRT_KEYS = Set.of("elo0", "elo1", "alpha", "beta", "normalized");
    static final List<String> SCHEDULE_TYPES = ScheduleType.ids();

    private ScheduleReader() {
    }

    static Schedule schedule(JsonReader r, JsonNode node, List<String> names) {
        if (node == null) {
            return new Schedule("round-robin", 1, List.of(), 0, null);
        }
        r.allowOnly(node, "$.schedule", SCHEDULE_KEYS);
        String type = r.choice(node, "type", "$.schedule", null, SCHEDULE_TYPES);
        int rounds = (int) r.integer(node, "rounds", "$.schedule", 1, 1, 1_000_000);
        List<String> players = new ArrayList<>();
        JsonNode pn = node.get("players");
        if (pn != null) {
            if (!pn.isArray()) {
                r.problem("$.schedule.players", "must be an array of player names");
            } else {
                for (int i = 0; i < pn.size(); i++) {
                    String n = pn.get(i).asText();
                    if (!names.contains(n)) {
                        r.problem("$.schedule.players[" + i + "]", "unknown player '" + n + "'; players: " + String.join(", ", names));
                    }
                    players.add(n);
                }
            }
        }
        int games = (int) r.integer(node, "games", "$.schedule", 0, 0, 100_000_000);
        Sprt sprt = null;
        JsonNode sn = r.object(node, "sprt", "$.schedule", false);
        if (sn != null) {
            r.allowOnly(sn, "$.schedule.sprt", SPRT_KEYS);
            double elo0 = r.number(sn, "elo0", "$.schedule.sprt", 0, -2000, 2000);
            double elo1 = r.number(sn, "elo1", "$.schedule.sprt", 5, -2000, 2000);
            if (!sn.has("elo0") || !sn.has("elo1")) {
                r.problem("$.schedule.sprt", "needs elo0 and elo1");
            } else if (elo1 <= elo0) {
                r.problem("$.schedule.sprt.elo1", "must be greater than elo0");
            }
            sprt = new Sprt(elo0, elo1, r.number(sn, "alpha", "$.schedule.sprt", 0.05, 1e-9, 0.5),
                    r.number(sn, "beta", "$.schedule.sprt", 0.05, 1e-9, 0.5),
                    r.bool(sn, "normalized", "$.schedule.sprt", false));
        }
        if (type != null) {
            switch (type) {
                case "round-robin" -> {
                    if (names.size() < 2) {
                        r.problem("$.players", "a round robin needs at least two players");
                    }
                }
                case "gauntlet" -> {
                    if (players.isEmpty() || players.size() >= names.size() || Set.copyOf(players).size() != players.size()) {
                        r.problem("$.schedule.players", "a gauntlet names its seeds, fewer than the players: [\"name\"] "
                                + "meets every other player; [\"a\", \"b\"]: a and b each meet every player, and each other once");
                    }
                }
                case "match" -> {
                    if (players.size() != 2) {
                        r.problem("$.schedule.players", "a match names its two players: [\"new\", \"old\"]");
                    }
                    if (games < 1) {
                        r.problem("$.schedule.games", "a match needs a number of games (the maximum with an sprt)");
                    }
                }
                default -> {
                }
            }
            if (sprt != null && !type.equals("match")) {
                r.problem("$.schedule.sprt", "only a match can stop on an SPRT");
            }
        }
        return new Schedule(type, rounds, players, games, sprt);
    }

    /**
     * {@code anchors}: player name to a fixed Elo for the rating list. Each must be a player of the
     * run that plays in its schedule, with a finite number.
     */
    static Map<String, Double> anchors(JsonReader r, JsonNode node, List<String> names, Schedule schedule,
                                               boolean tuning) {
        Map<String, Double> anchors = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return anchors;
        }
        if (!node.isObject()) {
            r.problem("$.anchors", "must be an object of player name: rating, got " + JsonReader.kind(node));
            return anchors;
        }
        if (tuning) {
            r.problem("$.anchors", "a tuning run has no rating list to anchor; leave out anchors");
            return anchors;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String path = "$.anchors." + e.getKey();
            if (!names.contains(e.getKey())) {
                r.problem(path, "unknown player '" + e.getKey() + "'; players: " + String.join(", ", names));
            } else if (schedule != null && schedule.type() == ScheduleType.MATCH
                    && schedule.players() != null && !schedule.players().contains(e.getKey())) {
                r.problem(path, "player '" + e.getKey() + "' plays no game in this match");
            } else if (!e.getValue().isNumber() || !Double.isFinite(e.getValue().asDouble())) {
                r.problem(path, "must be a finite number (the player's fixed Elo), got " + JsonReader.kind(e.getValue()));
            } else {
                anchors.put(e.getKey(), e.getValue().asDouble());
            }
        }
        return anchors;
    }
}
