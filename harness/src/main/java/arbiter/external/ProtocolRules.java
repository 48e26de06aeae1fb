package arbiter.external;

import arbiter.play.Protocol;
import arbiter.play.TimeLimits;
import java.util.List;
import java.util.Map;

/**
 * What each protocol allows of a player's settings, checked when a config is read so a run never
 * starts with settings its engine cannot be given. UCI and Hub options are checked later against the
 * engine's own declarations, when it starts.
 */
public final class ProtocolRules {
    /** The keys of a player that only the dxp protocol takes (it reaches its engine over a socket). */
    public static final List<String> ADDRESS_KEYS = List.of("host", "port", "role");
    /** A dxp engine's roles: Arbiter connects and requests games, or listens for the engine's requests. */
    public static final List<String> DXP_ROLES = List.of("initiator", "follower");

    /** Where a problem is: in the player's options or in the limits that apply to it. */
    public enum Where { OPTIONS, LIMITS }

    /** Receives each problem found. */
    public interface Problems {
        void problem(Where where, String message);
    }

    private ProtocolRules() {
    }

    /**
     * Why one of {@code options} cannot be written to an engine, or null: a control character in a name
     * or value (a newline would reach the engine as a protocol line of its own, e.g. a {@code setoption}
     * nobody configured; a NUL ends a DXP message). Every protocol's player refuses such options before
     * it writes any ({@link ExternalPlayer}), whoever sent them; a config with one is refused when read.
     */
    public static String unsafeOption(Map<String, Object> options) {
        for (Map.Entry<String, Object> o : options.entrySet()) {
            int inName = controlCharacter(o.getKey());
            int inValue = controlCharacter(String.valueOf(o.getValue()));
            if (inName >= 0 || inValue >= 0) {
                return "option '" + o.getKey().replaceAll("\\p{Cntrl}", "?") + "' has a control character (U+"
                        + String.format("%04X", inName >= 0 ? inName : inValue) + ") in its " + (inName >= 0 ? "name" : "value");
            }
        }
        return null;
    }

    /** The first control or line-separator character of {@code text}, or -1. */
    private static int controlCharacter(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                return c;
            }
        }
        return -1;
    }

    /** False for gnubg, which plays at an evaluation level and needs no limit. */
    public static boolean needsLimit(Protocol protocol) {
        return protocol != Protocol.GNUBG;
    }

    /** False for dxp, whose engine may already run elsewhere: Arbiter then only connects. */
    public static boolean needsCommand(Protocol protocol) {
        return protocol != Protocol.DXP;
    }

    /** True for dxp: the engine is reached at host and port, in a role. */
    public static boolean hasAddress(Protocol protocol) {
        return protocol == Protocol.DXP;
    }

    /**
     * Reports the options and limits that {@code protocol} cannot give its engine.
     *
     * @param player  the player's name, for the message
     * @param limits  the limits the player plays with (its own or the run's)
     */
    public static void check(Protocol protocol, String player, Map<String, Object> options, TimeLimits limits,
                             Problems problems) {
        String unsafe = unsafeOption(options);
        if (unsafe != null) {
            problems.problem(Where.OPTIONS, "player '" + player + "': " + unsafe);
        }
        switch (protocol) {
            case HUB1 -> {
                // Scan 2.0's hub_loop reads set (options), level, time and depth; it has no node limit.
                if (limits.nodes() > 0) {
                    problems.problem(Where.LIMITS, "the hub1 protocol has no node limit: give player '" + player
                            + "' moveTimeMs, timeMs or depth");
                }
            }
            case XBOARD -> {
                if (limits.nodes() > 0) {
                    problems.problem(Where.LIMITS, "the xboard protocol has no node limit: give player '" + player
                            + "' depth, moveTimeMs or timeMs");
                }
                if (limits.moveTimeMs() % 1000 != 0) {
                    problems.problem(Where.LIMITS, "the xboard protocol gives time per move in whole seconds (st): "
                            + "moveTimeMs must be a multiple of 1000");
                }
            }
            case DXP -> {
                if (!options.isEmpty()) {
                    problems.problem(Where.OPTIONS, "the dxp protocol has no options; the engine is configured on "
                            + "its own side");
                }
            }
            case GNUBG -> {
                try {
                    GnubgSettings.from(options);
                } catch (IllegalArgumentException e) {
                    problems.problem(Where.OPTIONS, e.getMessage());
                }
            }
            case UCI, HUB -> {
            }
        }
    }
}
