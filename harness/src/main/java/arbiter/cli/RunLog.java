package arbiter.cli;

import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.layout.PatternLayout;

/** Adds a run's own log file ({@code <output>/arbiter.log}, INFO and above) to Log4j for the run's duration. */
final class RunLog implements AutoCloseable {
    private static final String HAZELCAST = "com.hazelcast";
    private final LoggerContext context;
    private final FileAppender appender;

    RunLog(Path file) {
        context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        appender = FileAppender.newBuilder()
                .setName("run-" + file)
                .withFileName(file.toString())
                .withAppend(true)
                .setLayout(PatternLayout.newBuilder().withPattern("%d{ISO8601} %-5level [%t] %c{1} - %msg%n")
                        .withConfiguration(config).build())
                .setConfiguration(config)
                .build();
        appender.start();
        config.getRootLogger().addAppender(appender, Level.INFO, null);
        // Hazelcast's logger does not pass its events up to the root (they would reach the console).
        config.getLoggerConfig(HAZELCAST).addAppender(appender, Level.INFO, null);
        context.updateLoggers();
    }

    @Override
    public void close() {
        context.getConfiguration().getRootLogger().removeAppender(appender.getName());
        context.getConfiguration().getLoggerConfig(HAZELCAST).removeAppender(appender.getName());
        context.updateLoggers();
        appender.stop();
    }
}
