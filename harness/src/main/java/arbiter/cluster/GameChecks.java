package arbiter.cluster;

import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import arbiter.referee.GameAudit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The coordinator's check of every game a worker hands in: replayed against the spec it was leased
 * with ({@link GameAudit}), so that a worker, even one with the secret, cannot have a game recorded
 * that starts elsewhere than its opening, makes an illegal move or ends otherwise than the rules and
 * the adjudication end it (a malformed record would have stopped the run where it was written).
 */
final class GameChecks {
    private final Map<String, Rules> rulesById = new ConcurrentHashMap<>();

    /** Null when {@code game} replays as a game of {@code spec}; else why not. */
    String check(GameSpec spec, PlayedGame game) {
        if (game == null) {
            return "no game";
        }
        Rules rules;
        try {
            rules = rulesById.computeIfAbsent(spec.variant() + " " + spec.rules(), k -> Games.rules(spec.variant(), spec.rules()));
        } catch (RuntimeException e) {
            return "its rules: " + e.getMessage();
        }
        return GameAudit.check(rules, spec.adjudication(), spec.task(), game);
    }
}
