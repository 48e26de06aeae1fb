package arbiter.external;

import arbiter.game.Rules;
import arbiter.player.EngineException;
import java.util.Map;

/** Creates the player that talks to an external engine over its protocol. */
public final class ExternalPlayers {
    private ExternalPlayers() {
    }

    /**
     * @param name    the player's name in records and standings
     * @param engine  how to run the engine: this machine's own configuration
     * @param options sent to the engine (UCI {@code setoption}, Hub {@code set-param}, gnubg's evaluation)
     * @throws EngineException when the protocol does not fit the game (the config loader reports this first)
     */
    public static ExternalPlayer create(String name, ExternalEngine engine, Map<String, Object> options, Rules rules) {
        if (rules.family() != engine.protocol().family()) {
            throw new EngineException("player " + name + ": the " + engine.protocol() + " protocol plays "
                    + engine.protocol().family().name().toLowerCase() + ", not " + rules.id());
        }
        return switch (engine.protocol()) {
            case UCI -> new UciPlayer(name, engine, options, rules);
            case XBOARD -> new XboardPlayer(name, engine, options, rules);
            case HUB -> new HubPlayer(name, engine, options, rules);
            case HUB1 -> new HubPlayer(name, engine, options, rules, 1);
            case DXP -> new DxpPlayer(name, engine, options, rules);
            case GNUBG -> new GnubgPlayer(name, engine, options, rules, new TextBackgammonAdapter());
        };
    }
}
