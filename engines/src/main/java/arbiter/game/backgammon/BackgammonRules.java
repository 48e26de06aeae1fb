package arbiter.game.backgammon;

import arbiter.game.GameFamily;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.game.RuleValues;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Backgammon, cubeless, as a {@link Rules}: 15 checkers each, the opening roll decides who starts,
 * doubles play four times, as many dice as possible must be used (the larger one when only one can),
 * checkers on the bar enter first, bearing off once all 15 are home. No repetition rule.
 *
 * <p>Player 0 is White, player 1 is Black. Each player numbers the points from its own point of
 * view: its checkers move from 24 down to 1 and are borne off from its home board, points 1 to 6;
 * White's point {@code p} is Black's point {@code 25 - p}.
 *
 * @param id      variant id
 * @param gammons whether wins score 2 (gammon) and 3 (backgammon) points; false scores every win 1
 */
public record BackgammonRules(String id, boolean gammons) implements Rules {

    /** Names of the parameters accepted by {@link #withOverrides}. */
    public static final List<String> PARAMETER_NAMES = List.of("gammons");

    /** Standard backgammon scoring single, gammon and backgammon wins. */
    public static final BackgammonRules STANDARD = new BackgammonRules("backgammon", true);

    @Override
    public GameFamily family() {
        return GameFamily.BACKGAMMON;
    }

    @Override
    public String playerName(int player) {
        return player == 0 ? "White" : "Black";
    }

    @Override
    public BackgammonPosition start() {
        return BackgammonPosition.start(this);
    }

    @Override
    public BackgammonPosition parsePosition(String text) throws NotationException {
        return BackgammonText.parse(this, text);
    }

    @Override
    public int repetitionLimit() {
        return 0;
    }

    @Override
    public Map<String, String> parameters() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("gammons", Boolean.toString(gammons));
        return map;
    }

    /**
     * These rules with parameters replaced by name.
     *
     * @throws NotationException for an unknown name (listing the known ones) or a bad value
     */
    public BackgammonRules withOverrides(Map<String, String> overrides) throws NotationException {
        if (overrides.isEmpty()) {
            return this;
        }
        boolean scoreGammons = RuleValues.of(id, parameters(), overrides).bool("gammons");
        return scoreGammons == gammons ? this : new BackgammonRules(id, scoreGammons);
    }
}
