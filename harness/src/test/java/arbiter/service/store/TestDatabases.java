package arbiter.service.store;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * The databases the service's tests run on: an H2 file in a temporary folder, and a real PostgreSQL
 * when {@code ARBITER_TEST_POSTGRES} holds its JDBC URL (as {@code .ci/run} sets it; with the variable
 * set, an unreachable server fails the test instead of skipping it). Each PostgreSQL use gets a
 * schema of its own, dropped by {@link #drop}, so test runs beside each other never meet.
 */
public final class TestDatabases {
    public static final String VARIABLE = "ARBITER_TEST_POSTGRES";

    private TestDatabases() {
    }

    /** The JDBC URL of a fresh, empty database of this kind ({@code h2} or {@code postgresql}). */
    public static String fresh(String kind, Path dir) {
        if (kind.equals("h2")) {
            return "jdbc:h2:file:" + dir.resolve("service-" + UUID.randomUUID()).toAbsolutePath();
        }
        String base = System.getenv(VARIABLE);
        Assumptions.assumeTrue(base != null && !base.isBlank(),
                VARIABLE + " is not set: no PostgreSQL here (CI sets it and runs these tests)");
        String schema = "t_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = DriverManager.getConnection(base); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            fail(VARIABLE + " is set but PostgreSQL cannot be used: " + e.getMessage());
        }
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    /** Drops a PostgreSQL test schema made by {@link #fresh} (H2 files go with their folder). */
    public static void drop(String url) {
        int at = url.indexOf("currentSchema=");
        if (!url.startsWith("jdbc:postgresql:") || at < 0) {
            return;
        }
        String schema = url.substring(at + "currentSchema=".length());
        String base = url.substring(0, at - 1);
        try (Connection c = DriverManager.getConnection(base); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA " + schema + " CASCADE");
        } catch (SQLException e) {
            fail("dropping " + schema + ": " + e.getMessage());
        }
    }
}
