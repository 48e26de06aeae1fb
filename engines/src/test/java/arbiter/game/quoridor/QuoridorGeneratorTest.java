package arbiter.game.quoridor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Games;
import arbiter.game.Move;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The fast generator against the slow reference, on random-play positions and by perft. */
class QuoridorGeneratorTest {

    /** Rule sets covering both jump rules, small boards (many pawn contacts) and four players. */
    static List<QuoridorRules> ruleSets() {
        return List.of(
                QuoridorRules.STANDARD,
                rules(Map.of("diagonalJumps", "false")),
                rules(Map.of("boardSize", "5", "walls", "4")),
                rules(Map.of("boardSize", "5", "walls", "4", "diagonalJumps", "false")),
                rules(Map.of("boardSize", "7", "walls", "6")),
                rules(Map.of("players", "4")),
                rules(Map.of("players", "4", "boardSize", "5", "walls", "2")),
                rules(Map.of("boardSize", "3", "walls", "2")));
    }

    static QuoridorRules rules(Map<String, String> overrides) {
        return (QuoridorRules) Games.rules("quoridor", overrides);
    }

    /**
     * Positions of random games: half the time a pawn move (towards the goal more often than not,
     * so that pawns meet and games end), else a random wall.
     */
    static List<QuoridorPosition> randomPositions(QuoridorRules rules, SplittableRandom random, int count) {
        List<QuoridorPosition> positions = new ArrayList<>();
        QuoridorPosition p = rules.start();
        while (positions.size() < count) {
            positions.add(p);
            if (p.outcome() != null) {
                p = rules.start();
                continue;
            }
            p = p.play(randomMove(p, random));
        }
        return positions;
    }

    static Move randomMove(QuoridorPosition p, SplittableRandom random) {
        List<Move> steps = new ArrayList<>();
        List<Move> others = new ArrayList<>();
        Move best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Move m : p.legalMoves()) {
            if (m instanceof QuoridorMove.Step) {
                steps.add(m);
                int d = p.play(m).distanceToGoal(p.sideToMove());
                if (d < bestDistance) {
                    bestDistance = d;
                    best = m;
                }
            } else {
                others.add(m);
            }
        }
        if (!steps.isEmpty() && (others.isEmpty() || random.nextInt(2) == 0)) {
            return random.nextInt(3) > 0 ? best : steps.get(random.nextInt(steps.size()));
        }
        return others.get(random.nextInt(others.size()));
    }

    @Test
    void startHas131Moves() {
        QuoridorPosition start = QuoridorRules.STANDARD.start();
        assertEquals(131, start.legalMoves().size());
        assertEquals(131, start.perft(1));
        assertEquals(3, start.legalMoves().stream().filter(m -> m instanceof QuoridorMove.Step).count());
    }

    @Test
    void agreesWithTheReferenceOnRandomPositions() {
        SplittableRandom random = new SplittableRandom(42);
        int compared = 0;
        int withPass = 0;
        int jumps = 0;
        for (QuoridorRules rules : ruleSets()) {
            for (QuoridorPosition p : randomPositions(rules, random, 500)) {
                ReferenceQuoridor.State state = ReferenceQuoridor.State.of(p);
                assertTrue(ReferenceQuoridor.everyoneHasAPath(state), p.toText());
                List<Move> fast = p.legalMoves();
                assertEquals(ReferenceQuoridor.legalMoves(state), new HashSet<>(fast), () -> rules + " " + p.toText());
                assertEquals(new HashSet<>(fast).size(), fast.size(), "no duplicates: " + p.toText());
                assertEquals(fast.size(), p.perft(1), p.toText());
                withPass += fast.contains(new QuoridorMove.Pass()) ? 1 : 0;
                jumps += fast.stream().filter(m -> m instanceof QuoridorMove.Step s
                        && Math.abs(s.column() - p.pawnColumn(p.sideToMove()))
                        + Math.abs(s.row() - p.pawnRow(p.sideToMove())) == 2).count();
                compared++;
            }
        }
        assertTrue(compared >= 4000, "compared " + compared);
        assertTrue(jumps >= 100, "too few jumps met: " + jumps);
        assertEquals(0, withPass, "no pass expected in random play");
    }

    @Test
    void perftAgreesWithTheReference() {
        QuoridorPosition start = QuoridorRules.STANDARD.start();
        assertEquals(16677, start.perft(2));
        assertEquals(ReferenceQuoridor.perft(ReferenceQuoridor.State.of(start), 2), start.perft(2));
        assertEquals(2062264, start.perft(3));
        for (QuoridorRules rules : List.of(rules(Map.of("boardSize", "5", "walls", "4")),
                rules(Map.of("boardSize", "5", "walls", "4", "diagonalJumps", "false")),
                rules(Map.of("players", "4", "boardSize", "5", "walls", "2")))) {
            QuoridorPosition p = rules.start();
            assertEquals(ReferenceQuoridor.perft(ReferenceQuoridor.State.of(p), 3), p.perft(3), rules.toString());
        }
        QuoridorPosition four = rules(Map.of("players", "4")).start();
        assertEquals(ReferenceQuoridor.perft(ReferenceQuoridor.State.of(four), 2), four.perft(2));
        // Mid-game positions with walls and pawns in contact.
        SplittableRandom random = new SplittableRandom(5);
        for (QuoridorPosition p : randomPositions(rules(Map.of("boardSize", "7", "walls", "6")), random, 60)) {
            if (p.outcome() == null) {
                assertEquals(ReferenceQuoridor.perft(ReferenceQuoridor.State.of(p), 2), p.perft(2), p.toText());
            }
        }
    }
}
