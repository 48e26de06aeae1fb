package arbiter.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * An engine built from source: a git repository at a ref, checked out into a cache folder keyed by
 * the commit and built there once ({@code <cache>/<commit>/}, a marker file once the build
 * succeeded). Later runs, and other players at the same commit, reuse the binary. The build runs
 * the command of this machine's own config: nothing received over the network is executed.
 *
 * <p>The cache is the system property {@code arbiter.build.cache}, else {@code $ARBITER_BUILD_CACHE}, else {@code $XDG_CACHE_HOME/arbiter/builds}, else
 * {@code ~/.cache/arbiter/builds}. Builds are serialised by a lock file, so two processes on one
 * machine (a coordinator and a worker) build a commit once.
 */
public final class EngineBuild {
    private static final Pattern SHA = Pattern.compile("[0-9a-f]{40}");
    private static final String MARKER = ".arbiter-built";
    private static final String LOG = ".arbiter-build.log";
    private static final long GIT_TIMEOUT_S = 300;
    private static final long BUILD_TIMEOUT_S = 1800;
    private static final int TAIL_LINES = 20;
    private static final Object IN_PROCESS = new Object();

    private EngineBuild() {
    }

    /**
     * What to build.
     *
     * @param repo a repository URL, or a folder (resolved against the config's folder)
     * @param ref a commit, tag or branch
     * @param command the build command, run in the checkout
     * @param binary the built program, relative to the checkout
     * @param args the program's arguments when it runs as an engine
     */
    public record Spec(String repo, String ref, List<String> command, String binary, List<String> args) {
        public Spec {
            command = List.copyOf(command);
            args = args == null ? List.of() : List.copyOf(args);
        }
    }

    /** A build that failed: the message names the step and ends with the output's last lines. */
    public static final class BuildException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BuildException(String message) {
            super(message);
        }
    }

    /** The cache folder of this machine's builds. */
    public static Path cache() {
        String property = System.getProperty("arbiter.build.cache");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String own = System.getenv("ARBITER_BUILD_CACHE");
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("arbiter").resolve("builds");
    }

    /** A repository given as a folder is made absolute against {@code base}; a URL is kept. */
    static String repository(String repo, Path base) {
        boolean url = repo.contains("://") || repo.matches("[^/]+@[^:]+:.*");
        return url ? repo : base.resolve(repo).toAbsolutePath().normalize().toString();
    }

    /** Checks out and builds the spec's commit unless already built; returns the engine program. */
    public static Path build(Spec spec, Path base, Path cache) {
        String repo = repository(spec.repo(), base);
        try {
            Files.createDirectories(cache);
            if (SHA.matcher(spec.ref()).matches()) {
                Path built = built(spec, cache.resolve(spec.ref()));
                if (built != null) {
                    return built;
                }
            }
            synchronized (IN_PROCESS) {
                try (FileChannel ch = FileChannel.open(cache.resolve(".lock"), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE); FileLock lock = ch.lock()) {
                    return buildLocked(spec, repo, cache);
                }
            }
        } catch (IOException e) {
            throw new BuildException("building " + repo + " at " + spec.ref() + ": " + e.getMessage());
        }
    }

    private static Path buildLocked(Spec spec, String repo, Path cache) throws IOException {
        Path clone = Files.createTempDirectory(cache, "clone-");
        try {
            run(List.of("git", "clone", "--quiet", "--no-checkout", repo, clone.toString()), cache, GIT_TIMEOUT_S,
                    "cloning " + repo, null);
            String sha = resolve(clone, spec.ref());
            if (sha == null) {
                throw new BuildException("no commit '" + spec.ref() + "' in " + repo);
            }
            Path dir = cache.resolve(sha);
            Path built = built(spec, dir);
            if (built != null) {
                return built;
            }
            if (Files.exists(dir)) {
                delete(dir); // an earlier build of this commit failed or was cut short
            }
            run(List.of("git", "checkout", "--quiet", "--detach", sha), clone, GIT_TIMEOUT_S, "checking out " + sha, null);
            Files.move(clone, dir, StandardCopyOption.ATOMIC_MOVE);
            run(spec.command(), dir, BUILD_TIMEOUT_S, "the build of " + repo + " at " + sha.substring(0, 12)
                    + " (" + String.join(" ", spec.command()) + ")", dir.resolve(LOG));
            Path binary = binary(spec, dir);
            if (binary == null) {
                throw new BuildException("the build of " + repo + " at " + sha.substring(0, 12) + " succeeded but made no "
                        + "executable " + spec.binary() + " in " + dir + tail(dir.resolve(LOG)));
            }
            Files.writeString(dir.resolve(MARKER), sha + " built " + Instant.now() + "\n");
            return binary;
        } finally {
            if (Files.exists(clone)) {
                delete(clone);
            }
        }
    }

    /** The binary of a finished build in {@code dir}, or null when there is none. */
    private static Path built(Spec spec, Path dir) {
        return Files.exists(dir.resolve(MARKER)) ? binary(spec, dir) : null;
    }

    private static Path binary(Spec spec, Path dir) {
        Path b = dir.resolve(spec.binary()).normalize();
        return b.startsWith(dir) && Files.isRegularFile(b) && Files.isExecutable(b) ? b : null;
    }

    /** The commit a ref names in the clone (a commit, tag, local or remote branch), or null. */
    private static String resolve(Path clone, String ref) throws IOException {
        for (String candidate : List.of(ref, "origin/" + ref)) {
            String out = output(List.of("git", "rev-parse", "--verify", "--quiet", candidate + "^{commit}"), clone);
            if (out != null && SHA.matcher(out.strip()).matches()) {
                return out.strip();
            }
        }
        return null;
    }

    private static ProcessBuilder builder(List<String> command, Path dir) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("GIT_TERMINAL_PROMPT", "0"); // never wait for a password
        return pb;
    }

    private static String output(List<String> command, Path dir) throws IOException {
        Process p = builder(command, dir).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            return p.waitFor() == 0 ? out : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted");
        }
    }

    /** Runs a step; its output goes to {@code log} (or a temporary file); a failure quotes the output's tail. */
    private static void run(List<String> command, Path dir, long timeoutS, String what, Path log) throws IOException {
        Path out = log != null ? log : Files.createTempFile("arbiter-build", ".log");
        try {
            Process p;
            try {
                p = builder(command, dir).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            } catch (IOException e) {
                throw new BuildException(what + ": cannot start " + command.get(0) + ": " + e.getMessage());
            }
            p.getOutputStream().close();
            boolean done;
            try {
                done = p.waitFor(timeoutS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new BuildException(what + ": interrupted");
            }
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new BuildException(what + " did not finish within " + timeoutS + " s" + tail(out));
            }
            if (p.exitValue() != 0) {
                throw new BuildException(what + " failed (exit code " + p.exitValue() + ")" + tail(out));
            }
        } finally {
            if (log == null) {
                Files.deleteIfExists(out);
            }
        }
    }

    /** The last lines of a build's output, indented, for an error message. */
    static String tail(Path log) {
        try {
            if (!Files.exists(log)) {
                return "";
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            List<String> last = new ArrayList<>(lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
            if (last.isEmpty()) {
                return " (no output)";
            }
            StringBuilder sb = new StringBuilder("; its output ends:");
            for (String l : last) {
                sb.append("\n    ").append(l);
            }
            return sb.toString();
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
