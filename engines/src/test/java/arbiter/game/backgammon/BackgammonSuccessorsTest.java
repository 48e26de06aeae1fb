package arbiter.game.backgammon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Move;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Successors} lists the positions of the legal moves, in the same order, without move objects. */
class BackgammonSuccessorsTest {

    @Test
    void resultsAreThoseOfTheLegalMoves() {
        SplittableRandom random = new SplittableRandom(99);
        Successors successors = new Successors();
        int[] mover = new int[26];
        int[] opponent = new int[26];
        int[] gotMover = new int[26];
        int[] gotOpponent = new int[26];
        int checked = 0;
        for (int game = 0; game < 6; game++) {
            for (BackgammonPosition p : RandomGames.game(random)) {
                int side = p.sideToMove();
                p.copyBoard(side, mover);
                p.copyBoard(1 - side, opponent);
                int[] dice = p.dice();
                List<Move> moves = p.legalMoves();
                assertEquals(moves.size(), successors.generate(mover, opponent, dice[0], dice[1]), p.toText());
                for (int i = 0; i < moves.size(); i++) {
                    BackgammonPosition after = p.play(moves.get(i));
                    successors.mover(i, gotMover);
                    successors.opponent(i, gotOpponent);
                    assertArrayEquals(after.board(side), gotMover, p.toText() + " " + moves.get(i));
                    assertArrayEquals(after.board(1 - side), gotOpponent, p.toText() + " " + moves.get(i));
                    boolean hit = moves.get(i) instanceof BackgammonMove m && m.steps().stream().anyMatch(s -> s.hit());
                    assertEquals(hit, successors.hits(i));
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000, "checked " + checked);
    }
}
