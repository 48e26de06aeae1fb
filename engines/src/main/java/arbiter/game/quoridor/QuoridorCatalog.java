package arbiter.game.quoridor;

import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.game.VariantCatalog;
import java.util.List;
import java.util.Map;

/** The Quoridor variants: one, {@code quoridor}; board size, walls, players and jumps are rules. */
public final class QuoridorCatalog implements VariantCatalog {

    @Override
    public List<String> variants() {
        return List.of(QuoridorRules.STANDARD.id());
    }

    @Override
    public Rules rules(String variant, Map<String, String> overrides) throws NotationException {
        if (!variant.equals(QuoridorRules.STANDARD.id())) {
            throw new NotationException("unknown Quoridor variant '" + variant + "'; known: quoridor");
        }
        return QuoridorRules.STANDARD.withOverrides(overrides);
    }
}
