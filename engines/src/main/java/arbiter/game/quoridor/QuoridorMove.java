package arbiter.game.quoridor;

import arbiter.game.Move;

/**
 * A Quoridor move: a pawn step or jump to a cell, a wall placement, or (only when nothing else is
 * possible) a pass. Columns and rows are 0-based: column 0 is file a, row 0 is rank 1.
 */
public sealed interface QuoridorMove extends Move permits QuoridorMove.Step, QuoridorMove.Wall, QuoridorMove.Pass {

    /** The side to move's pawn goes to this cell (step or jump); written as the cell, {@code e2}. */
    record Step(int column, int row) implements QuoridorMove {
        @Override
        public String toString() {
            return Geometry.squareName(column, row);
        }
    }

    /**
     * A wall named by its anchor, the north-west cell of the four cells around the wall's centre;
     * written {@code e3h} / {@code e3v}. Horizontal: it separates the anchor's row from the row below,
     * on the anchor's column and the next one east. Vertical: it separates the anchor's column from
     * the next one east, on the anchor's row and the row below.
     */
    record Wall(int column, int row, boolean horizontal) implements QuoridorMove {
        @Override
        public String toString() {
            return Geometry.squareName(column, row) + (horizontal ? "h" : "v");
        }
    }

    /** Nothing else is legal: the turn passes. Written {@code pass}. */
    record Pass() implements QuoridorMove {
        @Override
        public String toString() {
            return "pass";
        }
    }
}
