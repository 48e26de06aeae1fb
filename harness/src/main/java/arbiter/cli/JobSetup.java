package arbiter.cli;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.io.BoundedFiles;
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
        requireFile(configFile, "config file");
        return ConfigLoader.load(configFile);
    }

    /** An input file named on the command line: one that is missing, a folder or a device is bad input, said so. */
    static void requireFile(Path file, String what) {
        String problem = BoundedFiles.notAFile(file, what);
        if (problem != null) {
            throw new BadInputException(problem);
        }
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
     * Why Arbiter may not write into the existing {@code folder}, or null when it may: an empty folder,
     * one holding only Arbiter's lock file (a start stopped before it claimed the folder), or one
     * whose {@code state.json} Arbiter wrote (see {@link RunState#writtenByArbiter}; every run, match
     * and tuning claims its folder with one before anything else). A file named as one of Arbiter's
     * proves nothing: the folder's other files would be overwritten, or moved aside.
     */
    static String notOurs(Path folder) throws IOException {
        List<String> names;
        try (var entries = Files.list(folder)) {
            names = entries.map(p -> p.getFileName().toString()).toList();
        }
        boolean onlyLock = names.equals(List.of(FolderLock.NAME)) && FolderLock.isLockFile(folder.resolve(FolderLock.NAME));
        if (names.isEmpty() || onlyLock) {
            return null;
        }
        Path state = folder.resolve("state.json");
        if (RunState.writtenByArbiter(state) || !names.contains("state.json") && names.contains("tune-state.json")
                && RunState.writtenByArbiter(folder.resolve("tune-state.json"))) {
            return null;
        }
        String what = !names.contains("state.json")
                ? " holds files that are not an Arbiter run (there is no state.json of Arbiter's)"
                : Files.isSymbolicLink(state) ? ": its state.json is a symbolic link, not a state Arbiter wrote"
                : Files.isDirectory(state) ? ": its state.json is a folder, not a state Arbiter wrote"
                : ": its state.json is not a state Arbiter wrote (edited, damaged or another program's)";
        return "output " + folder + what + ": Arbiter writes only into an empty folder or one of its own runs, and never "
                + "touches, nor moves aside, other files (with --force-new neither); move them away or choose another output";
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
     * refused), creates it and claims it ({@link RunState#claim}); with {@code forceNew}, an earlier
     * run's folder is moved aside first, whole. A folder that is not Arbiter's ({@link #notOurs}) is
     * refused before anything is written there. The caller holds the returned lock until the job ends.
     */
    static FolderLock prepareOutput(Path output, boolean forceNew, PrintWriter out) throws IOException {
        boolean existed = Files.exists(output);
        if (existed && !Files.isDirectory(output)) {
            throw new BadInputException("output " + output + " is a file, not a folder: choose another output");
        }
        String refusal = existed ? notOurs(output) : null;
        if (refusal != null) {
            throw new BadInputException(refusal);
        }
        FolderLock lock = FolderLock.of(output);
        try {
            refusal = existed ? notOurs(output) : null; // again, now that no other Arbiter can change it
            if (refusal != null) {
                throw new BadInputException(refusal);
            }
            if (forceNew && existed) {
                Path aside = RunState.moveAside(output);
                FolderLock fresh = FolderLock.of(output);
                lock.close(); // the lock file moved aside with the folder it locked
                lock = fresh;
                if (aside != null) {
                    out.println("Earlier results moved to " + aside);
                }
            }
            RunState.claim(output);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
        return lock;
    }
}
