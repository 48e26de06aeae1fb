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
    /**
     * Multiplies the amount of random testing, for a long one-off run:
     * {@code mvn -pl engines test -Dtest=ReferenceGeneratorTest -Dreference.scale=20}.
     */
    private static final int SCALE = Integer.getInteger("reference.scale", 1);
    /** Random games per configuration, and their length cap in plies. */
    private static final int GAMES = 300 * SCALE;
    private static final int MAX_PLIES = 250;
    /** Random piece placements per configuration. */
    private static final int PLACEMENTS = 15_000 * SCALE;

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

    /**
     * Every combination of the boolean capture rules and the three crowning rules on both board
     * sizes (96 rule sets), each from a base variant of that size.
     */
    static Stream<Arguments> allCombinations() {
        List<Arguments> all = new ArrayList<>();
        for (String variant : List.of("international", "brazilian")) {
            for (int flags = 0; flags < 16; flags++) {
                for (String promotion : List.of("passThrough", "continueAsKing", "stop")) {
                    all.add(Arguments.of(variant, "menCaptureBackward=" + ((flags & 1) != 0)
                            + ",flyingKings=" + ((flags & 2) != 0)
                            + ",majorityCapture=" + ((flags & 4) != 0)
                            + ",kingCapturePriority=" + ((flags & 8) != 0)
                            + ",capturePromotion=" + promotion));
                }
            }
        }
        return all.stream();
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
            assertAgreement(what, true);
        }

        void assertAgreement(String what, boolean printCoverage) {
            if (printCoverage) {
                System.out.println(what + " " + summary());
            }
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

    /** How a random game picks its moves. */
    enum Style {
        /** Uniformly random legal moves. */
        UNIFORM,
        /** Prefers crowning moves, then moves that give the opponent no capture: long, king-rich games. */
        KINGS,
        /** Prefers moves that force the opponent to capture: capture-rich games. */
        CAPTURES
    }

    static boolean opponentMustCapture(DraughtsPosition next) {
        List<Move> replies = next.legalMoves();
        return !replies.isEmpty() && ((DraughtsMove) replies.get(0)).isCapture();
    }

    /** Picks a move in the given style (seeded, so games are reproducible). */
    static DraughtsMove pick(DraughtsPosition p, SplittableRandom random, Style style) {
        List<Move> moves = p.legalMoves();
        List<Move> preferred = new ArrayList<>();
        if (style == Style.KINGS && random.nextInt(10) < 8) {
            for (Move m : moves) {
                if (((DraughtsMove) m).promotes()) {
                    preferred.add(m);
                }
            }
            if (preferred.isEmpty()) {
                for (Move m : moves) {
                    if (!opponentMustCapture(p.play(m))) {
                        preferred.add(m);
                    }
                }
            }
        } else if (style == Style.CAPTURES && random.nextInt(10) < 6) {
            for (Move m : moves) {
                if (opponentMustCapture(p.play(m))) {
                    preferred.add(m);
                }
            }
        }
        List<Move> from = preferred.isEmpty() ? moves : preferred;
        return (DraughtsMove) from.get(random.nextInt(from.size()));
    }

    /** Positions reached by seeded random games from the start position (kept for perft sampling). */
    static List<DraughtsPosition> randomGamePositions(DraughtsRules rules, long seed, int games, int maxPlies,
                                                      Checker checker) {
        List<DraughtsPosition> all = new ArrayList<>();
        for (int game = 0; game < games; game++) {
            SplittableRandom random = new SplittableRandom(seed * 1_000_003L + game);
            Style style = Style.values()[game % Style.values().length];
            DraughtsPosition p = rules.start();
            for (int ply = 0; ply < maxPlies; ply++) {
                all.add(p);
                boolean same = checker == null || checker.check(p);
                List<Move> moves = p.legalMoves();
                if (moves.isEmpty() || !same) {
                    break;
                }
                DraughtsMove move = pick(p, random, style);
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
        randomGamePositions(rules, (variant + overrides).hashCode(), GAMES, MAX_PLIES, checker);
        checker.assertAgreement("random games " + variant + " " + overrides);
        assertTrue(checker.positions >= 10_000, "too few positions: " + checker.summary());
        assertTrue(checker.kingCaptures >= 300, "too few king captures: " + checker.summary());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("configurations")
    void randomPlacementsAgreeWithReference(String variant, String overrides) {
        DraughtsRules rules = rules(variant, overrides);
        Checker checker = new Checker(rules);
        SplittableRandom random = new SplittableRandom(31L * (variant + overrides).hashCode() + 7);
        for (int i = 0; i < PLACEMENTS; i++) {
            checker.check(randomPlacement(rules, checker.reference, random));
        }
        checker.assertAgreement("random placements " + variant + " " + overrides);
        assertTrue(checker.kingCaptures >= PLACEMENTS / 5, "too few king captures: " + checker.summary());
        assertTrue(checker.longCaptures >= PLACEMENTS / 100, "too few long captures: " + checker.summary());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("configurations")
    void perftAgreesWithReference(String variant, String overrides) {
        DraughtsRules rules = rules(variant, overrides);
        ReferenceGenerator ref = new ReferenceGenerator(rules);
        List<DraughtsPosition> sample = new ArrayList<>();
        List<DraughtsPosition> games = randomGamePositions(rules, 17L + (variant + overrides).hashCode(), 20, MAX_PLIES, null);
        for (int i = 0; i < games.size(); i += 15) {
            sample.add(games.get(i));
        }
        SplittableRandom random = new SplittableRandom(99L + (variant + overrides).hashCode());
        for (int i = 0; i < 40; i++) {
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

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("allCombinations")
    void everyRuleCombinationAgreesWithReference(String variant, String overrides) {
        DraughtsRules rules = rules(variant, overrides);
        Checker checker = new Checker(rules);
        randomGamePositions(rules, 5L + (variant + overrides).hashCode(), GAMES / 20, MAX_PLIES, checker);
        SplittableRandom random = new SplittableRandom(13L * (variant + overrides).hashCode() + 3);
        for (int i = 0; i < PLACEMENTS / 15; i++) {
            checker.check(randomPlacement(rules, checker.reference, random));
        }
        checker.assertAgreement("combination " + variant + " " + overrides, false);
    }
}
