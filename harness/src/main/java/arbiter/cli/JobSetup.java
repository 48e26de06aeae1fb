package arbiter.cli;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.tournament.RunState;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What `run` and `tune` do before their job starts: read the config, prepare the output folder. */
final class JobSetup {
    private JobSetup() {
    }

    static RunConfig load(Path configFile) {
        if (Files.isDirectory(configFile)) {
            throw new BadInputException("config file " + configFile + " is a folder, not a file");
        }
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

    /** Files only an Arbiter run (run, match or tune, even one that ended before its first game) makes. */
    private static final java.util.Set<String> RUN_MARKERS = java.util.Set.of(FolderLock.NAME, "state.json", ENGINE_PIDS,
            "arbiter.log", "tune-state.json", "games.pdn");

    /** An empty folder, or one that holds an Arbiter run's own files. */
    static boolean isArbiterFolder(Path folder) throws IOException {
        try (var entries = Files.list(folder)) {
            List<String> names = entries.map(p -> p.getFileName().toString()).toList();
            return names.isEmpty() || names.stream().anyMatch(RUN_MARKERS::contains);
        }
    }

    /** Player names go into PDN tags, file names and the terminal: no control characters (NUL, ESC, CR, TAB...). */
    static void checkPlayerNames(RunConfig config) {
        for (int i = 0; i < config.players().size(); i++) {
            String name = config.players().get(i).name();
            for (int k = 0; k < name.length(); k++) {
                char c = name.charAt(k);
                if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                    throw new BadInputException("$.players[" + i + "].name: control character U+"
                            + String.format("%04X", (int) c) + " at position " + (k + 1) + ": a player's name is printable text");
                }
            }
        }
    }

    /**
     * Locks the output folder for this process (see {@link FolderLock}; another process writing it is
     * refused) and creates it; with {@code forceNew}, an earlier run's folder is moved aside first. The
     * caller holds the returned lock until the job ends.
     */
    static FolderLock prepareOutput(Path output, boolean forceNew, PrintWriter out) throws IOException {
        boolean existed = Files.exists(output);
        if (existed && !Files.isDirectory(output)) {
            throw new BadInputException("output " + output + " is a file, not a folder: choose another output");
        }
        if (existed && !isArbiterFolder(output)) {
            throw new BadInputException("output " + output + " holds files that are not an Arbiter run: Arbiter writes "
                    + "only into an empty folder or one of its own runs (it never moves other files aside); choose another output");
        }
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
