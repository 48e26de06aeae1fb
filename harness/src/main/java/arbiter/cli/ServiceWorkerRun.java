package arbiter.cli;

import arbiter.execute.PlayerFactory;
import arbiter.external.ExternalEngine;
import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.worker.ServiceWorker;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** {@code arbiter worker --server URL --token-file F}: a worker of the test service, with its own log and engine record. */
final class ServiceWorkerRun {
    private ServiceWorkerRun() {
    }

    static int run(WorkerCommand c, int slots, PrintWriter out, PrintWriter err) throws Exception {
        String token;
        ServiceClient client;
        try {
            token = TokenFiles.read(c.tokenFile);
            client = new ServiceClient(c.server, token);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        // the engines this machine declares, under the names a cluster worker gives them
        Map<String, ExternalEngine> engines = c.engines == null ? Map.of() : PlayerFactory.of(JobSetup.load(c.engines)).engines();
        try (WorkerFiles files = c.log == null ? WorkerFiles.claim(Path.of("results")) : null) {
            Path log = files != null ? files.log : c.log;
            Files.createDirectories(log.toAbsolutePath().getParent());
            try (FolderLock lock = files != null ? null
                    : FolderLock.on(log.resolveSibling(log.getFileName() + ".lock"), "log " + log)) {
                JobSetup.adoptEngineRecord(log.resolveSibling(log.getFileName() + ".pids"), "an earlier worker logging to " + log, out);
                ServiceWorker worker = new ServiceWorker(client, engines, slots, !c.noBuilds, hostName(), out);
                try {
                    StopOnSignal.run(log, err, worker::close, () -> {
                        try {
                            worker.run();
                        } catch (ServiceClient.Failed e) {
                            throw new BadInputException("the server at " + c.server + " refused this worker: " + e.getMessage());
                        }
                        return null;
                    });
                } finally {
                    arbiter.external.EngineLeftovers.recordIn(null);
                }
            }
        }
        return 0;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
