package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The SPRT's pass probability and expected games against fishtest's own calculator: the figures are
 * the output of {@code server/fishtest/static/js/sprt.js} (official-stockfish/fishtest at b8eecff,
 * {@code new Sprt(alpha, beta, elo0, elo1, drawRatio, rmsBias, model).characteristics(elo)}) run in
 * Node.js — the default of fishtest's calculator page first (normalized [0, 2], draw ratio 0.49, RMS
 * bias 191), then logistic and asymmetric cases.
 */
class SprtForecastTest {
    @ParameterizedTest
    @CsvSource({
        // alpha, beta, elo0, elo1, draw, bias, model, elo (logistic), pass, games
        "0.05, 0.05, 0, 2, 0.49, 191, normalized, -1, 0.00016284018424785225, 59970.45852006247",
        "0.05, 0.05, 0, 2, 0.49, 191, normalized, 0, 0.05000000000000001, 159942.4221910198",
        "0.05, 0.05, 0, 2, 0.49, 191, normalized, 1, 0.9444699990948261, 164150.5038634856",
        "0.05, 0.05, 0, 2, 0.49, 191, normalized, 2, 0.9998180768417869, 60739.9667529471",
        "0.05, 0.05, 0, 2, 0.49, 191, normalized, 3, 0.9999994367808709, 36364.24811743277",
        "0.05, 0.05, 0, 5, 0.6, 0, logistic, -2, 0.0049661752440995025, 6256.655833397961",
        "0.05, 0.05, 0, 5, 0.6, 0, logistic, 0, 0.05000000000000001, 10237.728380205588",
        "0.05, 0.05, 0, 5, 0.6, 0, logistic, 2.5, 0.500038111759361, 16746.870296950736",
        "0.05, 0.05, 0, 5, 0.6, 0, logistic, 5, 0.9500000000000001, 10237.728380205592",
        "0.05, 0.05, 0, 5, 0.6, 0, logistic, 7, 0.9950304491235163, 6257.419396502431",
        "0.05, 0.05, -1.75, 0.25, 0.61, 100, logistic, -1.75, 0.05000000000000001, 49827.15183061555",
        "0.05, 0.05, -1.75, 0.25, 0.61, 100, logistic, -0.75, 0.4999954264510568, 81507.22184331351",
        "0.05, 0.05, -1.75, 0.25, 0.61, 100, logistic, 0.25, 0.9500000000000001, 49827.15183061556",
        "0.1, 0.05, 0, 10, 0.3, 50, normalized, 0, 0.10000000000000003, 5736.705707081754",
        "0.1, 0.05, 0, 10, 0.3, 50, normalized, 5, 0.6907409765648755, 7494.993983881358",
        "0.1, 0.05, 0, 10, 0.3, 50, normalized, 10, 0.9844026666466485, 3677.100879688175",
    })
    void passProbabilityAndExpectedGamesAreFishtestsCalculators(double alpha, double beta, double elo0, double elo1,
                                                                double draw, double bias, String model, double elo,
                                                                double pass, double games) {
        SprtForecast f = SprtForecast.of(alpha, beta, elo0, elo1, draw, bias, Sprt.Model.of(model.equals("normalized")));
        SprtForecast.Point p = f.at(elo);
        assertEquals(pass, p.pass(), 1e-9 * Math.max(1, pass));
        assertEquals(games, p.games(), 1e-7 * games);
    }

    @ParameterizedTest
    @CsvSource({"0.05, 0.05", "0.1, 0.02"})
    void atTheHypothesesThePassProbabilitiesAreTheErrorRates(double alpha, double beta) {
        SprtForecast f = SprtForecast.of(alpha, beta, 0, 5, 0.5, 0, Sprt.Model.LOGISTIC);
        assertEquals(alpha, f.at(0).pass(), 1e-12, "at H0 it passes with probability alpha");
        assertEquals(1 - beta, f.at(5).pass(), 1e-12, "at H1 with 1 - beta");
        assertTrue(f.at(2.5).games() > f.at(0).games(), "between the hypotheses it takes longest");
    }

    @Test
    void impossibleInputsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SprtForecast.of(0.05, 0.05, 2, 0, 0.5, 0, Sprt.Model.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> SprtForecast.of(0.05, 0.05, 0, 2, 1, 0, Sprt.Model.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> SprtForecast.of(0.05, 0.05, 0, 2, 0.9, 400, Sprt.Model.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> SprtForecast.of(0.6, 0.5, 0, 2, 0.5, 0, Sprt.Model.LOGISTIC));
    }
}
