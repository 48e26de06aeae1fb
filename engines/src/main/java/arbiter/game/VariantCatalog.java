package arbiter.game;

import java.util.List;
import java.util.Map;

/** A game family's list of variants; {@link Games} asks each family in turn. */
public interface VariantCatalog {

    /** Variant ids this family provides, e.g. {@code international}, {@code english}. */
    List<String> variants();

    /**
     * The rules of a variant with named rule parameters overridden.
     *
     * @throws NotationException for an unknown rule name or a bad value, naming the allowed ones
     */
    Rules rules(String variant, Map<String, String> overrides) throws NotationException;
}
