package arbiter.cli;

import arbiter.cluster.Signer;
import arbiter.cluster.Worker;
import arbiter.config.ConfigLoader;
import arbiter.execute.PlayerFactory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code arbiter worker --join HOST:PORT}: plays games for a cluster coordinator until stopped. */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = "Join a coordinator (`arbiter run CONFIG --cluster`) and play the games it leases to this machine. "
                + "External engines run only as this machine's --engines file says.")
final class WorkerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--join", required = true, paramLabel = "HOST:PORT", description = "The coordinator's --listen address.")
    String join;

    @Option(names = "--concurrency", paramLabel = "N", description = "Games played at once (default: the number of cores).")
    Integer concurrency;

    @Option(names = "--engines", paramLabel = "FILE",
            description = "A config file whose players name the external engines this machine may run, with their "
                    + "commands as they are here (the run's own config works). Without it: built-in engines only.")
    Path engines;

    @Option(names = "--secret-file", required = true, paramLabel = "FILE",
            description = "The coordinator's shared secret (the same file's content on every machine).")
    Path secretFile;

    @Option(names = "--log", paramLabel = "FILE",
            description = "Log file (default: results/worker-N.log, N the first number no other live worker there uses).")
    Path log;

    @Option(names = "--connect-timeout", paramLabel = "SECONDS",
            description = "Give up when no coordinator answers for this long (default: wait forever).")
    Integer connectTimeout;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int slots = concurrency != null ? concurrency : Runtime.getRuntime().availableProcessors();
        if (slots < 1 || slots > 512) {
            throw new BadInputException("--concurrency " + slots + ": must be 1..512");
        }
        if (connectTimeout != null && connectTimeout < 1) {
            throw new BadInputException("--connect-timeout " + connectTimeout + ": must be at least 1 second");
        }
        Signer signer;
        try {
            signer = Signer.fromFile(secretFile);
        } catch (Signer.BadSecretException e) {
            throw new BadInputException(e.getMessage());
        }
        PlayerFactory players = engines == null ? new PlayerFactory(Map.of())
                : PlayerFactory.of(JobSetup.load(engines));
        // Each worker its own log and engine record, so workers sharing a folder never end each other's
        // engines: without --log it claims a free results/worker-N.log (under that file's lock); a --log
        // it is given is locked the same way, so a second worker on the same files is refused.
        try (WorkerFiles files = log == null ? WorkerFiles.claim(Path.of("results")) : null) {
            if (files != null) {
                log = files.log;
            }
            java.nio.file.Files.createDirectories(log.toAbsolutePath().getParent());
            try (FolderLock lock = files != null ? null
                    : FolderLock.on(log.resolveSibling(log.getFileName() + ".lock"), "log " + log)) {
                JobSetup.adoptEngineRecord(log.resolveSibling(log.getFileName() + ".pids"), "an earlier worker logging to " + log, out);
                long timeoutMs = connectTimeout == null ? -1 : connectTimeout * 1000L;
                try {
                    serve(signer, players, slots, timeoutMs, out);
                } finally {
                    arbiter.external.EngineLeftovers.recordIn(null);
                }
            }
        }
        return 0;
    }

    /**
     * Connects and plays until stopped. Ctrl-C or SIGTERM ends it at once, also while it starts: a
     * signal before the worker exists is remembered, and the worker, once made, is closed at once.
     */
    private void serve(Signer signer, PlayerFactory players, int slots, long timeoutMs, PrintWriter out) throws Exception {
        AtomicBoolean stopping = new AtomicBoolean();
        AtomicReference<Worker> worker = new AtomicReference<>();
        StopOnSignal.run(log, spec.commandLine().getErr(), () -> {
            stopping.set(true);
            Worker w = worker.get();
            if (w != null) {
                w.close();
            }
        }, () -> {
            if (stopping.get()) {
                return null;
            }
            try (Worker w = connect(signer, players, slots, timeoutMs, out)) {
                worker.set(w); // from here a signal ends it at once, connecting or playing
                try {
                    if (!stopping.get() && w.connect(timeoutMs)) {
                        w.run();
                    }
                } catch (IllegalStateException e) {
                    throw new BadInputException("the coordinator at " + join + ": " + e.getMessage());
                }
            }
            return null;
        });
    }

    private Worker connect(Signer signer, PlayerFactory players, int slots, long timeoutMs, PrintWriter out) {
        try {
            return new Worker(join, signer, players, slots, timeoutMs, out);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        } catch (IllegalStateException e) {
            throw new BadInputException("no coordinator at " + join + ": " + e.getMessage());
        }
    }
}
