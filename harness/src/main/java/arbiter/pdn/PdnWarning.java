package arbiter.pdn;

/** A problem found while reading a game file: where it is (column 0 when it concerns a whole game) and what it is. */
public record PdnWarning(String source, int line, int column, String message) {
    @Override
    public String toString() {
        return source + ":" + line + (column > 0 ? ":" + column : "") + ": " + message;
    }
}
