package arbiter.external;

import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What an engine reported about its search so far (UCI, xboard or Hub {@code info} lines), folded into a
 * {@link SearchResult} when its move arrives. Later reports replace earlier ones field by field; a UCI
 * score is taken as fastchess takes it (see {@link #settled}).
 */
final class SearchInfo {
    /** Plies of a principal variation worth checking: the record keeps 12 (Referee.PV_PLIES). */
    static final int PV_PLIES = 12;

    Integer score;
    int depth;
    int selDepth;
    long nodes;
    long timeMs = -1;
    long nps;
    List<String> pv = List.of();
    /** A principal variation as the engine wrote it (moves separated by spaces), split only when used. */
    private String pvText;

    /** Bits of the fields a report has set (see {@link UciInfo#parse(String, SearchInfo, boolean)}). */
    static final int DEPTH = 1;
    static final int SEL_DEPTH = 2;
    static final int NODES = 4;
    static final int NPS = 8;
    static final int TIME = 16;
    static final int SCORE = 32;
    static final int PV = 64;
    static final int ALL = 127;
    int known;

    /**
     * UCI: the newest line with an exact score, and the newest with a bound ({@code lowerbound} or
     * {@code upperbound}: a search stopped inside a fail-high or fail-low), or null.
     */
    ScoreLine exact;
    ScoreLine bound;

    /** A UCI line's score with the depth, selective depth and principal variation it came with (-1 / null: not given). */
    record ScoreLine(int score, int depth, int selDepth, String pv) {
    }

    /**
     * The report with its UCI score settled as fastchess reads it ({@code UciEngine::lastInfoLine} in
     * fastchess's {@code app/src/engine/uci_engine.cpp}): the score of the newest line with an exact
     * score, else of the newest line with a bound; the depth, selective depth and principal variation of
     * that same line where it gives them (else the newest line's that does). A report without a UCI
     * score line (xboard, Hub, or no score at all) is returned as it is.
     */
    SearchInfo settled() {
        ScoreLine line = exact != null ? exact : bound;
        if (line == null) {
            return this;
        }
        SearchInfo s = new SearchInfo();
        s.score = line.score;
        s.depth = line.depth >= 0 ? line.depth : depth;
        s.selDepth = line.selDepth >= 0 ? line.selDepth : selDepth;
        s.nodes = nodes;
        s.timeMs = timeMs;
        s.nps = nps;
        s.pv = pv;
        s.pvText = pvText;
        if (line.pv != null) {
            s.pvText(line.pv);
        }
        s.known = known;
        return s;
    }

    /** Sets the principal variation from text; it replaces any earlier one. */
    void pvText(String text) {
        pvText = text;
        pv = List.of();
    }

    /** The principal variation's move texts. */
    List<String> pv() {
        if (pvText != null) {
            pv = List.of(UciPlayer.words(pvText));
            pvText = null;
        }
        return pv;
    }

    /**
     * The result for {@code move}: the principal variation is kept only when it starts with the move
     * and as far as its moves are legal ({@code parse} reads one move text in a position).
     */
    SearchResult result(Move move, Position position, long measuredMs, BiFunction<Position, String, Move> parse) {
        return resultOfLine(move, position, measuredMs, (start, texts) -> {
            List<Move> line = new ArrayList<>();
            Position p = start;
            for (String text : texts) {
                if (line.size() == PV_PLIES) {
                    break; // what a record keeps; checking more would cost a move generation per ply for nothing
                }
                Move m;
                try {
                    m = parse.apply(p, text); // a legal move of p, or an exception (Position.parseMove's contract)
                } catch (RuntimeException e) {
                    break;
                }
                if (m == null) {
                    break;
                }
                line.add(m);
                p = p.play(m);
            }
            return line;
        });
    }

    /**
     * As {@link #result}, with {@code parseLine} reading the whole principal variation at once: the
     * legal prefix of the move texts from the position, at most {@link #PV_PLIES} moves.
     */
    SearchResult resultOfLine(Move move, Position position, long measuredMs,
                              BiFunction<Position, List<String>, List<Move>> parseLine) {
        SearchInfo settled = settled();
        if (settled != this) {
            return settled.resultOfLine(move, position, measuredMs, parseLine);
        }
        List<Move> line = pv().isEmpty() ? List.of() : parseLine.apply(position, pv());
        if (line.isEmpty() || !line.get(0).equals(move)) {
            line = List.of(move);
        }
        long time = timeMs >= 0 ? timeMs : measuredMs;
        if (nodes == 0 && nps > 0 && time > 0) {
            nodes = nps * time / 1000;
        }
        return new SearchResult(move, score == null ? 0 : score, depth, Math.max(selDepth, depth), nodes, time, line);
    }
}
