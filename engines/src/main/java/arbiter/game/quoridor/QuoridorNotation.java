package arbiter.game.quoridor;

import arbiter.game.NotationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Quoridor text. Squares are {@code a1}..{@code i9} (files a-i west to east, ranks 1-9 south to
 * north). A pawn move is its destination ({@code e2}), a wall its anchor square plus {@code h} or
 * {@code v} ({@code e3h}; see {@link QuoridorMove.Wall}), the pass {@code pass}.
 *
 * <p>Position text: four fields separated by {@code /}: the pawns in player order, the walls each
 * player has left, the walls on the board ({@code -} for none), and the side to move counted from
 * 1. The standard start is {@code e1,e9/10,10/-/1}; after White's {@code e2} and Black's
 * {@code e3h}: {@code e2,e9/10,9/e3h/1}. Writing lists walls south to north, west to east,
 * horizontal before vertical; reading accepts any order, upper case and spaces, and checks that the
 * walls neither overlap nor cross, that their number matches the walls used, and that every player
 * has a path to its goal.
 */
final class QuoridorNotation {
    static final String PASS = "pass";

    private QuoridorNotation() {
    }

    static String formatPosition(QuoridorPosition p) {
        Geometry g = p.geometry();
        int players = p.rules().players();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < players; i++) {
            sb.append(i == 0 ? "" : ",").append(g.squareName(p.pawnCell(i)));
        }
        sb.append('/');
        for (int i = 0; i < players; i++) {
            sb.append(i == 0 ? "" : ",").append(p.wallsLeft(i));
        }
        sb.append('/');
        List<QuoridorMove.Wall> walls = p.walls();
        if (walls.isEmpty()) {
            sb.append('-');
        }
        for (int i = 0; i < walls.size(); i++) {
            sb.append(i == 0 ? "" : ",").append(walls.get(i));
        }
        return sb.append('/').append(p.sideToMove() + 1).toString();
    }

    static QuoridorPosition parsePosition(QuoridorRules rules, String input) throws NotationException {
        if (input == null || input.isBlank()) {
            throw positionError(input, "no text; expected pawns/walls left/walls/side like "
                    + QuoridorPosition.start(rules).toText());
        }
        Geometry g = Geometry.of(rules.boardSize());
        int players = rules.players();
        String[] fields = input.replace(" ", "").toLowerCase(Locale.ROOT).split("/", -1);
        if (fields.length != 4) {
            throw positionError(input, "expected 4 fields separated by '/' (pawns, walls left, walls, side to move), found "
                    + fields.length);
        }
        String[] pawnNames = fields[0].split(",", -1);
        if (pawnNames.length != players) {
            throw positionError(input, "expected " + players + " pawns, found " + pawnNames.length);
        }
        int[] pawns = new int[players];
        for (int i = 0; i < players; i++) {
            pawns[i] = square(g, pawnNames[i]);
            if (pawns[i] < 0) {
                throw positionError(input, "pawn '" + pawnNames[i] + "' is not a square of the " + g.size + "x"
                        + g.size + " board");
            }
            for (int j = 0; j < i; j++) {
                if (pawns[j] == pawns[i]) {
                    throw positionError(input, "two pawns on " + pawnNames[i]);
                }
            }
        }
        String[] counts = fields[1].split(",", -1);
        if (counts.length != players) {
            throw positionError(input, "expected " + players + " wall counts, found " + counts.length);
        }
        int[] wallsLeft = new int[players];
        int used = 0;
        for (int i = 0; i < players; i++) {
            wallsLeft[i] = counts[i].matches("[0-9]{1,2}") ? Integer.parseInt(counts[i]) : -1;
            if (wallsLeft[i] < 0 || wallsLeft[i] > rules.walls()) {
                throw positionError(input, "walls left '" + counts[i] + "' must be 0 to " + rules.walls());
            }
            used += rules.walls() - wallsLeft[i];
        }
        long horizontal = 0;
        long vertical = 0;
        int placed = 0;
        if (!fields[2].equals("-")) {
            for (String name : fields[2].split(",", -1)) {
                QuoridorMove.Wall wall = wall(name);
                int slot = wall == null ? -1 : QuoridorPosition.slot(g, wall);
                if (slot < 0) {
                    throw positionError(input, "'" + name + "' is not a wall: anchor square a2..h9 (on this board "
                            + Geometry.squareName(0, 1) + ".." + Geometry.squareName(g.width - 1, g.width)
                            + ") then h or v");
                }
                long bit = 1L << slot;
                long blocked = wall.horizontal() ? g.blockedHorizontal(horizontal, vertical)
                        : g.blockedVertical(horizontal, vertical);
                if ((blocked & bit) != 0) {
                    throw positionError(input, "wall " + name + " overlaps or crosses another wall");
                }
                if (wall.horizontal()) {
                    horizontal |= bit;
                } else {
                    vertical |= bit;
                }
                placed++;
            }
        }
        if (placed != used) {
            throw positionError(input, placed + (placed == 1 ? " wall is" : " walls are")
                    + " on the board but the walls left say " + used + " were placed");
        }
        int side = fields[3].matches("[1-4]") ? Integer.parseInt(fields[3]) - 1 : -1;
        if (side < 0 || side >= players) {
            throw positionError(input, "side to move '" + fields[3] + "' must be 1 to " + players);
        }
        MoveGenerator generator = QuoridorPosition.generator(rules);
        int atGoal = 0;
        for (int i = 0; i < players; i++) {
            if (!generator.hasPath(i, pawns[i], horizontal, vertical)) {
                throw positionError(input, "the walls leave " + rules.playerName(i) + " no path to its goal");
            }
            atGoal += generator.isGoal(i, pawns[i]) ? 1 : 0;
        }
        if (atGoal > 1) {
            throw positionError(input, "more than one pawn is on its goal");
        }
        return new QuoridorPosition(rules, pawns, wallsLeft, horizontal, vertical, side);
    }

    /** A cell index from a square name, or -1. */
    static int square(Geometry g, String name) {
        if (!name.matches("[a-z][0-9]{1,2}")) {
            return -1;
        }
        int column = name.charAt(0) - 'a';
        int row = Integer.parseInt(name.substring(1)) - 1;
        return column < g.size && row >= 0 && row < g.size ? g.cell(column, row) : -1;
    }

    /** A wall from its text ({@code e3h}), not yet checked against a board; null if malformed. */
    private static QuoridorMove.Wall wall(String name) {
        if (!name.matches("[a-z][0-9]{1,2}[hv]")) {
            return null;
        }
        int column = name.charAt(0) - 'a';
        int row = Integer.parseInt(name.substring(1, name.length() - 1)) - 1;
        return new QuoridorMove.Wall(column, row, name.endsWith("h"));
    }

    static QuoridorMove parseMove(QuoridorPosition position, String input) throws NotationException {
        Geometry g = position.geometry();
        String text = input == null ? "" : input.strip().toLowerCase(Locale.ROOT);
        QuoridorMove move;
        if (text.equals(PASS)) {
            move = new QuoridorMove.Pass();
        } else if (text.matches("[a-z][0-9]{1,2}")) {
            int cell = square(g, text);
            if (cell < 0) {
                throw unparsable(input, "'" + text + "' is not a square of the " + g.size + "x" + g.size + " board");
            }
            move = new QuoridorMove.Step(g.column(cell), g.row(cell));
        } else if (text.matches("[a-z][0-9]{1,2}[hv]")) {
            move = wall(text);
        } else {
            throw unparsable(input, "expected a square (e2), a wall (e3h, e3v) or pass");
        }
        if (position.legalMoves().contains(move)) {
            return move;
        }
        throw new NotationException("illegal move '" + input + "' in position " + position.toText() + ": "
                + whyIllegal(position, move));
    }

    private static String whyIllegal(QuoridorPosition position, QuoridorMove move) {
        if (position.outcome() != null) {
            return "the game is over";
        }
        String player = position.rules().playerName(position.sideToMove());
        if (move instanceof QuoridorMove.Pass) {
            return "passing is allowed only when no other move is";
        }
        Geometry g = position.geometry();
        if (move instanceof QuoridorMove.Step) {
            return player + "'s pawn on " + g.squareName(position.pawnCell(position.sideToMove())) + " cannot reach " + move;
        }
        QuoridorMove.Wall wall = (QuoridorMove.Wall) move;
        int slot = QuoridorPosition.slot(g, wall);
        if (slot < 0) {
            return "a wall's anchor is its north-west square: files a-" + (char) ('a' + g.width - 1)
                    + ", ranks 2-" + g.size;
        }
        if (position.wallsLeft(position.sideToMove()) == 0) {
            return player + " has no walls left";
        }
        List<String> conflicts = new ArrayList<>();
        for (QuoridorMove.Wall other : position.walls()) {
            int otherSlot = QuoridorPosition.slot(g, other);
            boolean sameLine = other.horizontal() == wall.horizontal();
            int dx = other.column() - wall.column();
            int dy = other.row() - wall.row();
            if (otherSlot == slot || (sameLine && wall.horizontal() && dy == 0 && Math.abs(dx) == 1)
                    || (sameLine && !wall.horizontal() && dx == 0 && Math.abs(dy) == 1)) {
                conflicts.add((otherSlot == slot && !sameLine ? "crosses " : "overlaps ") + other);
            }
        }
        if (!conflicts.isEmpty()) {
            return "the wall " + String.join(" and ", conflicts);
        }
        return "the wall would leave a player no path to its goal";
    }

    private static NotationException unparsable(String input, String why) {
        return new NotationException("unparsable Quoridor move '" + input + "': " + why);
    }

    private static NotationException positionError(String input, String why) {
        return new NotationException("malformed Quoridor position '" + input + "': " + why);
    }
}
