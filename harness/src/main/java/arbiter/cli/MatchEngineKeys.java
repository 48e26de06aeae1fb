package arbiter.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The engine keys of {@code -engine} and {@code -each} (fastchess's and cutechess-cli's, see docs/match.md),
 * translated into one player of the run config, and the number parsing {@link MatchArguments} shares.
 */
final class MatchEngineKeys {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Engine keys: fastchess's and cutechess's, plus builtin=, weight.X= and build= of our own. */
    private static final List<String> ENGINE_KEYS = List.of("name", "cmd", "arg", "args", "dir", "proto", "builtin", "tc",
            "st", "nodes", "depth", "plies", "timemargin", "restart", "build.repo", "build.ref", "build.command",
            "build.binary");
    /** cutechess-only engine keys Arbiter refuses, with what to do instead. */
    private static final Map<String, String> REFUSED_ENGINE_KEYS = Map.of(
            "conf", "give cmd=, name= and the other keys on the command line (no engines.json)",
            "stderr", "an engine's error output goes to the run's arbiter.log",
            "initstr", "set engine options with option.NAME=VALUE",
            "trust", "the referee validates every result itself",
            "book", "give an opening book with -openings file=",
            "bookdepth", "give an opening book with -openings file= plies=",
            "whitepov", "engines must report scores from the mover's view",
            "ponder", "pondering is not supported",
            "tscale", "give a longer timemargin=",
            "debug", "the engines' traffic is in the run's arbiter.log");

    private MatchEngineKeys() {
    }

    /** Fills a player from its keys; returns its name. */
    static String player(ObjectNode p, Map<String, List<String>> e, String where, List<String> untimed) {
        for (String key : e.keySet()) {
            if (REFUSED_ENGINE_KEYS.containsKey(key)) {
                throw new BadInputException("match: " + where + ": " + key + "= is not supported: " + REFUSED_ENGINE_KEYS.get(key));
            }
            if (!ENGINE_KEYS.contains(key) && !key.startsWith("option.") && !key.startsWith("weight.")) {
                throw new BadInputException("match: " + where + ": unknown key " + key + "= (known: "
                        + String.join("=, ", ENGINE_KEYS) + "=, option.NAME=, weight.NAME=)");
            }
            if (!key.equals("arg") && !key.startsWith("option.") && !key.startsWith("weight.") && e.get(key).size() > 1) {
                throw new BadInputException("match: " + where + ": " + key + "= given twice");
            }
        }
        String restart = first(e, "restart");
        if (restart != null) {
            if (!List.of("on", "off", "auto").contains(restart)) {
                throw new BadInputException("match: " + where + ": restart=" + restart
                        + ": invalid parameter (must be either \"on\" or \"off\")");
            }
            if (restart.equals("on")) {
                throw new BadInputException("match: " + where + ": restart=on is not supported: Arbiter keeps an engine "
                        + "between games and starts a new one after a crash (restart=off)");
            }
        }
        if (first(e, "args") != null) {
            List<String> split = new ArrayList<>();
            for (String part : first(e, "args").trim().split("\\s+")) {
                if (!part.isEmpty()) {
                    split.add(part);
                }
            }
            split.addAll(e.getOrDefault("arg", List.of()));
            e.put("arg", split);
        }
        String cmd = first(e, "cmd");
        String builtin = first(e, "builtin");
        String repo = first(e, "build.repo");
        int kinds = (cmd != null ? 1 : 0) + (builtin != null ? 1 : 0) + (repo != null ? 1 : 0);
        if (kinds != 1) {
            throw new BadInputException("match: " + where + ": give one of cmd=PROGRAM (an external engine), builtin=ENGINE "
                    + "(see `arbiter engines`) or build.repo=REPO build.ref=REF build.command=\"CMD\" build.binary=PATH "
                    + "(built from source), got " + (kinds == 0 ? "none" : "several"));
        }
        String name = first(e, "name");
        if (name == null) {
            // fastchess: the command's file name without its extension
            name = cmd != null ? Path.of(cmd).getFileName().toString().replaceFirst("(?<=.)\\.[^.]*$", "")
                    : builtin != null ? builtin : Path.of(repo).getFileName() + "@" + first(e, "build.ref");
        }
        p.put("name", name);
        if (repo != null) {
            ObjectNode build = p.putObject("build");
            for (String key : List.of("build.ref", "build.command", "build.binary")) {
                if (first(e, key) == null) {
                    throw new BadInputException("match: " + where + ": " + key + "= is needed with build.repo=");
                }
            }
            build.put("repo", repo.contains("://") ? repo : Path.of(repo).toAbsolutePath().toString());
            build.put("ref", first(e, "build.ref"));
            ArrayNode command = build.putArray("command");
            for (String part : first(e, "build.command").trim().split("\\s+")) {
                command.add(part);
            }
            build.put("binary", first(e, "build.binary"));
            ArrayNode args = build.putArray("args");
            e.getOrDefault("arg", List.of()).forEach(args::add);
            p.put("protocol", first(e, "proto") == null ? "uci" : first(e, "proto"));
        } else if (cmd != null) {
            ArrayNode command = p.putArray("command");
            command.add(cmd.contains("/") ? Path.of(cmd).toAbsolutePath().toString() : cmd);
            e.getOrDefault("arg", List.of()).forEach(command::add);
            p.put("protocol", first(e, "proto") == null ? "uci" : first(e, "proto"));
            if (first(e, "dir") != null) {
                p.put("workingDir", Path.of(first(e, "dir")).toAbsolutePath().toString());
            }
        } else {
            p.put("engine", builtin);
            for (String key : List.of("proto", "dir", "arg", "args")) {
                if (e.containsKey(key)) {
                    throw new BadInputException("match: " + where + ": " + key + "= is for an external engine (cmd=)");
                }
            }
        }
        ObjectNode options = JSON.createObjectNode();
        ObjectNode weights = JSON.createObjectNode();
        for (Map.Entry<String, List<String>> kv : e.entrySet()) {
            String value = kv.getValue().get(kv.getValue().size() - 1); // -engine's value wins over -each's
            if (kv.getKey().startsWith("option.")) {
                putTyped(options, kv.getKey().substring(7), value);
            } else if (kv.getKey().startsWith("weight.")) {
                weights.put(kv.getKey().substring(7), number(where + " " + kv.getKey() + "=", value));
            }
        }
        if (!options.isEmpty()) {
            p.set("options", options);
        }
        if (!weights.isEmpty()) {
            p.set("weights", weights);
        }
        ObjectNode limits = limits(e, where);
        // fastchess sanitize.cpp: tc=inf alone is no time control either.
        if (!limits.has("timeMs") && !limits.has("moveTimeMs") && !limits.has("nodes") && !limits.has("depth")) {
            untimed.add(where);
        }
        if (!limits.isEmpty()) {
            p.set("limits", limits);
        }
        return name;
    }

    private static String first(Map<String, List<String>> e, String key) {
        List<String> v = e.get(key);
        return v == null || v.isEmpty() ? null : v.get(v.size() - 1);
    }

    /**
     * tc=[moves/]time[+inc] as fastchess's parseTc reads it (time in seconds, optionally with an s suffix,
     * or m:ss; inf for none; moves must be positive), st=seconds, nodes=, depth= or plies=, timemargin=ms.
     */
    private static ObjectNode limits(Map<String, List<String>> e, String where) {
        ObjectNode l = JSON.createObjectNode();
        String tc = first(e, "tc");
        if (tc != null && !tc.equals("inf") && !tc.equals("infinite")) {
            String bad = "match: " + where + ": invalid time control tc=" + tc + " ([MOVES/]TIME[+INC], TIME in seconds "
                    + "or m:ss; tc=inf for none)";
            String rest = tc;
            if (tc.contains("hg")) {
                throw new BadInputException("match: " + where + ": hourglass time control tc=" + tc + " is not supported");
            }
            if (rest.contains("/")) {
                String[] mr = splitOnce(rest, '/', bad);
                if (!mr[0].equals("inf") && !mr[0].equals("infinite")) {
                    if (!mr[0].matches("\\d{1,9}") || Integer.parseInt(mr[0]) <= 0) {
                        throw new BadInputException(bad + ": the moves per period must be positive (tc=TIME for the whole game)");
                    }
                    l.put("movesPerPeriod", Integer.parseInt(mr[0]));
                }
                rest = mr[1];
            }
            if (rest.contains("+")) {
                String[] ti = splitOnce(rest, '+', bad);
                l.put("incrementMs", duration(ti[1], 1000, bad));
                rest = ti[0];
            }
            long timeMs;
            if (rest.contains(":")) {
                String[] ms = splitOnce(rest, ':', bad);
                timeMs = duration(ms[0], 60_000, bad) + duration(ms[1], 1000, bad);
            } else {
                timeMs = duration(rest, 1000, bad);
            }
            if (timeMs <= 0 && (!l.has("incrementMs") || l.get("incrementMs").asLong() <= 0)) {
                throw new BadInputException("match: " + where + ": tc=" + tc + " gives no time (no time control)");
            }
            l.put("timeMs", timeMs);
        }
        if (first(e, "st") != null) {
            if (l.has("timeMs")) {
                throw new BadInputException("match: " + where + ": tc= and st= together: choose one");
            }
            l.put("moveTimeMs", duration(first(e, "st"), 1000, "match: " + where + ": invalid st=" + first(e, "st")));
        }
        if (first(e, "nodes") != null) {
            l.put("nodes", positive(where + " nodes=", first(e, "nodes")));
        }
        String depth = first(e, "depth") != null ? first(e, "depth") : first(e, "plies");
        if (first(e, "depth") != null && first(e, "plies") != null) {
            throw new BadInputException("match: " + where + ": depth= and plies= together: they are the same limit");
        }
        if (depth != null) {
            l.put("depth", positive(where + " depth=", depth));
        }
        if (first(e, "timemargin") != null) {
            String m = first(e, "timemargin");
            if (!m.matches("\\d{1,12}")) {
                throw new BadInputException("match: " + where + ": timemargin=" + m + " must be a whole number of milliseconds, "
                        + "not negative");
            }
            l.put("marginMs", Long.parseLong(m));
        }
        return l;
    }

    private static String[] splitOnce(String v, char c, String bad) {
        int at = v.indexOf(c);
        if (at <= 0 || at == v.length() - 1 || v.indexOf(c, at + 1) >= 0) {
            throw new BadInputException(bad);
        }
        return new String[] {v.substring(0, at), v.substring(at + 1)};
    }

    /** Seconds (optionally with an s suffix when in seconds) times {@code multiplier}, in ms; never negative. */
    private static long duration(String v, long multiplier, String bad) {
        String d = multiplier == 1000 && v.length() > 1 && v.endsWith("s") ? v.substring(0, v.length() - 1) : v;
        if (!d.matches("\\d+(\\.\\d*)?|\\.\\d+")) {
            throw new BadInputException(bad);
        }
        double ms = Double.parseDouble(d) * multiplier;
        if (!Double.isFinite(ms) || ms > Long.MAX_VALUE / 2) {
            throw new BadInputException(bad);
        }
        return (long) ms;
    }

    /** An engine option's value as JSON: a boolean or a number when it reads as one, else text. */
    private static void putTyped(ObjectNode o, String key, String value) {
        if (value.equals("true") || value.equals("false")) {
            o.put(key, Boolean.parseBoolean(value));
        } else if (value.matches("-?\\d{1,18}")) {
            o.put(key, Long.parseLong(value));
        } else if (value.matches("-?\\d+\\.\\d+")) {
            o.put(key, Double.parseDouble(value));
        } else {
            o.put(key, value);
        }
    }

    static double number(String what, String v) {
        try {
            double d = Double.parseDouble(v);
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new BadInputException("match: " + what + " '" + v + "' is not a number");
    }

    static long integer(String what, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new BadInputException("match: " + what + " '" + v + "' is not a whole number");
        }
    }

    static int positive(String what, String v) {
        long n = integer(what, v);
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new BadInputException("match: " + what + " " + v + " must be at least 1");
        }
        return (int) n;
    }
}
