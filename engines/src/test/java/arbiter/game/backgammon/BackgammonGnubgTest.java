package arbiter.game.backgammon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Move;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The legal move sets agree with GNU Backgammon's on positions of random games: every move of ours
 * leads to a position gnubg also reaches, and the other way round. Missing gnubg is a failure.
 */
class BackgammonGnubgTest {

    @Test
    void gnubgIsInstalled() {
        Gnubg.executable();
    }

    @Test
    void legalMoveSetsAgreeWithGnubg() throws Exception {
        List<BackgammonPosition> positions = sample(new SplittableRandom(20240611L));
        List<Gnubg.Query> queries = new ArrayList<>();
        for (BackgammonPosition p : positions) {
            int side = p.sideToMove();
            int[] dice = p.dice();
            queries.add(new Gnubg.Query(p.board(side), p.board(1 - side), dice[0], dice[1]));
        }
        List<Gnubg.Answer> answers = Gnubg.legalMoves(queries, 120);
        assertEquals(positions.size(), answers.size(), "one gnubg answer per query");
        int compared = 0;
        for (int i = 0; i < positions.size(); i++) {
            BackgammonPosition p = positions.get(i);
            Gnubg.Answer answer = answers.get(i);
            Set<String> ours = new HashSet<>();
            for (Move m : p.legalMoves()) {
                ours.add(boardAfter(p, m));
            }
            Set<String> theirs = new HashSet<>(answer.boards());
            if (answer.moves().isEmpty()) {
                theirs.add(Gnubg.layout(p.board(p.sideToMove()), p.board(1 - p.sideToMove())));
            }
            assertEquals(theirs, ours, () -> "legal moves differ in " + p.toText() + "\n ours: "
                    + formatted(p) + "\n gnubg: " + answer.moves());
            assertEquals(ours.size(), p.legalMoves().size(), "moves to the same position are merged: " + p.toText());
            compared++;
        }
        assertTrue(compared >= 50, "compared " + compared);
    }

    private static String boardAfter(BackgammonPosition p, Move m) {
        BackgammonPosition after = p.play(m);
        int side = p.sideToMove();
        return Gnubg.layout(after.board(side), after.board(1 - side));
    }

    private static List<String> formatted(BackgammonPosition p) {
        List<String> list = new ArrayList<>();
        for (Move m : p.legalMoves()) {
            list.add(p.formatMove(m));
        }
        return list;
    }

    /**
     * Positions of random games, with every kind represented: the mover unable to move, able to use
     * only one die of a non-double, only part of a double, on the bar, bearing off, doubles, and
     * ordinary positions.
     */
    static List<BackgammonPosition> sample(SplittableRandom random) {
        List<BackgammonPosition> bar = new ArrayList<>();
        List<BackgammonPosition> bearOff = new ArrayList<>();
        List<BackgammonPosition> blocked = new ArrayList<>();
        List<BackgammonPosition> doubles = new ArrayList<>();
        List<BackgammonPosition> oneDie = new ArrayList<>();
        List<BackgammonPosition> largerDie = new ArrayList<>();
        List<BackgammonPosition> partialDouble = new ArrayList<>();
        List<BackgammonPosition> other = new ArrayList<>();
        for (int game = 0; game < 40; game++) {
            for (BackgammonPosition p : RandomGames.game(random)) {
                int side = p.sideToMove();
                int[] dice = p.dice();
                int steps = ((BackgammonMove) p.legalMoves().get(0)).steps().size();
                if (steps == 0) {
                    blocked.add(p);
                } else if (dice[0] != dice[1] && steps == 1) {
                    (eitherDie(p) ? largerDie : oneDie).add(p);
                } else if (dice[0] == dice[1] && steps < 4) {
                    partialDouble.add(p);
                } else if (p.bar(side) > 0) {
                    bar.add(p);
                } else if (allHome(p, side)) {
                    bearOff.add(p);
                } else if (dice[0] == dice[1]) {
                    doubles.add(p);
                } else {
                    other.add(p);
                }
            }
        }
        List<BackgammonPosition> chosen = new ArrayList<>();
        for (List<BackgammonPosition> pool : List.of(bar, bearOff, blocked, oneDie, largerDie, partialDouble, doubles, other)) {
            assertTrue(pool.size() >= 10, "too few positions of a kind: " + pool.size());
            int take = Math.min(pool.size(), pool == other ? 120 : 60);
            for (int i = 0; i < take; i++) {
                chosen.add(pool.get(i * pool.size() / take));
            }
        }
        return chosen;
    }

    /** Whether each die alone could be played (so the larger-die rule decides). */
    private static boolean eitherDie(BackgammonPosition p) {
        for (int die : p.dice()) {
            BackgammonPosition single = new BackgammonPosition(p.rules(), p.board(0), p.board(1), p.sideToMove(),
                    false, die, die);
            if (single.legalMoves().get(0).equals(BackgammonMove.PASS)) {
                return false;
            }
        }
        return true;
    }

    private static boolean allHome(BackgammonPosition p, int side) {
        for (int point = 7; point <= 25; point++) {
            if (p.checkers(side, point) > 0) {
                return false;
            }
        }
        return true;
    }
}
