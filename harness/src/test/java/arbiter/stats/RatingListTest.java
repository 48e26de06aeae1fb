package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.play.GameResult;
import org.junit.jupiter.api.Test;

class RatingListTest {

    private static final RatingOptions NO_BOOTSTRAP = RatingOptions.defaults().withBootstrap(0, 1);

    private static GameCounts counts(Object... spec) {
        // spec: white, black, wins, draws, losses, ...
        GameCounts c = new GameCounts();
        for (int k = 0; k < spec.length; k += 5) {
            int w = c.player((String) spec[k]);
            int b = c.player((String) spec[k + 1]);
            c.add(w, b, (Integer) spec[k + 2], (Integer) spec[k + 3], (Integer) spec[k + 4]);
        }
        return c;
    }

    @Test
    void twoPlayersClosedForm() {
        // A scores 8/12 against B: the MLE difference is elo(2/3) = 400 log10 2 = 120.41, mean 0
        GameCounts c = counts("A", "B", 3, 2, 1, "B", "A", 1, 2, 3);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP);
        double diff = 400 * Math.log10(2);
        assertEquals(diff / 2, r.player("A").rating(), 1e-6);
        assertEquals(-diff / 2, r.player("B").rating(), 1e-6);
        assertEquals(12, r.player("A").games());
        assertEquals(8.0, r.player("A").points(), 0);
        assertEquals(4.0 / 12.0, r.player("A").drawRatio(), 1e-15);
        assertEquals(-diff / 2, r.player("A").opponentsAverage(), 1e-6);
        assertEquals("A", r.players().get(0).name());
        assertTrue(r.notes().isEmpty(), r.notes().toString());
    }

    @Test
    void anchoredThreePlayersExactFit() {
        // A-B 3/4 (.75), B-C 3/4 (.75), A-C 9/10 (.9 = L(2 * 190.85) exactly): the model fits the data
        // exactly, so the MLE is R_A - R_B = R_B - R_C = 400 log10 3 = 190.85
        GameCounts c = counts("A", "B", 2, 0, 0, "B", "A", 1, 0, 1, "B", "C", 2, 0, 0, "C", "B", 1, 0, 1,
                "A", "C", 5, 0, 0, "C", "A", 1, 0, 4);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP.withAnchor("B", 2000));
        double d = 400 * Math.log10(3);
        assertEquals(2000 + d, r.player("A").rating(), 1e-6);
        assertEquals(2000, r.player("B").rating(), 1e-9);
        assertEquals(2000 - d, r.player("C").rating(), 1e-6);
        assertEquals(0.0, r.player("B").error(), 1e-9);
        assertTrue(r.player("A").error() > 0);
    }

    @Test
    void symmetricRoundRobinGivesEqualRatings() {
        String[] names = {"P1", "P2", "P3", "P4", "P5"};
        GameCounts c = new GameCounts();
        for (String a : names) {
            for (String b : names) {
                if (!a.equals(b)) {
                    c.add(c.player(a), c.player(b), 2, 3, 2);
                }
            }
        }
        Ratings r = RatingList.compute(c, RatingOptions.defaults().withBootstrap(200, 7));
        for (PlayerRating p : r.players()) {
            assertEquals(0.0, p.rating(), 1e-9);
            assertEquals(0.5, p.score(), 0);
            assertTrue(p.error() > 0 && p.error() < 200, "error " + p.error());
        }
        assertEquals(0.5, r.los()[0][1], 1e-9);
    }

    @Test
    void whiteAdvantageIsEstimated() {
        // equal players; White scores 3/4 in every game: R_A = R_B, adv = 400 log10 3
        GameCounts c = counts("A", "B", 3, 0, 1, "B", "A", 3, 0, 1);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP.withWhiteAdvantage(true));
        assertEquals(0.0, r.player("A").rating(), 1e-6);
        assertEquals(400 * Math.log10(3), r.whiteAdvantage(), 1e-6);
    }

    @Test
    void drawEloModelTwoPlayersClosedForm() {
        // two players, one colour model fits exactly: pW = 5/10, pD = 3/10, pL = 2/10;
        // BayesElo: elo = 200 log10(pW/pL (1-pL)/(1-pW)), drawElo = 200 log10((1-pL)/pL (1-pW)/pW)
        GameCounts c = counts("A", "B", 3, 2, 1, "B", "A", 1, 1, 2);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP.withDrawModel(RatingOptions.DrawModel.DRAW_ELO));
        double pw = 0.5;
        double pl = 0.2;
        double elo = 200 * Math.log10(pw / pl * (1 - pl) / (1 - pw));
        double drawElo = 200 * Math.log10((1 - pl) / pl * (1 - pw) / pw);
        assertEquals(elo, r.player("A").rating() - r.player("B").rating(), 1e-6);
        assertEquals(drawElo, r.drawElo(), 1e-6);
    }

    @Test
    void perfectScoreGetsFiniteRatingAndNote() {
        // 3-0: one virtual draw -> 3.5/4 = .875 -> 400 log10 7 = 338.04
        GameCounts c = counts("A", "B", 2, 0, 0, "B", "A", 0, 0, 1);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP);
        assertEquals(400 * Math.log10(7), r.player("A").rating() - r.player("B").rating(), 1e-6);
        assertEquals(1.0, r.player("A").score(), 0);
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("A: won all 3 games")), r.notes().toString());
    }

    @Test
    void chainOfPerfectScoresAndBootstrapStayFinite() {
        // A beats everyone, B beats C and D, C and D draw: nothing diverges, order kept
        GameCounts c = counts("A", "B", 2, 0, 0, "A", "C", 2, 0, 0, "D", "A", 0, 0, 2, "B", "C", 1, 0, 0,
                "D", "B", 0, 0, 1, "C", "D", 0, 2, 0);
        Ratings r = RatingList.compute(c, RatingOptions.defaults().withBootstrap(300, 3));
        double a = r.player("A").rating();
        double b = r.player("B").rating();
        double cc = r.player("C").rating();
        assertTrue(a > b && b > cc, r.players().toString());
        for (PlayerRating p : r.players()) {
            assertTrue(Double.isFinite(p.rating()) && Double.isFinite(p.error()), p.toString());
        }
        assertEquals(0.0, r.player("C").rating() - r.player("D").rating(), 1e-6);
        assertTrue(r.notes().get(0).startsWith("A: won all 6 games"), r.notes().toString());
    }

    @Test
    void disconnectedGroupsAreReported() {
        GameCounts c = counts("A", "B", 3, 1, 1, "C", "D", 1, 1, 3, "E", "D", 1, 1, 1);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP.withAnchor("A", 1500));
        assertEquals(2, r.groups().size());
        assertEquals(java.util.List.of("A", "B"), r.groups().get(0));
        assertEquals(1500, r.player("A").rating(), 1e-9);
        assertTrue(r.notes().get(0).contains("2 groups"), r.notes().toString());
        assertTrue(Double.isNaN(r.los()[c.indexOf("A")][c.indexOf("C")]));
        double meanGroup2 = (r.player("C").rating() + r.player("D").rating() + r.player("E").rating()) / 3;
        assertEquals(1500, meanGroup2, 1e-6);
        assertEquals(1, r.player("D").group());
    }

    @Test
    void bootstrapIsSeededAndAgreesWithMatchStatistics() {
        GameCounts c = counts("A", "B", 150, 200, 150, "B", "A", 100, 200, 200);
        RatingOptions o = RatingOptions.defaults().withBootstrap(1000, 42);
        Ratings r1 = RatingList.compute(c, o);
        Ratings r2 = RatingList.compute(c, o);
        assertArrayEquals(r1.differenceError()[0], r2.differenceError()[0], 0.0);
        MatchStats m = MatchStats.ofWdl(350, 400, 250);
        assertEquals(m.elo(), r1.player("A").rating() - r1.player("B").rating(), 1e-6);
        double boot = r1.differenceError()[0][1];
        assertEquals(m.eloError(), boot, 0.1 * m.eloError(), "bootstrap " + boot + " vs " + m.eloError());
        assertEquals(boot / 2, r1.player("A").error(), 1e-9); // two players: each is half the difference
        assertEquals(1.0, r1.los()[0][1] + r1.los()[1][0], 1e-12);
        assertTrue(r1.los()[0][1] > 0.99);
        Ratings other = RatingList.compute(c, o.withBootstrap(1000, 43));
        assertTrue(other.differenceError()[0][1] != boot);
    }

    @Test
    void fisherErrorsMatchTheBinomialDeltaMethod() {
        // draws as half points, two players: Var(diff) = 1 / (n s (1-s) K^2)
        GameCounts c = counts("A", "B", 30, 0, 10, "B", "A", 10, 0, 30);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP);
        double k = Math.log(10) / 400;
        double expected = Elo.Z95 / Math.sqrt(80 * 0.75 * 0.25 * k * k);
        assertEquals(expected, r.differenceError()[0][1], 1e-6);
    }


    @Test
    void severalAnchorsAreFittedJointlyClosedForm() {
        // X scores 10/20 against A (fixed 1000) and 10/20 against B (fixed 1400); A beat B 6-0, which
        // must not move them. Ordo's equation 20 L(R - 1000) + 20 L(R - 1400) = 20 has R = 1200 (L(x) +
        // L(-x) = 1), and with the anchors constant Var(R) = 1 / (K^2 sum_j n_j s_j (1 - s_j)).
        GameCounts c = counts("X", "A", 3, 4, 3, "A", "X", 3, 4, 3, "X", "B", 5, 0, 5, "B", "X", 2, 6, 2,
                "A", "B", 3, 0, 0, "B", "A", 0, 0, 3);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP.withAnchors(java.util.Map.of("A", 1000.0, "B", 1400.0)));
        assertEquals(1000, r.player("A").rating(), 0);
        assertEquals(1400, r.player("B").rating(), 0);
        assertEquals(1200, r.player("X").rating(), 1e-6);
        double k = Math.log(10) / 400;
        double s = 1 / (1 + Math.pow(10, -200 / 400.0));
        assertEquals(Elo.Z95 / Math.sqrt(k * k * 40 * s * (1 - s)), r.player("X").error(), 1e-6);
        assertEquals(0.0, r.player("A").error(), 0);
        assertEquals(0.0, r.player("B").error(), 0);
        assertTrue(r.notes().stream().noneMatch(n -> n.contains("groups")), r.notes().toString());
        // One anchor alone would put X at A's level (10/20) and let B's rating float.
        Ratings single = RatingList.compute(c, NO_BOOTSTRAP.withAnchor("A", 1000));
        assertTrue(Math.abs(single.player("X").rating() - 1200) > 50, single.players().toString());
    }

    @Test
    void severalAnchorsSolveTheScoreEquationWithBootstrapErrors() {
        // X scores 7/10 against A (1500) and 2/10 against B (1900): its rating satisfies
        // 10 L(R - 1500) + 10 L(R - 1900) = 9, and only X's rating has an error bar.
        GameCounts c = counts("X", "A", 4, 0, 1, "A", "X", 2, 0, 3, "X", "B", 1, 0, 4, "B", "X", 4, 0, 1);
        Ratings r = RatingList.compute(c, RatingOptions.defaults().withBootstrap(300, 5)
                .withAnchors(java.util.Map.of("A", 1500.0, "B", 1900.0)));
        double x = r.player("X").rating();
        double expected = 10 / (1 + Math.pow(10, -(x - 1500) / 400)) + 10 / (1 + Math.pow(10, -(x - 1900) / 400));
        assertEquals(9.0, expected, 1e-6);
        assertTrue(x > 1500 && x < 1900, "between the anchors: " + x);
        assertTrue(r.player("X").error() > 50 && r.player("X").error() < 500, r.players().toString());
        assertEquals(0.0, r.player("A").error(), 0);
        assertEquals(1900, r.player("B").rating(), 0);
        assertEquals(1500, r.player("A").rating(), 0);
    }

    @Test
    void anchorsInSeparateGroupsEachHoldAndUnanchoredGroupsUseTheMean() {
        GameCounts c = counts("A", "X", 2, 0, 2, "B", "Y", 1, 2, 1, "C", "D", 3, 0, 1);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP.withAnchors(java.util.Map.of("A", 1000.0, "B", 2000.0)).withMean(50));
        assertEquals(1000, r.player("X").rating(), 1e-6);
        assertEquals(2000, r.player("Y").rating(), 1e-6);
        assertEquals(50, (r.player("C").rating() + r.player("D").rating()) / 2, 1e-6);
        String groups = r.notes().get(0);
        assertTrue(groups.contains("anchored on A") && groups.contains("anchored on B") && groups.contains("mean 50"), groups);
        assertThrows(IllegalArgumentException.class, () -> RatingList.compute(c,
                NO_BOOTSTRAP.withAnchors(java.util.Map.of("A", 1000.0, "Nobody", 1.0))));
    }


    @Test
    void perfectScoresOfAnchorsNeedNoVirtualDraw() {
        // X won all 4 against A (1000) and scored 2/4 against B (1400): {X, B} won all its games against
        // A, but B is fixed and holds X, so the maximum is finite, 4 L(R - 1000) + 4 L(R - 1400) = 6,
        // and no virtual game changes it.
        GameCounts c = counts("X", "A", 2, 0, 0, "A", "X", 0, 0, 2, "X", "B", 1, 0, 1, "B", "X", 1, 0, 1);
        Ratings r = RatingList.compute(c, NO_BOOTSTRAP.withAnchors(java.util.Map.of("A", 1000.0, "B", 1400.0)));
        double x = r.player("X").rating();
        assertEquals(6.0, 4 / (1 + Math.pow(10, -(x - 1000) / 400)) + 4 / (1 + Math.pow(10, -(x - 1400) / 400)), 1e-6);
        assertTrue(r.notes().isEmpty(), r.notes().toString());
        // X winning everything still gets its virtual draw.
        GameCounts all = counts("X", "A", 2, 0, 0, "A", "X", 0, 0, 2, "X", "B", 2, 0, 0, "B", "X", 0, 0, 2);
        Ratings won = RatingList.compute(all, NO_BOOTSTRAP.withAnchors(java.util.Map.of("A", 1000.0, "B", 1400.0)));
        assertTrue(Double.isFinite(won.player("X").rating()) && won.player("X").rating() > 1400, won.players().toString());
        assertTrue(won.notes().stream().anyMatch(n -> n.startsWith("X: won all 8 games")), won.notes().toString());
    }

    @Test
    void degenerateInputs() {
        Ratings empty = RatingList.compute(new GameCounts(), RatingOptions.defaults());
        assertTrue(empty.players().isEmpty());
        GameCounts one = new GameCounts();
        one.add("A", "B", GameResult.WHITE_WIN);
        Ratings single = RatingList.compute(one, RatingOptions.defaults().withBootstrap(100, 1));
        assertEquals(400 * Math.log10(3), single.player("A").rating() - single.player("B").rating(), 1e-6);
        GameCounts draws = counts("A", "B", 0, 4, 0, "B", "C", 0, 4, 0);
        Ratings allDraws = RatingList.compute(draws, RatingOptions.defaults().withBootstrap(100, 1));
        for (PlayerRating p : allDraws.players()) {
            assertEquals(0.0, p.rating(), 1e-9);
            assertTrue(Double.isFinite(p.error()));
        }
        assertThrows(IllegalArgumentException.class,
                () -> RatingList.compute(draws, RatingOptions.defaults().withAnchor("Nobody", 0)));
        assertTrue(!one.add("A", "B", GameResult.UNFINISHED));
    }
}
