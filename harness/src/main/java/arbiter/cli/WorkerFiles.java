package arbiter.cli;

import arbiter.io.OwnFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The files of one worker process: {@code worker-N.log}, its {@code .pids} record of engines, under
 * the first number N whose {@code worker-N.lock} no live worker holds (an OS file lock, held until the
 * process ends). Any number of workers can so share a machine and a folder: none writes another's log,
 * and the engines a worker ends as leftovers at start are those of a dead worker, never a live one's.
 */
final class WorkerFiles implements AutoCloseable {
    /** More workers than this in one folder: refused. */
    static final int MAX = 1024;
    final Path log;
    private final FileChannel channel;

    private WorkerFiles(Path log, FileChannel channel) {
        this.log = log;
        this.channel = channel;
    }

    static WorkerFiles claim(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (int n = 1; n <= MAX; n++) {
            FileChannel c = OwnFiles.open(dir.resolve("worker-" + n + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = c.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // held in this JVM
            }
            if (lock != null) {
                return new WorkerFiles(dir.resolve("worker-" + n + ".log"), c);
            }
            c.close();
        }
        throw new BadInputException("more than " + MAX + " workers log to " + dir + ": give this one its own --log");
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
