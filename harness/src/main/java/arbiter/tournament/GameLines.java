package arbiter.tournament;

import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.PdnWriter;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import java.io.PrintWriter;

/**
 * One console line per finished game, as cutechess-cli and fastchess print them:
 * {@code Finished game 12 (A vs B): 1-0 {no legal move}} (games numbered from 1, the record's Game tag plus one).
 */
public final class GameLines implements RunListener {
    private PrintWriter out;
    private Rules rules;

    @Override
    public void runStarted(RunStart start) {
        out = start.console();
        rules = Games.rules(start.config().game().variant(), start.config().game().rules());
    }

    @Override
    public void gameFinished(GameEnd end) {
        PlayedGame g = end.game();
        GameTask t = g.task();
        out.printf("Finished game %d (%s vs %s): %s {%s}%n", t.id() + 1, t.white(), t.black(),
                PdnWriter.resultToken(g.result(), rules.family()), g.termination().describe());
        out.flush();
    }
}
