package arbiter.pdn;

import arbiter.game.GameHistory;
import arbiter.game.Position;
import arbiter.game.Rules;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A finished game read back from a record and replayed: its position text at every ply, for the game
 * viewer of the dashboard ({@code GET /api/game/ID}, from the run's {@code games.pdn}) and of the test
 * service ({@code GET /api/tests/ID/games/N}, from the test's games). Reading the record, not a
 * program's memory, makes it work for any game recorded, resumed ones included.
 *
 * @param positions every position's text, index = ply
 * @param moves     each ply's move, a backgammon move with its roll: {@code 8/5,6/5 (3-1)}
 * @param rules     the rules' parameters (board size...) the boards are drawn with
 * @param error     where the replay stopped at a move it could not read, or null
 */
public record GameReplay(long id, String white, String black, String result, String termination, String variant,
                         Map<String, String> rules, List<String> moves, List<String> positions, String error) {

    /** The game whose {@code Game} tag is {@code id} in a PDN file, or null when it has none. */
    public static GameReplay find(Path pdn, long id) throws IOException {
        if (!Files.isRegularFile(pdn)) {
            return null;
        }
        try (PdnReader reader = PdnReader.open(pdn, w -> { })) {
            return find(reader, id);
        }
    }

    /** The game whose {@code Game} tag is {@code id} in a PDN text, or null when it has none. */
    public static GameReplay find(String pdn, long id) {
        return find(new PdnReader(new StringReader(pdn), "the games", w -> { }), id);
    }

    private static GameReplay find(PdnReader reader, long id) {
        String wanted = Long.toString(id);
        GameRecord found = null;
        while (reader.hasNext()) {
            GameRecord g = reader.next();
            if (wanted.equals(g.tag("Game"))) {
                found = g; // the last record of the id wins (a game played again on resume)
            }
        }
        return found == null ? null : replay(found, id);
    }

    /** Every position of the game (index = ply), its moves and tags; an unreadable move ends the replay there. */
    public static GameReplay replay(GameRecord g, long id) {
        Rules rules = RecordCheck.rules(g, null);
        String fen = g.tag("FEN");
        GameHistory game = new GameHistory(fen == null ? rules.start() : rules.parsePosition(fen));
        List<String> moves = new ArrayList<>();
        List<String> positions = new ArrayList<>();
        positions.add(game.current().toText());
        Deque<int[]> dice = dice(g.tag("Dice"));
        String error = null;
        for (String text : g.moves()) {
            String rolled = "";
            try {
                Position p = game.current();
                if (p.needsDice() && !dice.isEmpty()) {
                    int[] roll = dice.removeFirst();
                    p = p.withDice(roll[0], roll[1]);
                    game.replaceCurrent(p);
                    rolled = " (" + roll[0] + "-" + roll[1] + ")";
                }
                game.play(p.parseMove(text));
            } catch (RuntimeException e) {
                error = "ply " + (moves.size() + 1) + " '" + text + "': " + e.getMessage();
                break;
            }
            moves.add(text + rolled);
            positions.add(game.current().toText());
        }
        return new GameReplay(id, g.tag("White"), g.tag("Black"), g.tag("Result"), g.tag("Termination"), rules.id(),
                java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(rules.parameters())), List.copyOf(moves), List.copyOf(positions), error);
    }

    /** A backgammon record's rolls, e.g. {@code 6-5 3-1}. */
    private static Deque<int[]> dice(String tag) {
        Deque<int[]> rolls = new ArrayDeque<>();
        if (tag == null || tag.isBlank()) {
            return rolls;
        }
        for (String roll : tag.trim().split("\\s+")) {
            String[] d = roll.split("-");
            if (d.length == 2) {
                rolls.add(new int[] {Integer.parseInt(d[0]), Integer.parseInt(d[1])});
            }
        }
        return rolls;
    }
}
