package arbiter.service.api;

import arbiter.service.protocol.TokenFiles;
import arbiter.service.schedule.Board;
import arbiter.service.store.Database;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code arbiter serve} put together: the database, the service and its HTTP server. On the first
 * start (no user yet) it makes the user {@code admin} with an API token and a worker token, and writes
 * each to a file of its own in the data folder, readable by its owner only ({@code admin.token},
 * {@code worker.token}); the tokens themselves are never printed or logged.
 */
public final class ServiceHost implements AutoCloseable {
    public static final String ADMIN_TOKEN = "admin.token";
    public static final String WORKER_TOKEN = "worker.token";

    private final Database db;
    private final Service service;
    private final ServiceServer server;
    private final List<Path> written;

    private ServiceHost(Database db, Service service, ServiceServer server, List<Path> written) {
        this.db = db;
        this.service = service;
        this.server = server;
        this.written = written;
    }

    /**
     * Opens the database, starts serving, and on a first start writes the token files into {@code data}.
     *
     * @throws Database.OpenException  when the database cannot be used (one line)
     * @throws IllegalArgumentException when the address cannot be served or a token file cannot be written
     */
    public static ServiceHost start(String dbUrl, String listen, Path data, Board.Settings settings) {
        return start(dbUrl, listen, data, settings, List.of());
    }

    /** The same with more routes on the server (the web pages), each made for the service. */
    public static ServiceHost start(String dbUrl, String listen, Path data, Board.Settings settings,
                                    List<Function<Service, ServiceServer.Extension>> extensions) {
        Database db = Database.open(dbUrl);
        Service service = null;
        try {
            service = new Service(db, settings);
            List<Path> written = new ArrayList<>();
            String[] tokens = service.people().bootstrap();
            if (tokens != null) {
                written.add(TokenFiles.write(data.resolve(ADMIN_TOKEN), tokens[0]));
                written.add(TokenFiles.write(data.resolve(WORKER_TOKEN), tokens[1]));
            }
            Service made = service;
            ServiceServer server = new ServiceServer(service, listen, extensions.stream().map(e -> e.apply(made)).toList());
            return new ServiceHost(db, service, server, written);
        } catch (RuntimeException e) {
            if (service != null) {
                service.close();
            }
            db.close();
            throw e;
        }
    }

    public String address() {
        return server.address();
    }

    public String databaseUrl() {
        return db.url();
    }

    /** The token files this start wrote (empty after the first). */
    public List<Path> written() {
        return written;
    }

    public Service service() {
        return service;
    }

    public ServiceServer server() {
        return server;
    }

    @Override
    public void close() {
        server.close();
        service.close();
        db.close();
    }
}
