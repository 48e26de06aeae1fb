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

    /** Flags Arbiter refuses, with what to use instead. */
    private static final Map<String, String> REFUSED_FLAGS = Map.ofEntries(
            Map.entry("-bookmode", "polyglot books are not supported; give -openings file="),
            Map.entry("-tb", "tablebase adjudication is not supported; use -draw and -resign"),
            Map.entry("-tbpieces", "tablebase adjudication is not supported; use -draw and -resign"),
            Map.entry("-tbignore50", "tablebase adjudication is not supported; use -draw and -resign"),
            Map.entry("-tbadjudicate", "tablebase adjudication is not supported; use -draw and -resign"),
            Map.entry("-scoreinterval", "a line is printed for every finished game; -ratinginterval sets the standings' cadence"),
            Map.entry("-outcomeinterval", "a line is printed for every finished game; -ratinginterval sets the standings' cadence"),
            Map.entry("-autosaveinterval", "every game is recorded as it ends: rerun the command to resume"),
            Map.entry("-resultformat", "the report files hold every table (see docs/reports.md)"),
            Map.entry("-debug", "the engines' traffic is in the run's arbiter.log (a line per game is printed by default)"),
            Map.entry("-log", "the run's log is always <output>/arbiter.log"),
            Map.entry("-use-affinity", "CPU affinity is not supported"),
            Map.entry("-check-mate-pvs", "not supported"),
            Map.entry("-show-latency", "not supported"),
            Map.entry("-testEnv", "not supported"),
            Map.entry("-strict", "not supported"),
            Map.entry("-startup-ms", "not supported"),
            Map.entry("-ucinewgame-ms", "not supported"),
            Map.entry("-ping-ms", "not supported"),
            Map.entry("-crc32", "not supported"),
            Map.entry("-config", "give a JSON run config to `arbiter run` instead"),
            Map.entry("-quick", "spell out -engine, -each, -openings and -rounds"),
            Map.entry("-engines", "use `arbiter engines`"),
            Map.entry("-version", "use `arbiter --version`"),
            Map.entry("-v", "use `arbiter --version`"));

    private final List<Map<String, List<String>>> engines = new ArrayList<>();
    private final Map<String, List<String>> each = new LinkedHashMap<>();
    private final Map<String, String> flags = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> groups = new LinkedHashMap<>();
    /** fastchess defaults: two games per encounter (a colour-reversed pair), two rounds. */
    private int games = 2;
    private int rounds = 2;
    /** {@code -recover}: replace an engine that crashed or stalled and go on (without it the run stops, as fastchess). */
    boolean recover;
    /** Indices of the players whose name is the default (no name=): they take the engine's own name. */
    final List<Integer> unnamed = new ArrayList<>();
    /** The file {@code -pgnout} appends every finished game to, or null. */
    Path pgnOut;
    /** The file {@code -epdout} appends every game's final position to, or null. */
    Path epdOut;
    /** {@code -output format=}: the console's layout, fastchess's unless cutechess is asked for. */
    String outputFormat = "fastchess";
    /** {@code -site}: the Site tag of the {@code -pgnout} file, or null for games.pdn's. */
    String site;
    /** {@code -pgnout notation=}: {@code san} (the records' own), {@code lan} or {@code uci}. */
    MatchNotation.Notation notation = MatchNotation.Notation.SAN;
    /** {@code -noswap}: the first engine of a pairing has White in every game; {@code -reverse}: colours the other way. */
    private boolean noswap;
    private boolean reverse;

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
            if (REFUSED_FLAGS.containsKey(flag)) {
                throw new BadInputException("match: " + flag + " is not supported: " + REFUSED_FLAGS.get(flag));
            }
            switch (flag) {
                case "-engine" -> m.engines.add(keyValues(flag, values));
                case "-each" -> keyValues(flag, values).forEach((k, v) -> m.each.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
                case "-openings", "-sprt", "-draw", "-resign", "-output", "-report" -> m.groups.put(flag, single(flag, values));
                case "-concurrency", "-maxmoves", "-srand", "-seed", "-ratinginterval", "-variant", "-tournament",
                        "-wait", "-seeds" -> m.flags.put(flag, one(flag, values));
                case "-games" -> m.games = count("-games", one(flag, values));
                case "-rounds" -> m.rounds = count("-rounds", one(flag, values));
                case "-event" -> m.flags.put(flag, String.join("", atLeastOne(flag, values))); // fastchess joins the words
                case "-site" -> m.site = String.join("", atLeastOne(flag, values));
                case "-repeat" -> {
                    // fastchess parseRepeat: -repeat N sets the games per encounter to N, plain -repeat to 2.
                    if (values.size() > 1) {
                        throw new BadInputException("match: -repeat takes at most one number, got " + values);
                    }
                    m.games = values.isEmpty() ? 2 : count("-repeat", values.get(0));
                }
                case "-recover" -> {
                    noValues(flag, values);
                    m.recover = true;
                }
                case "-force-concurrency" -> noValues(flag, values);
                case "-noswap" -> {
                    noValues(flag, values);
                    m.noswap = true;
                }
                case "-reverse" -> {
                    noValues(flag, values);
                    m.reverse = true;
                }
                case "-pgnout" -> m.pgnOut = m.outFile(flag, values, "pgn");
                case "-epdout" -> m.epdOut = m.outFile(flag, values, "epd");
                case "-help" -> throw new BadInputException("match: -help: use `arbiter match --help`");
                default -> throw new BadInputException("match: unknown flag " + flag);
            }
        }
        if (m.engines.size() < 2) {
            throw new BadInputException("match: give at least two -engine flags (got " + m.engines.size() + ")");
        }
        // fastchess sanitize.cpp fixConfig: more than 2 games per encounter is taken as swapped with -rounds.
        if (m.games > 2) {
            int g = m.games;
            m.games = m.rounds;
            m.rounds = g;
            if (m.games > 2) {
                throw new BadInputException("match: -games " + g + " with -rounds " + m.games + ": -games is at most 2 "
                        + "(2: each opening twice, colours reversed); set the number of encounters with -rounds");
            }
        }
        return m;
    }

    /** -pgnout / -epdout: {@code file=F} and keys (fastchess) or a bare FILE (cutechess); default name as fastchess. */
    private Path outFile(String flag, List<String> values, String extension) {
        String file = null;
        for (String v : values) {
            int eq = v.indexOf('=');
            if (eq < 0) {
                if (v.equals("min") || v.equals("fi")) {
                    throw new BadInputException("match: " + flag + " " + v + " is not supported: the file gets whole records "
                            + "of every finished game");
                }
                if (file != null) {
                    throw new BadInputException("match: " + flag + " names two files: " + file + " and " + v);
                }
                file = v;
                continue;
            }
            String key = v.substring(0, eq);
            String value = v.substring(eq + 1);
            switch (flag + " " + key) {
                case "-pgnout file", "-epdout file" -> file = value;
                case "-pgnout append", "-epdout append" -> requireValue(flag, key, value, "true",
                        "the file is appended to as games end (Arbiter never truncates a file)");
                case "-pgnout nodes", "-pgnout seldepth", "-pgnout nps", "-pgnout pv" -> requireValue(flag, key, value,
                        "true", "Arbiter's records always hold nodes, selective depth, nps and pv in each move's comment");
                case "-pgnout min" -> requireValue(flag, key, value, "false", "the file gets whole records");
                case "-pgnout notation" -> {
                    notation = MatchNotation.Notation.named(value);
                    if (notation == null) {
                        throw new BadInputException("match: -pgnout notation=" + value + ": san, lan or uci");
                    }
                }
                default -> throw new BadInputException("match: " + flag + " " + key + "= is not supported (file=, append=true"
                        + (flag.equals("-pgnout") ? ", notation=san|lan|uci, nodes=true, seldepth=true, nps=true, pv=true" : "") + ")");
            }
        }
        if (file == null) {
            file = "fastchess_" + java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern(
                    "yyyyMMdd_HHmmss")) + "." + extension;
        }
        return Path.of(file).toAbsolutePath();
    }

    private static void requireValue(String flag, String key, String value, String wanted, String why) {
        if (!value.equals(wanted)) {
            if (!value.equals("true") && !value.equals("false") && (wanted.equals("true") || wanted.equals("false"))) {
                throw new BadInputException("match: " + flag + " " + key + "=" + value + ": true or false");
            }
            throw new BadInputException("match: " + flag + " " + key + "=" + value + " is not supported: " + why);
        }
    }

    private static List<String> atLeastOne(String flag, List<String> values) {
        if (values.isEmpty()) {
            throw new BadInputException("match: " + flag + " takes a value");
        }
        return values;
    }

    /** A positive count (fastchess parseScalar: digits only, fits). */
    private static int count(String what, String v) {
        if (!v.matches("\\d{1,9}") || Integer.parseInt(v) < 1) {
            throw new BadInputException("match: " + what + " '" + v + "' must be a whole number of at least 1");
        }
        return Integer.parseInt(v);
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

    /**
     * The run config these arguments describe, relative paths made absolute (from the working folder).
     *
     * @throws BadInputException also for a path this machine cannot name (a NUL, or characters the
     *                           file-name encoding cannot write)
     */
    ObjectNode config() {
        try {
            return translate();
        } catch (java.nio.file.InvalidPathException e) {
            throw new BadInputException("match: path '" + e.getInput().replace("\0", "\\0") + "': " + e.getReason());
        }
    }

    private ObjectNode translate() {
        unnamed.clear();
        ObjectNode root = JSON.createObjectNode();
        String name = flags.getOrDefault("-event", "match");
        root.put("name", name);
        root.put("description", "translated by `arbiter match` from cutechess-style arguments");
        String variant = flags.getOrDefault("-variant", "standard");
        if (variant.equals("fischerandom")) {
            throw new BadInputException("match: -variant fischerandom is not supported (standard, or an Arbiter game: "
                    + "international, english, ..., quoridor, backgammon)");
        }
        root.putObject("game").put("variant", variant.equals("standard") ? "chess" : variant);
        if (notation != MatchNotation.Notation.SAN && !variant.equals("standard")) {
            throw new BadInputException("match: -pgnout notation=" + notation.id() + " is for chess; " + variant
                    + " records keep the game's own notation (notation=san)");
        }

        ArrayNode players = root.putArray("players");
        List<String> names = new ArrayList<>();
        List<String> given = new ArrayList<>();
        List<String> untimed = new ArrayList<>();
        for (int k = 0; k < engines.size(); k++) {
            Map<String, List<String>> e = new LinkedHashMap<>();
            // -each is applied after every -engine and wins over its keys, in both tools (fastchess registers
            // it Dispatch::Deferred; cutechess-cli parses eachOptions into every engine after the engines).
            engines.get(k).forEach((key, v) -> e.put(key, new ArrayList<>(v)));
            each.forEach((key, v) -> {
                if (key.equals("arg") || key.startsWith("option.") || key.startsWith("weight.")) {
                    e.computeIfAbsent(key, x -> new ArrayList<>()).addAll(v); // added after the engine's: the last wins
                } else {
                    e.put(key, new ArrayList<>(v));
                }
            });
            ObjectNode p = players.addObject();
            if (!e.containsKey("name") && e.containsKey("cmd")) {
                unnamed.add(k);
            }
            String named = MatchEngineKeys.player(p, e, "-engine #" + (k + 1), untimed);
            // fastchess sanitize.cpp: the n-th engine of a name (n > 1) is renamed NAME_n.
            given.add(named);
            long nth = given.stream().filter(named::equals).count();
            String unique = nth == 1 ? named : named + "_" + nth;
            p.put("name", unique);
            names.add(unique);
        }

        boolean pairs = games == 2;
        String tournament = flags.getOrDefault("-tournament", "roundrobin");
        if (tournament.equals("roundrobin")) {
            tournament = "round-robin"; // fastchess's spelling; cutechess's is round-robin
        }
        if (!tournament.equals("round-robin") && !tournament.equals("gauntlet")) {
            throw new BadInputException("match: -tournament " + tournament + " is not supported (roundrobin or gauntlet)");
        }
        // fastchess: the first -seeds engines (at most all but one) each meet every engine after them.
        int seeds = flags.containsKey("-seeds") ? Math.min(count("-seeds", flags.get("-seeds")), names.size() - 1) : 1;
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
            schedule.put("type", tournament);
            if (tournament.equals("gauntlet")) {
                ArrayNode seeded = schedule.putArray("players");
                names.subList(0, seeds).forEach(seeded::add);
            }
            schedule.put("rounds", rounds);
        }
        if (sprt != null) {
            sprt(schedule.putObject("sprt"), sprt);
        }

        ObjectNode openings = root.putObject("openings");
        Map<String, String> book = groups.getOrDefault("-openings", Map.of());
        for (Map.Entry<String, String> kv : book.entrySet()) {
            String v = kv.getValue();
            switch (kv.getKey()) {
                case "file" -> openings.put("file", Path.of(v).toAbsolutePath().toString());
                case "format" -> openings.put("format", switch (v) {
                    case "pgn", "pdn" -> "pdn";
                    case "epd", "fen" -> v;
                    default -> throw new BadInputException("match: -openings format=" + v + ": epd or pgn (or fen, pdn)");
                });
                case "order" -> {
                    if (!v.equals("sequential") && !v.equals("random")) {
                        throw new BadInputException("match: -openings order=" + v + ": sequential or random");
                    }
                    openings.put("order", v);
                }
                case "policy" -> {
                    if (!v.equals("round")) {
                        throw new BadInputException("match: -openings policy=" + v + " is not supported (as fastchess: "
                                + "policy=round, a new opening for every encounter)");
                    }
                }
                case "start" -> {
                    if (count("-openings start=", v) != 1) {
                        throw new BadInputException("match: -openings start=" + v + " is not supported: Arbiter starts at "
                                + "the book's first opening (start=1); cut the book's first lines instead");
                    }
                }
                case "plies" -> {
                    String format = book.getOrDefault("format", book.getOrDefault("file", "").toLowerCase().endsWith(".pgn")
                            || book.getOrDefault("file", "").toLowerCase().endsWith(".pdn") ? "pgn" : "epd");
                    count("-openings plies=", v);
                    if (format.equals("pgn") || format.equals("pdn")) {
                        throw new BadInputException("match: -openings plies=" + v + " is not supported: Arbiter "
                        + "plays each PGN opening whole; cut the book (e.g. pgn-extract --plylimit " + v + ")");
                    }
                    // An EPD opening has no moves to cut: as in fastchess, plies= changes nothing.
                }
                default -> throw new BadInputException("match: -openings " + kv.getKey() + "= is not known "
                        + "(file, format, order, plies, start, policy)");
            }
        }
        openings.put("pairs", pairs);
        if (noswap) {
            openings.put("swap", false);
        }
        if (reverse) {
            openings.put("reverse", true);
        }

        ObjectNode adjudication = root.putObject("adjudication");
        Map<String, String> draw = groups.get("-draw");
        if (draw != null) {
            adjudication.put("drawMoves", 1); // fastchess's default movecount
            for (Map.Entry<String, String> kv : draw.entrySet()) {
                switch (kv.getKey()) {
                    case "movenumber" -> adjudication.put("drawMinPlies", 2 * nonNegative("-draw movenumber=", kv.getValue()));
                    case "movecount" -> adjudication.put("drawMoves", count("-draw movecount=", kv.getValue()));
                    case "score" -> adjudication.put("drawScore", nonNegative("-draw score=", kv.getValue()));
                    default -> throw new BadInputException("match: -draw " + kv.getKey() + "= is not known (movenumber, movecount, score)");
                }
            }
        }
        Map<String, String> resign = groups.get("-resign");
        if (resign != null) {
            adjudication.put("resignMoves", 1); // fastchess's default movecount
            for (Map.Entry<String, String> kv : resign.entrySet()) {
                switch (kv.getKey()) {
                    case "movecount" -> adjudication.put("resignMoves", count("-resign movecount=", kv.getValue()));
                    case "score" -> adjudication.put("resignScore", nonNegative("-resign score=", kv.getValue()));
                    case "twosided" -> {
                        if (!kv.getValue().equals("true") && !kv.getValue().equals("false")) {
                            throw new BadInputException("match: -resign twosided=" + kv.getValue() + ": true or false");
                        }
                        adjudication.put("resignTwoSided", kv.getValue().equals("true"));
                    }
                    default -> throw new BadInputException("match: -resign " + kv.getKey() + "= is not known (movecount, score, twosided)");
                }
            }
        }
        if (flags.containsKey("-maxmoves")) {
            adjudication.put("maxPlies", 2 * count("-maxmoves", flags.get("-maxmoves")));
        }
        root.put("concurrency", flags.containsKey("-concurrency") ? count("-concurrency", flags.get("-concurrency")) : 1);
        String seed = flags.getOrDefault("-srand", flags.get("-seed"));
        if (seed != null) {
            if (!seed.matches("\\d{1,18}")) {
                throw new BadInputException("match: -srand '" + seed + "' must be a whole number of at least 0");
            }
            root.put("seed", Long.parseLong(seed));
        }
        if (flags.containsKey("-ratinginterval")) {
            int every = nonNegative("-ratinginterval", flags.get("-ratinginterval"));
            root.put("reportEvery", every == 0 ? 1_000_000 : every); // fastchess: 0 means never (only at the end)
        }
        if (flags.containsKey("-wait") && nonNegative("-wait", flags.get("-wait")) != 0) {
            throw new BadInputException("match: -wait " + flags.get("-wait") + " is not supported: Arbiter starts the "
                    + "next game at once (-wait 0)");
        }
        Map<String, String> output = groups.getOrDefault("-output", Map.of());
        output.forEach((k, v) -> {
            if (!k.equals("format") || !v.equals("fastchess") && !v.equals("cutechess")) {
                throw new BadInputException("match: -output " + k + "=" + v + ": format=fastchess or format=cutechess");
            }
            outputFormat = v;
        });
        groups.getOrDefault("-report", Map.of()).forEach((k, v) -> {
            if (!k.equals("penta") || !v.equals("true")) {
                throw new BadInputException("match: -report " + k + "=" + v + " is not supported: Arbiter always reports "
                        + "pentanomial pairs (penta=true)");
            }
        });
        if (!untimed.isEmpty()) {
            // fastchess sanitize.cpp: "Error; no TimeControl specified!"
            throw new BadInputException("match: " + untimed.get(0) + ": no time control: give tc=, st=, nodes= or "
                    + "depth=/plies= (tc=inf with nodes= or depth= for no clock)");
        }
        return root;
    }

    /** fastchess's SPRT: elo0, elo1, alpha, beta all given; model normalized (default) or logistic. */
    private static void sprt(ObjectNode s, Map<String, String> sprt) {
        String model = "normalized";
        for (Map.Entry<String, String> kv : sprt.entrySet()) {
            switch (kv.getKey()) {
                case "elo0", "elo1", "alpha", "beta" -> s.put(kv.getKey(), MatchEngineKeys.number("-sprt " + kv.getKey() + "=", kv.getValue()));
                case "model" -> model = kv.getValue();
                default -> throw new BadInputException("match: -sprt " + kv.getKey() + "= is not known (elo0, elo1, alpha, beta, model)");
            }
        }
        for (String key : List.of("elo0", "elo1", "alpha", "beta")) {
            if (!s.has(key)) {
                throw new BadInputException("match: -sprt needs " + key + "= (elo0, elo1, alpha and beta)");
            }
        }
        if (s.get("elo0").asDouble() >= s.get("elo1").asDouble()) {
            throw new BadInputException("match: -sprt: elo0 must be less than elo1");
        }
        double alpha = s.get("alpha").asDouble();
        double beta = s.get("beta").asDouble();
        if (!(alpha > 0 && alpha < 1)) {
            throw new BadInputException("match: -sprt alpha=" + alpha + " must be a decimal number between 0 and 1");
        }
        if (!(beta > 0 && beta < 1)) {
            throw new BadInputException("match: -sprt beta=" + beta + " must be a decimal number between 0 and 1");
        }
        if (alpha + beta >= 1) {
            throw new BadInputException("match: -sprt: the sum of alpha and beta must be less than 1");
        }
        if (model.equals("bayesian")) {
            throw new BadInputException("match: -sprt model=bayesian is not supported: normalized (default) or logistic");
        }
        if (!model.equals("normalized") && !model.equals("logistic")) {
            throw new BadInputException("match: -sprt model=" + model + ": invalid SPRT model (normalized or logistic)");
        }
        s.put("normalized", model.equals("normalized"));
    }

    private static int nonNegative(String what, String v) {
        if (!v.matches("\\d{1,9}")) {
            throw new BadInputException("match: " + what + " '" + v + "' must be a whole number of at least 0");
        }
        return Integer.parseInt(v);
    }

    static String text(ObjectNode config) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(config) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
