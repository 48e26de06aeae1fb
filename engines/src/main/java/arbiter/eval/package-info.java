/**
 * Evaluation weights: named, bounded, overridable by a config and tunable, and the linear
 * evaluations that Texel tuning fits.
 */
package arbiter.eval;
