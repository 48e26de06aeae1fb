package arbiter.external;

import arbiter.io.OwnFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The engine processes a run started, written to {@code <output>/engines.pids} (one line each: pid,
 * start time, name), so that after the run's JVM was killed with SIGKILL (no shutdown hook runs) the
 * next run in that folder, or {@code arbiter run --cleanup}, can end the engines it left behind, and
 * only those. Each engine runs in a process group of its own (started through {@code setsid}), so its
 * children are found by group even after they were re-parented. A pid is trusted only if the process
 * still has the start time recorded with it (from {@code /proc/<pid>/stat}): a pid the system reused
 * for another process is never touched. Linux only; elsewhere nothing is recorded.
 */
public final class EngineLeftovers {
    private static final Logger LOG = LogManager.getLogger(EngineLeftovers.class);
    private static volatile Path file;

    private EngineLeftovers() {
    }

    /** Records this JVM's engine processes in {@code pidFile} from now on (null: record nothing). */
    public static synchronized void recordIn(Path pidFile) {
        file = pidFile;
    }

    static synchronized void started(long pid, String name) {
        Path f = file;
        if (f == null) {
            return;
        }
        Optional<String> start = startTime(pid);
        if (start.isEmpty()) {
            return;
        }
        try {
            OwnFiles.append(f, (pid + " " + start.get() + " " + name.replaceAll("\\s", "_") + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            LOG.warn("cannot record engine pid {} in {}: {}", pid, f, e.getMessage());
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
            OwnFiles.replace(f, keep.stream().map(line -> line + "\n").collect(java.util.stream.Collectors.joining()));
        } catch (IOException e) {
            LOG.warn("cannot update {}: {}", f, e.getMessage());
        }
    }

    /**
     * Ends the engines an earlier incarnation recorded in {@code pidFile} that still run (same pid, same
     * start time), with their process groups; then empties the file. Returns how many were ended.
     */
    public static synchronized int cleanUp(Path pidFile) throws IOException {
        OwnFiles.refuseLink(pidFile); // a record planted elsewhere would name processes to end
        if (!Files.isRegularFile(pidFile)) {
            return 0;
        }
        int ended = 0;
        for (String line : Files.readAllLines(pidFile, StandardCharsets.UTF_8)) {
            String[] f = line.trim().split(" ", 3);
            if (f.length < 2) {
                continue;
            }
            long pid;
            try {
                pid = Long.parseLong(f[0]);
            } catch (NumberFormatException e) {
                continue;
            }
            if (!startTime(pid).equals(Optional.of(f[1]))) {
                // The engine is gone, or the pid now belongs to another process. Its group may live on
                // (children re-parented after it exited): the kernel keeps a group's id from reuse while
                // the group has members, and they started after their leader, in its session.
                List<Long> orphans = orphansOf(pid, f[1]);
                if (!orphans.isEmpty()) {
                    orphans.forEach(m -> ProcessHandle.of(m).ifPresent(ProcessHandle::destroyForcibly));
                    LOG.info("ended the group of engine {} left by an earlier run (pid {}, {} process(es))",
                            f.length > 2 ? f[2] : "?", pid, orphans.size());
                    ended++;
                }
                continue;
            }
            long group = processGroup(pid).orElse(-1L);
            int killed = 0;
            if (group == pid) {
                for (long member : groupMembers(group)) {
                    ProcessHandle.of(member).ifPresent(ProcessHandle::destroyForcibly);
                    killed++;
                }
            } else {
                ProcessHandle.of(pid).ifPresent(h -> {
                    h.descendants().forEach(ProcessHandle::destroyForcibly);
                    h.destroyForcibly();
                });
                killed = 1;
            }
            LOG.info("ended engine {} left by an earlier run (pid {}, {} process(es))", f.length > 2 ? f[2] : "?", pid, killed);
            ended++;
        }
        OwnFiles.replace(pidFile, new byte[0]);
        return ended;
    }

    /** Members of group {@code leader} (gone) that are in its session and started after it. */
    private static List<Long> orphansOf(long leader, String leaderStart) {
        List<Long> orphans = new ArrayList<>();
        long start;
        try {
            start = Long.parseLong(leaderStart);
        } catch (NumberFormatException e) {
            return orphans;
        }
        for (long m : groupMembers(leader)) {
            if (statField(m, 6).equals(Optional.of(Long.toString(leader)))
                    && startTime(m).map(Long::parseLong).orElse(-1L) >= start) {
                orphans.add(m);
            }
        }
        return orphans;
    }

    /**
     * Ends the process group {@code leader} leads (an engine started through {@link #inOwnGroup}):
     * SIGTERM to every member, then SIGKILL to those left after {@code graceMs}, children that ignore
     * SIGTERM and children re-parented after the engine exited included. Returns true when the group
     * is empty (zombies aside) afterwards.
     */
    static boolean endGroup(long leader, long graceMs) {
        List<Long> members = liveMembers(leader);
        if (members.isEmpty()) {
            return true;
        }
        if (graceMs > 0) {
            members.forEach(m -> ProcessHandle.of(m).ifPresent(ProcessHandle::destroy));
            long end = System.nanoTime() + graceMs * 1_000_000L;
            while (!(members = liveMembers(leader)).isEmpty() && System.nanoTime() < end) {
                sleep(20);
            }
        }
        for (int i = 0; i < 50 && !members.isEmpty(); i++) {
            members.forEach(m -> ProcessHandle.of(m).ifPresent(ProcessHandle::destroyForcibly));
            sleep(20);
            members = liveMembers(leader);
        }
        if (!members.isEmpty()) {
            LOG.warn("process group {} still has {} member(s) after SIGKILL: {}", leader, members.size(), members);
        }
        return members.isEmpty();
    }

    /** Threads of their own for {@link #afterExit} (it may wait out a grace period): never the common pool. */
    static final java.util.concurrent.Executor REAPER = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "engine-group-reaper");
        t.setDaemon(true);
        return t;
    });

    /**
     * Ends what remains of an engine's group once the engine ended; its record leaves the pids file
     * only when the group is empty (so a later {@code --cleanup} still finds what could not be ended).
     */
    static void afterExit(long pid, boolean ownGroup, long graceMs) {
        if (!ownGroup || endGroup(pid, graceMs)) {
            ended(pid);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The group's members that are not zombies (a zombie is dead, only not yet reaped by its parent). */
    private static List<Long> liveMembers(long group) {
        List<Long> live = new ArrayList<>();
        for (long m : groupMembers(group)) {
            if (!statField(m, 3).map(st -> st.equals("Z") || st.equals("X")).orElse(true)) {
                live.add(m);
            }
        }
        return live;
    }

    /** True when {@code command} (as made by {@link #inOwnGroup}) starts its program in a group of its own. */
    static boolean ownGroup(List<String> command) {
        return !command.isEmpty() && (command.get(0).equals("/usr/bin/setsid") || command.get(0).equals("/bin/setsid"));
    }

    /** The process's start time in clock ticks since boot (field 22 of /proc/pid/stat), if it runs. */
    static Optional<String> startTime(long pid) {
        return statField(pid, 22);
    }

    private static Optional<Long> processGroup(long pid) {
        return statField(pid, 5).map(Long::parseLong);
    }

    /** Field {@code n} (1-based, as in proc(5)) of /proc/pid/stat; the command name may hold spaces. */
    private static Optional<String> statField(long pid, int n) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] rest = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return n - 3 < rest.length ? Optional.of(rest[n - 3]) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static List<Long> groupMembers(long group) {
        List<Long> members = new ArrayList<>();
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.toList()) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                long pid = Long.parseLong(name);
                if (processGroup(pid).orElse(-1L) == group) {
                    members.add(pid);
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot list /proc: {}", e.getMessage());
        }
        return members;
    }

    /** The command that starts {@code command} in a process group of its own, where {@code setsid} exists. */
    static List<String> inOwnGroup(List<String> command) {
        for (String setsid : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (Files.isExecutable(Path.of(setsid))) {
                List<String> c = new ArrayList<>();
                c.add(setsid);
                c.addAll(command);
                return c;
            }
        }
        return command;
    }
}
