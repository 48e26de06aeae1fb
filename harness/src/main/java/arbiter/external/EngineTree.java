package arbiter.external;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * An engine process and everything it started, and how Arbiter proves a process is one of them before
 * it signals it. In order of strength:
 * <ol>
 * <li>its cgroup ({@link EngineCgroups}), where the machine allows one: everything the engine ever
 *     started, whatever it did, is in it;</li>
 * <li>else the engine's own identity (pid and start time, {@link ProcStat}) and, while it lives, its
 *     process group (it runs in one of its own, started through {@code setsid}): members in its
 *     session that started after it;</li>
 * <li>and, in both cases, the environment variable {@value #MARKER} that each engine gets with a value
 *     of its own (a random token for this JVM, then the engine's number): its children inherit it, so
 *     a grandchild that left the group ({@code setsid}) and lost its parent is still found, unless it
 *     cleared its environment.</li>
 * </ol>
 *
 * @param cgroup the engine's cgroup, or null where engines are not contained
 */
record EngineTree(long pid, long startTicks, String marker, Path cgroup, boolean ownGroup) {
    private static final Logger LOG = LogManager.getLogger(EngineTree.class);
    /** The environment variable that marks an engine's processes. */
    static final String MARKER = "ARBITER_ENGINE";
    private static final String TOKEN = token();
    private static final AtomicLong ENGINES = new AtomicLong();

    /** How an engine is started: its command (joining its cgroup, in a group of its own) and its marker. */
    record Launch(List<String> command, String marker, Path cgroup, boolean ownGroup) {
        /** The engine as started, once its pid is known (start time -1 when it is already gone: its cgroup and marker still find its tree). */
        EngineTree started(long pid) {
            return new EngineTree(pid, ProcStat.of(pid).map(ProcStat::startTicks).orElse(-1L), marker, cgroup, ownGroup);
        }
    }

    /** How to start {@code command} so that its whole tree can be found and ended. */
    static Launch launch(List<String> command) {
        List<String> grouped = inOwnGroup(command);
        boolean ownGroup = grouped.size() > command.size();
        String marker = TOKEN + "." + ENGINES.incrementAndGet();
        Optional<Path> cgroup = EngineCgroups.newEngineGroup();
        return new Launch(cgroup.map(g -> EngineCgroups.joining(g, grouped)).orElse(grouped), marker, cgroup.orElse(null),
                ownGroup);
    }

    /** The engine's processes alive now (zombies left out), each with its identity. */
    List<ProcStat> members() {
        Map<Long, ProcStat> found = new LinkedHashMap<>();
        if (cgroup != null) {
            EngineCgroups.members(cgroup).forEach(p -> found.put(p.pid(), p));
        } else {
            leaderAndGroup().forEach(p -> found.put(p.pid(), p));
        }
        marked(marker, startTicks).forEach(p -> found.putIfAbsent(p.pid(), p));
        found.values().removeIf(ProcStat::dead);
        return new ArrayList<>(found.values());
    }

    /**
     * Ends every process of the engine's tree: SIGTERM first when {@code graceMs} is positive, SIGKILL
     * to what is left after it. Returns true when nothing of it is left.
     */
    boolean end(long graceMs) {
        List<ProcStat> left = members();
        if (left.isEmpty() && (cgroup == null || !Files.isDirectory(cgroup))) {
            return true;
        }
        if (graceMs > 0) {
            left.forEach(p -> p.signal(false));
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMs);
            while (!(left = members()).isEmpty() && System.nanoTime() < end) {
                sleep(20);
            }
        }
        if (cgroup != null) {
            EngineCgroups.end(cgroup);
        }
        for (int i = 0; i < 50 && !(left = members()).isEmpty(); i++) {
            left.forEach(p -> p.signal(true));
            sleep(20);
        }
        if (!left.isEmpty()) {
            LOG.warn("engine pid {}: {} process(es) still alive after SIGKILL: {}", pid, left.size(), left);
        }
        return left.isEmpty();
    }

    /**
     * The engine itself while it runs (same pid, same start time) and the members of its process group
     * in its session that started after it. Once the engine is gone, its group's id stays taken while
     * the group has members (POSIX: "Process ID Reuse"); the id is looked up again after the scan, so a
     * pid given to another process meanwhile makes the group unsure, and nothing of it is taken.
     */
    private List<ProcStat> leaderAndGroup() {
        Optional<ProcStat> leader = ProcStat.of(pid);
        if (startTicks < 0 || leader.isPresent() && leader.get().startTicks() != startTicks) {
            return List.of(); // the pid is another process's now: the engine's group ended before it was reused
        }
        List<ProcStat> found = new ArrayList<>();
        leader.ifPresent(found::add);
        if (ownGroup) {
            for (ProcStat p : all()) {
                if (p.pid() != pid && p.group() == pid && p.session() == pid && p.startTicks() >= startTicks) {
                    found.add(p);
                }
            }
            Optional<ProcStat> again = ProcStat.of(pid);
            if (again.isPresent() && again.get().startTicks() != startTicks) {
                return List.of();
            }
        } else {
            leader.flatMap(l -> ProcessHandle.of(pid)).ifPresent(h -> h.descendants()
                    .forEach(d -> ProcStat.of(d.pid()).filter(s -> s.startTicks() >= startTicks).ifPresent(found::add)));
        }
        return found;
    }

    /**
     * Every process whose environment has {@value #MARKER} set to {@code marker} (an engine's, or one it
     * started). Only processes that started no earlier than the engine ({@code notBefore}, in clock
     * ticks; -1 when unknown) can carry it, so the environments of older ones are not read: on a busy
     * machine most processes are older, and reading every environment took most of an engine's end.
     */
    static List<ProcStat> marked(String marker, long notBefore) {
        if (marker == null) {
            return List.of();
        }
        byte[] entry = (MARKER + "=" + marker).getBytes(StandardCharsets.UTF_8);
        List<ProcStat> found = new ArrayList<>();
        for (ProcStat p : all()) {
            if (p.startTicks() < notBefore) {
                continue;
            }
            try {
                if (hasEntry(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "environ")), entry)
                        && p.alive()) {
                    found.add(p);
                }
            } catch (IOException | RuntimeException e) {
                // gone, or not ours to read
            }
        }
        return found;
    }

    /** Whether the NUL-separated environment holds exactly {@code entry}. */
    static boolean hasEntry(byte[] environ, byte[] entry) {
        int start = 0;
        for (int i = 0; i <= environ.length; i++) {
            if (i == environ.length || environ[i] == 0) {
                if (i - start == entry.length && java.util.Arrays.equals(environ, start, i, entry, 0, entry.length)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    /** Every process on the machine, as /proc lists it. */
    static List<ProcStat> all() {
        List<ProcStat> all = new ArrayList<>();
        try (var procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path p : procs) {
                ProcStat.of(Long.parseLong(p.getFileName().toString())).ifPresent(all::add);
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot list /proc: {}", e.toString());
        }
        return all;
    }

    /** The command that starts {@code command} in a process group (and session) of its own, where {@code setsid} exists. */
    private static List<String> inOwnGroup(List<String> command) {
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

    private static String token() {
        byte[] b = new byte[8];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
