package arbiter.cli;

import arbiter.cluster.ClusterExecutor;
import arbiter.cluster.Signer;
import arbiter.config.RunConfig;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --cluster}, {@code --listen} and {@code --secret-file} of {@code run} and {@code tune}. */
final class ClusterOptions {
    static final String DEFAULT_LISTEN = "127.0.0.1:5701";

    @Option(names = "--cluster", description = "Be a cluster coordinator: workers (`arbiter worker --join`) play games too.")
    boolean cluster;

    @Option(names = "--listen", paramLabel = "HOST:PORT",
            description = "Where the coordinator accepts workers (default ${DEFAULT-VALUE}; only this address is bound). "
                    + "Beyond loopback only on a trusted network or a tunnel: see docs/cluster.md.",
            defaultValue = DEFAULT_LISTEN)
    String listen;

    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "Shared secret signing specs and results (default: <output>/cluster.secret, created if missing).")
    Path secretFile;

    /** Checks the flags against the config before anything starts. */
    void validate(RunConfig config) {
        if (!cluster && (secretFile != null || !listen.equals(DEFAULT_LISTEN))) {
            throw new BadInputException("--listen and --secret-file need --cluster");
        }
        if (!cluster && config.concurrency() == 0) {
            throw new BadInputException("--concurrency 0 (no local games) needs --cluster");
        }
    }

    /** Starts the coordinator's member and its local threads; prints how workers join. */
    ClusterExecutor start(RunConfig config, PrintWriter out) throws IOException {
        Signer signer;
        Path secret = secretFile;
        try {
            if (secret == null) {
                secret = config.output().resolve("cluster.secret");
                signer = Files.exists(secret) ? Signer.fromFile(secret) : Signer.createFile(secret);
            } else {
                signer = Signer.fromFile(secret);
            }
        } catch (Signer.BadSecretException e) {
            throw new BadInputException(e.getMessage());
        }
        LocalExecutor local = new LocalExecutor(config.concurrency(), PlayerFactory.of(config));
        ClusterExecutor executor;
        try {
            executor = new ClusterExecutor(listen, signer, local, config.concurrency(), config.name());
        } catch (IllegalArgumentException e) {
            local.close();
            throw new BadInputException(e.getMessage());
        } catch (RuntimeException e) {
            local.close();
            throw new BadInputException("cannot listen on " + listen + ": " + e.getMessage());
        }
        if (!loopback(listen)) {
            out.printf("warning: --listen %s is reachable beyond this machine: anyone who can reach it can slow the run "
                    + "down (not forge results); keep it on a trusted network or behind a tunnel (docs/cluster.md).%n", listen);
        }
        out.printf("Coordinator on %s, %d local games at once. Add workers with:%n  arbiter worker --join %s --secret-file %s%n",
                executor.address(), config.concurrency(), executor.address(), secret.toAbsolutePath());
        out.flush();
        return executor;
    }

    private static boolean loopback(String listen) {
        String host = listen.substring(0, Math.max(listen.lastIndexOf(':'), 0));
        try {
            return java.net.InetAddress.getByName(host).isLoopbackAddress();
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
