package arbiter.game.chess;

import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.game.VariantCatalog;
import java.util.List;
import java.util.Map;

/** The chess family: standard chess only. */
public final class ChessCatalog implements VariantCatalog {

    @Override
    public List<String> variants() {
        return List.of("chess");
    }

    @Override
    public Rules rules(String variant, Map<String, String> overrides) throws NotationException {
        if (!variant.equals("chess")) {
            throw new NotationException("unknown chess variant '" + variant + "'; known: chess");
        }
        if (!overrides.isEmpty()) {
            throw new NotationException("unknown rule '" + overrides.keySet().iterator().next()
                    + "' for chess; chess has no rule parameters");
        }
        return ChessRules.STANDARD;
    }
}
