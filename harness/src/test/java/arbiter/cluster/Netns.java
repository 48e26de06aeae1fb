package arbiter.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Linux network namespaces and veth pairs for the cluster tests ({@code ip netns}, {@code ip link}:
 * needs root). Every name carries a random suffix, so parallel runs never collide, and {@link #close}
 * deletes exactly the namespaces this object created (their veths go with them), also from a
 * shutdown hook if the JVM ends first. Nothing is created in, or changed about, the caller's own
 * namespace: veths are made directly inside the namespaces they join.
 */
final class Netns implements AutoCloseable {
    private final String suffix = HexFormat.of().formatHex(new SecureRandom().generateSeed(3));
    private final List<String> created = new ArrayList<>();
    private final Thread hook = new Thread(this::deleteAll, "netns-cleanup");

    Netns() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Why namespaces cannot be made here (not root, no {@code ip netns}), or null when they can. */
    static String unavailable() {
        String probe = "arbiter-probe-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(3));
        try {
            Result add = ip("netns", "add", probe);
            if (add.code != 0) {
                return "cannot make a network namespace (needs root and iproute2's ip netns): " + add.output.strip();
            }
            ip("netns", "delete", probe);
            return null;
        } catch (IOException e) {
            return "no ip command (iproute2): " + e.getMessage();
        }
    }

    /** Makes a namespace for {@code role} (a few letters) with its loopback up; returns its name. */
    String namespace(String role) throws IOException {
        String name = "arb-" + role + "-" + suffix;
        run("netns", "add", name);
        created.add(name);
        run("-n", name, "link", "set", "lo", "up");
        return name;
    }

    /** An interface name for {@code role} (at most 6 letters): 15 characters at most, as Linux wants. */
    String device(String role) {
        return role + suffix;
    }

    /** A veth pair between two namespaces, each end with its address ({@code a.b.c.d/len}) and up. */
    void veth(String ns1, String dev1, String address1, String ns2, String dev2, String address2) throws IOException {
        run("link", "add", dev1, "netns", ns1, "type", "veth", "peer", "name", dev2, "netns", ns2);
        run("-n", ns1, "addr", "add", address1, "dev", dev1);
        run("-n", ns2, "addr", "add", address2, "dev", dev2);
        run("-n", ns1, "link", "set", dev1, "up");
        run("-n", ns2, "link", "set", dev2, "up");
    }

    void address(String ns, String device, String address) throws IOException {
        run("-n", ns, "addr", "add", address, "dev", device);
    }

    void route(String ns, String destination, String via) throws IOException {
        run("-n", ns, "route", "add", destination, "via", via);
    }

    /** Sets a device down (a cable pulled: its peer loses carrier, packets to it are dropped) or up again. */
    void link(String ns, String device, boolean up) throws IOException {
        run("-n", ns, "link", "set", device, up ? "up" : "down");
    }

    /** The command prefix that runs a program inside {@code ns}. */
    static List<String> exec(String ns) {
        return List.of("ip", "netns", "exec", ns);
    }

    private static void run(String... args) throws IOException {
        Result r = ip(args);
        if (r.code != 0) {
            throw new IOException("ip " + String.join(" ", args) + ": exit " + r.code + ": " + r.output.strip());
        }
    }

    private record Result(int code, String output) {
    }

    private static Result ip(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, out + " (timed out)");
            }
            return new Result(p.exitValue(), out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted");
        }
    }

    private synchronized void deleteAll() {
        for (int i = created.size() - 1; i >= 0; i--) {
            try {
                ip("netns", "delete", created.get(i));
            } catch (IOException e) {
                // best effort: the next one still goes
            }
        }
        created.clear();
    }

    /** Deletes the namespaces made here, with their veths; the processes in them must have ended first. */
    @Override
    public void close() {
        deleteAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs (or ran) anyway
        }
    }

    /** The namespaces this object made and has not deleted yet. */
    synchronized List<String> namespaces() {
        return List.copyOf(created);
    }
}
