package arbiter.pdn;

/** A problem found while reading a game file: where it is and what it is. */
public record PdnWarning(String source, int line, String message) {
    @Override
    public String toString() {
        return source + ":" + line + ": " + message;
    }
}
