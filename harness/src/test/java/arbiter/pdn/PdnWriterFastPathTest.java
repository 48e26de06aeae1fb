package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The writer's per-move shortcuts print exactly what the general code printed before them. */
class PdnWriterFastPathTest {
    @Test
    void secondsAreWhatPercentPointThreeFPrints() {
        SplittableRandom random = new SplittableRandom(7);
        for (long ms = 0; ms < 20_000; ms++) {
            check(ms);
        }
        for (int i = 0; i < 100_000; i++) {
            check(random.nextLong(0, 10_000_000_000L));
        }
        check(-1);
        check(-1234);
    }

    private static void check(long ms) {
        StringBuilder sb = new StringBuilder();
        PdnWriter.appendSeconds(sb, ms);
        assertEquals(String.format(Locale.ROOT, "%.3fs", ms / 1000.0), sb.toString(), "ms " + ms);
    }

    /** The previous token(): split on spaces, write repeats out, join with commas. */
    private static String reference(String moveText) {
        Pattern repeat = Pattern.compile("(.+)\\((\\d)\\)");
        StringBuilder sb = new StringBuilder();
        for (String part : moveText.strip().split("\\s+")) {
            Matcher m = repeat.matcher(part);
            int times = 1;
            if (m.matches()) {
                part = m.group(1);
                times = Integer.parseInt(m.group(2));
            }
            for (int i = 0; i < times; i++) {
                sb.append(sb.length() == 0 ? "" : ",").append(part);
            }
        }
        return sb.toString();
    }

    @Test
    void tokensAreWhatTheGeneralCodeMakes() {
        for (String t : List.of("32-28", "19x30", "32x12x18x28", "e4", "Nxf7+", "O-O-O", "e8=Q#", "e2", "e3h", "pass",
                "24/18 13/11*", "bar/22", "6/off", "8/5(2)", "8/5(2) 6/3(2)", " 24/18 ", "13/7*/1", "25/20(3) 6/1")) {
            assertEquals(reference(t), PdnWriter.token(t), t);
        }
    }
}
