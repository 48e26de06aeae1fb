package arbiter.game;

import arbiter.game.backgammon.BackgammonCatalog;
import arbiter.game.chess.ChessCatalog;
import arbiter.game.draughts.DraughtsCatalog;
import arbiter.game.quoridor.QuoridorCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Looks up any variant of any game family by id. */
public final class Games {
    private static final List<VariantCatalog> CATALOGS = List.of(
            new DraughtsCatalog(),
            new ChessCatalog(),
            new QuoridorCatalog(),
            new BackgammonCatalog());

    private Games() {
    }

    /** All variant ids, in catalogue order. */
    public static List<String> variants() {
        List<String> all = new ArrayList<>();
        for (VariantCatalog catalog : CATALOGS) {
            all.addAll(catalog.variants());
        }
        return all;
    }

    public static Rules rules(String variant) throws NotationException {
        return rules(variant, Map.of());
    }

    /**
     * @throws NotationException for an unknown variant (listing the known ones) or a bad override
     */
    public static Rules rules(String variant, Map<String, String> overrides) throws NotationException {
        for (VariantCatalog catalog : CATALOGS) {
            if (catalog.variants().contains(variant)) {
                return catalog.rules(variant, overrides);
            }
        }
        throw new NotationException("unknown game variant '" + variant + "'; known variants: "
                + String.join(", ", variants()));
    }
}
