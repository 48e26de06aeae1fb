package arbiter.external;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Every engine's whole process tree, contained: where the machine offers a writable cgroup v2
 * hierarchy (a pure v2 system, or the {@code unified} hierarchy beside v1 ones; as root, or in a
 * cgroup delegated to the user), this JVM makes one cgroup of its own,
 * {@code arbiter-<pid>-<start ticks>-<random>} beside itself, and each engine process one inside it,
 * {@code engine-<n>}. The engine joins its cgroup before it runs (a shell writes its own pid into the
 * cgroup's {@code cgroup.procs}, then {@code exec}s the engine), so everything it ever starts is in
 * it too, whatever it does: {@code setsid}, double forks and re-parenting do not leave a cgroup. So
 * the engine's tree is ended by the kernel ({@code cgroup.kill}, Linux 5.14; before that, each member
 * by pid) and proven ours: a process in our cgroup was started by one of our engines.
 *
 * <p>Without such a hierarchy (no cgroup v2, or not allowed to write it) nothing is contained here:
 * {@link EngineLeftovers} still ends each engine's process group.
 */
final class EngineCgroups {
    private static final Logger LOG = LogManager.getLogger(EngineCgroups.class);
    /** A run's cgroup: the creating JVM's pid and start time (so a live one is never taken for a leftover), then a random token. */
    static final Pattern RUN_NAME = Pattern.compile("arbiter-(\\d+)-(\\d+)-[0-9a-f]{16}");
    /** Joins the cgroup whose {@code cgroup.procs} is $0, then runs the engine ("$@"). */
    private static final String JOIN = "echo $$ > \"$0\" || echo \"arbiter: engine not contained: cannot join $0\" >&2; exec \"$@\"";
    private static final String SH = "/bin/sh";
    /** How long a killed cgroup has to empty before it is given up (it is left for the next cleanup). */
    private static final long EMPTY_WAIT_MS = 2000;

    private static final AtomicInteger ENGINES = new AtomicInteger();
    private static Optional<Path> run;
    private static boolean tried;

    private EngineCgroups() {
    }

    /** This JVM's cgroup for engines, made on first use; empty where engines cannot be contained. */
    static synchronized Optional<Path> run() {
        if (!tried) {
            tried = true;
            run = create();
        }
        return run;
    }

    /** A new, empty cgroup for one engine process, or empty when engines are not contained here. */
    static Optional<Path> newEngineGroup() {
        Optional<Path> parent = run();
        if (parent.isEmpty()) {
            return Optional.empty();
        }
        Path group = parent.get().resolve("engine-" + ENGINES.incrementAndGet());
        try {
            Files.createDirectory(group);
            return Optional.of(group);
        } catch (IOException e) {
            LOG.warn("cannot make cgroup {}: {}; this engine is not contained", group, e.toString());
            return Optional.empty();
        }
    }

    /** The command that makes the engine join {@code group} before it runs {@code command}. */
    static List<String> joining(Path group, List<String> command) {
        List<String> c = new ArrayList<>(List.of(SH, "-c", JOIN, group.resolve("cgroup.procs").toString()));
        c.addAll(command);
        return c;
    }

    /**
     * Ends every process in {@code group} and its cgroups below (SIGKILL), then removes the cgroups.
     * Returns true when the cgroup emptied.
     */
    static boolean end(Path group) {
        if (!Files.isDirectory(group)) {
            return true;
        }
        if (populated(group)) {
            kill(group);
        }
        boolean empty = awaitEmpty(group, EMPTY_WAIT_MS);
        if (!empty) {
            LOG.warn("cgroup {} still holds processes after SIGKILL: {}", group, members(group));
        }
        remove(group);
        return empty;
    }

    /** Ends this JVM's cgroup, everything still in it (the JVM is exiting). */
    static synchronized void endRun() {
        if (run != null && run.isPresent()) {
            end(run.get());
        }
    }

    /**
     * A run's cgroup named in a record, if it is one that an Arbiter JVM made on this machine and that
     * JVM is gone: under a cgroup v2 mount, named as {@link #RUN_NAME} (with a token nobody else can
     * guess, so a record from elsewhere cannot name a cgroup of ours), its maker no longer running.
     */
    static Optional<Path> leftover(String recorded) {
        Path p;
        try {
            p = Path.of(recorded).normalize();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        Matcher m = RUN_NAME.matcher(p.getFileName() == null ? "" : p.getFileName().toString());
        if (!m.matches() || !Files.isDirectory(p) || !Files.isRegularFile(p.resolve("cgroup.procs"))
                || mount().map(mount -> !p.startsWith(mount)).orElse(true) || makerRuns(m)) {
            return Optional.empty();
        }
        return Optional.of(p);
    }

    /** The processes in {@code group} and the cgroups below it, each with its identity. */
    static List<ProcStat> members(Path group) {
        List<ProcStat> members = new ArrayList<>();
        for (Path g : withChildren(group)) {
            try {
                for (String line : Files.readAllLines(g.resolve("cgroup.procs"))) {
                    if (!line.isBlank()) {
                        ProcStat.of(Long.parseLong(line.strip())).filter(s -> inGroup(s.pid(), g)).ifPresent(members::add);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // gone meanwhile
            }
        }
        return members;
    }

    /** Whether any process is in {@code group} or below it (cgroup.events: populated). */
    static boolean populated(Path group) {
        try {
            return Files.readAllLines(group.resolve("cgroup.events")).contains("populated 1");
        } catch (IOException e) {
            return !members(group).isEmpty();
        }
    }

    private static boolean awaitEmpty(Path group, long ms) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (populated(group)) {
            if (System.nanoTime() > end) {
                return false;
            }
            sleep(10);
        }
        return true;
    }

    /** SIGKILL to every process in the cgroup: by the kernel where it can (cgroup.kill), else member by member. */
    private static void kill(Path group) {
        Path killFile = group.resolve("cgroup.kill");
        if (Files.exists(killFile)) {
            try {
                Files.writeString(killFile, "1");
                return;
            } catch (IOException e) {
                LOG.warn("cannot write {}: {}", killFile, e.toString());
            }
        }
        for (int i = 0; i < 50 && populated(group); i++) {
            members(group).forEach(p -> p.signal(true));
            sleep(20);
        }
    }

    /** Removes the cgroup and those below it (each must be empty of processes). */
    private static void remove(Path group) {
        List<Path> all = withChildren(group);
        for (int i = all.size() - 1; i >= 0; i--) {
            try {
                Files.deleteIfExists(all.get(i));
            } catch (IOException e) {
                LOG.debug("cannot remove cgroup {}: {}", all.get(i), e.toString());
            }
        }
    }

    /** The cgroup and its descendants, parents first. */
    private static List<Path> withChildren(Path group) {
        List<Path> all = new ArrayList<>(List.of(group));
        for (int i = 0; i < all.size(); i++) {
            try (DirectoryStream<Path> children = Files.newDirectoryStream(all.get(i), Files::isDirectory)) {
                children.forEach(all::add);
            } catch (IOException e) {
                // gone meanwhile
            }
        }
        return all;
    }

    /** Whether {@code pid} is in cgroup {@code group} now (its v2 line of /proc/pid/cgroup). */
    private static boolean inGroup(long pid, Path group) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup"))) {
                if (line.startsWith("0::")) {
                    return mount().map(m -> m.resolve(line.substring(4)).equals(group)).orElse(false);
                }
            }
        } catch (IOException e) {
            // gone
        }
        return false;
    }

    private static boolean makerRuns(Matcher runName) {
        long pid = Long.parseLong(runName.group(1));
        long start = Long.parseLong(runName.group(2));
        return ProcStat.of(pid).map(s -> s.startTicks() == start && !s.dead()).orElse(false); // a zombie JVM runs no more
    }

    /** Makes this JVM's cgroup beside its own and checks that a process can join it; empty if not. */
    private static Optional<Path> create() {
        Optional<Path> own = ownCgroup();
        Optional<ProcStat> self = ProcStat.of(ProcessHandle.current().pid());
        if (own.isEmpty() || self.isEmpty() || !Files.isExecutable(Path.of(SH))) {
            LOG.info("engines are not contained in a cgroup: no cgroup v2 hierarchy here");
            return Optional.empty();
        }
        removeEmptyLeftovers(own.get());
        byte[] token = new byte[8];
        new SecureRandom().nextBytes(token);
        Path dir = own.get().resolve("arbiter-" + self.get().pid() + "-" + self.get().startTicks() + "-"
                + HexFormat.of().formatHex(token));
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            LOG.info("engines are not contained in a cgroup: cannot make one in {} ({})", own.get(), e.toString());
            return Optional.empty();
        }
        Path probe = dir.resolve("probe");
        try {
            Files.createDirectory(probe);
            Process p = new ProcessBuilder(joining(probe, List.of("true"))).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0 || !said.isEmpty()) {
                throw new IOException("a process cannot join it" + (said.isEmpty() ? "" : ": " + said));
            }
            remove(probe);
            LOG.info("engines are contained in cgroup {}", dir);
            return Optional.of(dir);
        } catch (IOException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            LOG.info("engines are not contained in a cgroup: {} ({})", dir, e.getMessage());
            remove(dir);
            return Optional.empty();
        }
    }

    /** Empty run cgroups of JVMs gone (killed before they could remove theirs); a populated one is left to its run's cleanup. */
    private static void removeEmptyLeftovers(Path parent) {
        try (DirectoryStream<Path> runs = Files.newDirectoryStream(parent, "arbiter-*")) {
            for (Path r : runs) {
                Matcher m = RUN_NAME.matcher(r.getFileName().toString());
                if (m.matches() && !makerRuns(m) && !populated(r)) {
                    remove(r);
                }
            }
        } catch (IOException e) {
            // nothing to tidy
        }
    }

    /** This JVM's cgroup in the v2 hierarchy, as a folder. */
    private static Optional<Path> ownCgroup() {
        Optional<Path> mount = mount();
        if (mount.isEmpty()) {
            return Optional.empty();
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                if (line.startsWith("0::/")) {
                    Path own = mount.get().resolve(line.substring(4)).normalize();
                    return own.startsWith(mount.get()) && Files.isDirectory(own) ? Optional.of(own) : Optional.empty();
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        return Optional.empty();
    }

    private static Optional<Path> mount;

    /** Where the cgroup v2 hierarchy is mounted (its root), from /proc/self/mountinfo. */
    static synchronized Optional<Path> mount() {
        if (mount == null) {
            mount = findMount();
        }
        return mount;
    }

    private static Optional<Path> findMount() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
                // id parent major:minor root mount-point options [optional fields] - fstype source super-options
                String[] f = line.split(" ");
                int dash = List.of(f).indexOf("-");
                if (dash > 4 && dash + 1 < f.length && f[dash + 1].equals("cgroup2") && f[3].equals("/")) {
                    return Optional.of(Path.of(unescape(f[4])));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return Optional.empty();
    }

    /** mountinfo writes space, tab, newline and backslash in paths as octal escapes (\040). */
    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).chars().allMatch(d -> d >= '0' && d <= '7')) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
