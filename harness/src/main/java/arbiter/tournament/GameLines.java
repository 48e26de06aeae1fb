package arbiter.tournament;

import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.PdnWriter;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import java.io.PrintWriter;

/**
 * A console line per started and per finished game, as fastchess and cutechess-cli print them
 * ({@link ConsoleText}): {@code Started game 12 of 100 (A vs B)} and
 * {@code Finished game 12 (A vs B): 1-0 {White mates}} (the task's number, the record's Game tag,
 * from 1; N is the games the run plans). In cutechess-cli's layout a match also prints its running
 * score after every game ({@code Score of A vs B: 3 - 1 - 2  [0.667] 6}).
 */
public final class GameLines implements RunListener {
    private final ConsoleText.Style style;
    private PrintWriter out;
    private Rules rules;
    private int planned;

    /** fastchess's layout. */
    public GameLines() {
        this(ConsoleText.Style.FASTCHESS);
    }

    public GameLines(ConsoleText.Style style) {
        this.style = style;
    }

    @Override
    public void runStarted(RunStart start) {
        out = start.console();
        rules = Games.rules(start.config().game().variant(), start.config().game().rules());
        planned = start.tasks().size();
    }

    @Override
    public void gameStarted(GameTask task, String worker) {
        out.println(ConsoleText.started(task.id(), planned, task.white(), task.black()));
        out.flush();
    }

    @Override
    public void gameFinished(GameEnd end) {
        PlayedGame g = end.game();
        GameTask t = g.task();
        out.println(ConsoleText.finished(t.id(), t.white(), t.black(),
                PdnWriter.resultToken(g.result(), rules.family()), ConsoleText.annotation(g, rules.family(), style)));
        if (style == ConsoleText.Style.CUTECHESS && end.scoreboard().match()) {
            out.println(ConsoleText.score(end.scoreboard().verdict()));
        }
        out.flush();
    }
}
