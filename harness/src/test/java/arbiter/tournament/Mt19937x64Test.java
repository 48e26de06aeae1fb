package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The generator against the C++ standard's own check value. */
class Mt19937x64Test {
    /**
     * [rand.predef] (ISO/IEC 14882): "the 10000th consecutive invocation of a default-constructed object
     * of type mt19937_64 shall produce the value 9981545732273789042" (default seed 5489).
     */
    @Test
    void theTenThousandthOutputIsTheStandardsValue() {
        Mt19937x64 random = new Mt19937x64(5489);
        long value = 0;
        for (int i = 0; i < 10_000; i++) {
            value = random.next();
        }
        assertEquals("9981545732273789042", Long.toUnsignedString(value));
    }

    @Test
    void theShuffleIsAPermutationAndFollowsTheSeed() {
        int[] a = Mt19937x64.fastchessOrder(40, 42);
        assertEquals(40, java.util.Arrays.stream(a).distinct().count());
        assertEquals(java.util.Arrays.toString(a), java.util.Arrays.toString(Mt19937x64.fastchessOrder(40, 42)));
        assertEquals(false, java.util.Arrays.equals(a, Mt19937x64.fastchessOrder(40, 43)));
        assertEquals("[0]", java.util.Arrays.toString(Mt19937x64.fastchessOrder(1, 42)));
    }
}
