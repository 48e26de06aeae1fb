package arbiter.play;

import arbiter.game.GameFamily;
import java.util.ArrayList;
import java.util.List;

/**
 * The protocols an external engine can speak, each with the name a config gives it and the family
 * of games it plays. Hub 1 is Scan 2.0's first version of the Hub protocol (no options, time limits only).
 */
public enum Protocol {
    UCI("uci", GameFamily.CHESS),
    XBOARD("xboard", GameFamily.CHESS),
    HUB("hub", GameFamily.DRAUGHTS),
    HUB1("hub1", GameFamily.DRAUGHTS),
    DXP("dxp", GameFamily.DRAUGHTS),
    GNUBG("gnubg", GameFamily.BACKGAMMON);

    private final String id;
    private final GameFamily family;

    Protocol(String id, GameFamily family) {
        this.id = id;
        this.family = family;
    }

    /** The protocol's name in a config ({@code "protocol": "uci"}). */
    public String id() {
        return id;
    }

    /** The family of games the protocol plays. */
    public GameFamily family() {
        return family;
    }

    /** The protocol a config names, or null when none has that name. */
    public static Protocol of(String id) {
        for (Protocol p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        return null;
    }

    /** Every protocol's config name, in declaration order. */
    public static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (Protocol p : values()) {
            ids.add(p.id);
        }
        return ids;
    }

    @Override
    public String toString() {
        return id;
    }
}
