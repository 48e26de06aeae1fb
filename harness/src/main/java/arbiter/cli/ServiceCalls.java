package arbiter.cli;

import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.TokenFiles;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/** The options every client of the test service takes, and its answers as one {@code error:} line. */
final class ServiceCalls {
    @Option(names = "--server", paramLabel = "URL", description = "The test service (default: http://127.0.0.1:7700).")
    String server = "http://127.0.0.1:7700";

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "A file holding your API token (default: " + ServeCommand.DEFAULT_DATA + "/admin.token, the one the first "
                    + "`arbiter serve` writes).")
    Path tokenFile;

    /** A client; with {@code token} false it sends none (for what anyone may read). */
    ServiceClient client(boolean token) {
        try {
            String t = null;
            if (token) {
                t = TokenFiles.read(tokenFile != null ? tokenFile : Path.of(ServeCommand.DEFAULT_DATA, "admin.token"));
            }
            return new ServiceClient(server, t);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** A call whose refusal or unreachable server becomes one {@code error:} line. */
    static <T> T call(Supplier<T> call) {
        try {
            return call.get();
        } catch (ServiceClient.Failed e) {
            throw new BadInputException("the server refused (" + e.status() + "): " + e.getMessage());
        } catch (ServiceClient.Unreachable e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
