package arbiter.external;

import arbiter.play.Protocol;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How to run and talk to an external engine (see {@code docs/engines.md}): what this machine's own
 * config says. A game received over the network names an engine; the command comes from here.
 *
 * @param protocol      the protocol the engine speaks
 * @param command       the program and its arguments; for dxp optional (the engine may already run)
 * @param workingDir    folder the engine runs in, or null for Arbiter's
 * @param env           variables added to the engine's environment
 * @param initTimeoutMs how long the engine may take to start, finish its handshake or get ready for a game
 * @param hangTimeoutMs how long it may think on one move when the limits set no time (depth, nodes)
 * @param host          dxp: the follower's host to connect to, or the address to listen on
 * @param port          dxp: the port (DamExchange's standard port is 27531)
 * @param role          dxp: initiator (Arbiter connects and requests games) or follower (Arbiter
 *                      listens and the engine requests games); null for other protocols
 */
public record ExternalEngine(Protocol protocol, List<String> command, Path workingDir, Map<String, String> env,
                             long initTimeoutMs, long hangTimeoutMs, String host, int port, String role) {
    public ExternalEngine {
        command = command == null ? List.of() : List.copyOf(command);
        env = env == null ? Map.of() : Map.copyOf(env);
    }
}
