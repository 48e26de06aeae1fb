package arbiter.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import org.junit.jupiter.api.Test;

class SearchTimelineTest {
    private static final long MS = 1_000_000;

    @Test
    void overheadIsGoToNextGoOfTheSameGameLessTheReportedSearch() throws InterruptedException {
        Rules chess = Games.rules("chess");
        GameHistory first = new GameHistory(chess.start());
        GameHistory second = new GameHistory(chess.start());
        SearchTimeline t = new SearchTimeline();
        // Worker 1: two moves of the first game, then the first move of the second game.
        t.searched(first, 0, 5 * MS, 5);
        first.play(first.current().parseMove("e4"));
        t.searched(first, 11 * MS / 2, 10 * MS, 4);
        first.play(first.current().parseMove("e5"));
        t.searched(second, 20 * MS, 22 * MS, 2);
        // Worker 2 plays the first game's next move: not a follower of worker 1's move.
        Thread other = new Thread(() -> t.searched(first, 23 * MS, 30 * MS, -1));
        other.start();
        other.join();

        SearchTimeline.Summary s = t.summary(1);
        assertEquals(4, s.moves());
        assertEquals(1, s.followed(), "only e4 is followed by the next move of its game on its worker");
        assertEquals(1, s.missingReports());
        assertEquals((4 + 3 + 1 + 0) / 4.0, s.reportedMsPerMove(), 1e-9);
        assertEquals(5.5 - 4, s.overheadMsPerMove(), 1e-9);
        assertEquals(5.5 - 5, s.refereeMsPerMove(), 1e-9);
        assertEquals(((5 - 4) + (4.5 - 3) + (2 - 1) + (7 - 0)) / 4.0, s.answerExtraMsPerMove(), 1e-9);
        assertEquals(5.5 - 5, t.summary(0).overheadMsPerMove(), 1e-9, "without the bias the report counts in full");
    }
}
