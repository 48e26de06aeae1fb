package arbiter.cli;

import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arbiter users}: users and tokens of the test service; a new token goes to a new file readable by you only. */
@Command(name = "users", mixinStandardHelpOptions = true,
        description = "The test service's users and tokens: add NAME --out FILE (an admin makes a user; its API token goes to "
                + "FILE), token --kind api|worker --out FILE (a token of your own), revoke TOKEN-ID.")
final class UsersCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceCalls service;

    @Parameters(index = "0", paramLabel = "ACTION", description = "add, token or revoke.")
    String action;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NAME|ID", description = "The new user's name, or the token id to revoke.")
    String what;

    @Option(names = "--role", description = "add: admin or user (default user).")
    String role = "user";

    @Option(names = "--kind", description = "token: api (for scripts) or worker (for a machine's workers).")
    String kind = "worker";

    @Option(names = "--label", description = "token: a note on what it is for.")
    String label;

    @Option(names = "--out", paramLabel = "FILE", description = "add, token: the new file to write the token to (mode 600).")
    Path out;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        var client = service.client(true);
        switch (action) {
            case "add", "token" -> {
                if (out == null || action.equals("add") && what == null) {
                    throw new BadInputException(action.equals("add") ? "add NAME --out FILE" : "token --kind api|worker --out FILE");
                }
                JobSetup.checkWritable(out, "--out");
                if (java.nio.file.Files.exists(out, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    throw new BadInputException("--out " + out + " exists: a token goes to a new file");
                }
                Wire.Token t = ServiceCalls.call(() -> action.equals("add")
                        ? client.post("/api/users", new Wire.NewUser(what, role), Wire.Token.class)
                        : client.post("/api/tokens", new Wire.NewToken(kind, label), Wire.Token.class));
                try {
                    TokenFiles.write(out, t.token());
                } catch (IllegalArgumentException e) {
                    throw new BadInputException(e.getMessage() + " (revoke token " + t.id() + " now: its text is lost)");
                }
                o.println((action.equals("add") ? "user " + t.user() + ": " : "") + t.kind() + " token " + t.id() + " written to " + out);
            }
            case "revoke" -> {
                if (what == null || !what.matches("\\d{1,18}")) {
                    throw new BadInputException("revoke TOKEN-ID");
                }
                ServiceCalls.call(() -> client.delete("/api/tokens/" + what));
                o.println("token " + what + " revoked");
            }
            default -> throw new BadInputException("unknown action '" + action + "': add, token or revoke");
        }
        return 0;
    }
}
