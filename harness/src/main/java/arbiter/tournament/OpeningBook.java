package arbiter.tournament;

import arbiter.io.BoundedLines;
import arbiter.play.Opening;
import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The openings of a run: read from a file (FEN/EPD lines or PDN/PGN games) or the start position,
 * then optionally extended by seeded random plies. Every opening is checked against the rules when
 * loaded, so a bad line is reported before any game is played.
 */
public final class OpeningBook {
    private final List<Opening> openings;

    private OpeningBook(List<Opening> openings) {
        this.openings = List.copyOf(openings);
    }

    public List<Opening> openings() {
        return openings;
    }

    /** Longest line of an EPD or FEN openings file (64 KiB; a FEN line is under 100 characters). */
    static final int MAX_LINE = 64 * 1024;

    /**
     * The openings of a config: its file, the text a test for the service carries ({@code openings.text},
     * labelled "openings" in records), or the start position.
     */
    public static OpeningBook load(RunConfig.Openings config, Rules rules) {
        if (config.file() == null && config.text() == null) {
            return new OpeningBook(List.of(Opening.start()));
        }
        List<Opening> list = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Path file = config.file();
        String where = file != null ? "$.openings.file" : "$.openings.text";
        String name = file != null ? file.getFileName().toString() : "openings";
        try {
            if (config.format().equals("pdn")) {
                try (PdnReader reader = file != null ? PdnReader.open(file, w -> problems.add(where + ": " + w))
                        : new PdnReader(new java.io.StringReader(config.text()), name, w -> problems.add(where + ": " + w))) {
                    while (reader.hasNext()) {
                        GameRecord g = reader.next();
                        String fen = g.tag("FEN");
                        String label = name + ":" + g.line();
                        list.add(checked(new Opening(label, fen, g.moves()), rules, problems, where));
                    }
                }
            } else {
                try (java.io.Reader in = file != null ? Files.newBufferedReader(file) : new java.io.StringReader(config.text())) {
                    BoundedLines lines = new BoundedLines(in, MAX_LINE);
                    int lineNo = 1;
                    for (String raw; (raw = lines.next(file != null ? file.toString() : name, lineNo)) != null; lineNo++) {
                        String line = raw.strip();
                        if (line.isEmpty() || line.startsWith("#")) {
                            continue;
                        }
                        String text = config.format().equals("epd") ? epdToFen(line) : line;
                        list.add(checked(new Opening(name + ":" + lineNo, text, List.of()), rules, problems, where));
                    }
                }
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ConfigException("$.openings.file: " + file + " is not UTF-8 text: save it as UTF-8 (or ASCII)");
        } catch (BoundedLines.LineTooLongException e) {
            throw new ConfigException(where + ": " + e.getMessage() + "; not an EPD/FEN file?");
        } catch (IOException e) {
            throw new ConfigException("$.openings.file: cannot read " + file + ": "
                    + (Files.isDirectory(file) ? "it is a folder, not a file" : e.getMessage()));
        }
        list.removeIf(o -> o == null);
        if (list.isEmpty() && problems.isEmpty()) {
            problems.add(where + ": " + (file != null ? file : "the text") + " holds no openings");
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new OpeningBook(list);
    }

    /**
     * EPD: the first four FEN fields, then either the two move counters (a FEN line, as fastchess's books
     * have them: {@code - 1 2} stays) or operations, whose {@code hmvc} and {@code fmvn} give the counters
     * (EPD's standard opcodes); without either the counters are 0 1.
     */
    static String epdToFen(String line) {
        String[] parts = line.split("\\s+");
        if (parts.length < 4) {
            return line;
        }
        String head = parts[0] + " " + parts[1] + " " + parts[2] + " " + parts[3];
        if (parts.length >= 6 && parts[4].matches("\\d+") && parts[5].matches("\\d+;?")) {
            return head + " " + parts[4] + " " + parts[5].replace(";", "");
        }
        String halfmove = "0";
        String fullmove = "1";
        java.util.regex.Matcher hm = java.util.regex.Pattern.compile("(?:^|[\\s;])hmvc\\s+(\\d+)\\s*;").matcher(line);
        if (hm.find()) {
            halfmove = hm.group(1);
        }
        java.util.regex.Matcher fm = java.util.regex.Pattern.compile("(?:^|[\\s;])fmvn\\s+(\\d+)\\s*;").matcher(line);
        if (fm.find()) {
            fullmove = fm.group(1);
        }
        return head + " " + halfmove + " " + fullmove;
    }

    private static Opening checked(Opening o, Rules rules, List<String> problems, String where) {
        try {
            o.replay(rules);
            return o;
        } catch (NotationException e) {
            problems.add(where + ": opening " + o.label() + ": " + e.getMessage());
            return null;
        }
    }

    /**
     * The opening with {@code plies} random moves added (seeded), never ending the game; fewer plies
     * when the game would end or needs dice.
     */
    public static Opening withRandomPlies(Opening o, Rules rules, int plies, long seed) {
        if (plies == 0) {
            return o;
        }
        SplittableRandom random = new SplittableRandom(seed);
        GameHistory game = o.replay(rules);
        List<String> moves = new ArrayList<>(o.moves());
        for (int i = 0; i < plies; i++) {
            Position p = game.current();
            if (p.needsDice() || game.outcome() != null) {
                break;
            }
            List<Move> legal = p.legalMoves();
            Move m = legal.get(random.nextInt(legal.size()));
            GameHistory trial = new Opening(o.label(), o.position(), moves).replay(rules);
            trial.play(m);
            if (trial.outcome() != null) {
                break;
            }
            moves.add(p.formatMove(m));
            game.play(m);
        }
        return new Opening(o.label() + (moves.size() > o.moves().size() ? " +" + (moves.size() - o.moves().size()) + " random" : ""),
                o.position(), moves);
    }
}
