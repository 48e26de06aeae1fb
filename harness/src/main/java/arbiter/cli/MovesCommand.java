package arbiter.cli;

import arbiter.game.GameFamily;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.game.backgammon.Dice;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code arbiter moves}: lists the legal moves of a position, one per line, in the game's notation. */
@Command(name = "moves", mixinStandardHelpOptions = true,
        description = "List the legal moves of a position, one per line (backgammon: give the roll with --dice).")
final class MovesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--game", required = true, description = "Variant id, e.g. international, quoridor, backgammon.")
    String game;

    @Option(names = {"--position", "--fen"}, description = "The position text; the start position if absent.")
    String position;

    @Option(names = "--dice", description = "Backgammon: the roll, e.g. 6-5 (at the opening: White's die, then Black's).")
    String dice;

    @Option(names = "--rule", description = "Override a rule parameter, e.g. --rule diagonalJumps=false (repeatable).")
    List<String> rules = List.of();

    @Override
    public Integer call() {
        Rules variant = Games.rules(game, PerftCommand.parseRules(rules));
        Position root = position == null ? variant.start() : variant.parsePosition(position);
        if (dice != null) {
            if (!root.needsDice()) {
                throw new BadInputException(variant.family() != GameFamily.BACKGAMMON ? game + " has no dice: drop --dice"
                        : root.outcome() != null ? "--dice given but the game is over"
                        : "--dice given but the position has its dice rolled already");
            }
            Dice roll = Dice.parse(dice);
            root = root.withDice(roll.first(), roll.second());
        } else if (root.needsDice()) {
            throw new BadInputException("the position awaits the dice: give the roll with --dice, e.g. --dice 6-5");
        }
        PrintWriter out = spec.commandLine().getOut();
        for (Move move : root.legalMoves()) {
            out.println(root.formatMove(move));
        }
        out.flush();
        return 0;
    }
}
