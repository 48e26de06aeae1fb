package arbiter.external;

import arbiter.player.OptionException;
import arbiter.player.Options;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * gnubg's chequer-play evaluation for a player: a named level (gnubg's own presets, beginner to world
 * class) or plies, noise, determinism and pruning given one by one (which override the level's).
 *
 * @param plies         0..4 (0-ply is the neural net alone; 2-ply is "world class")
 * @param noise         standard deviation of the noise added to evaluations, 0..1 (0.06 = beginner)
 * @param deterministic the noise depends on the position only (a level replays the same moves)
 * @param prune         prune candidate moves in deeper searches (gnubg's "reduced" search)
 */
public record GnubgSettings(int plies, double noise, boolean deterministic, boolean prune) {
    /** gnubg's predefined levels as (plies, noise, prune). */
    static final Map<String, double[]> LEVELS = Map.of(
            "beginner", new double[] {0, 0.060, 0},
            "casual", new double[] {0, 0.050, 0},
            "intermediate", new double[] {0, 0.040, 0},
            "advanced", new double[] {0, 0.015, 0},
            "expert", new double[] {0, 0.0, 0},
            "worldclass", new double[] {2, 0.0, 1});
    static final List<String> LEVEL_NAMES = List.of("beginner", "casual", "intermediate", "advanced", "expert",
            "worldclass");

    public GnubgSettings {
        if (plies < 0 || plies > 4 || !(noise >= 0 && noise <= 1)) {
            throw new OptionException("gnubg plies must be 0..4 and noise 0..1, got " + plies + " and " + noise);
        }
    }

    /**
     * Reads the player's options: {@code level}, {@code plies}, {@code noise}, {@code deterministic},
     * {@code prune}.
     *
     * @throws OptionException naming an unknown or bad option
     */
    public static GnubgSettings from(Map<String, ?> values) {
        Options o = new Options(values);
        String level = o.choice("level", "expert", LEVEL_NAMES, "gnubg's predefined level");
        double[] l = LEVELS.get(level);
        int plies = (int) o.integer("plies", (long) l[0], 0, 4, "evaluation plies (overrides the level)");
        double noise = o.real("noise", l[1], 0, 1, "evaluation noise (overrides the level)");
        boolean deterministic = o.bool("deterministic", true, "noise depends on the position only");
        boolean prune = o.bool("prune", l[2] != 0, "prune candidates in deeper searches");
        o.checkAllKnown("gnubg");
        return new GnubgSettings(plies, noise, deterministic, prune);
    }

    /** The gnubg commands that set this evaluation for chequer play (cubeless money play, no Jacoby rule). */
    public List<String> commands() {
        String e = "set evaluation chequerplay evaluation ";
        return List.of(
                "set jacoby off",
                e + "cubeful off",
                e + "plies " + plies,
                e + "prune " + (prune ? "on" : "off"),
                e + "deterministic " + (deterministic ? "on" : "off"),
                e + "noise " + String.format(Locale.ROOT, "%.4f", noise));
    }
}
