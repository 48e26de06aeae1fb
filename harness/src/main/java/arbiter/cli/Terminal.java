package arbiter.cli;

import java.io.Console;

/** Whether Arbiter talks to a person at a terminal, or to a script, a pipe or a file. */
final class Terminal {
    private Terminal() {
    }

    /**
     * True when standard input and output are a terminal. Up to Java 21 {@link System#console()} is
     * null otherwise; from Java 22 it may be a console on a pipe too, and {@code Console.isTerminal()}
     * (looked up, as the jar is built for Java 17) tells.
     */
    static boolean interactive() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // before Java 22: a console is a terminal
        }
    }
}
