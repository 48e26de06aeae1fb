package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Hand-computed cases. Reference numbers for Phi and log10 were evaluated once with Python's
 * scipy.stats.norm.cdf / math.log10 on the closed forms written in the comments.
 */
class MatchStatsTest {

    @Test
    void trinomialHandComputed() {
        // W=3, D=2, L=1: per-game scores 1,1,1,.5,.5,0 -> mu = 4/6 = 2/3
        // var = (3 (1/3)^2 + 2 (1/6)^2 + 1 (2/3)^2) / 6 = (12/36 + 2/36 + 16/36) / 6 = 5/36
        MatchStats m = MatchStats.ofWdl(3, 2, 1);
        assertEquals(6, m.games());
        assertEquals(2.0 / 3.0, m.score(), 1e-15);
        assertEquals(2.0 / 6.0, m.drawRatio(), 1e-15);
        assertEquals(Math.sqrt(5.0 / 36.0), m.sigmaPerGame(), 1e-15);
        assertEquals(Math.sqrt(5.0 / 36.0 / 6.0), m.standardError(), 1e-15);
        assertEquals(400 * Math.log10(2), m.elo(), 1e-9); // elo(2/3) = 400 log10 2 = 120.41
        // interval ends: elo(2/3 -+ 1.959964 * 0.152145...)
        assertEquals(-93.59850043701127, m.eloLow(), 1e-8);
        assertEquals(575.4941770005972, m.eloHigh(), 1e-8);
        // LOS = Phi((1/6) / sqrt(5/216)) = Phi(1.09545) = 0.86334
        assertEquals(0.8633391608538509, m.los(), 1e-9);
        // nElo = (1/6) / sqrt(5/36) * 800/ln10 = 155.378
        assertEquals(155.37791740619568, m.nElo(), 1e-9);
        // nElo half-width = z * 800/ln10 / sqrt(games)
        assertEquals(Elo.Z95 * Elo.NELO_PER_T / Math.sqrt(6), m.nEloError(), 1e-9);
        assertFalse(m.regularized());
    }

    @Test
    void pentanomialHandComputed() {
        // pairs LL=1, LD=2, DD=3, DW=3, WW=1 with pair scores 0, .25, .5, .75, 1 (N = 10 pairs)
        // mu = (0 + .5 + 1.5 + 2.25 + 1) / 10 = .525
        // var_pair = (.525^2 + 2 .275^2 + 3 .025^2 + 3 .225^2 + .475^2) / 10 = .80625 / 10 = .080625
        MatchStats m = MatchStats.ofPentanomial(1, 2, 3, 3, 1);
        assertEquals(20, m.games());
        assertEquals(10, m.samples());
        assertEquals(0.525, m.score(), 1e-15);
        assertEquals(Math.sqrt(0.080625 / 10), m.standardError(), 1e-15);
        assertEquals(Math.sqrt(2 * 0.080625), m.sigmaPerGame(), 1e-15); // sqrt(2) sigma_pair
        assertEquals(17.386277512436145, m.elo(), 1e-9);
        assertEquals(-108.29301815519649, m.eloLow(), 1e-8);
        assertEquals(148.00875233625302, m.eloHigh(), 1e-8);
        assertEquals(0.6096561760056214, m.los(), 1e-9);
        assertEquals(21.630394750976556, m.nElo(), 1e-9);
        // fastchess's drawRatioPenta: (WL + DD) / pairs = 3 / 10 (stats.hpp: "(penta_WL + penta_DD) / totalPairs()")
        assertEquals(3.0 / 10.0, m.drawRatio(), 1e-15);
    }

    @Test
    void pentanomialVarianceIsPairVarianceNotGameVariance() {
        // Pairs WL only (each pair 1-1): trinomial view has var 1/4, pentanomial var 0 -> regularized
        MatchStats t = MatchStats.ofWdl(10, 0, 10);
        assertEquals(0.5, t.sigmaPerGame(), 1e-15);
        MatchStats p = MatchStats.ofPentanomial(0, 0, 10, 0, 0);
        assertTrue(p.regularized());
        assertTrue(p.sigmaPerGame() < 0.05);
        assertEquals(0.5, p.score(), 1e-15);
        assertEquals(0.0, p.elo(), 1e-9);
    }

    @Test
    void degenerateRecordsStayFinite() {
        MatchStats allWins = MatchStats.ofWdl(10, 0, 0);
        assertTrue(allWins.regularized());
        assertEquals(1.0, allWins.score(), 0);
        assertTrue(Double.isFinite(allWins.elo()) && allWins.elo() > 1000);
        assertTrue(allWins.los() > 0.99);
        MatchStats allDraws = MatchStats.ofWdl(0, 7, 0);
        assertEquals(0.0, allDraws.elo(), 1e-9);
        assertEquals(0.5, allDraws.los(), 1e-12);
        assertEquals(1.0, allDraws.drawRatio(), 0);
        assertEquals(0.0, allDraws.nElo(), 1e-6);
        MatchStats allLosses = MatchStats.ofWdl(0, 0, 3);
        assertTrue(allLosses.elo() < -1000 && Double.isFinite(allLosses.elo()));
        MatchStats single = MatchStats.ofWdl(1, 0, 0);
        assertEquals(1, single.games());
        assertTrue(Double.isFinite(single.eloError()));
    }

    @Test
    void emptyRecordIsNaN() {
        MatchStats m = MatchStats.ofWdl(0, 0, 0);
        assertEquals(0, m.games());
        assertTrue(Double.isNaN(m.elo()));
        assertTrue(Double.isNaN(m.score()));
    }

    @Test
    void rejectsBadCounts() {
        assertThrows(IllegalArgumentException.class, () -> MatchStats.of(new long[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> MatchStats.ofWdl(-1, 0, 0));
    }
}
