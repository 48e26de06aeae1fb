package arbiter.play;

/**
 * Per-move limits. Time control: {@code timeMs} per period plus {@code incrementMs} per move,
 * {@code movesPerPeriod} moves per period (0 = whole game). {@code marginMs}: how far past its clock
 * an engine may go before it forfeits.
 */
public record TimeLimits(int depth, long nodes, long moveTimeMs, long timeMs, long incrementMs, int movesPerPeriod,
                         long marginMs) {
    public boolean hasClock() {
        return timeMs > 0;
    }

    public String describe() {
        StringBuilder sb = new StringBuilder();
        if (depth > 0) {
            sb.append("depth=").append(depth).append(' ');
        }
        if (nodes > 0) {
            sb.append("nodes=").append(nodes).append(' ');
        }
        if (moveTimeMs > 0) {
            sb.append("movetime=").append(moveTimeMs).append("ms ");
        }
        if (timeMs > 0) {
            sb.append(movesPerPeriod > 0 ? movesPerPeriod + "/" : "").append(timeMs / 1000.0)
                    .append(incrementMs > 0 ? "+" + incrementMs / 1000.0 : "").append(' ');
        }
        return sb.toString().trim();
    }

    /** PGN TimeControl tag: {@code 40/60+0.6}, {@code 60+1}, or {@code -} without a clock. */
    public String timeControlTag() {
        if (timeMs <= 0) {
            return moveTimeMs > 0 ? "1/" + fmt(moveTimeMs) : "-";
        }
        return (movesPerPeriod > 0 ? movesPerPeriod + "/" : "") + fmt(timeMs) + (incrementMs > 0 ? "+" + fmt(incrementMs) : "");
    }

    private static String fmt(long ms) {
        return ms % 1000 == 0 ? Long.toString(ms / 1000) : Double.toString(ms / 1000.0);
    }
}
