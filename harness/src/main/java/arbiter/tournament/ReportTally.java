package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.game.GameFamily;
import arbiter.game.Rules;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnWriter;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.Termination;
import arbiter.results.Scoreboard;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything the run report needs of the games, kept without keeping any game: the run's
 * {@link Scoreboard} (read by its stop policy, its listeners, the rating list and the report's match
 * block), terminations, time/depth/nodes sums per player and the
 * SPRT's LLR series. A run fills it as it records games (the resumed ones read back first), so its
 * report at the end does not read {@code games.pdn} again; {@link RunReports#build} can also fill
 * one from records.
 */
public final class ReportTally {
    /** Per player and side of a game: moves, time, max time, moves with depth, depth, moves with nodes, nodes. */
    static final int MOVES = 0;
    static final int SECONDS = 1;
    static final int MAX_SECONDS = 2;
    static final int WITH_DEPTH = 3;
    static final int DEPTH = 4;
    static final int WITH_NODES = 5;
    static final int NODES = 6;

    /**
     * What the report takes from one game. Made on any thread (a game thread, for a game just played),
     * so the coordinator only adds it up.
     *
     * @param id          the task number, or -1 when the record's Game tag names none
     * @param whiteMoves  the sums of the White tag's player's searched moves (see {@link #MOVES} and after)
     * @param blackMoves  the same for the Black tag's player
     */
    record GameFacts(int id, String white, String black, GameResult result, String termination,
                     double[] whiteMoves, double[] blackMoves) {

        /** The facts of a record read back: its tags, and the move comments as the PDN writer puts them. */
        static GameFacts of(GameRecord g, Rules rules) {
            String why = g.tag("Termination");
            double[][] sums = new double[2][7];
            int side = firstSide(rules, g.tag("FEN"), g.tag("Dice"));
            if (side >= 0) {
                for (int k = 0; k < g.moves().size(); k++) {
                    String c = g.comments().get(k);
                    if (c != null) {
                        addComment(sums[(side + k) & 1], c);
                    }
                }
            }
            return new GameFacts(parseInt(g.tag("Game")), g.tag("White"), g.tag("Black"), g.result(),
                    why == null ? "unknown" : why, sums[0], sums[1]);
        }

        /**
         * The facts of a game as played, equal to those of its record once written and read back
         * ({@code ReportTallyTest} checks it): the comments' figures are taken from the moves directly.
         */
        static GameFacts of(PlayedGame game, Rules rules) {
            double[][] sums = new double[2][7];
            int side = firstSide(rules, game.startText(),
                    rules.family() == GameFamily.BACKGAMMON ? PdnWriter.diceTag(game) : null);
            if (side >= 0) {
                List<PlayedMove> moves = game.moves();
                for (int k = 0; k < moves.size(); k++) {
                    PlayedMove m = moves.get(k);
                    if (k < game.openingPlies() || m.timeMs() < 0) {
                        continue; // an opening move has no figures; a negative time is read back as none
                    }
                    addMove(sums[(side + k) & 1], m.timeMs() / 1000.0, m.score() != null ? m.depth() : -1,
                            m.nodes() > 0 ? m.nodes() : -1);
                }
            }
            return new GameFacts(game.task().id(), game.task().white(), game.task().black(), game.result(),
                    game.termination().tag(), sums[0], sums[1]);
        }
    }

    final List<String> order;
    private final Map<Integer, GameTask> byId = new HashMap<>();
    final Scoreboard scoreboard;
    final Map<String, TreeMap<String, int[]>> terminations = new LinkedHashMap<>();
    final Map<String, double[]> moveSums = new LinkedHashMap<>();
    final RunReports.LlrSeries llr;
    /**
     * By player, the name and version its engine gave: from the records' WhiteEngine/BlackEngine tags,
     * then (the run's own) from its pre-flight, which replaces them.
     */
    final Map<String, String> engines = new LinkedHashMap<>();
    /** By player, its external engine's declared options with their values, from this session's pre-flight. */
    final Map<String, Map<String, String>> engineOptions = new LinkedHashMap<>();
    private final Rules rules;
    int games;
    /** Games lost on time (Termination tag {@code time forfeit}). */
    int timeForfeits;

    ReportTally(RunConfig config, Rules rules, List<GameTask> tasks) {
        this.rules = rules;
        order = config.players().stream().map(PlayerConfig::name).toList();
        for (String p : order) {
            terminations.put(p, new TreeMap<>());
            moveSums.put(p, new double[7]);
        }
        for (GameTask t : tasks) {
            byId.put(t.id(), t);
        }
        scoreboard = Scoreboard.of(config);
        llr = scoreboard.match() && scoreboard.sprt() != null ? new RunReports.LlrSeries() : null;
    }

    /**
     * By player, the name (and version) its engine gave itself: at this run's pre-flight, or, when nothing
     * was left to play, in the records of earlier sessions; built-in players and engines that gave none
     * are not in it. Read it on the coordinator's thread, or copy it.
     */
    public Map<String, String> engines() {
        return java.util.Collections.unmodifiableMap(engines);
    }

    /** Adds a record read back. */
    void add(GameRecord g) {
        for (String side : List.of("White", "Black")) {
            String engine = g.tag(side + "Engine");
            if (engine != null && g.tag(side) != null) {
                engines.put(g.tag(side), engine);
            }
        }
        add(GameFacts.of(g, rules));
    }

    /** Adds a game, in the order the log has it. */
    void add(GameFacts g) {
        games++;
        if (g.termination().equals(Termination.TIME_FORFEIT)) {
            timeForfeits++;
        }
        GameTask t = byId.get(g.id());
        scoreboard.add(g.white(), g.black(), g.result(), t == null ? -1 : t.pair());
        for (int side = 0; side < 2; side++) {
            String p = side == 0 ? g.white() : g.black();
            int[] wdl = terminations.computeIfAbsent(p, k -> new TreeMap<>()).computeIfAbsent(g.termination(), k -> new int[3]);
            int k = g.result().whiteWdlIndex();
            wdl[side == 0 ? k : 2 - k]++;
            double[] moves = side == 0 ? g.whiteMoves() : g.blackMoves();
            double[] s = moveSums.computeIfAbsent(p, x -> new double[7]);
            for (int i = 0; i < s.length; i++) {
                s[i] = i == MAX_SECONDS ? Math.max(s[i], moves[i]) : s[i] + moves[i];
            }
        }
        if (llr != null) {
            llr.added(games, scoreboard);
        }
    }

    /**
     * The side (0: the White tag's player) that made a record's first move, or -1 when its moves
     * cannot be given to players: a start position these rules do not read, or a backgammon game
     * without its opening roll.
     */
    private static int firstSide(Rules rules, String fen, String dice) {
        if (rules.family() == GameFamily.BACKGAMMON && dice != null && fen == null) {
            // The opening roll decides who moves first: its first die is White's, the higher starts.
            String[] roll = dice.strip().split("[ -]");
            if (roll.length < 2) {
                return -1;
            }
            return parseInt(roll[0]) > parseInt(roll[1]) ? 0 : 1;
        }
        if (fen != null) {
            try {
                return rules.parsePosition(fen).sideToMove();
            } catch (RuntimeException e) {
                return -1; // not a position of these rules
            }
        }
        return rules.start().sideToMove();
    }

    /** Adds a move comment ({@code +0.25/7 0.531s sd=9 n=12345 ...}, as the PDN writer puts it). */
    private static void addComment(double[] s, String comment) {
        int depth = -1;
        double seconds = -1;
        long nodes = -1;
        for (String word : comment.split(" ")) {
            String t = word.endsWith(",") ? word.substring(0, word.length() - 1) : word; // fastchess's ", " between fields
            if (seconds < 0) {
                int slash = t.lastIndexOf('/');
                if (slash > 0 && slash < t.length() - 1 && depth < 0) {
                    depth = parseInt(t.substring(slash + 1));
                } else if (t.length() > 1 && t.endsWith("s")) {
                    try {
                        seconds = Double.parseDouble(t.substring(0, t.length() - 1));
                    } catch (NumberFormatException e) {
                        // not a time
                    }
                }
            } else if (t.startsWith("n=") && nodes < 0) {
                try {
                    nodes = Long.parseLong(t.substring(2));
                } catch (NumberFormatException e) {
                    // not a node count
                }
            }
        }
        if (seconds >= 0) { // else an opening move, or a comment of another program
            addMove(s, seconds, depth, nodes);
        }
    }

    /** One searched move: its time, and its depth and nodes when known (-1 when not). */
    private static void addMove(double[] s, double seconds, int depth, long nodes) {
        s[MOVES]++;
        s[SECONDS] += seconds;
        s[MAX_SECONDS] = Math.max(s[MAX_SECONDS], seconds);
        if (depth >= 0) {
            s[WITH_DEPTH]++;
            s[DEPTH] += depth;
        }
        if (nodes >= 0) {
            s[WITH_NODES]++;
            s[NODES] += nodes;
        }
    }

    static int parseInt(String s) {
        try {
            return s == null ? -1 : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
