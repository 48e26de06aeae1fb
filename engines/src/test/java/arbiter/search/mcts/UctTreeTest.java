package arbiter.search.mcts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UctTreeTest {

    /** A node's subtree as text: move, visits, wins, legal, then the children (in list order). */
    private static String describe(UctTree t, int node) {
        StringBuilder sb = new StringBuilder();
        sb.append('(').append(t.move[node]).append(' ').append(t.visits[node]).append(' ').append(t.wins[node])
                .append(' ').append(t.legal[node]).append(' ').append(t.childCount[node]);
        for (int c = t.firstChild[node]; c >= 0; c = t.nextSibling[c]) {
            assertEquals(node, t.parent[c]);
            sb.append(' ').append(describe(t, c));
        }
        return sb.append(')').toString();
    }

    @Test
    void keepingASubtreeMovesItToTheRootUnchanged() {
        SplittableRandom random = new SplittableRandom(1);
        for (int round = 0; round < 50; round++) {
            UctTree t = new UctTree(100_000);
            t.addRoot();
            int nodes = random.nextInt(2, 3_000);
            for (int i = 1; i < nodes; i++) {
                t.hasRoom();
                int parent = random.nextInt(t.size);
                int child = t.addChild(parent, random.nextInt(1000));
                t.visits[child] = random.nextInt(1, 100);
                t.wins[child] = random.nextDouble() * t.visits[child];
                t.legal[child] = random.nextInt(-1, 50);
            }
            // Detach a few subtrees: they must vanish.
            for (int k = 0; k < 3; k++) {
                int node = random.nextInt(1, t.size);
                if (t.parent[node] >= 0) {
                    t.detach(t.parent[node], node);
                }
            }
            List<Integer> candidates = new ArrayList<>();
            for (int c = t.firstChild[0]; c >= 0; c = t.nextSibling[c]) {
                for (int g = t.firstChild[c]; g >= 0; g = t.nextSibling[g]) {
                    candidates.add(g);
                }
            }
            if (candidates.isEmpty()) {
                continue;
            }
            int newRoot = candidates.get(random.nextInt(candidates.size()));
            String expected = describe(t, newRoot).replaceFirst("^\\(-?\\d+ ", "(-1 ");
            int size = countSubtree(t, newRoot);
            t.keepSubtree(newRoot);
            assertEquals(size, t.size);
            assertEquals(-1, t.parent[0]);
            assertEquals(-1, t.nextSibling[0]);
            assertEquals(expected, describe(t, 0));
        }
    }

    private static int countSubtree(UctTree t, int node) {
        int n = 1;
        for (int c = t.firstChild[node]; c >= 0; c = t.nextSibling[c]) {
            n += countSubtree(t, c);
        }
        return n;
    }
}
