package arbiter.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * cutechess-cli / fastchess command-line vocabulary, translated into a run config (JSON). Each
 * flag takes its cutechess meaning; a flag or key we do not know, or know but do not support, is
 * an error naming it. See docs/match.md for the table.
 */
final class MatchArguments {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Engine keys: cutechess/fastchess ones, plus builtin=, weight.X= and build= of our own. */
    private static final List<String> ENGINE_KEYS = List.of("name", "cmd", "arg", "dir", "proto", "builtin", "tc", "st",
            "nodes", "depth", "timemargin", "build.repo", "build.ref", "build.command", "build.binary");

    private final List<Map<String, List<String>>> engines = new ArrayList<>();
    private final Map<String, List<String>> each = new LinkedHashMap<>();
    private final Map<String, String> flags = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> groups = new LinkedHashMap<>();
    /** The copy of games.pdn that {@code -pgnout FILE} asks for, or null. */
    Path pgnOut;

    /** Parses the arguments; throws {@link BadInputException} naming the first one that is wrong. */
    static MatchArguments parse(List<String> args) {
        MatchArguments m = new MatchArguments();
        int i = 0;
        while (i < args.size()) {
            String flag = args.get(i++);
            if (!flag.startsWith("-") || flag.startsWith("--")) {
                throw new BadInputException("match: '" + flag + "' is not a flag here (flags are -engine, -each, "
                        + "-rounds, ...; see `arbiter match --help`)");
            }
            List<String> values = new ArrayList<>();
            while (i < args.size() && !isFlag(args.get(i))) {
                values.add(args.get(i++));
            }
            switch (flag) {
                case "-engine" -> m.engines.add(keyValues(flag, values));
                case "-each" -> keyValues(flag, values).forEach((k, v) -> m.each.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
                case "-openings", "-sprt", "-draw", "-resign" -> m.groups.put(flag, single(flag, values));
                case "-rounds", "-games", "-concurrency", "-maxmoves", "-srand", "-seed", "-ratinginterval", "-variant",
                        "-tournament", "-event" -> m.flags.put(flag, one(flag, values));
                case "-repeat" -> {
                    if (values.size() > 1 || (values.size() == 1 && !values.get(0).equals("2"))) {
                        throw new BadInputException("match: -repeat plays each opening twice with colours reversed; "
                                + "it takes no value but 2, got " + values);
                    }
                    m.flags.put(flag, "2");
                }
                case "-recover" -> {
                    // Arbiter always replaces an engine that crashed and goes on: nothing to switch on.
                    noValues(flag, values);
                }
                case "-pgnout" -> {
                    if (values.size() != 1) {
                        throw new BadInputException("match: -pgnout takes one file (the 'min' and 'fi' variants are not "
                                + "supported: the copy holds whole records with engine comments), got " + values);
                    }
                    m.pgnOut = Path.of(values.get(0)).toAbsolutePath();
                }
                default -> throw new BadInputException("match: unknown flag " + flag);
            }
        }
        if (m.engines.size() < 2) {
            throw new BadInputException("match: give at least two -engine flags (got " + m.engines.size() + ")");
        }
        return m;
    }

    private static boolean isFlag(String s) {
        return s.startsWith("-") && s.length() > 1 && !Character.isDigit(s.charAt(1));
    }

    private static void noValues(String flag, List<String> values) {
        if (!values.isEmpty()) {
            throw new BadInputException("match: " + flag + " takes no value, got " + values);
        }
    }

    private static String one(String flag, List<String> values) {
        if (values.size() != 1) {
            throw new BadInputException("match: " + flag + " takes one value, got " + (values.isEmpty() ? "none" : values));
        }
        return values.get(0);
    }

    private static Map<String, List<String>> keyValues(String flag, List<String> values) {
        Map<String, List<String>> kv = new LinkedHashMap<>();
        for (String v : values) {
            int eq = v.indexOf('=');
            if (eq <= 0) {
                throw new BadInputException("match: " + flag + " expects key=value pairs, got '" + v + "'");
            }
            kv.computeIfAbsent(v.substring(0, eq), k -> new ArrayList<>()).add(v.substring(eq + 1));
        }
        return kv;
    }

    private static Map<String, String> single(String flag, List<String> values) {
        Map<String, String> out = new LinkedHashMap<>();
        keyValues(flag, values).forEach((k, v) -> {
            if (v.size() > 1) {
                throw new BadInputException("match: " + flag + " " + k + "= given twice");
            }
            out.put(k, v.get(0));
        });
        return out;
    }

    /** The run config these arguments describe, relative paths made absolute (from the working folder). */
    ObjectNode config() {
        ObjectNode root = JSON.createObjectNode();
        String name = flags.getOrDefault("-event", "match");
        root.put("name", name);
        root.put("description", "translated by `arbiter match` from cutechess-style arguments");
        String variant = flags.getOrDefault("-variant", "standard");
        root.putObject("game").put("variant", variant.equals("standard") ? "chess" : variant);

        ArrayNode players = root.putArray("players");
        List<String> names = new ArrayList<>();
        for (int k = 0; k < engines.size(); k++) {
            Map<String, List<String>> e = new LinkedHashMap<>();
            each.forEach((key, v) -> e.put(key, new ArrayList<>(v)));
            engines.get(k).forEach((key, v) -> {
                if (key.equals("arg") || key.startsWith("option.") || key.startsWith("weight.")) {
                    e.computeIfAbsent(key, x -> new ArrayList<>()).addAll(v); // -engine adds to -each
                } else {
                    e.put(key, v);
                }
            });
            ObjectNode p = players.addObject();
            String engineName = player(p, e, "-engine #" + (k + 1));
            if (names.contains(engineName)) {
                throw new BadInputException("match: two engines are named '" + engineName + "': give name= to tell them apart");
            }
            names.add(engineName);
        }

        int rounds = positive("-rounds", flags.getOrDefault("-rounds", "1"));
        int games = positive("-games", flags.getOrDefault("-games", "1"));
        boolean repeat = flags.containsKey("-repeat");
        if (repeat && games % 2 != 0) {
            throw new BadInputException("match: -repeat plays openings in colour-reversed pairs, so -games must be even "
                    + "(fastchess and cutechess use -games 2 -repeat), got -games " + games);
        }
        String tournament = flags.getOrDefault("-tournament", "round-robin");
        ObjectNode schedule = root.putObject("schedule");
        Map<String, String> sprt = groups.get("-sprt");
        if (names.size() == 2 && !tournament.equals("gauntlet") || sprt != null) {
            if (names.size() != 2) {
                throw new BadInputException("match: -sprt needs exactly two engines, got " + names.size());
            }
            schedule.put("type", "match");
            schedule.putArray("players").add(names.get(0)).add(names.get(1));
            schedule.put("games", (long) rounds * games);
        } else {
            if (!tournament.equals("round-robin") && !tournament.equals("gauntlet")) {
                throw new BadInputException("match: -tournament " + tournament + " is not supported (round-robin or gauntlet)");
            }
            schedule.put("type", tournament);
            if (tournament.equals("gauntlet")) {
                ArrayNode order = schedule.putArray("players");
                names.forEach(order::add);
            }
            schedule.put("rounds", (long) rounds * games / (repeat ? 2 : 1));
        }
        if (sprt != null) {
            ObjectNode s = schedule.putObject("sprt");
            for (Map.Entry<String, String> kv : sprt.entrySet()) {
                switch (kv.getKey()) {
                    case "elo0", "elo1", "alpha", "beta" -> s.put(kv.getKey(), number("-sprt " + kv.getKey() + "=", kv.getValue()));
                    case "model" -> {
                        if (!List.of("logistic", "normalized").contains(kv.getValue())) {
                            throw new BadInputException("match: -sprt model=" + kv.getValue() + ": logistic or normalized");
                        }
                        s.put("normalized", kv.getValue().equals("normalized"));
                    }
                    default -> throw new BadInputException("match: -sprt " + kv.getKey() + "= is not known (elo0, elo1, alpha, beta, model)");
                }
            }
        }

        ObjectNode openings = root.putObject("openings");
        Map<String, String> book = groups.getOrDefault("-openings", Map.of());
        for (Map.Entry<String, String> kv : book.entrySet()) {
            switch (kv.getKey()) {
                case "file" -> openings.put("file", Path.of(kv.getValue()).toAbsolutePath().toString());
                case "format" -> openings.put("format", switch (kv.getValue()) {
                    case "pgn", "pdn" -> "pdn";
                    case "epd", "fen" -> kv.getValue();
                    default -> throw new BadInputException("match: -openings format=" + kv.getValue() + ": pgn, pdn, epd or fen");
                });
                case "order" -> openings.put("order", kv.getValue());
                default -> throw new BadInputException("match: -openings " + kv.getKey() + "= is not supported "
                        + "(file, format, order; random plies from the start are the config's openings.randomPlies)");
            }
        }
        openings.put("pairs", repeat);

        ObjectNode adjudication = root.putObject("adjudication");
        Map<String, String> draw = groups.get("-draw");
        if (draw != null) {
            for (Map.Entry<String, String> kv : draw.entrySet()) {
                switch (kv.getKey()) {
                    case "movenumber" -> adjudication.put("drawMinPlies", 2 * integer("-draw movenumber=", kv.getValue()));
                    case "movecount" -> adjudication.put("drawMoves", integer("-draw movecount=", kv.getValue()));
                    case "score" -> adjudication.put("drawScore", integer("-draw score=", kv.getValue()));
                    default -> throw new BadInputException("match: -draw " + kv.getKey() + "= is not known (movenumber, movecount, score)");
                }
            }
        }
        Map<String, String> resign = groups.get("-resign");
        if (resign != null) {
            for (Map.Entry<String, String> kv : resign.entrySet()) {
                switch (kv.getKey()) {
                    case "movecount" -> adjudication.put("resignMoves", integer("-resign movecount=", kv.getValue()));
                    case "score" -> adjudication.put("resignScore", integer("-resign score=", kv.getValue()));
                    case "twosided" -> {
                        if (!kv.getValue().equals("true")) {
                            throw new BadInputException("match: -resign twosided=" + kv.getValue()
                                    + ": Arbiter resigns a game only when both engines agree (twosided=true)");
                        }
                    }
                    default -> throw new BadInputException("match: -resign " + kv.getKey() + "= is not known (movecount, score, twosided)");
                }
            }
        }
        if (flags.containsKey("-maxmoves")) {
            adjudication.put("maxPlies", 2 * positive("-maxmoves", flags.get("-maxmoves")));
        }
        if (flags.containsKey("-concurrency")) {
            root.put("concurrency", positive("-concurrency", flags.get("-concurrency")));
        }
        String seed = flags.getOrDefault("-srand", flags.get("-seed"));
        if (seed != null) {
            root.put("seed", integer("-srand", seed));
        }
        if (flags.containsKey("-ratinginterval")) {
            root.put("reportEvery", positive("-ratinginterval", flags.get("-ratinginterval")));
        }
        return root;
    }

    /** Fills a player from its keys; returns its name. */
    private static String player(ObjectNode p, Map<String, List<String>> e, String where) {
        for (String key : e.keySet()) {
            if (!ENGINE_KEYS.contains(key) && !key.startsWith("option.") && !key.startsWith("weight.")) {
                throw new BadInputException("match: " + where + ": unknown key " + key + "= (known: "
                        + String.join("=, ", ENGINE_KEYS) + "=, option.NAME=, weight.NAME=)");
            }
            if (!key.equals("arg") && !key.startsWith("option.") && !key.startsWith("weight.") && e.get(key).size() > 1) {
                throw new BadInputException("match: " + where + ": " + key + "= given twice");
            }
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
            name = cmd != null ? Path.of(cmd).getFileName().toString() : builtin != null ? builtin
                    : Path.of(repo).getFileName() + "@" + first(e, "build.ref");
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
            for (String key : List.of("proto", "dir", "arg")) {
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
        if (!limits.isEmpty()) {
            p.set("limits", limits);
        }
        return name;
    }

    private static String first(Map<String, List<String>> e, String key) {
        List<String> v = e.get(key);
        return v == null || v.isEmpty() ? null : v.get(v.size() - 1);
    }

    /** tc=[moves/]time[+inc] (time in seconds or m:ss; inf for none), st=seconds, nodes=, depth=, timemargin=ms. */
    private static ObjectNode limits(Map<String, List<String>> e, String where) {
        ObjectNode l = JSON.createObjectNode();
        String tc = first(e, "tc");
        if (tc != null && !tc.equals("inf") && !tc.equals("infinite")) {
            String rest = tc;
            int slash = rest.indexOf('/');
            if (slash >= 0) {
                l.put("movesPerPeriod", positive(where + " tc=", rest.substring(0, slash)));
                rest = rest.substring(slash + 1);
            }
            int plus = rest.indexOf('+');
            String base = plus < 0 ? rest : rest.substring(0, plus);
            double seconds;
            if (base.contains(":")) {
                String[] ms = base.split(":", 2);
                seconds = 60 * number(where + " tc=", ms[0]) + number(where + " tc=", ms[1]);
            } else {
                seconds = number(where + " tc=", base);
            }
            if (seconds <= 0) {
                throw new BadInputException("match: " + where + ": tc=" + tc + " gives no time");
            }
            l.put("timeMs", Math.round(seconds * 1000));
            if (plus >= 0) {
                l.put("incrementMs", Math.round(number(where + " tc=", rest.substring(plus + 1)) * 1000));
            }
        }
        if (first(e, "st") != null) {
            l.put("moveTimeMs", Math.round(number(where + " st=", first(e, "st")) * 1000));
        }
        if (first(e, "nodes") != null) {
            l.put("nodes", positive(where + " nodes=", first(e, "nodes")));
        }
        if (first(e, "depth") != null) {
            l.put("depth", positive(where + " depth=", first(e, "depth")));
        }
        if (first(e, "timemargin") != null) {
            l.put("marginMs", integer(where + " timemargin=", first(e, "timemargin")));
        }
        return l;
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

    private static double number(String what, String v) {
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

    private static long integer(String what, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new BadInputException("match: " + what + " '" + v + "' is not a whole number");
        }
    }

    private static int positive(String what, String v) {
        long n = integer(what, v);
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new BadInputException("match: " + what + " " + v + " must be at least 1");
        }
        return (int) n;
    }

    static String text(ObjectNode config) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(config) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
