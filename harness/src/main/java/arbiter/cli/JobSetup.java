package arbiter.cli;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.tournament.RunState;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** What `run` and `tune` do before their job starts: read the config, prepare the output folder. */
final class JobSetup {
    private JobSetup() {
    }

    static RunConfig load(Path configFile) {
        if (!Files.isRegularFile(configFile)) {
            throw new BadInputException("no such config file: " + configFile);
        }
        return ConfigLoader.load(configFile);
    }

    /** {@code --concurrency}: 1..512 as in a config; 0 (no local games) only for a cluster coordinator. */
    static void checkConcurrency(int n, boolean cluster) {
        if (n < (cluster ? 0 : 1) || n > 512) {
            throw new BadInputException("--concurrency " + n + ": must be between " + (cluster ? 0 : 1) + " and 512");
        }
    }

    /** A file to write given on the command line: its folder must exist. */
    static void checkWritable(Path file, String option) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new BadInputException(option + " " + file + ": no such folder " + parent);
        }
        if (Files.isDirectory(file)) {
            throw new BadInputException(option + " " + file + ": is a folder, not a file");
        }
    }

    /**
     * Ends the engines an earlier, killed incarnation of this run left running (recorded in
     * {@code <output>/engines.pids}), then records this run's engines there.
     */
    static void adoptEngineRecord(Path output, PrintWriter out) throws IOException {
        adoptEngineRecord(output.resolve(ENGINE_PIDS), "an earlier run in " + output, out);
    }

    /** As above with the record in {@code pids} (a worker keeps one beside its log). */
    static void adoptEngineRecord(Path pids, String earlier, PrintWriter out) throws IOException {
        int ended = arbiter.external.EngineLeftovers.cleanUp(pids);
        if (ended > 0) {
            out.println("Ended " + ended + " engine process" + (ended == 1 ? "" : "es") + " left running by " + earlier + ".");
        }
        arbiter.external.EngineLeftovers.recordIn(pids);
    }

    static final String ENGINE_PIDS = "engines.pids";

    /**
     * Locks the output folder for this process (see {@link FolderLock}; another process writing it is
     * refused) and creates it; with {@code forceNew}, an earlier run's folder is moved aside first. The
     * caller holds the returned lock until the job ends.
     */
    static FolderLock prepareOutput(Path output, boolean forceNew, PrintWriter out) throws IOException {
        boolean existed = Files.exists(output);
        FolderLock lock = FolderLock.of(output);
        if (forceNew && existed) {
            Path aside;
            try {
                aside = RunState.moveAside(output);
            } catch (IOException | RuntimeException e) {
                lock.close();
                throw e;
            }
            try {
                FolderLock fresh = FolderLock.of(output);
                lock.close(); // the lock file moved aside with the folder it locked
                lock = fresh;
            } catch (IOException | RuntimeException e) {
                lock.close();
                throw e;
            }
            if (aside != null) {
                out.println("Earlier results moved to " + aside);
            }
        }
        return lock;
    }
}
