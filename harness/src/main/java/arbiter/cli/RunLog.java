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
    /** Libraries whose loggers do not pass events up to the root (they would reach the console). */
    private static final java.util.List<String> CHATTY = java.util.List.of("com.hazelcast", "org.eclipse.jetty", "io.javalin");
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
        for (String name : CHATTY) {
            config.getLoggerConfig(name).addAppender(appender, Level.INFO, null);
        }
        context.updateLoggers();
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
