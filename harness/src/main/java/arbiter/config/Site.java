package arbiter.config;

/**
 * Where a config is played, which decides what reading it may touch on this machine.
 */
public enum Site {
    /**
     * Here ({@code arbiter run}, {@code match}, {@code tune}): files are read from the config's folder,
     * external engines' programs are found on this machine, engines built from source are built now.
     */
    LOCAL,
    /**
     * Elsewhere, by the test service's workers: a test read by the server or by a worker touches no
     * file and runs no program. Its openings travel inline ({@code openings.text}) and so do weights;
     * an external player names an engine that the worker declares in its own config ({@code protocol}
     * and {@code engine}), or a build from source that the worker makes ({@code protocol} and
     * {@code build}); commands, folders, environments and addresses are the worker's to give, never the test's.
     */
    SERVICE
}
