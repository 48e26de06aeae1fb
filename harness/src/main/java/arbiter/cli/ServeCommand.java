package arbiter.cli;

import arbiter.service.api.ServiceHost;
import arbiter.service.pages.ServicePages;
import arbiter.service.schedule.Board;
import arbiter.service.store.Database;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code arbiter serve}: the test service — a queue of tests from many people, played by whichever workers come. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve the test service: people submit tests (`arbiter submit`), workers play them (`arbiter worker "
                + "--server URL`). Its state is a database: an H2 file in the data folder, or PostgreSQL with --db. "
                + "The first start makes the user admin and writes its API token and a worker token to files in the data folder.")
final class ServeCommand implements Callable<Integer> {
    static final String DEFAULT_DATA = "results/service";

    @Spec
    CommandSpec spec;

    @Option(names = "--db", paramLabel = "URL",
            description = "The database: jdbc:h2:file:PATH (default: DATA/service) or jdbc:postgresql://HOST/DB?user=U&password=P.")
    String db;

    @Option(names = "--listen", paramLabel = "HOST:PORT", description = "Where to serve (default: 127.0.0.1:7700, this machine only).")
    String listen = "127.0.0.1:7700";

    @Option(names = "--data", paramLabel = "DIR", description = "The data folder: the H2 database, token files, the log (default: "
            + DEFAULT_DATA + ").")
    Path data = Path.of(DEFAULT_DATA);

    @Option(names = "--task-minutes", paramLabel = "M", description = "About how long a task keeps a worker busy (default: 30, as fishtest).")
    double taskMinutes = 30;

    @Option(names = "--lease-seconds", paramLabel = "S", description = "A worker silent this long loses its tasks (default: 360, as fishtest).")
    double leaseSeconds = 360;

    @Option(names = "--report-seconds", paramLabel = "S", description = "How often workers report new pairs (default: 60).")
    double reportSeconds = 60;

    @Option(names = "--heartbeat-seconds", paramLabel = "S", description = "How often an idle worker says it is alive (default: 60).")
    double heartbeatSeconds = 60;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (!(taskMinutes > 0 && taskMinutes <= 24 * 60) || !(reportSeconds >= 0.1 && reportSeconds <= 3600)
                || !(heartbeatSeconds >= 0.1 && heartbeatSeconds <= 3600) || !(leaseSeconds >= 3 * Math.max(reportSeconds, heartbeatSeconds)
                && leaseSeconds <= 86_400)) {
            throw new BadInputException("--task-minutes 0-1440, --report-seconds and --heartbeat-seconds 0.1-3600, and "
                    + "--lease-seconds at least three reports or heartbeats long (up to 86400)");
        }
        Files.createDirectories(data);
        String url = db != null ? db : "jdbc:h2:file:" + data.toAbsolutePath().resolve("service");
        Board.Settings settings = new Board.Settings((long) (leaseSeconds * 1000), (long) (heartbeatSeconds * 1000),
                (long) (reportSeconds * 1000), (long) (taskMinutes * 60_000), Math.max(1000, (long) (heartbeatSeconds * 250)));
        Path log = data.resolve("serve.log");
        CountDownLatch stop = new CountDownLatch(1);
        StopOnSignal.run(log, spec.commandLine().getErr(), stop::countDown, () -> {
            ServiceHost host;
            try {
                host = ServiceHost.start(url, listen, data, settings, List.of(ServicePages::new));
            } catch (Database.OpenException | IllegalArgumentException e) {
                throw new BadInputException(e.getMessage());
            }
            try (host) {
                out.println("Serving the test service on http://" + host.address() + "/ (database " + host.databaseUrl()
                        + "; log " + log + ")");
                if (!host.written().isEmpty()) {
                    out.println("First start: the user admin's API token is in " + host.written().get(0)
                            + ", a worker token in " + host.written().get(1) + " (each readable by you only).");
                }
                out.flush();
                stop.await();
                out.println("Stopping: " + host.service().figures() + ".");
            }
            return null;
        });
        return 0;
    }
}
