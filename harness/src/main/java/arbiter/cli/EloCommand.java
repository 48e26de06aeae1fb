package arbiter.cli;

import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.pdn.PdnReader;
import arbiter.pdn.ResultScanner;
import arbiter.pdn.PdnWarning;
import arbiter.report.Format;
import arbiter.report.RatingReport;
import arbiter.report.SvgChart;
import arbiter.stats.GameCounts;
import arbiter.stats.RatingList;
import arbiter.stats.RatingModel;
import arbiter.stats.RatingOptions;
import arbiter.stats.Ratings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import arbiter.pdn.RecordCheck;
import arbiter.stats.MatchStats;
import java.util.ArrayList;
import java.util.Locale;
import java.util.TreeMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arbiter elo}: a rating list from the games of PDN/PGN files. */
@Command(name = "elo", mixinStandardHelpOptions = true,
        description = {"Rating list (maximum likelihood, error bars by parametric bootstrap) from PDN/PGN files.",
            "Results 2-0/1-1/0-2 (draughts) and 1-0/1/2-1/2/0-1 (chess); '*' and unknown results are not rated."})
final class EloCommand implements Callable<Integer> {
    static final int MAX_WARNINGS = 50;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "PDN or PGN files.")
    List<Path> files;

    @Option(names = "--anchor", paramLabel = "NAME=RATING",
            description = {"Fix this player's rating (default: the mean rating is 0).",
                "Repeat to fix several players; the others are fitted against all of them jointly."})
    List<String> anchors;

    @Option(names = "--bootstrap", defaultValue = "1000", paramLabel = "N",
            description = "Bootstrap samples for the error bars; 0 = from the likelihood's curvature (default ${DEFAULT-VALUE}).")
    int bootstrap;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Bootstrap seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text, md, csv, tex or html (default ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the report to FILE instead of standard output.")
    Path out;

    @Option(names = "--white-advantage", description = "Fit an Elo advantage for White (the first player).")
    boolean whiteAdvantage;

    @Option(names = "--draw-model", defaultValue = "half", paramLabel = "MODEL",
            description = "half (a draw is half a point, Ordo) or drawelo (BayesElo) (default ${DEFAULT-VALUE}).")
    String drawModel;

    @Option(names = "--model", defaultValue = "ordo", paramLabel = "MODEL",
            description = {"ordo (maximum likelihood as Ordo computes it) or bayeselo (BayesElo's default list:",
                "elo; mm; exactdist; ratings, prior 2, its scale; one --anchor at most) (default ${DEFAULT-VALUE})."})
    String modelName;

    @Option(names = "--crosstable", description = "Add the crosstable.")
    boolean crosstable;

    @Option(names = "--head-to-head", description = "Add the head-to-head table.")
    boolean headToHead;

    @Option(names = "--los", description = "Add the LOS matrix (likelihood of superiority of every pair, Ordo -M).")
    boolean los;

    @Option(names = "--svg", paramLabel = "FILE", description = "Also write an SVG chart of the ratings.")
    Path svg;

    @Option(names = "--check", description = {"Replay every game under its rules (the Variant tag, or --game) and warn about",
        "illegal moves, results the final position contradicts, and files mixing game types."})
    boolean check;

    @Option(names = "--game", paramLabel = "VARIANT", description = "The rules for --check when records carry no Variant tag.")
    String game;

    @Option(names = "--pairs", description = {"Group colour-reversed pairs (same Opening and Seed tags, colours swapped)",
        "into pentanomial counts and add each pairing's match block (Elo, LOS from the pairs)."})
    boolean pairs;

    @Override
    public Integer call() throws IOException {
        if (out != null) {
            JobSetup.checkWritable(out, "--out");
        }
        Format f = Format.parse(format);
        if (f == null) {
            throw new BadInputException("--format must be text, md, csv, tex or html, got '" + format + "'");
        }
        if (bootstrap < 0) {
            throw new BadInputException("--bootstrap must be >= 0, got " + bootstrap);
        }
        RatingOptions.DrawModel model = switch (drawModel.toLowerCase(java.util.Locale.ROOT)) {
            case "half" -> RatingOptions.DrawModel.HALF_POINT;
            case "drawelo", "bayeselo" -> RatingOptions.DrawModel.DRAW_ELO;
            default -> throw new BadInputException("--draw-model must be half or drawelo, got '" + drawModel + "'");
        };
        RatingModel ratingModel = RatingModel.parse(modelName);
        if (ratingModel == null) {
            throw new BadInputException("--model must be ordo or bayeselo, got '" + modelName + "'");
        }
        if (ratingModel == RatingModel.BAYESELO && !drawModel.equalsIgnoreCase("half")) {
            throw new BadInputException("--draw-model does not apply to --model bayeselo (BayesElo's draw model is built in)");
        }
        RatingOptions options = RatingOptions.defaults().withBootstrap(bootstrap, seed)
                .withWhiteAdvantage(whiteAdvantage).withDrawModel(model);
        Map<String, Double> fixed = new LinkedHashMap<>();
        for (String anchor : anchors == null ? List.<String>of() : anchors) {
            int eq = anchor.lastIndexOf('=');
            if (eq <= 0 || eq == anchor.length() - 1) {
                throw new BadInputException("--anchor expects NAME=RATING, got '" + anchor + "'");
            }
            double rating;
            try {
                rating = Double.parseDouble(anchor.substring(eq + 1).trim());
            } catch (NumberFormatException e) {
                throw new BadInputException("--anchor: '" + anchor.substring(eq + 1) + "' is not a number");
            }
            if (!Double.isFinite(rating)) {
                throw new BadInputException("--anchor: rating must be finite");
            }
            if (fixed.put(anchor.substring(0, eq).trim(), rating) != null) {
                throw new BadInputException("--anchor: player '" + anchor.substring(0, eq).trim() + "' is anchored twice");
            }
        }
        if (ratingModel == RatingModel.BAYESELO && fixed.size() > 1) {
            throw new BadInputException("--model bayeselo takes at most one --anchor (BayesElo's offset), got " + fixed.size());
        }
        if (!fixed.isEmpty()) {
            options = options.withAnchors(fixed);
        }
        PrintWriter err = spec.commandLine().getErr();
        List<String> warnings = new ArrayList<>();
        Extras extras = new Extras(check, game, pairs);
        GameCounts counts = read(files, warnings, extras);
        extras.finish(warnings);
        int shown = 0;
        for (String w : warnings) {
            if (shown++ < MAX_WARNINGS) {
                err.println("warning: " + w);
            }
        }
        if (warnings.size() > MAX_WARNINGS) {
            err.println("warning: ... and " + (warnings.size() - MAX_WARNINGS) + " more warnings");
        }
        err.flush();
        if (counts.totalGames() == 0) {
            throw new BadInputException("no rated games in " + files.size() + " file(s)");
        }
        for (String anchor : options.anchors().keySet()) {
            if (counts.indexOf(anchor) < 0) {
                throw new BadInputException("--anchor: player '" + anchor + "' has no rated games");
            }
        }
        if (counts.players() > RatingList.DENSE_LIMIT && (crosstable || los)) {
            throw new BadInputException((crosstable ? "--crosstable" : "--los") + " needs at most " + RatingList.DENSE_LIMIT
                    + " players (a players x players table), the files have " + counts.players());
        }
        if (counts.players() > RatingList.DENSE_LIMIT && ratingModel == RatingModel.ORDO
                && (whiteAdvantage || options.drawModel() != RatingOptions.DrawModel.HALF_POINT)) {
            throw new BadInputException("--white-advantage and --draw-model drawelo need at most " + RatingList.DENSE_LIMIT
                    + " players, the files have " + counts.players());
        }
        Ratings ratings = ratingModel.compute(counts, options);
        List<RatingReport.Part> parts = new ArrayList<>(List.of(RatingReport.Part.RATINGS));
        if (crosstable) {
            parts.add(RatingReport.Part.CROSSTABLE);
        }
        if (headToHead) {
            parts.add(RatingReport.Part.HEAD_TO_HEAD);
        }
        if (los) {
            parts.add(RatingReport.Part.LOS);
        }
        String report = RatingReport.render(ratings, f, parts) + (pairs ? extras.pairReport() : "");
        if (out != null) {
            Files.writeString(out, report, StandardCharsets.UTF_8);
        } else {
            PrintWriter o = spec.commandLine().getOut();
            o.print(report);
            o.flush();
        }
        if (svg != null) {
            Files.writeString(svg, SvgChart.ratings(ratings), StandardCharsets.UTF_8);
        }
        return 0;
    }

    /** Reads all files into counts; problems become warnings naming file and line. */
    static GameCounts read(List<Path> files, List<String> warnings) {
        return read(files, warnings, new Extras(false, null, false));
    }

    static GameCounts read(List<Path> files, List<String> warnings, Extras extras) {
        GameCounts counts = new GameCounts();
        for (Path file : files) {
            JobSetup.requireFile(file, "file");
            if (!extras.check && !extras.pairs && scanned(file, counts)) {
                continue; // the fast path read the file: no game in it needs a warning
            }
            try (PdnReader reader = PdnReader.open(file, (PdnWarning w) -> warnings.add(w.toString()))) {
                while (reader.hasNext()) {
                    GameRecord g = reader.next();
                    String where = g.source() + ":" + g.line() + ": ";
                    String white = name(g.tag("White"));
                    String black = name(g.tag("Black"));
                    GameResult result = g.result();
                    if (white == null || black == null) {
                        warnings.add(where + "game without White/Black tag, not rated");
                    } else if (white.equals(black)) {
                        warnings.add(where + "'" + white + "' plays itself, not rated");
                    } else if (!result.decided()) {
                        String token = g.resultToken() != null ? g.resultToken() : g.tag("Result");
                        warnings.add(where + "result " + (token == null ? "missing" : "'" + token + "'")
                                + (result == GameResult.UNFINISHED ? " (unfinished)" : " (unknown)") + ", not rated");
                    } else {
                        counts.add(white, black, result);
                        extras.rated(g, white, black, result);
                    }
                    extras.seen(g, where, warnings);
                }
            } catch (IOException | UncheckedIOException e) {
                throw new BadInputException("cannot read " + file + ": " + e.getMessage());
            }
        }
        return counts;
    }

    /**
     * Adds a file's games by the fast path ({@link ResultScanner}); false (nothing added) when the
     * file holds something only the full reader should judge and warn about.
     */
    static boolean scanned(Path file, GameCounts counts) {
        ResultScanner scanner = new ResultScanner();
        GameCounts local = new GameCounts();
        boolean ok;
        try {
            ok = scanner.scan(file, (w, b, r) -> {
                int wi = local.player(scanner.names().get(w));
                int bi = local.player(scanner.names().get(b));
                local.add(wi, bi, r);
            });
        } catch (IOException e) {
            return false;
        }
        if (!ok) {
            return false;
        }
        int[] global = new int[local.players()];
        for (int a = 0; a < local.players(); a++) {
            global[a] = counts.player(local.name(a));
        }
        local.forEachPairing((a, b, w, d, l) -> counts.add(global[a], global[b], w, d, l));
        return true;
    }

    private static String name(String tag) {
        if (tag == null) {
            return null;
        }
        String t = tag.strip();
        return t.isEmpty() || t.equals("?") ? null : t;
    }

    /** What --check and --pairs collect while the files are read. */
    static final class Extras {
        private final boolean check;
        private final String variant;
        private final boolean pairs;
        private final Map<String, Integer> types = new LinkedHashMap<>();
        /** Games waiting for their colour-reversed partner, by opening, seed and players. */
        private final Map<String, List<String[]>> waiting = new LinkedHashMap<>();
        /** Per pairing "A\tB" (A: White of the pair's first game): pentanomial counts from A's side. */
        private final Map<String, int[]> penta = new TreeMap<>();
        private int unpaired;

        Extras(boolean check, String variant, boolean pairs) {
            this.check = check;
            this.variant = variant;
            this.pairs = pairs;
        }

        void seen(GameRecord g, String where, List<String> warnings) {
            if (!check) {
                return;
            }
            String type = g.tag("Variant") != null ? g.tag("Variant")
                    : g.tag("GameType") != null ? "GameType " + g.tag("GameType") : "chess";
            types.merge(type, 1, Integer::sum);
            try {
                String problem = RecordCheck.problem(g, RecordCheck.rules(g, variant));
                if (problem != null) {
                    warnings.add(where + problem);
                }
            } catch (arbiter.game.NotationException e) {
                warnings.add(where + "not checked: " + e.getMessage());
            }
        }

        void rated(GameRecord g, String white, String black, GameResult result) {
            if (!pairs) {
                return;
            }
            String opening = g.tag("Opening");
            String seed = g.tag("Seed");
            if (opening == null || seed == null) {
                unpaired++;
                return;
            }
            String players = white.compareTo(black) < 0 ? white + "\t" + black : black + "\t" + white;
            String key = opening + "\u0000" + seed + "\u0000" + players;
            List<String[]> open = waiting.computeIfAbsent(key, k -> new ArrayList<>());
            String score = result == GameResult.WHITE_WIN ? "1" : result == GameResult.DRAW ? "h" : "0";
            for (int i = 0; i < open.size(); i++) {
                String[] first = open.get(i);
                if (first[0].equals(black) && first[1].equals(white)) {
                    open.remove(i);
                    // Points of the first game's White over the pair: its White game, then its Black game.
                    double a = points(first[2]) + (1 - points(score));
                    int slot = (int) Math.round(a * 2); // 0 LL, 1 LD, 2 WL/DD, 3 WD, 4 WW
                    penta.computeIfAbsent(first[0] + "\t" + first[1], k -> new int[5])[slot]++;
                    return;
                }
            }
            open.add(new String[] {white, black, score});
        }

        private static double points(String s) {
            return s.equals("1") ? 1 : s.equals("h") ? 0.5 : 0;
        }

        void finish(List<String> warnings) {
            if (check && types.size() > 1) {
                StringBuilder sb = new StringBuilder("the files mix game types (ratings across them mean nothing):");
                types.forEach((t, n) -> sb.append(" ").append(t).append(" (").append(n).append(n == 1 ? " game)" : " games)"));
                warnings.add(sb.toString());
            }
            for (List<String[]> l : waiting.values()) {
                unpaired += l.size();
            }
        }

        String pairReport() {
            // Pairings seen from both sides (A-B and B-A first Whites) are merged onto the first name in order.
            Map<String, int[]> merged = new TreeMap<>();
            for (Map.Entry<String, int[]> e : penta.entrySet()) {
                String[] ab = e.getKey().split("\t");
                boolean flip = ab[0].compareTo(ab[1]) > 0;
                String key = flip ? ab[1] + "\t" + ab[0] : e.getKey();
                int[] to = merged.computeIfAbsent(key, k -> new int[5]);
                for (int i = 0; i < 5; i++) {
                    to[flip ? 4 - i : i] += e.getValue()[i];
                }
            }
            StringBuilder sb = new StringBuilder("\nColour-reversed pairs (same Opening and Seed):\n");
            for (Map.Entry<String, int[]> e : merged.entrySet()) {
                String[] ab = e.getKey().split("\t");
                int[] p = e.getValue();
                MatchStats stats = MatchStats.ofPentanomial(p[0], p[1], p[2], p[3], p[4]);
                sb.append(String.format(Locale.ROOT, "%s vs %s: %d pairs, pentanomial [LL, LD, WL+DD, WD, WW]: [%d, %d, %d, %d, %d]%n",
                        ab[0], ab[1], p[0] + p[1] + p[2] + p[3] + p[4], p[0], p[1], p[2], p[3], p[4]));
                sb.append(RatingReport.matchLine(stats)).append('\n');
            }
            if (unpaired > 0) {
                sb.append(unpaired).append(unpaired == 1 ? " game has" : " games have").append(" no colour-reversed partner.\n");
            }
            return sb.toString();
        }
    }
}
