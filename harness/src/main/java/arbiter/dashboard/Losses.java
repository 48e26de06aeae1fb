package arbiter.dashboard;

import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per player, the games it lost on time, by a crash (or no move), by an illegal move and by a stall,
 * counted as games finish (one small array per player: the size depends on the config, not the games).
 * Not thread-safe: {@link DashboardState} uses it under its lock and hands out copies.
 */
final class Losses {
    private static final int TIME = 0;
    private static final int CRASH = 1;
    private static final int ILLEGAL = 2;
    private static final int STALL = 3;

    private final Map<String, int[]> counts = new LinkedHashMap<>();

    /** Counts the game when an engine's fault ended it, against the player who lost it. */
    void add(PlayedGame g) {
        Termination t = g.termination();
        int kind;
        int side;
        if (t instanceof Termination.TimeForfeit f) {
            kind = TIME;
            side = f.player();
        } else if (t instanceof Termination.EngineCrash f) {
            kind = CRASH;
            side = f.player();
        } else if (t instanceof Termination.IllegalMove f) {
            kind = ILLEGAL;
            side = f.player();
        } else if (t instanceof Termination.EngineStalled f) {
            kind = STALL;
            side = f.player();
        } else {
            return;
        }
        // the player who lost the game (a draw after such an end counts against the side it names)
        String loser = switch (g.result()) {
            case WHITE_WIN -> g.task().black();
            case BLACK_WIN -> g.task().white();
            default -> side == 0 ? g.task().white() : g.task().black();
        };
        counts.computeIfAbsent(loser, k -> new int[4])[kind]++;
    }

    void clear() {
        counts.clear();
    }

    Losses copy() {
        Losses c = new Losses();
        counts.forEach((k, v) -> c.counts.put(k, v.clone()));
        return c;
    }

    /** Adds {@code timeLosses}, {@code crashes}, {@code illegalMoves}, {@code stalls} to each engine row (by its {@code name}). */
    void write(ArrayNode engines) {
        for (JsonNode e : engines) {
            int[] n = counts.getOrDefault(e.get("name").asText(), new int[4]);
            ((ObjectNode) e).put("timeLosses", n[TIME]).put("crashes", n[CRASH]).put("illegalMoves", n[ILLEGAL])
                    .put("stalls", n[STALL]);
        }
    }
}
