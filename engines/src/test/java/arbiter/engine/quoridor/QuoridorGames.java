package arbiter.engine.quoridor;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.Outcome;
import arbiter.game.quoridor.QuoridorMove;
import arbiter.game.quoridor.QuoridorPosition;
import arbiter.game.quoridor.QuoridorRules;
import arbiter.player.Limits;
import arbiter.player.Player;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Test positions and games for the Quoridor engines. */
final class QuoridorGames {
    private QuoridorGames() {
    }

    static QuoridorRules rules(Map<String, String> overrides) {
        return (QuoridorRules) Games.rules("quoridor", overrides);
    }

    static GameHistory game(QuoridorRules rules, String position) {
        return new GameHistory(rules.parsePosition(position));
    }

    /**
     * Positions of seeded random games (pawn moves toward the goal more often than not, walls
     * otherwise), none finished.
     */
    static List<GameHistory> randomGames(QuoridorRules rules, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<GameHistory> games = new ArrayList<>();
        while (games.size() < count) {
            GameHistory game = new GameHistory(rules.start());
            int plies = random.nextInt(0, 40);
            for (int i = 0; i < plies && game.outcome() == null; i++) {
                game.play(randomMove((QuoridorPosition) game.current(), random));
            }
            if (game.outcome() == null) {
                games.add(game);
            }
        }
        return games;
    }

    private static Move randomMove(QuoridorPosition p, SplittableRandom random) {
        List<Move> steps = new ArrayList<>();
        List<Move> walls = new ArrayList<>();
        for (Move m : p.legalMoves()) {
            (m instanceof QuoridorMove.Step ? steps : walls).add(m);
        }
        if (!steps.isEmpty() && (walls.isEmpty() || random.nextInt(3) > 0)) {
            Move best = steps.get(0);
            for (Move m : steps) {
                if (p.play(m).distanceToGoal(p.sideToMove()) < p.play(best).distanceToGoal(p.sideToMove())) {
                    best = m;
                }
            }
            // Never walk onto the goal: the game would be over.
            Move chosen = random.nextInt(2) == 0 ? best : steps.get(random.nextInt(steps.size()));
            if (p.play(chosen).outcome() == null) {
                return chosen;
            }
        }
        if (walls.isEmpty()) {
            return steps.get(random.nextInt(steps.size()));
        }
        return walls.get(random.nextInt(walls.size()));
    }

    /**
     * Plays a game between two players (White first) from the start, up to {@code maxPlies};
     * returns the winner, or -1 for a game cut at the cap.
     */
    static int play(QuoridorRules rules, Player white, Player black, Limits whiteLimits, Limits blackLimits,
            long gameSeed, int maxPlies) {
        white.newGame(gameSeed);
        black.newGame(gameSeed);
        GameHistory game = new GameHistory(rules.start());
        for (int ply = 0; ply < maxPlies; ply++) {
            Outcome outcome = game.outcome();
            if (outcome instanceof Outcome.Win win) {
                return win.winner();
            }
            boolean whiteToMove = game.current().sideToMove() == 0;
            Move move = (whiteToMove ? white : black)
                    .chooseMove(game, whiteToMove ? whiteLimits : blackLimits, () -> false).move();
            game.play(move);
        }
        return game.outcome() instanceof Outcome.Win win ? win.winner() : -1;
    }
}
