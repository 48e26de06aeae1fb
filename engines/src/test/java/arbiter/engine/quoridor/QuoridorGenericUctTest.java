package arbiter.engine.quoridor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.Rules;
import arbiter.game.quoridor.QuoridorRules;
import arbiter.player.Limits;
import arbiter.search.mcts.MctsPlayer;
import arbiter.player.Options;
import arbiter.player.Score;
import arbiter.player.SearchResult;
import arbiter.search.mcts.PositionBoard;
import arbiter.search.mcts.UctOptions;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The UCT search is generic: over the game API's positions it plays any two-player game. */
class QuoridorGenericUctTest {
    private static final UctOptions PLAIN = UctOptions.from(new Options(Map.of("maxd", 0, "smartPlayouts", false,
            "nodeSkipping", false, "playoutWins", false, "losingMoveCheck", false)));

    @Test
    void playsLegalMovesInOtherGamesAndFindsQuoridorWins() {
        SplittableRandom random = new SplittableRandom(9);
        for (String variant : List.of("english", "quoridor")) {
            Rules rules = variant.equals("quoridor") ? QuoridorGames.rules(Map.of("boardSize", "5", "walls", "2"))
                    : Games.rules(variant);
            MctsPlayer player = new MctsPlayer("uct", new PositionBoard(), PLAIN);
            player.newGame(1);
            for (int g = 0; g < 6; g++) {
                GameHistory game = new GameHistory(rules.start());
                for (int ply = random.nextInt(12); ply > 0 && game.outcome() == null; ply--) {
                    List<Move> moves = game.current().legalMoves();
                    game.play(moves.get(random.nextInt(moves.size())));
                }
                if (game.outcome() != null) {
                    continue;
                }
                SearchResult r = player.chooseMove(game, Limits.nodes(150), () -> false);
                assertTrue(game.current().legalMoves().contains(r.move()), variant + " " + r.move());
                QuoridorAlphaBetaTest.assertPvLegal(game, r.pv());
            }
        }
        QuoridorRules noWalls = QuoridorGames.rules(Map.of("walls", "0"));
        MctsPlayer player = new MctsPlayer("uct", new PositionBoard(), PLAIN);
        SearchResult r = player.chooseMove(QuoridorGames.game(noWalls, "e8,a2/0,0/-/1"), Limits.nodes(10), () -> false);
        assertEquals("e9", r.move().toString());
        assertEquals(Score.WIN - 1, r.score());
    }
}
