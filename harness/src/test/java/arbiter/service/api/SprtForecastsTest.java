package arbiter.service.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Refused;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The submit form's calculator ({@code GET /api/sprt}): stats.SprtForecast's figures at the hypotheses, one line for nonsense. */
class SprtForecastsTest {
    @Test
    void theServicesCalculatorGivesTheSameAtTheHypothesesAndRefusesNonsenseInOneLine() {
        Map<String, String> q = Map.of("elo0", "0", "elo1", "5", "draw", "0.6", "bias", "0", "model", "logistic");
        Wire.Forecast f = SprtForecasts.of(q::get);
        assertEquals(15, f.points().size());
        Wire.ForecastPoint at1 = f.points().stream().filter(p -> p.elo() == 5).findFirst().orElseThrow();
        assertEquals(0.95, at1.pass(), 1e-12);
        assertEquals(10237.728380205592, at1.games(), 1e-6, "fishtest's figure (stats.SprtForecastTest)");
        Refused e = assertThrows(Refused.class,
                () -> SprtForecasts.of(Map.of("elo0", "1'--")::get));
        assertEquals("elo0=1'--: give a number from -1000 to 1000", e.getMessage());
    }
}
