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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.SplittableRandom;

/**
 * The openings of a run: read from a file (FEN/EPD lines or PDN/PGN games) or the start position,
 * then optionally extended by seeded random plies. Every opening is checked against the rules when
 * loaded, so a bad line is reported before any game is played. The file is read as a stream, twice:
 * once to check and count its openings, once for those the plan uses ({@link #read}), so a book of
 * millions of lines (fishtest's has 2.6 million) takes memory for the openings played, not for the book.
 */
public final class OpeningBook {
    /** Longest line of an EPD or FEN openings file (64 KiB; a FEN line is under 100 characters). */
    static final int MAX_LINE = 64 * 1024;
    /** Largest openings file read (1 GiB: five times fishtest's largest book, UHO_Lichess_4852_v1.epd). */
    static final long MAX_FILE = 1L << 30;
    /** Most openings in a file (2^24, over 16 million: a random order keeps 4 bytes for each). */
    static final int MAX_OPENINGS = 1 << 24;
    /** Bad openings listed at most in the error (the rest are counted). */
    private static final int MAX_PROBLEMS = 20;

    private final RunConfig.Openings config;
    private final Rules rules;
    private final int size;

    private OpeningBook(RunConfig.Openings config, Rules rules, int size) {
        this.config = config;
        this.rules = rules;
        this.size = size;
    }

    /** How many openings the book holds (1 for the start position). */
    public int size() {
        return size;
    }

    /**
     * Checks and counts the openings of the config's file, or of the text a test for the service carries
     * ({@code openings.text}, labelled "openings" in records); every one replayed under the rules.
     *
     * @throws ConfigException naming the file and the bad openings, or the bound it is over
     */
    public static OpeningBook load(RunConfig.Openings config, Rules rules) {
        return load(config, rules, MAX_OPENINGS);
    }

    /** As {@link #load(RunConfig.Openings, Rules)} with at most {@code maxOpenings} openings. */
    static OpeningBook load(RunConfig.Openings config, Rules rules, int maxOpenings) {
        if (config.file() == null && config.text() == null) {
            return new OpeningBook(config, rules, 1);
        }
        Path file = config.file();
        String where = where(config);
        Object source = file != null ? file : "the text";
        try {
            if (file != null && Files.isRegularFile(file) && Files.size(file) > MAX_FILE) {
                throw new ConfigException("$.openings.file: " + file + ": " + Files.size(file) + " bytes, more than the "
                        + (MAX_FILE >> 30) + " GiB an openings file may have (the wrong file?)");
            }
        } catch (IOException e) {
            throw new ConfigException("$.openings.file: cannot read " + file + ": " + e.getMessage());
        }
        List<String> problems = new ArrayList<>();
        int[] count = {0, 0}; // openings, bad ones
        java.util.function.Consumer<String> bad = problem -> {
            if (++count[1] <= MAX_PROBLEMS) {
                problems.add(problem);
            }
        };
        each(config, (index, o) -> {
            if (index >= maxOpenings) {
                throw new ConfigException(where + ": " + source + " holds more than " + maxOpenings
                        + " openings, the most a run reads (the wrong file?)");
            }
            count[0]++;
            String problem = problem(o, rules, where);
            if (problem != null) {
                bad.accept(problem);
            }
        }, bad);
        if (count[1] > MAX_PROBLEMS) {
            problems.add(where + ": " + (count[1] - MAX_PROBLEMS) + " more bad openings in " + source);
        }
        if (count[0] == 0 && problems.isEmpty()) {
            problems.add(where + ": " + source + " holds no openings");
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new OpeningBook(config, rules, count[0]);
    }

    /**
     * The openings at {@code indices} (0 to {@link #size} - 1), read from the file in one pass.
     *
     * @throws ConfigException when the file cannot be read again
     */
    public Map<Integer, Opening> read(SortedSet<Integer> indices) {
        Map<Integer, Opening> found = new HashMap<>();
        if (config.file() == null && config.text() == null) {
            indices.forEach(i -> found.put(i, Opening.start()));
            return found;
        }
        each(config, (index, o) -> {
            if (indices.contains(index)) {
                found.put(index, o);
            }
        }, problem -> { }); // told when the book was loaded
        if (found.size() < indices.size()) {
            throw new ConfigException(where(config) + ": " + (config.file() != null ? config.file() : "the text")
                    + " changed while the run started: read "
                    + found.size() + " of the " + indices.size() + " openings it needs");
        }
        return found;
    }

    /** What is wrong with an opening under the rules, or null when it replays. */
    private static String problem(Opening o, Rules rules, String where) {
        try {
            o.replay(rules);
            return null;
        } catch (NotationException e) {
            return where + ": opening " + o.label() + ": " + e.getMessage();
        }
    }

    /** Where the config names its openings: the file, or the text a test for the service carries. */
    private static String where(RunConfig.Openings config) {
        return config.file() != null ? "$.openings.file" : "$.openings.text";
    }

    /** Takes the openings of a file in order, each with its index. */
    private interface Sink {
        void accept(int index, Opening opening);
    }

    /** Hands every opening of the config's file to {@code sink}, in order; a record that cannot be read goes to {@code bad}. */
    private static void each(RunConfig.Openings config, Sink sink, java.util.function.Consumer<String> bad) {
        Path file = config.file();
        String where = where(config);
        String name = file != null ? file.getFileName().toString() : "openings";
        int index = 0;
        try {
            if (config.format().equals("pdn")) {
                try (PdnReader reader = file != null ? PdnReader.open(file, w -> bad.accept(where + ": " + w))
                        : new PdnReader(new java.io.StringReader(config.text()), name, w -> bad.accept(where + ": " + w))) {
                    while (reader.hasNext()) {
                        GameRecord g = reader.next();
                        sink.accept(index++, new Opening(name + ":" + g.line(), g.tag("FEN"), g.moves()));
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
                        sink.accept(index++, new Opening(name + ":" + lineNo, text, List.of()));
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
