package arbiter.external;

import arbiter.io.OwnFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The engine processes a run started, written to {@code <output>/engines.pids}, so that after the
 * run's JVM was killed with SIGKILL (no shutdown hook runs) the next run in that folder, or {@code
 * arbiter run --cleanup}, can end the engines it left behind and what they started, and only those.
 * One line per engine: {@code <pid> <start ticks> <name> <marker> [<cgroup>]}, and once a line
 * {@code cgroup <path>} for the JVM's cgroup, where engines are contained (see {@link EngineTree} for
 * how each identity proves a process ours). A pid is acted on only while the process still has the
 * start time recorded with it (from {@code /proc/<pid>/stat}): a pid the system gave to another process
 * is never touched. Linux only; elsewhere nothing is recorded.
 */
public final class EngineLeftovers {
    private static final Logger LOG = LogManager.getLogger(EngineLeftovers.class);
    private static volatile Path file;
    /** The record that already names this JVM's cgroup. */
    private static Path cgroupRecordedIn;

    private EngineLeftovers() {
    }

    /** Records this JVM's engine processes in {@code pidFile} from now on (null: record nothing). */
    public static synchronized void recordIn(Path pidFile) {
        file = pidFile;
        cgroupRecordedIn = null;
    }

    static synchronized void started(EngineTree engine, String name) {
        Path f = file;
        if (f == null || engine.startTicks() < 0) {
            return;
        }
        StringBuilder lines = new StringBuilder();
        if (engine.cgroup() != null && !f.equals(cgroupRecordedIn)) {
            lines.append("cgroup ").append(engine.cgroup().getParent()).append('\n');
            cgroupRecordedIn = f;
        }
        lines.append(engine.pid()).append(' ').append(engine.startTicks()).append(' ').append(name.replaceAll("\\s", "_"))
                .append(' ').append(engine.marker());
        if (engine.cgroup() != null) {
            lines.append(' ').append(engine.cgroup().getFileName());
        }
        append(f, lines.append('\n').toString());
    }

    private static void append(Path f, String text) {
        try {
            OwnFiles.append(f, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            LOG.warn("cannot record engine in {}: {}", f, e.getMessage());
        }
    }

    static synchronized void ended(long pid) {
        Path f = file;
        if (f == null || !Files.exists(f)) {
            return;
        }
        try {
            List<String> keep = new ArrayList<>();
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                if (!line.startsWith(pid + " ")) {
                    keep.add(line);
                }
            }
            if (keep.stream().noneMatch(line -> !line.isEmpty() && Character.isDigit(line.charAt(0)))) {
                keep.clear(); // no engine left: the cgroup line goes too (the next engine writes it again)
                cgroupRecordedIn = null;
            }
            OwnFiles.replace(f, keep.stream().map(line -> line + "\n").collect(java.util.stream.Collectors.joining()));
        } catch (IOException e) {
            LOG.warn("cannot update {}: {}", f, e.getMessage());
        }
    }

    /**
     * Ends what the engines an earlier incarnation recorded in {@code pidFile} left running: each
     * engine's tree as far as it can be proven the engine's (see {@link EngineTree}), then anything else
     * in that JVM's cgroup; then empties the file. Returns how many engines had something left.
     */
    public static synchronized int cleanUp(Path pidFile) throws IOException {
        OwnFiles.refuseLink(pidFile); // a record planted elsewhere would name processes to end
        if (!Files.isRegularFile(pidFile)) {
            return 0;
        }
        List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
        Optional<Path> run = Optional.empty();
        for (String line : lines) {
            if (line.startsWith("cgroup ") && run.isEmpty()) {
                run = EngineCgroups.leftover(line.substring("cgroup ".length()));
            }
        }
        int ended = 0;
        for (String line : lines) {
            String[] f = line.strip().split(" ");
            if (f.length < 3 || !f[0].matches("\\d{1,10}") || !f[1].matches("\\d{1,19}")) {
                continue;
            }
            Path cgroup = run.isPresent() && f.length > 4 && f[4].matches("engine-\\d+") ? run.get().resolve(f[4]) : null;
            EngineTree engine = new EngineTree(Long.parseLong(f[0]), Long.parseLong(f[1]), f.length > 3 ? f[3] : null,
                    cgroup, true);
            int left = engine.members().size();
            if (left > 0) {
                engine.end(0);
                LOG.info("ended engine {} left by an earlier run (pid {}, {} process(es))", f[2], engine.pid(), left);
                ended++;
            }
        }
        run.ifPresent(EngineCgroups::end);
        OwnFiles.replace(pidFile, new byte[0]);
        return ended;
    }

    /** Threads of their own for {@link #afterExit} (it may wait out a grace period): never the common pool. */
    static final Executor REAPER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "engine-group-reaper");
        t.setDaemon(true);
        return t;
    });

    /**
     * Ends what remains of an engine's tree once the engine ended; its record leaves the pids file only
     * when nothing of it is left (so a later {@code --cleanup} still finds what could not be ended).
     */
    static void afterExit(EngineTree engine, long graceMs) {
        if (engine.end(graceMs)) {
            ended(engine.pid());
        }
    }
}
