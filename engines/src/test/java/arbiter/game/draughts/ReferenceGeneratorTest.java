package arbiter.game.draughts;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import arbiter.game.Games;
import arbiter.game.Move;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Compares the fast generator ({@link DraughtsPosition#legalMoves()}, {@code play}, {@code perft})
 * with the independent {@link ReferenceGenerator} on positions from seeded random games and seeded
 * random piece placements, for every variant and the rule overrides the project uses.
 */
class ReferenceGeneratorTest {
    /** At most this many differing positions are printed per test. */
    private static final int MAX_REPORTED = 5;

    static Stream<Arguments> configurations() {
        return Stream.of(
                Arguments.of("international", ""),
                Arguments.of("english", ""),
                Arguments.of("czech", ""),
                Arguments.of("russian", ""),
                Arguments.of("brazilian", ""),
                Arguments.of("english", "majorityCapture=true"), // the seed S2 rule
                Arguments.of("international", "flyingKings=false"),
                Arguments.of("russian", "majorityCapture=true"),
                Arguments.of("czech", "menCaptureBackward=true"),
                Arguments.of("international", "capturePromotion=continueAsKing"),
                Arguments.of("brazilian", "capturePromotion=stop"),
                Arguments.of("english", "capturePromotion=continueAsKing,menCaptureBackward=true"),
                Arguments.of("russian", "flyingKings=false"));
    }

    static DraughtsRules rules(String variant, String overrides) {
        Map<String, String> map = new LinkedHashMap<>();
        if (!overrides.isEmpty()) {
            for (String pair : overrides.split(",")) {
                String[] kv = pair.split("=");
                map.put(kv[0], kv[1]);
            }
        }
        return (DraughtsRules) Games.rules(variant, map);
    }

    /** Collects differences and coverage figures for one configuration. */
    static final class Checker {
        final DraughtsRules rules;
        final ReferenceGenerator reference;
        final List<String> failures = new ArrayList<>();
        int positions;
        int differing;
        int withKings;
        int kingCaptures;
        int longCaptures;
        int promotingCaptures;
        int noMove;

        Checker(DraughtsRules rules) {
            this.rules = rules;
            this.reference = new ReferenceGenerator(rules);
        }

        /** Compares legal moves; returns whether they agree. */
        boolean check(DraughtsPosition p) {
            positions++;
            char[] board = reference.board(p);
            Set<DraughtsMove> expected = reference.legalMoves(board, p.whiteToMove());
            List<Move> fastList = p.legalMoves();
            Set<DraughtsMove> actual = new HashSet<>();
            List<DraughtsMove> duplicates = new ArrayList<>();
            for (Move m : fastList) {
                if (!actual.add((DraughtsMove) m)) {
                    duplicates.add((DraughtsMove) m);
                }
            }
            coverage(board, expected);
            if (expected.equals(actual) && duplicates.isEmpty()) {
                return true;
            }
            differing++;
            if (failures.size() < MAX_REPORTED) {
                Set<String> missing = new TreeSet<>();
                for (DraughtsMove m : expected) {
                    if (!actual.contains(m)) {
                        missing.add(describe(m));
                    }
                }
                Set<String> extra = new TreeSet<>();
                for (DraughtsMove m : actual) {
                    if (!expected.contains(m)) {
                        extra.add(describe(m));
                    }
                }
                failures.add("  FEN " + p.toText() + " (numeric " + reference.fen(board, p.whiteToMove()) + ")\n"
                        + "    expected (reference) " + sorted(expected) + "\n"
                        + "    missing from fast    " + missing + "\n"
                        + "    extra in fast        " + extra
                        + (duplicates.isEmpty() ? "" : "\n    duplicated in fast   " + duplicates));
            }
            return false;
        }

        /** Compares the position after a move, square by square, with the reference's play. */
        void checkPlay(DraughtsPosition before, DraughtsMove move, DraughtsPosition after) {
            char[] expected = reference.play(reference.board(before), move);
            char[] actual = reference.board(after);
            if (!java.util.Arrays.equals(expected, actual) || after.whiteToMove() == before.whiteToMove()) {
                differing++;
                if (failures.size() < MAX_REPORTED) {
                    failures.add("  play " + describe(move) + " from FEN " + before.toText() + "\n"
                            + "    expected " + reference.fen(expected, !before.whiteToMove()) + "\n"
                            + "    actual   " + after.toText());
                }
            }
        }

        private void coverage(char[] board, Set<DraughtsMove> moves) {
            if (moves.isEmpty()) {
                noMove++;
            }
            for (int s = 1; s < board.length; s++) {
                if (board[s] == 'W' || board[s] == 'B') {
                    withKings++;
                    break;
                }
            }
            boolean king = false;
            boolean longCapture = false;
            boolean promoting = false;
            for (DraughtsMove m : moves) {
                king |= m.isCapture() && (board[m.from()] == 'W' || board[m.from()] == 'B');
                longCapture |= m.captureCount() >= 3;
                promoting |= m.isCapture() && m.promotes();
            }
            kingCaptures += king ? 1 : 0;
            longCaptures += longCapture ? 1 : 0;
            promotingCaptures += promoting ? 1 : 0;
        }

        String summary() {
            return rules.id() + ": " + positions + " positions, " + withKings + " with kings, " + kingCaptures
                    + " with king captures, " + longCaptures + " with 3+ captures, " + promotingCaptures
                    + " with crowning captures, " + noMove + " without a move";
        }

        void assertAgreement(String what) {
            System.out.println(what + " " + summary());
            if (differing > 0) {
                fail(what + ": fast generator differs from the reference in " + differing + " of " + positions
                        + " positions; first ones:\n" + String.join("\n", failures));
            }
        }

        private String sorted(Set<DraughtsMove> moves) {
            Set<String> s = new TreeSet<>();
            for (DraughtsMove m : moves) {
                s.add(describe(m));
            }
            return s.toString();
        }

        private String describe(DraughtsMove m) {
            return m + (m.promotes() ? " (crowns)" : "");
        }
    }

    /** Picks a move, preferring crowning moves so that games reach king-rich endgames. */
    static Move pick(List<Move> moves, SplittableRandom random, boolean preferKings) {
        if (preferKings && random.nextInt(10) < 8) {
            List<Move> crowning = new ArrayList<>();
            for (Move m : moves) {
                if (((DraughtsMove) m).promotes()) {
                    crowning.add(m);
                }
            }
            if (!crowning.isEmpty()) {
                return crowning.get(random.nextInt(crowning.size()));
            }
        }
        return moves.get(random.nextInt(moves.size()));
    }

    /** Positions reached by seeded random games from the start position (kept for perft sampling). */
    static List<DraughtsPosition> randomGamePositions(DraughtsRules rules, long seed, int games, int maxPlies,
                                                      Checker checker) {
        List<DraughtsPosition> all = new ArrayList<>();
        for (int game = 0; game < games; game++) {
            SplittableRandom random = new SplittableRandom(seed * 1_000_003L + game);
            boolean preferKings = game % 3 != 0;
            DraughtsPosition p = rules.start();
            for (int ply = 0; ply < maxPlies; ply++) {
                all.add(p);
                boolean same = checker == null || checker.check(p);
                List<Move> moves = p.legalMoves();
                if (moves.isEmpty() || !same) {
                    break;
                }
                DraughtsMove move = (DraughtsMove) pick(moves, random, preferKings);
                DraughtsPosition next = p.play(move);
                if (checker != null) {
                    checker.checkPlay(p, move, next);
                }
                p = next;
            }
        }
        return all;
    }

    /** A seeded random placement of men and kings (men never on their own crowning row). */
    static DraughtsPosition randomPlacement(DraughtsRules rules, ReferenceGenerator ref, SplittableRandom random) {
        int n = ref.squareCount();
        char[] board = new char[n + 1];
        double density = 0.08 + 0.45 * random.nextDouble();
        double kingShare = random.nextDouble() * 0.7;
        for (int s = 1; s <= n; s++) {
            board[s] = 'e';
            if (random.nextDouble() < density) {
                boolean white = random.nextBoolean();
                boolean king = random.nextDouble() < kingShare;
                int row = ref.row(s);
                if (!king && ((white && row == 0) || (!white && row == rules.width() - 1))) {
                    king = true;
                }
                board[s] = white ? (king ? 'W' : 'w') : (king ? 'B' : 'b');
            }
        }
        return (DraughtsPosition) rules.parsePosition(ref.fen(board, random.nextBoolean()));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("configurations")
    void randomGamesAgreeWithReference(String variant, String overrides) {
        DraughtsRules rules = rules(variant, overrides);
        Checker checker = new Checker(rules);
        randomGamePositions(rules, (variant + overrides).hashCode(), 60, 160, checker);
        checker.assertAgreement("random games " + variant + " " + overrides);
        assertTrue(checker.positions >= 3000, "too few positions: " + checker.summary());
        assertTrue(checker.kingCaptures >= 50, "too few king captures: " + checker.summary());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("configurations")
    void randomPlacementsAgreeWithReference(String variant, String overrides) {
        DraughtsRules rules = rules(variant, overrides);
        Checker checker = new Checker(rules);
        SplittableRandom random = new SplittableRandom(31L * (variant + overrides).hashCode() + 7);
        for (int i = 0; i < 3000; i++) {
            checker.check(randomPlacement(rules, checker.reference, random));
        }
        checker.assertAgreement("random placements " + variant + " " + overrides);
        assertTrue(checker.kingCaptures >= 300, "too few king captures: " + checker.summary());
        assertTrue(checker.longCaptures >= 100, "too few long captures: " + checker.summary());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("configurations")
    void perftAgreesWithReference(String variant, String overrides) {
        DraughtsRules rules = rules(variant, overrides);
        ReferenceGenerator ref = new ReferenceGenerator(rules);
        List<DraughtsPosition> sample = new ArrayList<>();
        List<DraughtsPosition> games = randomGamePositions(rules, 17L + (variant + overrides).hashCode(), 8, 140, null);
        for (int i = 0; i < games.size(); i += 23) {
            sample.add(games.get(i));
        }
        SplittableRandom random = new SplittableRandom(99L + (variant + overrides).hashCode());
        for (int i = 0; i < 20; i++) {
            sample.add(randomPlacement(rules, ref, random));
        }
        List<String> failures = new ArrayList<>();
        int i = 0;
        for (DraughtsPosition p : sample) {
            int depth = (i++ % 3 == 0) ? 3 : 2;
            long expected = ref.perft(ref.board(p), p.whiteToMove(), depth);
            long actual = p.perft(depth);
            if (expected != actual && failures.size() < MAX_REPORTED) {
                failures.add("  FEN " + p.toText() + " depth " + depth + ": reference " + expected + ", fast " + actual);
            }
        }
        if (!failures.isEmpty()) {
            fail("perft differs for " + variant + " " + overrides + ":\n" + String.join("\n", failures));
        }
    }
}
