package arbiter.eval;

/**
 * One named evaluation coefficient: its name (the JSON key), its default value and what it means.
 *
 * @param integer whether engines use it as a whole number (the tuner rounds it when played)
 */
public record WeightSpec(String name, double defaultValue, boolean integer, String description) {
}
