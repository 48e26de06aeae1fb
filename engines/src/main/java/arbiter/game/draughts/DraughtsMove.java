package arbiter.game.draughts;

import arbiter.game.Move;

/**
 * A draughts move as PDN and the Hub protocol identify it: start square, end square and the set of
 * captured squares (capture orders that differ only in path are the same move).
 *
 * @param from     start square number (1-based)
 * @param to       end square number; equal to {@code from} for a capture circuit back to the start
 * @param captured captured squares as a mask, square {@code s} at bit {@code s-1}; 0 for a quiet move
 * @param promotes whether the moving man is crowned by this move
 */
public record DraughtsMove(int from, int to, long captured, boolean promotes) implements Move {

    public boolean isCapture() {
        return captured != 0;
    }

    public int captureCount() {
        return Long.bitCount(captured);
    }

    /** Captured square numbers, ascending. */
    public int[] capturedSquares() {
        int[] squares = new int[Long.bitCount(captured)];
        int i = 0;
        for (long m = captured; m != 0; m &= m - 1) {
            squares[i++] = Long.numberOfTrailingZeros(m) + 1;
        }
        return squares;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder().append(from).append(isCapture() ? 'x' : '-').append(to);
        if (isCapture()) {
            sb.append(" captures ");
            int[] squares = capturedSquares();
            for (int i = 0; i < squares.length; i++) {
                sb.append(i == 0 ? "" : ",").append(squares[i]);
            }
        }
        return sb.toString();
    }
}
