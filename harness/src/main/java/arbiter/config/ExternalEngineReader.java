package arbiter.config;

import arbiter.external.ExternalEngine;
import arbiter.external.ProtocolRules;
import arbiter.game.GameFamily;
import arbiter.game.Rules;
import arbiter.play.Protocol;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an external engine's keys of a player (see {@code docs/engines.md}): its protocol, its
 * program (given, found on PATH by {@link EngineLookup}, or built from source by {@link BuildReader}),
 * folder, environment, timeouts and, for dxp, its address.
 */
final class ExternalEngineReader {
    /** Keys that only an external engine may have. */
    static final List<String> EXTERNAL_KEYS = List.of("command", "build", "protocol", "workingDir", "env", "initTimeoutMs",
            "hangTimeoutMs", "host", "port", "role");

    private ExternalEngineReader() {
    }

    /**
     * What only the worker of the service gives an engine it plays (a test names the engine or its build;
     * see {@link Site#SERVICE}).
     */
    static final List<String> WORKER_KEYS = List.of("command", "workingDir", "env", "host", "port", "role");

    /** The external-engine keys of a player, validated; null when the player has neither protocol nor command. */
    static ExternalEngine external(JsonReader r, ObjectNode p, String path, Path base, Rules rules, Site site) {
        if (!p.has("command") && !p.has("protocol") && !p.has("build")) {
            return null;
        }
        Protocol protocol = Protocol.of(r.choice(p, "protocol", path, null, Protocol.ids()));
        if (site == Site.SERVICE) {
            for (String key : WORKER_KEYS) {
                if (p.has(key)) {
                    r.problem(path + "." + key, "a test for the service names its engine (\"engine\": one the worker "
                            + "declares) or builds it (\"build\"); \"" + key + "\" is the worker's to give");
                }
            }
            if (protocol == null && !p.has("protocol")) {
                r.problem(path + ".protocol", "missing; the protocol the engine speaks");
            }
            if (protocol != null && rules != null && rules.family() != protocol.family()) {
                r.problem(path + ".protocol", "the " + protocol + " protocol plays " + protocol.family().name().toLowerCase()
                        + ", not " + rules.id());
            }
            return new ExternalEngine(protocol, List.of(), null, Map.of(),
                    r.integer(p, "initTimeoutMs", path, 10_000, 1, 3_600_000),
                    r.integer(p, "hangTimeoutMs", path, 60_000, 1, 86_400_000), null, 0, null);
        }
        List<String> command = new ArrayList<>();
        JsonNode commandNode = p.get("command");
        if (commandNode != null) {
            if (!commandNode.isArray() || commandNode.isEmpty()) {
                r.problem(path + ".command", "must be a non-empty array: the program and its arguments");
            } else {
                for (int i = 0; i < commandNode.size(); i++) {
                    JsonNode c = commandNode.get(i);
                    if (!c.isValueNode() || c.isNull()) {
                        r.problem(path + ".command[" + i + "]", "must be a string");
                    } else {
                        command.add(c.asText());
                    }
                }
            }
        }
        Path workingDir = null;
        String dir = r.string(p, "workingDir", path, null, false);
        if (dir != null) {
            workingDir = base.resolve(dir).normalize();
            if (!Files.isDirectory(workingDir)) {
                r.problem(path + ".workingDir", "no such folder: " + workingDir);
            }
        }
        if (p.has("build")) {
            if (p.has("command")) {
                r.problem(path + ".build", "give \"build\" (the engine is built from source) or \"command\", not both");
            } else {
                List<String> built = BuildReader.build(r, p.get("build"), path + ".build", base);
                if (built != null) {
                    command.addAll(built);
                }
            }
        }
        if (!command.isEmpty()) {
            String program = command.get(0);
            Path found = EngineLookup.locateProgram(program, base);
            if (found == null) {
                r.problem(path + ".command[0]", program.contains("/")
                        ? "no executable program at " + base.resolve(program).normalize()
                        : "no executable program '" + program + "' on PATH or in " + EngineLookup.EXTRA_PROGRAM_FOLDERS);
            } else {
                command.set(0, found.toString());
            }
        } else if (protocol != null && ProtocolRules.needsCommand(protocol) && !p.has("build")) {
            r.problem(path + ".command", "missing; a " + protocol + " engine is a program: give its command as an array");
        }
        Map<String, String> env = new LinkedHashMap<>();
        JsonNode envNode = p.get("env");
        if (envNode != null) {
            if (!envNode.isObject()) {
                r.problem(path + ".env", "must be an object of variable: value");
            } else {
                for (Iterator<Map.Entry<String, JsonNode>> it = envNode.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                        r.problem(path + ".env." + e.getKey(), "must be a string");
                    } else {
                        env.put(e.getKey(), e.getValue().asText());
                    }
                }
            }
        }
        long initTimeout = r.integer(p, "initTimeoutMs", path, 10_000, 1, 3_600_000);
        long hangTimeout = r.integer(p, "hangTimeoutMs", path, 60_000, 1, 86_400_000);
        String host = null;
        int port = 0;
        String role = null;
        if (protocol != null && ProtocolRules.hasAddress(protocol)) {
            host = r.string(p, "host", path, "127.0.0.1", false);
            port = (int) r.integer(p, "port", path, 0, 1, 65_535);
            if (!p.has("port")) {
                r.problem(path + ".port", "missing; a dxp engine needs the port to connect to (or to listen on), "
                        + "e.g. 27531");
            }
            role = r.choice(p, "role", path, "initiator", ProtocolRules.DXP_ROLES);
        } else if (protocol != null) {
            for (String key : ProtocolRules.ADDRESS_KEYS) {
                if (p.has(key)) {
                    r.problem(path + "." + key, "only for the dxp protocol");
                }
            }
        }
        if (protocol != null && rules != null) {
            GameFamily needed = protocol.family();
            if (rules.family() != needed) {
                r.problem(path + ".protocol", "the " + protocol + " protocol plays " + needed.name().toLowerCase()
                        + ", not " + rules.id());
            }
        }
        return new ExternalEngine(protocol, command, workingDir, env, initTimeout, hangTimeout, host, port, role);
    }
}
