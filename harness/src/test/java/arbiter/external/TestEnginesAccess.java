package arbiter.external;

/** {@link TestEngines} for tests of other packages. */
public final class TestEnginesAccess {
    private TestEnginesAccess() {
    }

    /** Debian's stockfish, or a test failure saying how to install it. */
    public static java.nio.file.Path stockfish() {
        return TestEngines.stockfish();
    }
}
