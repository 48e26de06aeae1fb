package arbiter.pdn;

import arbiter.play.GameResult;
import arbiter.game.GameFamily;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.game.draughts.DraughtsRules;
import arbiter.player.Score;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a played game as a PDN (draughts) or PGN (chess, Quoridor, backgammon) record: the seven
 * standard tags, then GameType, Variant, FEN (when not the start), TimeControl, Termination, Opening,
 * Seed, Dice (backgammon) and Game (the task number, used to resume), then numbered moves with
 * comments as fastchess writes them ({@code app/src/game/pgn/pgn_builder.cpp}): {@code {+0.25/7 0.530s}}
 * and what the search reported, each after ", " ({@code n=} nodes, {@code sd=} selective depth,
 * {@code nps=}, {@code pv="..."} up to 12 plies); one comment per move, the last move's ending with why
 * the game ended ({@code {+M1/24 0.003s, White mates}}), so strict PGN readers (chess.js) take it; a
 * backgammon move is written as one token, its parts joined by commas ({@code 24/18,13/11},
 * {@code 6/5(2)} as {@code 6/5,6/5}). Draughts results are {@code 2-0 1-1 0-2}, the
 * others {@code 1-0 1/2-1/2 0-1}.
 */
public final class PdnWriter {
    private static final int LINE_WIDTH = 79;

    private PdnWriter() {
    }

    /** What the writer needs to know about the run besides the game. */
    /**
     * @param timeControl        the run-wide TimeControl tag
     * @param playerTimeControls each player's own TimeControl tag by name (its clock), or empty: a player
     *                           not in it has the run-wide one. When White's and Black's differ, the record
     *                           has WhiteTimeControl and BlackTimeControl instead, as cutechess-cli and
     *                           fastchess write them.
     * @param playerEngines      by player, the name (and version) its engine gave itself (UCI {@code id name},
     *                           xboard {@code myname}, ...): the WhiteEngine and BlackEngine tags. White and Black
     *                           keep the players' names, as in cutechess-cli and fastchess (rating tools
     *                           and a resumed run read the players from them).
     */
    public record Context(String event, String site, String date, Rules rules, String variantTag, String timeControl,
                          Map<String, String> playerTimeControls, Map<String, String> playerEngines) {
        public Context(String event, String site, String date, Rules rules, String variantTag, String timeControl) {
            this(event, site, date, rules, variantTag, timeControl, Map.of(), Map.of());
        }

        public Context(String event, String site, String date, Rules rules, String variantTag, String timeControl,
                       Map<String, String> playerTimeControls) {
            this(event, site, date, rules, variantTag, timeControl, playerTimeControls, Map.of());
        }

        String timeControlOf(String player) {
            return playerTimeControls.getOrDefault(player, timeControl);
        }
    }

    public static String resultToken(GameResult result, GameFamily family) {
        boolean draughts = family == GameFamily.DRAUGHTS;
        return switch (result) {
            case WHITE_WIN -> draughts ? "2-0" : "1-0";
            case BLACK_WIN -> draughts ? "0-2" : "0-1";
            case DRAW -> draughts ? "1-1" : "1/2-1/2";
            default -> "*";
        };
    }

    /**
     * The record of one game, ending with a blank line.
     *
     * @param ending why the game ended, for the last move's comment (the console's words: "White mates")
     */
    public static String format(PlayedGame game, Context ctx, String ending) {
        Rules rules = ctx.rules();
        String result = resultToken(game.result(), rules.family());
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", ctx.event());
        tags.put("Site", ctx.site());
        tags.put("Date", ctx.date());
        tags.put("Round", Integer.toString(game.task().round()));
        tags.put("White", game.task().white());
        tags.put("Black", game.task().black());
        tags.put("Result", result);
        if (rules instanceof DraughtsRules d) {
            tags.put("GameType", Integer.toString(d.pdnGameType()));
        } else if (rules.family() == GameFamily.CHESS) {
            tags.put("GameType", "0");
        }
        tags.put("Variant", ctx.variantTag());
        if (game.startText() != null) {
            tags.put("FEN", game.startText());
            if (rules.family() == GameFamily.CHESS) {
                tags.put("SetUp", "1");
            }
        }
        String whiteTc = ctx.timeControlOf(game.task().white());
        String blackTc = ctx.timeControlOf(game.task().black());
        if (whiteTc.equals(blackTc)) {
            tags.put("TimeControl", whiteTc);
        } else {
            tags.put("WhiteTimeControl", whiteTc);
            tags.put("BlackTimeControl", blackTc);
        }
        String whiteEngine = ctx.playerEngines().get(game.task().white());
        String blackEngine = ctx.playerEngines().get(game.task().black());
        if (whiteEngine != null) {
            tags.put("WhiteEngine", whiteEngine);
        }
        if (blackEngine != null) {
            tags.put("BlackEngine", blackEngine);
        }
        tags.put("Termination", game.termination().tag());
        tags.put("Opening", game.task().opening().label());
        tags.put("Seed", Long.toString(game.task().seed()));
        if (rules.family() == GameFamily.BACKGAMMON) {
            tags.put("Dice", diceTag(game));
            if (game.points() > 1) {
                tags.put("Points", Integer.toString(game.points()));
            }
        }
        tags.put("PlyCount", Integer.toString(game.moves().size()));
        tags.put("Game", Integer.toString(game.task().id()));

        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> t : tags.entrySet()) {
            sb.append('[').append(t.getKey()).append(" \"").append(escape(t.getValue())).append("\"]\n");
        }
        sb.append('\n');
        appendMoves(sb, game, rules, ending);
        return sb.toString();
    }

    /** A backgammon game's Dice tag: every roll of the game, in order, separated by spaces. */
    public static String diceTag(PlayedGame game) {
        StringBuilder dice = new StringBuilder();
        for (PlayedMove m : game.moves()) {
            if (m.dice() != null) {
                dice.append(dice.length() == 0 ? "" : " ").append(m.dice());
            }
        }
        return dice.toString();
    }

    private static void appendMoves(StringBuilder sb, PlayedGame game, Rules rules, String ending) {
        Position start = game.startText() == null ? rules.start() : rules.parsePosition(game.startText());
        int firstMover = rules.start().sideToMove();
        int side = start.sideToMove();
        int number = 1;
        Line line = new Line(sb);
        boolean needNumber = true;
        if (side != firstMover) {
            line.add("1...");
            needNumber = false;
        }
        int ply = 0;
        int last = game.moves().size() - 1;
        for (PlayedMove m : game.moves()) {
            if (side == firstMover) {
                line.add(number + ".");
            } else if (needNumber) {
                line.add(number + "...");
            }
            needNumber = false;
            line.add(token(m.text()));
            String comment = comment(m, ply < game.openingPlies());
            if (ply == last) {
                comment = comment == null ? ending : comment + ", " + ending;
            }
            if (comment != null) {
                line.add("{" + commentText(comment) + "}");
                needNumber = true;
            }
            if (side != firstMover) {
                number++;
            }
            side = 1 - side;
            ply++;
        }
        if (last < 0) {
            line.add("{" + commentText(ending) + "}"); // no move to hang it on: the game's only comment
        }
        line.add(resultToken(game.result(), rules.family()));
        line.end();
        sb.append('\n');
    }

    /**
     * A move as one movetext token: a backgammon move's parts ({@code 24/18 13/11}) are joined by
     * commas ({@code 24/18,13/11}), which the backgammon move parser reads back.
     */
    static String token(String moveText) {
        if (isPlainToken(moveText)) {
            return moveText; // every game's moves but backgammon's: nothing to join or write out
        }
        StringBuilder sb = new StringBuilder();
        for (String part : moveText.strip().split("\\s+")) {
            // "6/5(2)" repeats a part; parentheses would open a variation in PGN, so write it out.
            java.util.regex.Matcher m = REPEAT.matcher(part);
            int times = 1;
            if (m.matches()) {
                part = m.group(1);
                times = Integer.parseInt(m.group(2));
            }
            for (int i = 0; i < times; i++) {
                sb.append(sb.length() == 0 ? "" : ",").append(part);
            }
        }
        return sb.toString();
    }

    private static boolean isPlainToken(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c <= ' ' || c == '(') {
                return false;
            }
        }
        return true;
    }

    /** Milliseconds as seconds with three decimals ({@code 1234} to {@code 1.234s}), as {@code %.3f} would print them. */
    static void appendSeconds(StringBuilder sb, long ms) {
        if (ms < 0) {
            sb.append('-');
            ms = -ms;
        }
        long frac = ms % 1000;
        sb.append(ms / 1000).append('.');
        if (frac < 100) {
            sb.append(frac < 10 ? "00" : "0");
        }
        sb.append(frac).append('s');
    }

    private static final java.util.regex.Pattern REPEAT = java.util.regex.Pattern.compile("(.+)\\((\\d)\\)");

    /** A move's comment (without braces), or null for none: fastchess's {@code createComment} fields. */
    private static String comment(PlayedMove m, boolean opening) {
        if (opening) {
            return m.dice();
        }
        StringBuilder c = new StringBuilder();
        if (m.dice() != null) {
            c.append(m.dice()).append(' ');
        }
        if (m.score() != null) {
            c.append(Score.format(m.score())).append('/').append(m.depth()).append(' ');
        }
        appendSeconds(c, m.timeMs()); // not String.format: this runs for every move the coordinator records
        if (m.nodes() > 0) {
            c.append(", n=").append(m.nodes());
        }
        if (m.selDepth() > 0) {
            c.append(", sd=").append(m.selDepth());
        }
        if (m.nps() > 0) {
            c.append(", nps=").append(m.nps());
        }
        if (m.pv() != null && !m.pv().isEmpty()) {
            c.append(", pv=\"").append(m.pv()).append('"');
        }
        return c.toString();
    }

    /** Text safe inside a {@code {...}} comment: no braces, no control characters. */
    static String commentText(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (char ch : text.toCharArray()) {
            sb.append(ch == '{' ? '(' : ch == '}' ? ')' : ch < 32 || ch == 127 ? ' ' : ch);
        }
        return sb.toString();
    }

    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** Word-wraps move text at {@link #LINE_WIDTH}. */
    private static final class Line {
        private final StringBuilder sb;
        private int length;

        Line(StringBuilder sb) {
            this.sb = sb;
        }

        void add(String token) {
            if (length > 0 && length + 1 + token.length() > LINE_WIDTH) {
                sb.append('\n');
                length = 0;
            }
            if (length > 0) {
                sb.append(' ');
                length++;
            }
            sb.append(token);
            length += token.length();
        }

        void end() {
            sb.append('\n');
        }
    }
}
