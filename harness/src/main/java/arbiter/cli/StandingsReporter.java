package arbiter.cli;

import arbiter.config.RunConfig;
import arbiter.tournament.Standings;
import arbiter.tournament.Tournament;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Prints the standings of a run: the score table (Elo columns come with the statistics). */
final class StandingsReporter implements Tournament.Reporter {

    @Override
    public void standings(RunConfig config, Standings standings, boolean last, PrintWriter out) {
        out.printf("%n%s after %d games%n", last ? "Final standings" : "Standings", standings.games());
        List<Map.Entry<String, Double>> rows = new ArrayList<>(standings.points().entrySet());
        rows.sort((a, b) -> Double.compare(b.getValue(), a.getValue()));
        out.printf("%4s  %-24s %6s %7s %6s %5s %5s %5s%n", "rank", "player", "games", "points", "score", "W", "D", "L");
        int rank = 1;
        for (Map.Entry<String, Double> row : rows) {
            int[] wdl = standings.wdl(row.getKey());
            int games = wdl[0] + wdl[1] + wdl[2];
            out.printf("%4d  %-24s %6d %7.1f %5.1f%% %5d %5d %5d%n", rank++, row.getKey(), games, row.getValue(),
                    games == 0 ? 0.0 : 100.0 * row.getValue() / games, wdl[0], wdl[1], wdl[2]);
        }
        out.flush();
    }
}
