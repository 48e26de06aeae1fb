package arbiter.external;

import arbiter.game.NotationException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A move as gnubg writes it ({@code 24/18 13/8}, {@code bar/22*}, {@code 6/off}, {@code 8/2(2)},
 * {@code 13/7/1*}): the checker steps in the mover's numbering, bar = 25, off = 0, a hit marked.
 */
public record GnubgMove(String text, List<Step> steps) {

    /** One checker moving from one point to another (25 = bar, 0 = off). */
    public record Step(int from, int to, boolean hit) {
    }

    public GnubgMove {
        steps = List.copyOf(steps);
    }

    private static final Pattern PART = Pattern.compile("((?:bar|\\d+)(?:/(?:off|\\d+)\\*?)+)(?:\\((\\d)\\))?");

    /**
     * Reads gnubg's move text; an empty text is the empty move (no legal move with these dice).
     *
     * @throws NotationException for anything else, e.g. a cube decision ({@code double}, {@code take})
     */
    public static GnubgMove parse(String text) throws NotationException {
        String s = text == null ? "" : text.strip();
        List<Step> steps = new ArrayList<>();
        if (s.isEmpty()) {
            return new GnubgMove(s, steps);
        }
        for (String part : s.split("\\s+")) {
            Matcher m = PART.matcher(part.toLowerCase());
            if (!m.matches()) {
                throw new NotationException("unparsable gnubg move '" + s + "': '" + part
                        + "' is not like 24/18, bar/22*, 6/off or 8/2(2)");
            }
            int times = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
            String[] points = m.group(1).split("/");
            for (int t = 0; t < times; t++) {
                for (int i = 0; i + 1 < points.length; i++) {
                    String to = points[i + 1];
                    boolean hit = to.endsWith("*");
                    steps.add(new Step(point(points[i].replace("*", "")), point(to.replace("*", "")), hit));
                }
            }
        }
        for (Step st : steps) {
            if (st.from() < 1 || st.from() > 25 || st.to() < 0 || st.to() > 24 || st.to() >= st.from()) {
                throw new NotationException("gnubg move '" + s + "' has an impossible step " + st.from() + "/" + st.to());
            }
        }
        return new GnubgMove(s, steps);
    }

    private static int point(String p) {
        return switch (p) {
            case "bar" -> 25;
            case "off" -> 0;
            default -> {
                if (p.length() > 2) { // points are 1..24; a longer number would not even fit an int
                    throw new NotationException("gnubg move: no point " + p);
                }
                yield Integer.parseInt(p);
            }
        };
    }
}
