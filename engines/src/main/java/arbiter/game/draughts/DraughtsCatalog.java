package arbiter.game.draughts;

import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.game.VariantCatalog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The draughts variants. No-progress values are the common tournament figures, all configurable:
 * International and Brazilian 25 king-only moves per side, English 40 moves per side without a man
 * move or capture, Czech 30, Russian 15. The FMJD 16-move endgame rules are not modelled.
 */
public final class DraughtsCatalog implements VariantCatalog {
    private static final Map<String, DraughtsRules> VARIANTS = new LinkedHashMap<>();

    static {
        add(new DraughtsRules("international", 10, false, true, true, true, false,
                CapturePromotion.PASS_THROUGH, SquareNotation.NUMERIC, 25, 3, 20));
        add(new DraughtsRules("english", 8, true, false, false, false, false,
                CapturePromotion.STOP, SquareNotation.NUMERIC, 40, 3, 21));
        add(new DraughtsRules("czech", 8, false, false, true, false, true,
                CapturePromotion.PASS_THROUGH, SquareNotation.ALGEBRAIC, 30, 3, 29));
        add(new DraughtsRules("russian", 8, false, true, true, false, false,
                CapturePromotion.CONTINUE_AS_KING, SquareNotation.ALGEBRAIC, 15, 3, 25));
        add(new DraughtsRules("brazilian", 8, false, true, true, true, false,
                CapturePromotion.PASS_THROUGH, SquareNotation.NUMERIC, 25, 3, 26));
    }

    private static void add(DraughtsRules rules) {
        VARIANTS.put(rules.id(), rules);
    }

    /** A built-in variant by id, without overrides. */
    public static DraughtsRules variant(String id) {
        DraughtsRules rules = VARIANTS.get(id);
        if (rules == null) {
            throw new NotationException("unknown draughts variant '" + id + "'; known: "
                    + String.join(", ", VARIANTS.keySet()));
        }
        return rules;
    }

    @Override
    public List<String> variants() {
        return List.copyOf(VARIANTS.keySet());
    }

    @Override
    public Rules rules(String variant, Map<String, String> overrides) throws NotationException {
        return variant(variant).withOverrides(overrides);
    }
}
