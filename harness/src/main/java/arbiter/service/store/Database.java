package arbiter.service.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;

/**
 * The service's database: a pool of connections to H2 (a file, by default) or PostgreSQL, the schema
 * brought up to date by the migrations in {@code arbiter/service/store/migration}, and a lock that
 * keeps a second server off the same database (one row held {@code FOR UPDATE} by a connection of
 * its own while this server runs; H2's own file lock does the same for a file).
 *
 * <p>H2 is told to write each commit to its file before the commit returns ({@code WRITE_DELAY 0}):
 * by default it writes about once a second, and a {@code kill -9} would lose commits already answered.
 */
public final class Database implements AutoCloseable {
    /** Where a JDBC URL's password starts: never logged. */
    private static final java.util.regex.Pattern PASSWORD = java.util.regex.Pattern.compile("(?i)(password=)[^&;]*");

    private final HikariDataSource pool;
    private final Connection lock;
    private final Store store;
    private final String url;

    private Database(HikariDataSource pool, Connection lock, String url) {
        this.pool = pool;
        this.lock = lock;
        this.url = url;
        this.store = new Store(pool);
    }

    /**
     * Opens {@code url} ({@code jdbc:h2:file:PATH} or {@code jdbc:postgresql://HOST/DB?user=U&password=P}),
     * migrates its schema and takes the server lock.
     *
     * @throws OpenException with one line saying why (unreachable, another server has it, a failed migration)
     */
    public static Database open(String url) {
        if (!url.startsWith("jdbc:h2:") && !url.startsWith("jdbc:postgresql:")) {
            throw new OpenException("--db " + redacted(url) + ": give jdbc:h2:file:PATH or jdbc:postgresql://HOST/DATABASE");
        }
        url = h2(url);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setPoolName("service");
        config.setMaximumPoolSize(6);
        config.setMinimumIdle(1);
        config.setConnectionTimeout(10_000);
        config.setInitializationFailTimeout(-1); // the first connection below says why it fails, in one line
        if (url.startsWith("jdbc:postgresql:")) {
            config.addDataSourceProperty("reWriteBatchedInserts", "true");
        }
        HikariDataSource pool = new HikariDataSource(config);
        Connection lock = null;
        try {
            lock = pool.getConnection();
            if (url.startsWith("jdbc:h2:")) {
                try (Statement s = lock.createStatement()) {
                    s.execute("SET WRITE_DELAY 0");
                }
            }
            Flyway.configure().dataSource(pool).locations("classpath:arbiter/service/store/migration")
                    .loggers("slf4j").load().migrate();
            lock.setAutoCommit(false);
            try (PreparedStatement s = lock.prepareStatement("SELECT holder FROM server_lock WHERE id = 1 FOR UPDATE NOWAIT");
                 ResultSet r = s.executeQuery()) {
                r.next();
            } catch (SQLException e) {
                throw new OpenException("another arbiter serve uses the database " + redacted(url));
            }
            return new Database(pool, lock, url);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(lock);
            pool.close();
            if (e instanceof OpenException o) {
                throw o;
            }
            throw new OpenException("cannot open the database " + redacted(url) + ": " + oneLine(e));
        }
    }

    /**
     * An H2 URL as the server uses it: a relative {@code jdbc:h2:file:PATH} taken from the working
     * folder (H2 refuses a relative path unless it starts with {@code ./}), and H2's own closing at the
     * JVM's exit left to the server, which closes the database after its last commit.
     */
    static String h2(String url) {
        String prefix = "jdbc:h2:file:";
        if (!url.startsWith("jdbc:h2:")) {
            return url;
        }
        String out = url;
        if (url.startsWith(prefix)) {
            String rest = url.substring(prefix.length());
            int semi = rest.indexOf(';');
            String path = semi < 0 ? rest : rest.substring(0, semi);
            if (!path.isEmpty() && !path.startsWith("~") && !java.nio.file.Path.of(path).isAbsolute()) {
                out = prefix + java.nio.file.Path.of(path).toAbsolutePath().normalize() + (semi < 0 ? "" : rest.substring(semi));
            }
        }
        return out.toUpperCase(java.util.Locale.ROOT).contains(";DB_CLOSE_ON_EXIT=") ? out : out + ";DB_CLOSE_ON_EXIT=FALSE";
    }

    public Store store() {
        return store;
    }

    /** The URL with any password left out, for logs and messages. */
    public String url() {
        return redacted(url);
    }

    public static String redacted(String url) {
        return PASSWORD.matcher(url).replaceAll("$1***");
    }

    private static String oneLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.toString() : t.getMessage();
        return redacted(m.lines().findFirst().orElse(m));
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                // closing anyway
            }
        }
    }

    @Override
    public void close() {
        try {
            lock.rollback();
        } catch (SQLException e) {
            // the lock goes with the connection
        }
        closeQuietly(lock);
        pool.close();
    }

    /** The database cannot be used: the message is one line. */
    public static final class OpenException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public OpenException(String message) {
            super(message);
        }
    }
}
