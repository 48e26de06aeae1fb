package arbiter.cli;

import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.pdn.PdnReader;
import arbiter.pdn.PdnWarning;
import arbiter.report.Format;
import arbiter.report.RatingReport;
import arbiter.report.SvgChart;
import arbiter.stats.GameCounts;
import arbiter.stats.RatingList;
import arbiter.stats.RatingOptions;
import arbiter.stats.Ratings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    @Option(names = "--crosstable", description = "Add the crosstable.")
    boolean crosstable;

    @Option(names = "--head-to-head", description = "Add the head-to-head table.")
    boolean headToHead;

    @Option(names = "--svg", paramLabel = "FILE", description = "Also write an SVG chart of the ratings.")
    Path svg;

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
        if (!fixed.isEmpty()) {
            options = options.withAnchors(fixed);
        }
        PrintWriter err = spec.commandLine().getErr();
        List<String> warnings = new ArrayList<>();
        GameCounts counts = read(files, warnings);
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
        Ratings ratings = RatingList.compute(counts, options);
        List<RatingReport.Part> parts = new ArrayList<>(List.of(RatingReport.Part.RATINGS));
        if (crosstable) {
            parts.add(RatingReport.Part.CROSSTABLE);
        }
        if (headToHead) {
            parts.add(RatingReport.Part.HEAD_TO_HEAD);
        }
        String report = RatingReport.render(ratings, f, parts);
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
        GameCounts counts = new GameCounts();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw new BadInputException("no such file: " + file);
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
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                throw new BadInputException("cannot read " + file + ": " + e.getMessage());
            }
        }
        return counts;
    }

    private static String name(String tag) {
        if (tag == null) {
            return null;
        }
        String t = tag.strip();
        return t.isEmpty() || t.equals("?") ? null : t;
    }
}
