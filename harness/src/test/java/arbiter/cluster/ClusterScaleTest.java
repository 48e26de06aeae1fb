package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A coordinator with simulated workers (Hazelcast clients speaking the real, signed protocol; see
 * {@link ClusterScale}) gives out and gets back every game once, keeps every worker busy, and looks
 * at about one worker queue entry per game given. 32 workers here, as each client costs about half a
 * second to start on a loaded machine; {@code bench/cluster-scale.sh} runs 8 to 256 and measures the
 * timings (CPU per game, dispatch latency), which are not asserted here. That the dispatch cost does
 * not grow with the number of workers is {@code DispatcherTest}'s (8 and 256 workers).
 */
class ClusterScaleTest {
    @Test
    void simulatedWorkersEachPlayAndEveryGameComesBackOnce() throws Exception {
        ClusterScale.Figures f = ClusterScale.run(32, 2048, 512);
        assertTrue(f.gamesPerWorkerMin() >= 1, "every worker played: " + f);
        assertTrue((double) f.looked() / f.given() <= 1.5, "about one queue entry looked at per game: " + f);
    }
}
