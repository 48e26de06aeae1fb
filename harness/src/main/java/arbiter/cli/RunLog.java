package arbiter.cli;

import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.RollingFileAppender;
import org.apache.logging.log4j.core.appender.rolling.DefaultRolloverStrategy;
import org.apache.logging.log4j.core.appender.rolling.SizeBasedTriggeringPolicy;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.layout.PatternLayout;

/**
 * Adds a run's own log file ({@code <output>/arbiter.log}, INFO and above) to Log4j for the run's
 * duration. The log is capped: each line's message is cut at {@link #MAX_MESSAGE} characters (an
 * engine's stderr flood is logged line by line), and the file rolls over at {@link #maxBytes()} into
 * {@code arbiter.log.1} .. {@code arbiter.log.}{@link #KEPT} (1 the newest), the oldest dropped, so the
 * folder holds at most about {@code (KEPT + 1) * maxBytes} of log.
 */
final class RunLog implements AutoCloseable {
    /** Libraries whose loggers do not pass events up to the root (they would reach the console). */
    private static final java.util.List<String> CHATTY = java.util.List.of("com.hazelcast", "org.eclipse.jetty", "io.javalin");
    /** System property overriding the size at which the log rolls over (bytes); for tests. */
    static final String MAX_BYTES_PROPERTY = "arbiter.log.maxBytes";
    static final long DEFAULT_MAX_BYTES = 20L * 1024 * 1024;
    /** Rolled-over files kept besides the live one. */
    static final int KEPT = 3;
    /** Characters of one event's message kept in the log (Log4j's %maxLen adds "..." when it cuts). */
    static final int MAX_MESSAGE = 4096;
    private final LoggerContext context;
    private final RollingFileAppender appender;

    RunLog(Path file) {
        context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        appender = RollingFileAppender.newBuilder()
                .setName("run-" + file)
                .withFileName(file.toString())
                .withFilePattern(file + ".%i")
                .withAppend(true)
                .withPolicy(SizeBasedTriggeringPolicy.createPolicy(Long.toString(maxBytes())))
                .withStrategy(DefaultRolloverStrategy.newBuilder()
                        .withMin("1").withMax(Integer.toString(KEPT)).withFileIndex("min")
                        .withConfig(config).build())
                .setLayout(PatternLayout.newBuilder()
                        .withPattern("%d{ISO8601} %-5level [%t] %c{1} - %maxLen{%msg}{" + MAX_MESSAGE + "}%n")
                        .withConfiguration(config).build())
                .setConfiguration(config)
                .build();
        appender.start();
        config.getRootLogger().addAppender(appender, Level.INFO, null);
        for (String name : CHATTY) {
            config.getLoggerConfig(name).addAppender(appender, Level.INFO, null);
        }
        context.updateLoggers();
    }

    /** The size at which the log rolls over: {@value #DEFAULT_MAX_BYTES} unless {@link #MAX_BYTES_PROPERTY} says otherwise. */
    static long maxBytes() {
        String value = System.getProperty(MAX_BYTES_PROPERTY);
        if (value != null) {
            try {
                long bytes = Long.parseLong(value.trim());
                if (bytes > 0) {
                    return bytes;
                }
            } catch (NumberFormatException e) {
                // fall back to the default
            }
        }
        return DEFAULT_MAX_BYTES;
    }

    @Override
    public void close() {
        context.getConfiguration().getRootLogger().removeAppender(appender.getName());
        for (String name : CHATTY) {
            context.getConfiguration().getLoggerConfig(name).removeAppender(appender.getName());
        }
        context.updateLoggers();
        appender.stop();
    }
}
