package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SlidingAttacksTest {
    @Test
    void theWrittenOutMagicsAreExactlyWhatTheSeededSearchFinds() {
        long[][] found = SlidingAttacks.searchMagics();
        assertArrayEquals(found[0], SlidingAttacks.ROOK_MAGIC);
        assertArrayEquals(found[1], SlidingAttacks.BISHOP_MAGIC);
    }

    @Test
    void magicLookupsAgreeWithWalkingTheRaysOnRandomOccupancies() {
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 200_000; i++) {
            int square = random.nextInt(64);
            // Sparse and dense boards alike: one to three random words and-ed or or-ed together.
            long occupied = random.nextBoolean() ? random.nextLong() & random.nextLong() : random.nextLong() | random.nextLong();
            assertEquals(SlidingAttacks.slowAttacks(square, occupied, false), SlidingAttacks.rook(square, occupied),
                    () -> "rook on " + square);
            assertEquals(SlidingAttacks.slowAttacks(square, occupied, true), SlidingAttacks.bishop(square, occupied),
                    () -> "bishop on " + square);
        }
    }
}
