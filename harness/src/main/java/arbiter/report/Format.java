package arbiter.report;

import java.util.Locale;

/** Output formats of the reports. */
public enum Format {
    TEXT("text"), MARKDOWN("md"), CSV("csv"), LATEX("tex"), HTML("html");

    private final String id;

    Format(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** Parses {@code text|md|csv|tex|html} (also the enum names); null if unknown. */
    public static Format parse(String s) {
        String k = s.trim().toLowerCase(Locale.ROOT);
        for (Format f : values()) {
            if (f.id.equals(k) || f.name().toLowerCase(Locale.ROOT).equals(k)) {
                return f;
            }
        }
        return switch (k) {
            case "markdown" -> MARKDOWN;
            case "latex" -> LATEX;
            case "txt", "plain" -> TEXT;
            default -> null;
        };
    }
}
