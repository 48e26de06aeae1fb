package arbiter.cluster;

import arbiter.TestJvms;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Coordinators and workers as real separate JVMs on loopback, for the cluster tests. */
final class ClusterProcesses implements AutoCloseable {
    private final Path dir;
    private final List<Process> started = new ArrayList<>();
    final int port = freePort();
    final Path secret;

    ClusterProcesses(Path dir) throws IOException {
        this.dir = dir;
        this.secret = dir.resolve("secret");
        Files.writeString(secret, "0123456789abcdef0123456789abcdef-test\n");
    }

    String join() {
        return "127.0.0.1:" + port;
    }

    /** {@code arbiter run CONFIG --cluster} with no local games; its output goes to {@code <name>.out}. */
    Process coordinator(Path config, String name, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", config.toString(), "--cluster", "--listen", join(),
                "--secret-file", secret.toString(), "--concurrency", "0"));
        args.addAll(List.of(more));
        return start(name, args);
    }

    /** {@code arbiter worker --join} playing one game at a time. */
    Process worker(String name, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("worker", "--join", join(), "--secret-file", secret.toString(),
                "--concurrency", "1", "--log", dir.resolve(name + ".log").toString()));
        args.addAll(List.of(more));
        return start(name, args);
    }

    /** {@code arbiter worker --join} as documented: no {@code --log}, so in this folder's {@code results/}. */
    Process plainWorker(String name, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("worker", "--join", join(), "--secret-file", secret.toString()));
        args.addAll(List.of(more));
        return start(name, args);
    }

    Process start(String name, List<String> args) throws IOException {
        return start(name, List.of(), "arbiter.cli.Main", args);
    }

    /** {@code main} with {@code args} in a JVM of its own, started by {@code prefix} (e.g. {@code ip netns exec NS}) when not empty. */
    Process start(String name, List<String> prefix, String main, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.management/sun.management=ALL-UNNAMED",
                "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
                "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "-Dhazelcast.logging.type=log4j2",
                "-cp", System.getProperty("java.class.path"), main));
        command.addAll(args);
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".out").toFile()).start();
        started.add(p);
        return p;
    }

    String output(String name) throws IOException {
        Path f = dir.resolve(name + ".out");
        return Files.exists(f) ? Files.readString(f) : "";
    }

    boolean outputContains(String name, String text) {
        try {
            return output(name).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    String log(String name) throws IOException {
        Path f = dir.resolve(name + ".log");
        return Files.exists(f) ? Files.readString(f) : "";
    }

    /** Waits for a condition, failing with {@code what} and the outputs after {@code seconds}. */
    void await(String what, int seconds, BooleanSupplier condition) throws Exception {
        TestJvms.await(dir, what, seconds, condition);
    }

    /** The TCP addresses a process listens on, as {@code ip:port} (from /proc: Linux only). */
    static List<String> listening(Process p) throws IOException {
        java.util.Set<String> inodes = new java.util.HashSet<>();
        try (var fds = Files.list(Path.of("/proc", Long.toString(p.pid()), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException gone) {
                    // closed meanwhile
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path file = Path.of("/proc", Long.toString(p.pid()), "net", table);
            List<String> lines = Files.readAllLines(file); // read once: sockets come and go between reads
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f[3].equals("0A") && inodes.contains(f[9])) { // 0A: LISTEN
                    String[] local = f[1].split(":");
                    out.add(ip(local[0]) + ":" + Integer.parseInt(local[1], 16));
                }
            }
        }
        return out;
    }

    /** /proc/net/tcp's little-endian hex address as text (IPv4; IPv6 as hex). */
    private static String ip(String hex) {
        if (hex.startsWith("0000000000000000FFFF0000")) {
            hex = hex.substring(24); // an IPv4-mapped IPv6 address: ::ffff:a.b.c.d
        }
        if (hex.length() != 8) {
            return hex.equals("00000000000000000000000000000000") ? "::" : hex;
        }
        long v = Long.parseLong(hex, 16);
        return (v & 0xff) + "." + (v >> 8 & 0xff) + "." + (v >> 16 & 0xff) + "." + (v >> 24 & 0xff);
    }

    static int games(Path pdn) {
        try {
            return Files.exists(pdn) ? GameLog.read(pdn, w -> { }).size() : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    static List<GameRecord> read(Path pdn) throws IOException {
        return GameLog.read(pdn, w -> { });
    }

    @Override
    public void close() {
        TestJvms.endAll(started);
    }

    private static int freePort() {
        return TestJvms.freePort();
    }
}
