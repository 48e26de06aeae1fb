package arbiter.referee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.play.Adjudication;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import arbiter.play.TimeLimits;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * Adjudication as cutechess-cli(6) and fastchess document it: "-resign ... Adjudicate the game as a loss
 * if an engine's score is at least score centipawns below zero for at least count consecutive moves. If
 * value is true (default: false) then activate two-sided resign adjudication"; "-draw ... Captures and
 * pawn moves will reset the counters."
 */
class RefereeAdjudicationTest {
    /** Plays the given moves in turn (White's at even plies, Black's at odd) and reports a fixed score. */
    private static final class Scripted implements Player {
        private final List<String> line;
        private final int side;
        private final int score;

        Scripted(List<String> line, int side, int score) {
            this.line = line;
            this.side = side;
            this.score = score;
        }

        @Override
        public String engineId() {
            return "scripted";
        }

        @Override
        public void newGame(long gameSeed) {
        }

        @Override
        public SearchResult chooseMove(GameHistory game, Limits limits, BooleanSupplier stop) {
            int ply = game.moves().size();
            String text = ply < line.size() ? line.get(ply) : (ply % 2 == 0 ? List.of("Nf3", "Ng1") : List.of("Nf6", "Ng8"))
                    .get((ply / 2) % 2);
            try {
                return new SearchResult(game.current().parseMove(text), score, 5, 0, 0, 0, List.of());
            } catch (NotationException e) {
                throw new AssertionError(text + " at ply " + ply + " side " + side, e);
            }
        }
    }

    private static PlayedGame play(Adjudication adj, List<String> line, int whiteScore, int blackScore) throws Exception {
        return play("chess", Opening.start(), adj, line, whiteScore, blackScore);
    }

    private static PlayedGame play(String variant, Opening opening, Adjudication adj, List<String> line, int whiteScore,
                                   int blackScore) throws Exception {
        Rules chess = Games.rules(variant);
        TimeLimits none = new TimeLimits(1, 0, 0, 0, 0, 0, 100);
        Player[] players = {new Scripted(line, 0, whiteScore), new Scripted(line, 1, blackScore)};
        return new Referee(chess, adj).play(new GameTask(0, 1, 0, "w", "b", opening, 1), players,
                new TimeLimits[] {none, none}, () -> false);
    }

    private static final List<String> KNIGHTS = List.of();

    @Test
    void resignIsOneSidedByDefault() throws Exception {
        // White's engine sees itself 7 pawns down; Black's engine sees an equal game.
        PlayedGame g = play(new Adjudication(0, 0, 0, 600, 3, 40), KNIGHTS, -700, 0);
        assertEquals(GameResult.BLACK_WIN, g.result(), g.termination().toString());
        assertInstanceOf(Termination.Adjudicated.class, g.termination());
        assertEquals(5, g.moves().size(), "White's third move (ply 5) is its third losing score");
    }

    @Test
    void twoSidedResignNeedsTheWinnerToAgree() throws Exception {
        PlayedGame disagree = play(new Adjudication(0, 0, 0, 600, 3, 40, true), KNIGHTS, -700, 0);
        assertEquals(GameResult.DRAW, disagree.result(), "no resign: the knights shuffle into a repetition");
        assertInstanceOf(Termination.ByRules.class, disagree.termination());
        // Black's engine sees itself 7 pawns up. As in cutechess's GameAdjudicator::addEval, the loser's
        // move is judged against the winner's count so far: at White's third move (ply 5) Black has made
        // two, so the game ends at White's fourth (ply 7).
        PlayedGame agree = play(new Adjudication(0, 0, 0, 600, 3, 40, true), KNIGHTS, -700, 700);
        assertEquals(GameResult.BLACK_WIN, agree.result());
        assertEquals(7, agree.moves().size());
    }

    @Test
    void capturesAndPawnMovesResetTheDrawCount() throws Exception {
        // Knight moves only: 2 moves each within the score is 4 plies.
        PlayedGame quiet = play(new Adjudication(0, 10, 2, 0, 0, 40), KNIGHTS, 0, 0);
        assertEquals(GameResult.DRAW, quiet.result());
        assertInstanceOf(Termination.Adjudicated.class, quiet.termination());
        assertEquals(4, quiet.moves().size());
        // A pawn move at ply 3 starts the count again (it counts itself): 4 more plies from it.
        PlayedGame pawn = play(new Adjudication(0, 10, 2, 0, 0, 40), List.of("Nf3", "Nf6", "e3", "Ng8", "Ng1", "Nf6"), 0, 0);
        assertEquals(6, pawn.moves().size());
        assertInstanceOf(Termination.Adjudicated.class, pawn.termination());
        // A capture resets it too: 1. e4 d5 2. exd5 (ply 3) Nf6 3. Nf3 Nxd5 (ply 6, capture) ... ends at ply 9.
        PlayedGame capture = play(new Adjudication(0, 10, 2, 0, 0, 40),
                List.of("e4", "d5", "exd5", "Nf6", "Nf3", "Nxd5", "Ng1", "Nf6", "Nf3"), 0, 0);
        assertEquals(9, capture.moves().size(), capture.moves().toString());
    }

    @Test
    void capturesAndManMovesResetTheDrawCountInDraughts() throws Exception {
        // International draughts: White king 50 and man 36, Black kings 1 and 2; kings shuffle.
        Opening kings = new Opening("kings", "W:WK50,36:BK1,K2", List.of());
        PlayedGame quiet = play("international", kings, new Adjudication(0, 10, 2, 0, 0, 40),
                List.of("50-45", "1-6", "45-50", "6-1", "50-45", "1-6", "45-50", "6-1"), 0, 0);
        assertInstanceOf(Termination.Adjudicated.class, quiet.termination(), quiet.termination().toString());
        assertEquals(4, quiet.moves().size());
        PlayedGame man = play("international", kings, new Adjudication(0, 10, 2, 0, 0, 40),
                List.of("50-45", "1-6", "36-31", "6-1", "45-50", "1-6", "50-45", "6-1"), 0, 0);
        assertInstanceOf(Termination.Adjudicated.class, man.termination(), man.termination().toString());
        assertEquals(6, man.moves().size(), "the man move at ply 3 starts the count again");
    }
}
