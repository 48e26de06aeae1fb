package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.PdnWriter;
import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * The only writer of a run's {@code games.pdn}: appends every finished game whole, in the order they
 * finish. A game's record is made by {@link #format} on any thread (the one that played it), so the
 * coordinator's part is the append.
 */
public final class PdnRecorder {
    private final GameLog log;
    private final PdnWriter.Context context;

    PdnRecorder(GameLog log, PdnWriter.Context context) {
        this.log = log;
        this.context = context;
    }

    /**
     * The recorder of a run: its records name the run (Event), Arbiter (Site), today's date, the
     * rules with their overrides (the variant tag), the run's time control and, by player, the name and
     * version its engine gave ({@code engines}: the WhiteEngine and BlackEngine tags).
     */
    static PdnRecorder of(GameLog log, RunConfig config, Rules rules, Map<String, String> engines) {
        return new PdnRecorder(log, context(config, rules, engines));
    }

    /** What {@link #of} writes around each game (the test service's workers write their games with it too). */
    public static PdnWriter.Context context(RunConfig config, Rules rules, Map<String, String> engines) {
        StringBuilder variant = new StringBuilder(rules.id());
        for (Map.Entry<String, String> e : config.game().rules().entrySet()) {
            variant.append(' ').append(e.getKey()).append('=').append(e.getValue());
        }
        return new PdnWriter.Context(config.name(), "Arbiter",
                LocalDate.now().format(DateTimeFormatter.ofPattern("yyyy.MM.dd")), rules, variant.toString(),
                config.limits().timeControlTag(), playerTimeControls(config), Map.copyOf(engines));
    }

    /**
     * The game's record as the log's bytes. Its last comment says why the game ended in the console's
     * words (fastchess's), with the engine's fault after them when it failed ("White disconnects (engine
     * crashed: exited with code 3)").
     */
    byte[] format(PlayedGame game) {
        return record(game, context).getBytes(StandardCharsets.UTF_8);
    }

    /** The record of {@code game} as a run's log holds it (the service's workers write theirs with it too). */
    public static String record(PlayedGame game, PdnWriter.Context context) {
        String ending = ConsoleText.annotation(game, context.rules().family(), ConsoleText.Style.FASTCHESS);
        Termination why = game.termination();
        if (why instanceof Termination.EngineCrash || why instanceof Termination.IllegalMove
                || why instanceof Termination.EngineStalled) {
            ending += " (" + why.describe() + ")";
        }
        return PdnWriter.format(game, context, ending);
    }

    /** Appends a record made by {@link #format}. */
    void append(byte[] record) throws IOException {
        log.append(record);
    }

    /** Each player's TimeControl tag, from its own clock (match's players carry their limits). */
    private static java.util.Map<String, String> playerTimeControls(RunConfig config) {
        java.util.Map<String, String> tags = new java.util.HashMap<>();
        for (RunConfig.PlayerConfig p : config.players()) {
            tags.put(p.name(), (p.limits() != null ? p.limits() : config.limits()).timeControlTag());
        }
        return tags;
    }
}
