package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The reader's hand-written scans agree with the regular expressions they replaced, on random text. */
class PdnReaderNoRegexTest {
    private static final Pattern MOVE_NUMBER = Pattern.compile("^[0-9]+\\.+");
    private static final Pattern TAG_LINE = Pattern.compile("^\\s*\\[\\s*[^\\s\"\\]]+\\s+\".*");
    private static final String ALPHABET = "0123456789..[]\" \t\rabcNf-x{}\u2003\u00e9";

    private static String random(Random r, int max) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(max + 1);
        for (int i = 0; i < n; i++) {
            sb.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }

    @Test
    void sameAsTheRegularExpressions() {
        Random r = new Random(11);
        for (int k = 0; k < 300_000; k++) {
            String s = random(r, 14);
            assertEquals(MOVE_NUMBER.matcher(s).replaceFirst(""), PdnReader.withoutMoveNumber(s), s);
            assertEquals(TAG_LINE.matcher(s).lookingAt(), PdnReader.isTagLine(s), s);
            assertEquals(s.strip().replaceAll("\\s+", " "), PdnReader.collapseSpace(s.strip()), s);
        }
        for (String s : new String[] {"[Event \"x\"]", "  [ White   \"a b\"]", "[Result\"1-0\"]", "12.e4", "12...Nf6", "1.", "32-28"}) {
            assertEquals(TAG_LINE.matcher(s).lookingAt(), PdnReader.isTagLine(s), s);
            assertEquals(MOVE_NUMBER.matcher(s).replaceFirst(""), PdnReader.withoutMoveNumber(s), s);
        }
    }
}
