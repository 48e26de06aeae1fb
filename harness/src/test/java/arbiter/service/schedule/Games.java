package arbiter.service.schedule;

import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.play.GameTask;
import arbiter.service.protocol.Counts;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/** Made-up reports for the rules' tests: the PDN of whole pairs with given results, and their counts. */
public final class Games {
    public final String pdn;
    public final List<GameRecord> records = new ArrayList<>();

    /**
     * The games of pairs {@code first ..}, each pair's two results from the tested player's side
     * ("W", "D", "L"): {@code "WL"} is a pair the tested player won with White and lost with Black.
     */
    public Games(String tested, String base, int first, String... pairs) {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < pairs.length; p++) {
            for (int g = 0; g < 2; g++) {
                char r = pairs[p].charAt(g);
                boolean testedWhite = g == 0;
                String result = r == 'D' ? "1/2-1/2" : (r == 'W') == testedWhite ? "1-0" : "0-1";
                sb.append("[Event \"t\"]\n[White \"").append(testedWhite ? tested : base).append("\"]\n[Black \"")
                        .append(testedWhite ? base : tested).append("\"]\n[Result \"").append(result).append("\"]\n[Game \"")
                        .append(GameTask.FIRST_ID + 2 * (first + p) + g).append("\"]\n\n1. e4 e5 ").append(result).append("\n\n");
            }
        }
        pdn = sb.toString();
        PdnReader reader = new PdnReader(new StringReader(pdn), "test", w -> {
            throw new AssertionError(w.toString());
        });
        reader.forEachRemaining(records::add);
    }

    /** Counts of these pairs (as a worker would add them to what it reported before). */
    public static Counts counts(String... pairs) {
        long w = 0;
        long d = 0;
        long l = 0;
        long[] penta = new long[5];
        for (String p : pairs) {
            int points = 0;
            for (char c : p.toCharArray()) {
                if (c == 'W') {
                    w++;
                    points += 2;
                } else if (c == 'D') {
                    d++;
                    points += 1;
                } else {
                    l++;
                }
            }
            penta[points]++;
        }
        return new Counts(pairs.length, w, d, l, penta);
    }
}
