package arbiter.cli;

import arbiter.io.OwnFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * One writer per folder: an exclusive OS lock on {@code <folder>/.lock} (or on a file beside a
 * worker's log), held for the process's life. The OS releases it when the process dies, so a
 * {@code kill -9} never leaves a stale lock. The file holds the holder's pid and command line, for
 * the message a second process gets. The lock file is opened by no one else in this JVM: on POSIX,
 * closing any other channel to a locked file would release the lock.
 */
final class FolderLock implements AutoCloseable {
    static final String NAME = ".lock";
    private final FileChannel channel;
    private final FileLock lock;

    private FolderLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Locks {@code folder} (created if missing) for this process, or throws naming the holder. */
    static FolderLock of(Path folder) throws IOException {
        Files.createDirectories(folder);
        return on(folder.resolve(NAME), folder.toString());
    }

    /**
     * Locks {@code lockFile} for this process, or throws a {@link BadInputException} saying
     * {@code what} is in use by the holder's pid and command.
     */
    static FolderLock on(Path lockFile, String what) throws IOException {
        return on(lockFile, what, () -> { });
    }

    /**
     * As {@link #on(Path, String)}; {@code opened} runs between opening the file and locking it (for
     * tests: another process moving the folder aside in that moment).
     *
     * <p>The lock is good only if {@code lockFile} still names the file that was locked: a run started
     * with {@code --force-new} moves the folder aside with its lock file, then releases that lock, and
     * a process that had opened the old file just before would lock it and write a folder that
     * another process holds. So the file's identity (device and inode) before the open must still be
     * the path's once the lock is held; if not, the lock is let go and taken again on what the path
     * names now.
     */
    static FolderLock on(Path lockFile, String what, Runnable opened) throws IOException {
        if (Files.isDirectory(lockFile, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadInputException(lockFile + " is a folder: Arbiter keeps its lock there; remove it");
        }
        for (int attempt = 1; ; attempt++) {
            Object before = identity(lockFile);
            FileChannel ch = OwnFiles.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                opened.run();
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // this JVM holds it already
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
            if (lock == null) {
                String holder = holder(ch);
                ch.close();
                throw new BadInputException(what + " is in use by " + holder + ": one process at a time writes a "
                        + "results folder; wait for it to end, or choose another output");
            }
            if (before == null || !before.equals(identity(lockFile))) {
                // Created just now (nothing to compare), or moved away while it was being locked: again.
                lock.release();
                ch.close();
                if (attempt == MAX_ATTEMPTS) {
                    throw new BadInputException(what + ": its lock file " + lockFile + " keeps being replaced while "
                            + "Arbiter locks it; is another program moving the folder?");
                }
                continue;
            }
            ProcessHandle me = ProcessHandle.current();
            String text = "pid " + me.pid() + "\n" + commandLine(me) + "\n";
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
            ch.force(false);
            return new FolderLock(ch, lock);
        }
    }

    /** Attempts at locking a lock file that keeps changing under the path, before giving up. */
    private static final int MAX_ATTEMPTS = 5;

    /** The file's identity (device and inode on Unix), or null when there is none at that path. */
    private static Object identity(Path file) throws IOException {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (java.nio.file.NoSuchFileException e) {
            return null;
        }
    }

    /** True when {@code file} is a lock file as Arbiter writes them (empty, or "pid N" first), not a link. */
    static boolean isLockFile(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 64 * 1024) {
            return false;
        }
        String text = Files.readString(file, StandardCharsets.ISO_8859_1);
        return text.isEmpty() || text.startsWith("pid ");
    }

    /** True when another process (or this JVM) holds the lock of {@code folder}; the holder's description, else null. */
    static String heldBy(Path folder) throws IOException {
        Path file = folder.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (FolderLock probe = on(file, folder.toString())) {
            return null;
        } catch (BadInputException e) {
            return e.getMessage();
        }
    }

    /** "pid N (command)" from the lock file's content. */
    private static String holder(FileChannel ch) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(4096);
        ch.read(buf, 0);
        String[] lines = new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8).split("\n", 3);
        String pid = lines[0].startsWith("pid ") ? lines[0].substring(4).trim() : "?";
        String cmd = lines.length > 1 ? lines[1].trim() : "";
        if (cmd.length() > 200) {
            cmd = cmd.substring(0, 200) + "...";
        }
        return "pid " + pid + (cmd.isEmpty() ? "" : " (" + cmd + ")");
    }

    /** This process's command line as "arbiter ARGS" (the java launcher's long class path says little). */
    private static String commandLine(ProcessHandle p) {
        List<String> args = new ArrayList<>();
        try {
            for (String a : new String(Files.readAllBytes(Path.of("/proc/self/cmdline")), StandardCharsets.UTF_8).split("\0")) {
                args.add(a);
            }
        } catch (IOException | RuntimeException e) {
            return p.info().commandLine().orElse("java");
        }
        int from = args.indexOf("arbiter.cli.Main") + 1;
        if (from == 0) {
            int jar = args.indexOf("-jar");
            from = jar >= 0 ? jar + 2 : 0;
        }
        List<String> rest = from == 0 ? args : args.subList(Math.min(from, args.size()), args.size());
        return (from == 0 ? "" : "arbiter ") + String.join(" ", rest).replaceAll("\\p{Cntrl}", " ");
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
