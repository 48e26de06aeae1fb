package arbiter.external;

import arbiter.player.Score;

/**
 * UCI {@code info} lines: each read in place into a {@link SearchInfo} ({@link #parse}), and the lines of
 * one search kept until its answer and read then ({@link Lines}).
 */
final class UciInfo {
    private UciInfo() {
    }

    /**
     * Folds one {@code info} line into the search info: score (cp, or mate in moves converted to a win
     * or loss by distance; a {@code lowerbound} or {@code upperbound} score apart from an exact one, see
     * {@link SearchInfo#settled}), depth, seldepth, nodes, nps, time, pv. Lines for other {@code multipv}
     * entries than the first and other lines are ignored; of a malformed line, what came before the
     * fault is kept. The line is read in place: no word is copied but the principal variation.
     */
    static void parse(String line, SearchInfo info) {
        parse(line, info, false);
    }

    /**
     * As {@link #parse(String, SearchInfo)}; with {@code onlyUnknown}, a field is set only if no
     * report set it before ({@link SearchInfo#known}): folding the lines from the last one back gives
     * what folding them all forward gives, usually after reading one line.
     */
    static void parse(String line, SearchInfo info, boolean onlyUnknown) {
        Words w = new Words(line);
        if (!w.at("info")) {
            return;
        }
        // Read into locals first: a "multipv 2" anywhere in the line means none of it counts.
        int depth = -1;
        int selDepth = -1;
        long nodes = -1;
        long nps = -1;
        long time = -1;
        Integer score = null;
        boolean bounded = false;
        String pv = null;
        try {
            while (w.more()) {
                if (w.at("depth")) {
                    depth = (int) w.number();
                } else if (w.at("seldepth")) {
                    selDepth = (int) w.number();
                } else if (w.at("nodes")) {
                    nodes = w.number();
                } else if (w.at("nps")) {
                    nps = w.number();
                } else if (w.at("time")) {
                    time = w.number();
                } else if (w.at("multipv")) {
                    if (!w.at("1")) {
                        return;
                    }
                } else if (w.at("score")) {
                    if (w.at("cp")) {
                        score = (int) w.number();
                    } else if (w.at("mate")) {
                        int value = (int) w.number();
                        score = value > 0 ? Score.WIN - (2 * value - 1) : -(Score.WIN - 2 * Math.abs(value));
                    } else {
                        w.skip();
                        w.number();
                    }
                } else if (w.at("lowerbound") || w.at("upperbound")) {
                    bounded = true; // fastchess's isBound: the word anywhere in the line
                } else if (w.at("pv")) {
                    pv = w.rest(); // split once, at the end of the search, not for every line
                    break;
                } else if (w.at("string")) {
                    return;
                } else {
                    w.skip(); // currmove, hashfull, tbhits, lowerbound, ... : not recorded
                }
            }
        } catch (NumberFormatException e) {
            // a malformed info line: keep what was read
        }
        int take = onlyUnknown ? ~info.known : SearchInfo.ALL;
        if (depth >= 0 && (take & SearchInfo.DEPTH) != 0) {
            info.depth = depth;
            info.known |= SearchInfo.DEPTH;
        }
        if (selDepth >= 0 && (take & SearchInfo.SEL_DEPTH) != 0) {
            info.selDepth = selDepth;
            info.known |= SearchInfo.SEL_DEPTH;
        }
        if (nodes >= 0 && (take & SearchInfo.NODES) != 0) {
            info.nodes = nodes;
            info.known |= SearchInfo.NODES;
        }
        if (nps >= 0 && (take & SearchInfo.NPS) != 0) {
            info.nps = nps;
            info.known |= SearchInfo.NPS;
        }
        if (time >= 0 && (take & SearchInfo.TIME) != 0) {
            info.timeMs = time;
            info.known |= SearchInfo.TIME;
        }
        if (pv != null && (take & SearchInfo.PV) != 0) {
            info.pvText(pv);
            info.known |= SearchInfo.PV;
        }
        if (score != null) {
            SearchInfo.ScoreLine scored = new SearchInfo.ScoreLine(score, depth, selDepth, pv);
            if (bounded) {
                if (!onlyUnknown || info.bound == null) {
                    info.bound = scored;
                }
            } else if ((take & SearchInfo.SCORE) != 0) {
                info.exact = scored;
                info.known |= SearchInfo.SCORE;
            }
        }
    }

    /**
     * The {@code info} lines of one search, read at its end: from the last one back, until every
     * field is known (most engines' last line has them all). The newest {@link #KEPT} lines are
     * kept; an older one is folded in forward when it drops out, so an engine printing without end
     * costs memory for 64 lines and the same reading as before.
     */
    static final class Lines {
        static final int KEPT = 64;
        private final String[] ring = new String[KEPT];
        private int count;
        /** What the dropped lines reported, folded forward. */
        private final SearchInfo dropped = new SearchInfo();

        void add(String line) {
            int slot = count % KEPT;
            if (count >= KEPT) {
                parse(ring[slot], dropped, false);
            }
            ring[slot] = line;
            count++;
        }

        /** Everything the lines reported, as if each had been folded in as it came. */
        SearchInfo fold() {
            if (count > KEPT) {
                // Lines were dropped (an engine printing without end): go on forward from what they said.
                for (int i = count - KEPT; i < count; i++) {
                    parse(ring[i % KEPT], dropped, false);
                }
                return dropped;
            }
            SearchInfo info = new SearchInfo();
            for (int i = count - 1; i >= 0 && info.known != SearchInfo.ALL; i--) {
                parse(ring[i], info, true);
            }
            return info;
        }
    }

    /** A cursor over a line's words that compares and reads numbers in place. */
    private static final class Words {
        private final String line;
        private final int n;
        private int i;

        Words(String line) {
            this.line = line;
            this.n = line.length();
        }

        private void spaces() {
            while (i < n && ProcessPlayer.space(line.charAt(i))) {
                i++;
            }
        }


        /** Whether a word follows. */
        boolean more() {
            spaces();
            return i < n;
        }

        /** Consumes the next word if it is {@code word}. */
        boolean at(String word) {
            spaces();
            int end = i + word.length();
            if (line.startsWith(word, i) && (end == n || ProcessPlayer.space(line.charAt(end)))) {
                i = end;
                return true;
            }
            return false;
        }

        /** Consumes the next word, whatever it is. */
        void skip() {
            spaces();
            while (i < n && !ProcessPlayer.space(line.charAt(i))) {
                i++;
            }
        }

        /** Consumes the next word as a decimal integer (an optional minus sign, up to 18 digits). */
        long number() {
            spaces();
            boolean negative = i < n && line.charAt(i) == '-';
            int start = negative ? ++i : i;
            long value = 0;
            while (i < n && !ProcessPlayer.space(line.charAt(i))) {
                char c = line.charAt(i++);
                if (c < '0' || c > '9' || i - start > 18) {
                    throw new NumberFormatException(line);
                }
                value = value * 10 + (c - '0');
            }
            if (i == start) {
                throw new NumberFormatException(line);
            }
            return negative ? -value : value;
        }

        /** The rest of the line after the current word. */
        String rest() {
            spaces();
            return line.substring(i);
        }
    }
}
