package arbiter.cli;

/** A command-line argument that is well-formed for picocli but wrong for the command. */
final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message);
    }
}
