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

/** {@code arbiter users}: users, tokens and machines of the test service; a new token goes to a new file readable by you only. */
@Command(name = "users", mixinStandardHelpOptions = true,
        description = {"The test service's users, tokens and machines, changed on the server.", "Actions:",
            "add NAME [--role user|approver|admin] --out FILE (an admin makes a user; its API token goes to FILE),",
            "token --kind api|worker --out FILE (a token of your own), revoke TOKEN-ID,",
            "password --password-file FILE (your password for the web pages; - reads it from standard input),",
            "enable NAME, block NAME (an approver: a registration, a user), role NAME --role R (an admin),",
            "block-machine TOKEN-ID, unblock-machine TOKEN-ID (an approver: a machine's worker token)."})
final class UsersCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceCalls service;

    @Parameters(index = "0", paramLabel = "ACTION",
            description = "add, token, revoke, password, enable, block, role, block-machine or unblock-machine.")
    String action;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NAME|ID", description = "A user's name, or a token's id.")
    String what;

    @Option(names = "--role", description = "add, role: user, approver or admin (default user).")
    String role = "user";

    @Option(names = "--kind", description = "token: api (for scripts) or worker (for a machine's workers).")
    String kind = "worker";

    @Option(names = "--label", description = "token: a note on what it is for.")
    String label;

    @Option(names = "--out", paramLabel = "FILE", description = "add, token: the new file to write the token to (mode 600).")
    Path out;

    @Option(names = "--password-file", paramLabel = "FILE", description = "password: a file holding the new password (- for standard input).")
    Path passwordFile;

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
            case "password" -> {
                if (passwordFile == null) {
                    throw new BadInputException("password --password-file FILE (- for standard input)");
                }
                String password = password();
                ServiceCalls.call(() -> client.post("/api/password", Wire.write(new Wire.Password(password))));
                o.println("password set: log in to the pages with it");
            }
            case "enable", "block" -> {
                if (what == null) {
                    throw new BadInputException(action + " NAME");
                }
                ServiceCalls.call(() -> client.post("/api/users/" + what + "/" + action, "{}"));
                o.println("user " + what + (action.equals("enable") ? " enabled" : " blocked"));
            }
            case "role" -> {
                if (what == null) {
                    throw new BadInputException("role NAME --role user|approver|admin");
                }
                ServiceCalls.call(() -> client.post("/api/users/" + what + "/role", Wire.write(new Wire.Role(role))));
                o.println("user " + what + " is now " + role);
            }
            case "block-machine", "unblock-machine" -> {
                if (what == null || !what.matches("\\d{1,18}")) {
                    throw new BadInputException(action + " TOKEN-ID");
                }
                boolean block = action.equals("block-machine");
                ServiceCalls.call(() -> client.post("/api/machines/" + what + (block ? "/block" : "/unblock"), "{}"));
                o.println("machine (worker token " + what + ")" + (block ? " blocked" : " unblocked"));
            }
            default -> throw new BadInputException("unknown action '" + action
                    + "': add, token, revoke, password, enable, block, role, block-machine or unblock-machine");
        }
        return 0;
    }

    /** The new password: the file's first line (or standard input's), never echoed or logged. */
    private String password() {
        try {
            String text = passwordFile.toString().equals("-")
                    ? new String(System.in.readNBytes(4096), java.nio.charset.StandardCharsets.UTF_8)
                    : arbiter.io.BoundedFiles.readString(passwordFile, "a password file");
            return text.lines().findFirst().orElse("");
        } catch (java.io.IOException e) {
            throw new BadInputException("--password-file " + passwordFile + ": cannot read: " + e.getMessage());
        }
    }
}
