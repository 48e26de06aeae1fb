package arbiter.game.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.game.Games;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Start-position perft: the published counts, moves identified by from, to and captured set
 * (International: Aart Bik, "BikDam: international checkers", aartbik.blogspot.com, 2012; English,
 * Czech, Russian: the perft thread at damforum.nl/bb3/viewtopic.php?t=2822) for the fast generator,
 * and the reference generator for Brazilian, which has no published table here.
 */
class DraughtsPerftTest {

    static Stream<Arguments> published() {
        return Stream.of(
                Arguments.of("international", new long[] {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}),
                Arguments.of("english", new long[] {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680}),
                Arguments.of("czech", new long[] {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671}),
                Arguments.of("russian", new long[] {7, 49, 302, 1469, 7482, 37986, 190146, 929899}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("published")
    void fastPerftMatchesPublishedCounts(String variant, long[] counts) {
        DraughtsPosition start = (DraughtsPosition) Games.rules(variant).start();
        for (int depth = 1; depth <= counts.length; depth++) {
            assertEquals(counts[depth - 1], start.perft(depth), variant + " perft " + depth);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("published")
    void referencePerftMatchesPublishedCountsAtLowDepth(String variant, long[] counts) {
        DraughtsPosition start = (DraughtsPosition) Games.rules(variant).start();
        ReferenceGenerator ref = new ReferenceGenerator(start.rules());
        for (int depth = 1; depth <= 6; depth++) {
            assertEquals(counts[depth - 1], ref.perft(ref.board(start), start.whiteToMove(), depth),
                    variant + " reference perft " + depth);
        }
    }

    @Test
    void brazilianFastAndReferencePerftAgreeToDepthSix() {
        DraughtsPosition start = (DraughtsPosition) Games.rules("brazilian").start();
        ReferenceGenerator ref = new ReferenceGenerator(start.rules());
        for (int depth = 1; depth <= 6; depth++) {
            assertEquals(ref.perft(ref.board(start), start.whiteToMove(), depth), start.perft(depth),
                    "brazilian perft " + depth);
        }
    }

    @Test
    void englishWithMajorityCaptureAgreesWithReference() {
        // Seed S2's rule: English checkers where the largest capture is compulsory.
        DraughtsPosition start = (DraughtsPosition) ReferenceGeneratorTest.rules("english", "majorityCapture=true").start();
        ReferenceGenerator ref = new ReferenceGenerator(start.rules());
        for (int depth = 1; depth <= 6; depth++) {
            assertEquals(ref.perft(ref.board(start), start.whiteToMove(), depth), start.perft(depth),
                    "english majorityCapture perft " + depth);
        }
    }
}
