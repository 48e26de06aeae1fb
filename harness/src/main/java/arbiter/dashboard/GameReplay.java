package arbiter.dashboard;

import arbiter.game.GameHistory;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.pdn.RecordCheck;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A finished game read back from the run's {@code games.pdn} and replayed: its position text at every
 * ply, for the page's game viewer ({@code GET /api/game/ID}). Reading the log, not the dashboard's memory,
 * makes it work for any game the run recorded, resumed ones included.
 */
final class GameReplay {
    private static final ObjectMapper JSON = new ObjectMapper();

    private GameReplay() {
    }

    /** The game whose {@code Game} tag is {@code id}, or null when the log has none. */
    static ObjectNode find(Path pdn, int id) throws IOException {
        if (!Files.isRegularFile(pdn)) {
            return null;
        }
        String wanted = Integer.toString(id);
        GameRecord found = null;
        try (PdnReader reader = PdnReader.open(pdn, w -> { })) {
            while (reader.hasNext()) {
                GameRecord g = reader.next();
                if (wanted.equals(g.tag("Game"))) {
                    found = g; // the last record of the id wins (a game played again on resume)
                }
            }
        }
        return found == null ? null : replay(found, id);
    }

    /** Every position of the game (index = ply), its moves and tags; an unreadable move ends the replay there. */
    static ObjectNode replay(GameRecord g, int id) {
        ObjectNode out = JSON.createObjectNode();
        out.put("id", id).put("white", g.tag("White")).put("black", g.tag("Black")).put("result", g.tag("Result"))
                .put("termination", g.tag("Termination"));
        ArrayNode moves = out.putArray("moves");
        ArrayNode positions = out.putArray("positions");
        Rules rules = RecordCheck.rules(g, null);
        out.put("variant", rules.id());
        ObjectNode params = out.putObject("rules");
        rules.parameters().forEach(params::put);
        String fen = g.tag("FEN");
        GameHistory game = new GameHistory(fen == null ? rules.start() : rules.parsePosition(fen));
        positions.add(game.current().toText());
        Deque<int[]> dice = dice(g.tag("Dice"));
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
                out.put("error", "ply " + (moves.size() + 1) + " '" + text + "': " + e.getMessage());
                break;
            }
            moves.add(text + rolled);
            positions.add(game.current().toText());
        }
        return out;
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
