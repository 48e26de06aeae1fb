package arbiter.cluster;

import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.Termination;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The cluster's messages as JSON: game specs out, played games back. Plain data only (records,
 * strings, numbers), read with Jackson into the known types: nothing received is ever deserialised
 * as Java objects or run.
 */
final class Wire {
    private static final ObjectMapper JSON = new ObjectMapper()
            .addMixIn(Termination.class, TerminationTypes.class)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS);

    /** Termination is sealed: its records travel with a type name. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Termination.ByRules.class, name = "rules"),
        @JsonSubTypes.Type(value = Termination.Adjudicated.class, name = "adjudicated"),
        @JsonSubTypes.Type(value = Termination.TimeForfeit.class, name = "time"),
        @JsonSubTypes.Type(value = Termination.IllegalMove.class, name = "illegal"),
        @JsonSubTypes.Type(value = Termination.EngineCrash.class, name = "crash"),
        @JsonSubTypes.Type(value = Termination.Resigned.class, name = "resigned"),
        @JsonSubTypes.Type(value = Termination.EngineStalled.class, name = "stalled"),
        @JsonSubTypes.Type(value = Termination.HarnessStalled.class, name = "void")})
    private interface TerminationTypes {
    }

    private Wire() {
    }

    static ObjectNode object() {
        return JSON.createObjectNode();
    }

    static JsonNode tree(Object value) {
        return JSON.valueToTree(value);
    }

    static String text(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Puts leases into a "spec" message (one: its fields in the message) or "specs" (several: a
     * {@code games} array), each its lease number, whether to send moves, and the spec (written as it
     * is serialised, not copied into a tree first).
     */
    static ObjectNode leases(ObjectNode m, java.util.List<Leases.Lease> given) {
        com.fasterxml.jackson.databind.node.ArrayNode games = given.size() == 1 ? null : m.putArray("games");
        for (Leases.Lease lease : given) {
            ObjectNode g = games == null ? m : games.addObject();
            g.put("lease", lease.number);
            g.put("moves", lease.job.observer.wantsMoves());
            g.putPOJO("spec", lease.job.spec);
        }
        return m;
    }

    /** @throws BadMessageException when the text is not a JSON object */
    static JsonNode parse(String json) {
        try {
            JsonNode node = JSON.readTree(json);
            if (node == null || !node.isObject()) {
                throw new BadMessageException("not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new BadMessageException("not JSON: " + e.getOriginalMessage());
        }
    }

    /** The JSON of a signed message without checking its signature (only to show why one was refused), or null. */
    static JsonNode peek(Object message) {
        if (!(message instanceof String s) || s.indexOf('.') != 64) {
            return null;
        }
        try {
            return parse(s.substring(65));
        } catch (BadMessageException e) {
            return null;
        }
    }

    static GameSpec spec(JsonNode node) {
        return read(node, GameSpec.class);
    }

    static PlayedMove move(JsonNode node) {
        return read(node, PlayedMove.class);
    }

    static PlayedGame game(JsonNode node) {
        return read(node, PlayedGame.class);
    }

    static <T> T read(JsonNode node, Class<T> type) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw new BadMessageException("no " + type.getSimpleName());
        }
        try {
            return JSON.treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new BadMessageException("bad " + type.getSimpleName() + ": " + e.getMessage());
        }
    }

    /** Field of a message that must be there. */
    static String field(JsonNode message, String name) {
        JsonNode v = message.get(name);
        if (v == null || v.isNull()) {
            throw new BadMessageException("no '" + name + "'");
        }
        return v.asText();
    }

    static long number(JsonNode message, String name) {
        JsonNode v = message.get(name);
        if (v == null || !v.canConvertToLong()) {
            throw new BadMessageException("no number '" + name + "'");
        }
        return v.asLong();
    }

    /** A well-signed message that does not make sense. */
    static final class BadMessageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadMessageException(String message) {
            super(message);
        }
    }
}
