package arbiter.game.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.EndReason;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Outcome;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Hand-made positions for each draughts rule: the seed S0 test positions, capture rules of each
 * variant, crowning in the middle of a capture, and the end of the game. Every position is checked
 * against both the fast generator and the {@link ReferenceGenerator}.
 */
class DraughtsRulesTest {

    static DraughtsPosition position(String variant, String overrides, String fen) {
        return (DraughtsPosition) ReferenceGeneratorTest.rules(variant, overrides).parsePosition(fen);
    }

    /** The fast generator's legal moves, after checking they equal the reference's and are distinct. */
    static Set<DraughtsMove> legal(DraughtsPosition p) {
        List<Move> list = p.legalMoves();
        Set<DraughtsMove> fast = new HashSet<>();
        for (Move m : list) {
            fast.add((DraughtsMove) m);
        }
        assertEquals(list.size(), fast.size(), "duplicate moves in " + list + " for " + p.toText());
        Set<DraughtsMove> reference = new ReferenceGenerator(p.rules()).legalMoves(p);
        assertEquals(reference, fast, "reference vs fast for " + p.toText());
        return fast;
    }

    static Set<DraughtsMove> legal(String variant, String overrides, String fen) {
        return legal(position(variant, overrides, fen));
    }

    /** A capture move: captured squares listed last. */
    static DraughtsMove capture(int from, int to, boolean promotes, int... captured) {
        long mask = 0;
        for (int s : captured) {
            mask |= 1L << (s - 1);
        }
        return new DraughtsMove(from, to, mask, promotes);
    }

    static DraughtsMove quiet(int from, int to) {
        return new DraughtsMove(from, to, 0L, false);
    }

    // ------------------------------------------------------------------ seed S0 test positions

    @Test
    void manCapturesBackwardInInternational() {
        // S0: a white man on 36 with black men on 31 and 32 plays 36x27x38 (the second jump goes backward).
        DraughtsPosition p = position("international", "", "W:W36:B31,32");
        assertEquals(Set.of(capture(36, 38, false, 31, 32)), legal(p));
        assertEquals(capture(36, 38, false, 31, 32), p.parseMove("36x27x38"));
        assertEquals(capture(36, 38, false, 31, 32), p.parseMove("36x38"));
        assertEquals("36x38", p.formatMove(capture(36, 38, false, 31, 32)));
        // Without backward captures for men the capture stops after the first jump.
        assertEquals(Set.of(capture(36, 27, false, 31)), legal("international", "menCaptureBackward=false", "W:W36:B31,32"));
    }

    @Test
    void twoEquivalentCaptureCircuitsAreOneMove() {
        // S0: a white man on 32 with black on 17, 18, 27, 28 can go round either way (32-21-12-23-32 or
        // 32-23-12-21-32): same start, same end (the start square), same captured set: ONE move.
        DraughtsPosition p = position("international", "", "W:W32:B17,18,27,28");
        assertEquals(Set.of(capture(32, 32, false, 17, 18, 27, 28)), legal(p));
        assertEquals(1, p.legalMoves().size());
        DraughtsPosition after = p.play(p.legalMoves().get(0));
        assertEquals('w', after.pieceAt(32));
        assertEquals("B:W32:B", after.toText());
        assertEquals(new Outcome.Win(0, EndReason.NO_LEGAL_MOVE), after.outcome());
    }

    @Test
    void seedPositionHasOnlyTheKingCaptureAndOneReply() {
        // S0: black's only legal move is 13x36 (the king on 13 flies over 31), white's only reply 30x19.
        DraughtsPosition p = position("international", "",
                "B:W30,31,32,33,35,K37,38,39:B1,2,3,4,5,6,7,8,9,10,11,12,K13,14,15,24");
        Set<DraughtsMove> black = legal(p);
        assertEquals(1, black.size(), black.toString());
        DraughtsMove only = black.iterator().next();
        assertEquals(13, only.from());
        assertEquals(36, only.to());
        assertEquals(only, p.parseMove("13x36"));
        // The king flies 13-18-22-27 over 31 onto 36; nothing more can be taken from there.
        assertEquals(capture(13, 36, false, 31), only);
        DraughtsPosition after = p.play(only);
        assertEquals('B', after.pieceAt(36));
        Set<DraughtsMove> white = legal(after);
        assertEquals(1, white.size(), white.toString());
        DraughtsMove reply = white.iterator().next();
        assertEquals(30, reply.from());
        assertEquals(19, reply.to());
        assertEquals(capture(30, 19, false, 24), reply);
        assertEquals(reply, after.parseMove("30x19"));
    }

    // ------------------------------------------------------------------ capture priority and majority

    @Test
    void czechKingMustCaptureWhenItCan() {
        // White king c1 (30) can take b2 (25) landing a3 (21); the man h2 (28) could take two (g3, e5)
        // ending on d6 (10). Czech: a king that can capture must, whatever the men could take.
        String fen = "W:WKc1,h2:Bb2,g3,e5";
        DraughtsMove king = capture(30, 21, false, 25);
        DraughtsMove man = capture(28, 10, false, 24, 15);
        assertEquals(Set.of(king), legal("czech", "", fen));
        assertEquals(Set.of(king, man), legal("czech", "kingCapturePriority=false", fen));
        // With majority capture instead, the two-piece capture is the only one.
        assertEquals(Set.of(man), legal("brazilian", "", fen));
        // No king capture available: men captures are legal as usual.
        assertEquals(Set.of(man), legal("czech", "", "W:WKc1,h2:Bg3,e5"));
        assertEquals("c1:a3", position("czech", "", fen).formatMove(king));
    }

    @Test
    void internationalMajorityCaptureCountsKingsAsOne() {
        // 32 can take the king on 27 (one piece); 39 can take 34 and 24 (two pieces): only 39x19.
        assertEquals(Set.of(capture(39, 19, false, 34, 24)), legal("international", "", "W:W32,39:BK27,24,34"));
        assertEquals(Set.of(capture(39, 19, false, 34, 24), capture(32, 21, false, 27)),
                legal("international", "majorityCapture=false", "W:W32,39:BK27,24,34"));
        // With a man on 17, 32 takes king 27 and man 17 (two pieces): as many as 39 takes, so both are legal.
        assertEquals(Set.of(capture(39, 19, false, 34, 24), capture(32, 12, false, 27, 17)),
                legal("international", "", "W:W32,39:BK27,17,24,34"));
    }

    @Test
    void brazilianMajorityCapture() {
        // c3 (22) takes d4 and d6 ending on c7 (6); h4 (20) takes only g5 (16) ending on f6 (11).
        String fen = "W:Wc3,h4:Bd4,d6,g5";
        assertEquals(Set.of(capture(22, 6, false, 18, 10)), legal("brazilian", "", fen));
        // Russian has no majority rule: either capture.
        assertEquals(Set.of(capture(22, 6, false, 18, 10), capture(20, 11, false, 16)), legal("russian", "", fen));
    }

    @Test
    void englishMajorityCaptureIsTheSeedS2Option() {
        // Black to move: 9 can take 14 (to 18), 10 can take 14 (to 17) or 15 and then 24 (to 28).
        String fen = "B:W14,15,24:B9,10";
        DraughtsMove two = capture(10, 28, false, 15, 24);
        assertEquals(Set.of(capture(9, 18, false, 14), capture(10, 17, false, 14), two), legal("english", "", fen));
        // Seed S2: English with majorityCapture=true must take the most pieces.
        assertEquals(Set.of(two), legal("english", "majorityCapture=true", fen));
    }

    @Test
    void capturingIsCompulsory() {
        DraughtsPosition p = position("international", "", "W:W32,45:B27");
        assertEquals(Set.of(capture(32, 21, false, 27)), legal(p));
    }

    @Test
    void flyingKingMustLandWhereTheCaptureGoesOn() {
        // Russian king on a1 (29) takes c3 (22); of the landings d4, e5, f6, g7, h8 only e5 lets it go on
        // (over d6 to c7 or b8), so the captures end on c7 or b8 and never stop on d4..h8.
        Set<DraughtsMove> moves = legal("russian", "", "W:WKa1:Bc3,d6");
        assertEquals(Set.of(capture(29, 6, false, 22, 10), capture(29, 1, false, 22, 10)), moves);
        // A short king (flyingKings=false) cannot take at a distance: only its step to b2 (25) is left.
        assertEquals(Set.of(quiet(29, 25)), legal("russian", "flyingKings=false", "W:WKa1:Bc3,d6"));
        // Next to c3 on b2 it jumps to d4 and stops there (d6 is not adjacent to d4's diagonals).
        assertEquals(Set.of(capture(25, 18, false, 22)), legal("russian", "flyingKings=false", "W:WKb2:Bc3,d6"));
    }

    @Test
    void capturedPiecesBlockAndAreTakenOnce() {
        // International king on 46 (a1), long diagonal 46-41-37-32-28-23-19-14-10-5, black men on 37 and
        // 28: it must land on 32 (28 blocks the rest), then takes 28 and lands on 23, 19, 14, 10 or 5.
        Set<DraughtsMove> expected = new HashSet<>();
        for (int to : new int[] {23, 19, 14, 10, 5}) {
            expected.add(capture(46, to, false, 37, 28));
        }
        assertEquals(expected, legal("international", "", "W:WK46:B37,28"));
        // Two pieces next to each other on a line cannot be jumped: only the quiet step to 41 is left.
        assertEquals(Set.of(quiet(46, 41)), legal("international", "", "W:WK46:B37,32"));
    }

    // ------------------------------------------------------------------ crowning during a capture

    @Test
    void russianManCrownedMidCaptureGoesOnAsKing() {
        // White man b6 (9) takes c7 (6) landing on d8 (2), the crowning row. Russian: crowned at once, it
        // goes on as a flying king over f6 (11) to g5 (16) or h4 (20) — and stays a king there.
        String fen = "W:Wb6:Bc7,f6";
        Set<DraughtsMove> russian = legal("russian", "", fen);
        assertEquals(Set.of(capture(9, 16, true, 6, 11), capture(9, 20, true, 6, 11)), russian);
        DraughtsPosition p = position("russian", "", fen);
        DraughtsPosition after = p.play(capture(9, 20, true, 6, 11));
        assertEquals('W', after.pieceAt(20));
        assertEquals("b6:h4", p.formatMove(capture(9, 20, true, 6, 11)));
        // Pass-through rules (Brazilian): it stays a man, cannot reach f6 as a man, ends on d8 and is crowned.
        assertEquals(Set.of(capture(9, 2, true, 6)), legal("brazilian", "", fen));
    }

    @Test
    void englishManCrownedMidCaptureStops() {
        // White man b6 (9) takes c7 (6) to d8 (2); from d8 it could go on over e7 (7) to f6 (11).
        String fen = "W:Wb6:Bc7,e7";
        // English: crowned, and the move ends there.
        assertEquals(Set.of(capture(9, 2, true, 6)), legal("english", "", fen));
        assertEquals(Set.of(capture(9, 2, true, 6)), legal("brazilian", "capturePromotion=stop", fen));
        // Russian: crowned, it goes on as a flying king over e7 to f6, g5 or h4.
        assertEquals(Set.of(capture(9, 11, true, 6, 7), capture(9, 16, true, 6, 7), capture(9, 20, true, 6, 7)),
                legal("russian", "", fen));
        // Brazilian: it passes through as a man, takes e7 backward and ends on f6 uncrowned.
        assertEquals(Set.of(capture(9, 11, false, 6, 7)), legal("brazilian", "", fen));
        DraughtsPosition p = position("english", "", fen);
        assertEquals('W', p.play(capture(9, 2, true, 6)).pieceAt(2));
    }

    @Test
    void internationalManEndingOnTheLastRowIsCrowned() {
        // A quiet step onto the last row crowns; so does a capture that ends there.
        assertEquals(Set.of(capture(11, 2, true, 7)), legal("international", "", "W:W6,11:B7,20"));
        Set<DraughtsMove> quietMoves = legal("international", "", "W:W6:B50");
        assertEquals(Set.of(new DraughtsMove(6, 1, 0L, true)), quietMoves);
        assertEquals('W', position("international", "", "W:W6:B50").play(new DraughtsMove(6, 1, 0L, true)).pieceAt(1));
    }

    // ------------------------------------------------------------------ end of the game

    @Test
    void noLegalMoveLoses() {
        // White's man on 46 is blocked by 41 (37 behind it is occupied): no move, White loses.
        DraughtsPosition blocked = position("international", "", "W:W46:B37,41");
        assertEquals(Set.of(), legal(blocked));
        assertEquals(new Outcome.Win(1, EndReason.NO_LEGAL_MOVE), blocked.outcome());
        // No pieces left.
        assertEquals(new Outcome.Win(1, EndReason.NO_LEGAL_MOVE), position("english", "", "W:W:B1").outcome());
        assertEquals(new Outcome.Win(0, EndReason.NO_LEGAL_MOVE), position("russian", "", "B:Wc3:B").outcome());
        // A position with moves is not over.
        assertNull(position("international", "", "W:W46:B37").outcome());
    }

    @Test
    void threefoldRepetitionDrawsThroughGameHistory() {
        DraughtsPosition start = position("international", "", "W:WK46:BK1");
        GameHistory history = new GameHistory(start);
        String[] cycle = {"46-41", "1-6", "41-46", "6-1"};
        for (int ply = 0; ply < 8; ply++) {
            assertNull(history.outcome(), "after " + ply + " plies");
            history.play(history.current().parseMove(cycle[ply % 4]));
        }
        assertEquals(3, history.repetitions());
        assertEquals(new Outcome.Draw(EndReason.REPETITION), history.outcome());
        // The position alone does not know about repetition.
        assertNull(history.current().outcome());
        // repetitions=0 switches the rule off.
        GameHistory off = new GameHistory(position("international", "repetitions=0", "W:WK46:BK1"));
        for (int ply = 0; ply < 12; ply++) {
            off.play(off.current().parseMove(cycle[ply % 4]));
        }
        assertNull(off.outcome());
    }

    @Test
    void manMoveResetsRepetitionHistory() {
        GameHistory history = new GameHistory(position("international", "", "W:WK46,35:BK1"));
        String[] cycle = {"46-41", "1-6", "41-46", "6-1"};
        for (int ply = 0; ply < 4; ply++) {
            history.play(history.current().parseMove(cycle[ply]));
        }
        assertEquals(2, history.repetitions());
        history.play(history.current().parseMove("35-30")); // irreversible man move
        assertEquals(1, history.repetitions());
    }

    @Test
    void kingOnlyMovesDrawByTheNoProgressRule() {
        // International: 25 moves each (50 plies) of king moves only, without a capture or man move.
        DraughtsPosition p = position("international", "", "W:WK46:BK1");
        String[] cycle = {"46-41", "1-6", "41-46", "6-1"};
        for (int ply = 0; ply < 50; ply++) {
            assertNull(p.outcome(), "after " + ply + " plies");
            p = p.play(p.parseMove(cycle[ply % 4]));
        }
        assertEquals(50, p.quietPlies());
        assertEquals(new Outcome.Draw(EndReason.NO_PROGRESS), p.outcome());

        // The count is a parameter: noProgressMoves=2 draws after 4 king plies; 0 switches it off.
        DraughtsPosition short2 = position("international", "noProgressMoves=2", "W:WK46:BK1");
        for (int ply = 0; ply < 4; ply++) {
            assertNull(short2.outcome());
            short2 = short2.play(short2.parseMove(cycle[ply]));
        }
        assertEquals(new Outcome.Draw(EndReason.NO_PROGRESS), short2.outcome());
        DraughtsPosition off = position("international", "noProgressMoves=0", "W:WK46:BK1");
        for (int ply = 0; ply < 60; ply++) {
            off = off.play(off.parseMove(cycle[ply % 4]));
        }
        assertNull(off.outcome());

        // A man move or a capture resets the count.
        DraughtsPosition men = position("international", "noProgressMoves=2", "W:WK46,35:BK1,20");
        men = men.play(men.parseMove("46-41"));
        men = men.play(men.parseMove("1-6"));
        assertEquals(2, men.quietPlies());
        men = men.play(men.parseMove("35-30"));
        assertEquals(0, men.quietPlies());
        DraughtsPosition capture = position("international", "", "B:WK46:BK1,37");
        capture = capture.play(capture.parseMove("1-6"));
        assertEquals(1, capture.quietPlies());
        assertEquals(0, capture.play(capture.parseMove("46x28")).quietPlies());
    }

    @Test
    void noProgressDrawThroughGameHistoryWithoutRepetition() {
        DraughtsPosition start = position("english", "noProgressMoves=3,repetitions=0", "W:WK29:BK4");
        GameHistory history = new GameHistory(start);
        String[] cycle = {"29-25", "4-8", "25-29", "8-4"};
        for (int ply = 0; ply < 6; ply++) {
            assertNull(history.outcome(), "after " + ply + " plies");
            history.play(history.current().parseMove(cycle[ply % 4]));
        }
        assertEquals(new Outcome.Draw(EndReason.NO_PROGRESS), history.outcome());
    }
}
