package arbiter.config;

import java.util.Arrays;
import java.util.List;

/** The order a run takes its openings in: the values of {@code openings.order} in a config. */
public enum OpeningOrder {
    /** As the file lists them, from the first, wrapping around. */
    SEQUENTIAL("sequential"),
    /** A seeded shuffle: every opening once before any repeats. */
    RANDOM("random");

    private final String id;

    OpeningOrder(String id) {
        this.id = id;
    }

    /** The config's spelling. */
    public String id() {
        return id;
    }

    /** Every accepted spelling. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(OpeningOrder::id).toList();
    }

    /** The order spelled {@code id} in a config; null for null. */
    public static OpeningOrder of(String id) {
        if (id == null) {
            return null; // missing from a config with problems: the loader has named it already
        }
        for (OpeningOrder o : values()) {
            if (o.id.equals(id)) {
                return o;
            }
        }
        throw new IllegalArgumentException("opening order '" + id + "' is not one of " + ids());
    }

    @Override
    public String toString() {
        return id;
    }
}
