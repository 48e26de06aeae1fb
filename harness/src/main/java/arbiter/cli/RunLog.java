package arbiter.cli;

import arbiter.io.OwnFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.layout.PatternLayout;

/**
 * Adds a run's own log file ({@code <output>/arbiter.log}, INFO and above) to Log4j for the run's
 * duration. The log is capped: each line's message is cut at {@link #MAX_MESSAGE} characters (an
 * engine's stderr flood is logged line by line), and the file rolls over at {@link #maxBytes()} into
 * {@code arbiter.log.1} .. {@code arbiter.log.}{@link #KEPT} (1 the newest), the oldest dropped, so the
 * folder holds at most about {@code (KEPT + 1) * maxBytes} of log.
 *
 * <p>The file is Arbiter's own appender's, not Log4j's file appenders': it is opened through
 * {@link OwnFiles} (a symbolic link planted in its place is refused when the log starts, never
 * written through), and a write that fails (a full disk) is one warning line naming the file, after
 * which the run goes on without its log — Log4j's own error handling printed a stack trace each time.
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
    private final LogFile appender;

    /**
     * Starts logging to {@code file}; a failure to write it later is told once on {@code err}.
     *
     * @throws OwnFiles.LinkRefusedException when {@code file} is a symbolic link
     */
    RunLog(Path file, PrintWriter err) throws IOException {
        context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        appender = new LogFile(file, maxBytes(), err, PatternLayout.newBuilder()
                .withPattern("%d{ISO8601} %-5level [%t] %c{1} - %maxLen{%msg}{" + MAX_MESSAGE + "}%n")
                .withConfiguration(config).build());
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

    /** The log file, rolled over by size; after a failed write, silent. */
    private static final class LogFile extends AbstractAppender {
        private final Path file;
        private final long maxBytes;
        private final PrintWriter err;
        private FileChannel channel;
        private long size;
        private boolean failed;

        LogFile(Path file, long maxBytes, PrintWriter err, PatternLayout layout) throws IOException {
            super("run-" + file, null, layout, true, Property.EMPTY_ARRAY);
            this.file = file;
            this.maxBytes = maxBytes;
            this.err = err;
            channel = open();
        }

        private FileChannel open() throws IOException {
            FileChannel ch = OwnFiles.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            size = ch.size();
            return ch;
        }

        @Override
        public synchronized void append(LogEvent event) {
            if (failed) {
                return;
            }
            byte[] bytes = getLayout().toByteArray(event);
            try {
                if (size > 0 && size + bytes.length > maxBytes) {
                    rollOver();
                }
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                size += bytes.length;
            } catch (IOException e) {
                failed = true;
                closeQuietly();
                err.println("warning: " + ErrorHandler.describe(OwnFiles.cannotWrite(file, e))
                        + "; the run goes on without its log");
                err.flush();
            }
        }

        /** arbiter.log becomes arbiter.log.1, .1 becomes .2, ..., the oldest is dropped (renamed: a link is never followed). */
        private void rollOver() throws IOException {
            channel.close();
            Files.deleteIfExists(numbered(KEPT));
            for (int i = KEPT - 1; i >= 1; i--) {
                if (Files.exists(numbered(i), LinkOption.NOFOLLOW_LINKS)) {
                    Files.move(numbered(i), numbered(i + 1), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
            }
            Files.move(file, numbered(1), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            channel = open();
        }

        private Path numbered(int i) {
            return file.resolveSibling(file.getFileName() + "." + i);
        }

        private void closeQuietly() {
            try {
                channel.close();
            } catch (IOException e) {
                // the write's failure was reported
            }
        }

        @Override
        public synchronized boolean stop(long timeout, java.util.concurrent.TimeUnit unit) {
            closeQuietly();
            return super.stop(timeout, unit);
        }
    }
}
