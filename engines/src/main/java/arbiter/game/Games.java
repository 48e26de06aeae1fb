package arbiter.game;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Looks up any variant of any game family by id. The families are found with {@link ServiceLoader}
 * ({@code META-INF/services/arbiter.game.VariantCatalog}, in that file's order), so this API names no
 * game: a new game registers its catalogue there.
 */
public final class Games {
    private static final List<VariantCatalog> CATALOGS = ServiceLoader.load(VariantCatalog.class,
            Games.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();

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
