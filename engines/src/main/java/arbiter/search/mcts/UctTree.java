package arbiter.search.mcts;

import java.util.Arrays;

/**
 * The search tree as parallel arrays (struct of arrays): node {@code i}'s move, links and
 * statistics are the {@code i}-th entries. Children are a singly linked list (first child, next
 * sibling); a child always has a larger index than its parent. Node 0 is the root. Arrays grow by
 * doubling up to a cap and are reused between searches, so a search allocates (almost) nothing.
 */
final class UctTree {
    /** {@link #legal} value of a node whose moves have not been counted yet. */
    static final int UNKNOWN = -1;
    /** {@link #parent} value of a child cut off from its parent (its subtree is garbage). */
    static final int DETACHED = -2;
    private static final int INITIAL = 1 << 14;

    private final int maxNodes;
    int size;
    /** The move leading to the node (root: -1). */
    int[] move;
    int[] parent;
    int[] firstChild;
    int[] nextSibling;
    int[] childCount;
    /** Legal moves at the node: {@link #UNKNOWN}, or a count; 0 means the game is over there. */
    int[] legal;
    int[] visits;
    /** Sum of the playout results from the view of the player who made the node's move. */
    double[] wins;
    /** Scratch for {@link #keepSubtree}. */
    private int[] remap;

    UctTree(int maxNodes) {
        this.maxNodes = maxNodes;
        allocate(Math.min(INITIAL, maxNodes));
    }

    private void allocate(int capacity) {
        move = grow(move, capacity);
        parent = grow(parent, capacity);
        firstChild = grow(firstChild, capacity);
        nextSibling = grow(nextSibling, capacity);
        childCount = grow(childCount, capacity);
        legal = grow(legal, capacity);
        visits = grow(visits, capacity);
        remap = new int[capacity];
        wins = wins == null ? new double[capacity] : Arrays.copyOf(wins, capacity);
    }

    private static int[] grow(int[] array, int capacity) {
        return array == null ? new int[capacity] : Arrays.copyOf(array, capacity);
    }

    void clear() {
        size = 0;
    }

    /** Whether another node fits (growing the arrays when needed). */
    boolean hasRoom() {
        return hasRoom(1);
    }

    /** Whether {@code count} more nodes fit (growing the arrays when needed). */
    boolean hasRoom(int count) {
        long needed = (long) size + count;
        if (needed > maxNodes) {
            return false;
        }
        if (needed > move.length) {
            allocate((int) Math.min(Math.max((long) move.length * 2, needed), maxNodes));
        }
        return true;
    }

    /** Adds the root of an empty tree. */
    int addRoot() {
        size = 0;
        return init(-1, -1);
    }

    /** Adds a child of {@code node} reached by {@code code}; the caller checked {@link #hasRoom()}. */
    int addChild(int node, int code) {
        int child = init(code, node);
        nextSibling[child] = firstChild[node];
        firstChild[node] = child;
        childCount[node]++;
        return child;
    }

    private int init(int code, int parentNode) {
        int n = size++;
        move[n] = code;
        parent[n] = parentNode;
        firstChild[n] = -1;
        nextSibling[n] = -1;
        childCount[n] = 0;
        legal[n] = UNKNOWN;
        visits[n] = 0;
        wins[n] = 0;
        return n;
    }

    /** The child of {@code node} reached by {@code code}, or -1. */
    int child(int node, int code) {
        for (int c = firstChild[node]; c >= 0; c = nextSibling[c]) {
            if (move[c] == code) {
                return c;
            }
        }
        return -1;
    }

    /** Unlinks a child from its parent; its subtree is dropped at the next {@link #keepSubtree}. */
    void detach(int node, int child) {
        if (firstChild[node] == child) {
            firstChild[node] = nextSibling[child];
        } else {
            for (int c = firstChild[node]; c >= 0; c = nextSibling[c]) {
                if (nextSibling[c] == child) {
                    nextSibling[c] = nextSibling[child];
                    break;
                }
            }
        }
        parent[child] = DETACHED;
        childCount[node]--;
    }

    /**
     * Makes {@code newRoot}'s subtree the whole tree, {@code newRoot} becoming node 0, in place: the
     * kept nodes slide down in index order (a parent precedes its children, so one pass marks the
     * subtree), which never overwrites a kept node not yet moved.
     */
    void keepSubtree(int newRoot) {
        int kept = 0;
        for (int i = newRoot; i < size; i++) {
            boolean keep = i == newRoot || (parent[i] >= newRoot && remap[parent[i]] >= 0);
            remap[i] = keep ? kept++ : -1;
        }
        for (int i = newRoot; i < size; i++) {
            int j = remap[i];
            if (j < 0) {
                continue;
            }
            move[j] = i == newRoot ? -1 : move[i];
            parent[j] = i == newRoot ? -1 : remap[parent[i]];
            firstChild[j] = link(firstChild[i]);
            nextSibling[j] = i == newRoot ? -1 : link(nextSibling[i]);
            childCount[j] = childCount[i];
            legal[j] = legal[i];
            visits[j] = visits[i];
            wins[j] = wins[i];
        }
        size = kept;
    }

    private int link(int old) {
        return old < 0 ? -1 : remap[old];
    }
}
