package arbiter.game.draughts;

import arbiter.game.GameFamily;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.game.RuleValues;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A draughts variant as data. Every field is a rule parameter that can be overridden by name (see
 * {@link #withOverrides}), e.g. English checkers with {@code majorityCapture=true}.
 *
 * @param id                  variant id
 * @param width               board width and height: 8 or 10
 * @param blackMovesFirst     true for English checkers
 * @param menCaptureBackward  men may capture backwards (International, Russian, Brazilian)
 * @param flyingKings         kings move and capture along whole diagonals
 * @param majorityCapture     the capture taking the most pieces is compulsory (kings count as one)
 * @param kingCapturePriority when a king can capture, a king must capture (Czech)
 * @param capturePromotion    what a man reaching the last row mid-capture does
 * @param notation            how squares are written in moves and FEN
 * @param noProgressMoves     moves per side without a capture or a man move that draw (0 = no rule)
 * @param repetitions         occurrences of a position that draw (0 = no rule)
 * @param pdnGameType         PDN GameType tag number (20 International, 21 English, ...)
 */
public record DraughtsRules(
        String id,
        int width,
        boolean blackMovesFirst,
        boolean menCaptureBackward,
        boolean flyingKings,
        boolean majorityCapture,
        boolean kingCapturePriority,
        CapturePromotion capturePromotion,
        SquareNotation notation,
        int noProgressMoves,
        int repetitions,
        int pdnGameType) implements Rules {

    public DraughtsRules {
        if (width != 8 && width != 10) {
            throw new NotationException("rule width must be 8 or 10, got " + width);
        }
        if (noProgressMoves < 0 || repetitions < 0) {
            throw new NotationException("rules noProgressMoves and repetitions must not be negative");
        }
    }

    /** Names of the parameters accepted by {@link #withOverrides}, in a stable order. */
    public static final java.util.List<String> PARAMETER_NAMES = java.util.List.of(
            "width", "blackMovesFirst", "menCaptureBackward", "flyingKings", "majorityCapture",
            "kingCapturePriority", "capturePromotion", "notation", "noProgressMoves", "repetitions",
            "pdnGameType");

    @Override
    public GameFamily family() {
        return GameFamily.DRAUGHTS;
    }

    @Override
    public String playerName(int player) {
        return player == 0 ? "White" : "Black";
    }

    /** Number of men each side starts with: 20 on 10x10, 12 on 8x8. */
    public int menPerSide() {
        return (width / 2) * (width / 2 - 1);
    }

    @Override
    public DraughtsPosition start() {
        return DraughtsPosition.start(this);
    }

    @Override
    public Position parsePosition(String text) throws NotationException {
        return DraughtsFen.parse(this, text);
    }

    @Override
    public int repetitionLimit() {
        return repetitions;
    }

    @Override
    public Map<String, String> parameters() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("width", Integer.toString(width));
        map.put("blackMovesFirst", Boolean.toString(blackMovesFirst));
        map.put("menCaptureBackward", Boolean.toString(menCaptureBackward));
        map.put("flyingKings", Boolean.toString(flyingKings));
        map.put("majorityCapture", Boolean.toString(majorityCapture));
        map.put("kingCapturePriority", Boolean.toString(kingCapturePriority));
        map.put("capturePromotion", capturePromotion.id());
        map.put("notation", notation.id());
        map.put("noProgressMoves", Integer.toString(noProgressMoves));
        map.put("repetitions", Integer.toString(repetitions));
        map.put("pdnGameType", Integer.toString(pdnGameType));
        return map;
    }

    /**
     * These rules with parameters replaced by name.
     *
     * @throws NotationException for an unknown name (listing the known ones) or a bad value
     */
    public DraughtsRules withOverrides(Map<String, String> overrides) throws NotationException {
        if (overrides.isEmpty()) {
            return this;
        }
        RuleValues values = RuleValues.of(id, parameters(), overrides);
        CapturePromotion promotion = CapturePromotion.byId(values.text("capturePromotion"));
        if (promotion == null) {
            throw new NotationException("rule capturePromotion must be one of passThrough, continueAsKing, stop; got '"
                    + values.text("capturePromotion") + "'");
        }
        SquareNotation squares = SquareNotation.byId(values.text("notation"));
        if (squares == null) {
            throw new NotationException("rule notation must be numeric or algebraic; got '" + values.text("notation") + "'");
        }
        return new DraughtsRules(id,
                values.integer("width"),
                values.bool("blackMovesFirst"),
                values.bool("menCaptureBackward"),
                values.bool("flyingKings"),
                values.bool("majorityCapture"),
                values.bool("kingCapturePriority"),
                promotion,
                squares,
                values.integer("noProgressMoves"),
                values.integer("repetitions"),
                values.integer("pdnGameType"));
    }
}
