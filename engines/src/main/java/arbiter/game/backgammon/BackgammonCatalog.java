package arbiter.game.backgammon;

import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.game.VariantCatalog;
import java.util.List;
import java.util.Map;

/** The backgammon variants: standard cubeless backgammon only. */
public final class BackgammonCatalog implements VariantCatalog {

    @Override
    public List<String> variants() {
        return List.of(BackgammonRules.STANDARD.id());
    }

    @Override
    public Rules rules(String variant, Map<String, String> overrides) throws NotationException {
        if (!variant.equals(BackgammonRules.STANDARD.id())) {
            throw new NotationException("unknown backgammon variant '" + variant + "'; known: backgammon");
        }
        return BackgammonRules.STANDARD.withOverrides(overrides);
    }
}
