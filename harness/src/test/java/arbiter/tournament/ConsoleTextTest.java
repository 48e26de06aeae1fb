package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.game.EndReason;
import arbiter.game.GameFamily;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import arbiter.tournament.ConsoleText.Style;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each way a game ends, in the words of fastchess ({@code app/src/matchmaking/match/match.hpp}: its
 * CHECKMATE_MSG, TIMEOUT_MSG, DISCONNECT_MSG, STALL_MSG, ILLEGAL_MSG, REPETITION_MSG, ... constants)
 * and cutechess-cli ({@code projects/lib/src/board/result.cpp}, {@code Result::description}); and
 * the number formats both tools print with (C's {@code %g}, fmt's {@code {:.2f}}).
 */
class ConsoleTextTest {
    private static PlayedGame game(GameResult r, Termination t) {
        return new PlayedGame(new GameTask(0, 0, 0, "A", "B", null, 1), "", List.of(), 0, r, t, 1);
    }

    private static String fc(GameResult r, Termination t) {
        return ConsoleText.annotation(game(r, t), GameFamily.CHESS, Style.FASTCHESS);
    }

    private static String cc(GameResult r, Termination t) {
        return ConsoleText.annotation(game(r, t), GameFamily.CHESS, Style.CUTECHESS);
    }

    @Test
    void chessEndingsInFastchessWords() {
        assertEquals("White mates", fc(GameResult.WHITE_WIN, new Termination.ByRules(EndReason.CHECKMATE)));
        assertEquals("Black mates", fc(GameResult.BLACK_WIN, new Termination.ByRules(EndReason.CHECKMATE)));
        assertEquals("Draw by stalemate", fc(GameResult.DRAW, new Termination.ByRules(EndReason.STALEMATE)));
        assertEquals("Draw by 3-fold repetition", fc(GameResult.DRAW, new Termination.ByRules(EndReason.REPETITION)));
        assertEquals("Draw by fifty moves rule", fc(GameResult.DRAW, new Termination.ByRules(EndReason.NO_PROGRESS)));
        assertEquals("Draw by insufficient mating material",
                fc(GameResult.DRAW, new Termination.ByRules(EndReason.INSUFFICIENT_MATERIAL)));
        assertEquals("Draw by adjudication", fc(GameResult.DRAW, new Termination.Adjudicated("maximum of 200 plies")));
        assertEquals("Black wins by adjudication", fc(GameResult.BLACK_WIN, new Termination.Adjudicated("resign")));
        assertEquals("White loses on time (37ms overrun)", fc(GameResult.BLACK_WIN, new Termination.TimeForfeit(0, 37)));
        assertEquals("Black makes an illegal move", fc(GameResult.WHITE_WIN, new Termination.IllegalMove(1, "e2e5", "no")));
        assertEquals("Black disconnects", fc(GameResult.WHITE_WIN, new Termination.EngineCrash(1, "exit 3")));
        assertEquals("White's connection stalls", fc(GameResult.BLACK_WIN, new Termination.EngineStalled(0, 5000)));
    }

    @Test
    void cutechessWordsDifferOnlyForTime() {
        assertEquals("Black loses on time", cc(GameResult.WHITE_WIN, new Termination.TimeForfeit(1, 12)));
        assertEquals("White resigns", cc(GameResult.BLACK_WIN, new Termination.Resigned(0, "I give up")));
        assertEquals("White mates", cc(GameResult.WHITE_WIN, new Termination.ByRules(EndReason.CHECKMATE)));
        assertEquals("Black's connection stalls", cc(GameResult.WHITE_WIN, new Termination.EngineStalled(1, 5000)));
    }

    @Test
    void otherGamesTakeTheSameShapesWithTheirOwnReasons() {
        assertEquals("Black has no legal move", ConsoleText.annotation(game(GameResult.WHITE_WIN,
                new Termination.ByRules(EndReason.NO_LEGAL_MOVE)), GameFamily.DRAUGHTS, Style.FASTCHESS));
        assertEquals("Draw by repetition", ConsoleText.annotation(game(GameResult.DRAW,
                new Termination.ByRules(EndReason.REPETITION)), GameFamily.DRAUGHTS, Style.FASTCHESS));
        assertEquals("Draw by no-progress rule", ConsoleText.annotation(game(GameResult.DRAW,
                new Termination.ByRules(EndReason.NO_PROGRESS)), GameFamily.DRAUGHTS, Style.FASTCHESS));
        assertEquals("White reaches the goal row", ConsoleText.annotation(game(GameResult.WHITE_WIN,
                new Termination.ByRules(EndReason.GOAL_REACHED)), GameFamily.QUORIDOR, Style.FASTCHESS));
        assertEquals("Black bears off all checkers", ConsoleText.annotation(game(GameResult.BLACK_WIN,
                new Termination.ByRules(EndReason.BORNE_OFF)), GameFamily.BACKGAMMON, Style.FASTCHESS));
    }

    @Test
    void numbersAsCAndFmtWriteThem() {
        // C printf("%.3g") / Qt arg(x, 0, 'g', 3), values checked against printf
        assertEquals("2.94", ConsoleText.g(2.944439, 3));
        assertEquals("-2.94", ConsoleText.g(-2.944439, 3));
        assertEquals("0.0312", ConsoleText.g(0.03125, 3));
        assertEquals("1.23e+03", ConsoleText.g(1234.5, 3));
        assertEquals("1.23e-05", ConsoleText.g(0.00001234, 3));
        assertEquals("100", ConsoleText.g(100, 3));
        assertEquals("0.1", ConsoleText.g(0.1, 2)); // fastchess's increment, "{:.2g}"
        assertEquals("inf", ConsoleText.fmt2(Double.POSITIVE_INFINITY));
        assertEquals("-nan", ConsoleText.fmt2(Double.NaN)); // x86-64's default NaN (0/0, inf - inf), as fastchess prints it
        assertEquals("-0.00", ConsoleText.fmt2(-0.001)); // fmt keeps the sign of a negative that rounds to zero
    }

    @Test
    void timeControlsAsFastchessGetTime() {
        assertEquals("10+0.1", ConsoleText.time(new arbiter.play.TimeLimits(0, 0, 0, 10_000, 100, 0, 0)));
        assertEquals("40/60", ConsoleText.time(new arbiter.play.TimeLimits(0, 0, 0, 60_000, 0, 40, 0)));
        assertEquals("0.5/move", ConsoleText.time(new arbiter.play.TimeLimits(0, 0, 500, 0, 0, 0, 0)));
        assertEquals("8 plies", ConsoleText.time(new arbiter.play.TimeLimits(8, 0, 0, 0, 0, 0, 0)));
        assertEquals("1000 nodes", ConsoleText.time(new arbiter.play.TimeLimits(0, 1000, 0, 0, 0, 0, 0)));
    }

    /**
     * A perfect score has no finite nElo: its spread is zero, so fastchess's {@code scoreToNeloDiff} divides by
     * zero, and fastchess 1.8.2 prints {@code nElo: inf +/- -nan} (its real output for a 2-0 match); never the regularized stand-in (20058.67 for 16-0 in 8 pairs).
     */
    @Test
    void aPerfectScoresNEloIsFastchesssInfNotAClampValue() {
        arbiter.results.Scoreboard board = new arbiter.results.Scoreboard(List.of("A", "B"), "A", "B", true, null);
        for (int pair = 0; pair < 8; pair++) {
            board.add("A", "B", GameResult.WHITE_WIN, pair);
            board.add("B", "A", GameResult.BLACK_WIN, pair);
        }
        String block = ConsoleText.fastchessBlock(board.verdict(), "Results of A vs B (1000 nodes, NULL, NULL):");
        String elo = block.lines().filter(l -> l.startsWith("Elo: ")).findFirst().orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(elo.endsWith(", nElo: inf +/- -nan"), elo);
        board = new arbiter.results.Scoreboard(List.of("A", "B"), "A", "B", true, null);
        for (int pair = 0; pair < 8; pair++) {
            board.add("A", "B", GameResult.BLACK_WIN, pair);
            board.add("B", "A", GameResult.WHITE_WIN, pair);
        }
        elo = ConsoleText.fastchessBlock(board.verdict(), "h").lines().filter(l -> l.startsWith("Elo: ")).findFirst()
                .orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(elo.endsWith(", nElo: -inf +/- -nan"), elo);
        // cutechess-cli's layout: Elo::diff(0) is -400 log10(1/0 - 1) = -inf, its margin (-inf) - (-inf) = nan
        assertEquals("Elo difference: -inf +/- nan, LOS: 0.0 %, DrawRatio: 0.0 %\n", ConsoleText.cutechessBlock(board.verdict()));
    }
}
