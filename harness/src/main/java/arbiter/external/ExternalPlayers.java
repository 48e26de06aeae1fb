package arbiter.external;

import arbiter.player.EngineException;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.game.GameFamily;
import arbiter.game.Rules;

/** Creates the player for an external engine of the config. */
public final class ExternalPlayers {
    private ExternalPlayers() {
    }

    /**
     * @throws EngineException when the protocol does not fit the game (the config loader reports this first)
     */
    public static ExternalPlayer create(PlayerConfig pc, Rules rules) {
        if (!pc.external()) {
            throw new IllegalArgumentException(pc.name() + " is a built-in engine");
        }
        var e = pc.externalEngine();
        return switch (e.protocol()) {
            case "uci" -> {
                need(pc, rules, GameFamily.CHESS);
                yield new UciPlayer(pc.name(), e, pc.options(), rules);
            }
            case "xboard" -> {
                need(pc, rules, GameFamily.CHESS);
                yield new XboardPlayer(pc.name(), e, pc.options(), rules);
            }
            case "hub" -> {
                need(pc, rules, GameFamily.DRAUGHTS);
                yield new HubPlayer(pc.name(), e, pc.options(), rules);
            }
            case "hub1" -> {
                need(pc, rules, GameFamily.DRAUGHTS);
                yield new HubPlayer(pc.name(), e, pc.options(), rules, 1);
            }
            case "dxp" -> {
                need(pc, rules, GameFamily.DRAUGHTS);
                yield new DxpPlayer(pc.name(), e, pc.options(), rules);
            }
            case "gnubg" -> {
                need(pc, rules, GameFamily.BACKGAMMON);
                yield new GnubgPlayer(pc.name(), e, pc.options(), rules, new TextBackgammonAdapter());
            }
            default -> throw new EngineException("player " + pc.name() + ": unknown protocol " + e.protocol());
        };
    }

    private static void need(PlayerConfig pc, Rules rules, GameFamily family) {
        if (rules.family() != family) {
            throw new EngineException("player " + pc.name() + ": the " + pc.protocol() + " protocol plays "
                    + family.name().toLowerCase() + ", not " + rules.id());
        }
    }
}
