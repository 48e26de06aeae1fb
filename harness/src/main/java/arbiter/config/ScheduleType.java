package arbiter.config;

import java.util.Arrays;
import java.util.List;

/** How a run pairs its players: the values of {@code schedule.type} in a config. */
public enum ScheduleType {
    /** Every player meets every other, {@code rounds} times. */
    ROUND_ROBIN("round-robin"),
    /** One player meets every other, {@code rounds} times. */
    GAUNTLET("gauntlet"),
    /** Two players, {@code games} games (at most, with an SPRT). */
    MATCH("match");

    private final String id;

    ScheduleType(String id) {
        this.id = id;
    }

    /** The config's spelling ({@code round-robin}, {@code gauntlet}, {@code match}). */
    public String id() {
        return id;
    }

    /** Every accepted spelling, in declaration order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(ScheduleType::id).toList();
    }

    /** The type spelled {@code id} in a config; null for null. */
    public static ScheduleType of(String id) {
        if (id == null) {
            return null; // missing from a config with problems: the loader has named it already
        }
        for (ScheduleType t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("schedule type '" + id + "' is not one of " + ids());
    }

    @Override
    public String toString() {
        return id;
    }
}
