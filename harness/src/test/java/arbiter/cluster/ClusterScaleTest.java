package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A coordinator with 256 simulated workers (Hazelcast clients speaking the real, signed protocol; see
 * {@link ClusterScale}) gives out and records every game once, keeps every worker busy, and looks at
 * about one worker queue entry per game given. Timings (CPU per game, dispatch latency from 8 to 256
 * workers) are the bench's, {@code bench/cluster-scale.sh}, not asserted here.
 */
class ClusterScaleTest {
    @Test
    void twoHundredFiftySixSimulatedWorkersEachPlayAndEveryGameComesBackOnce() throws Exception {
        ClusterScale.Figures f = ClusterScale.run(256, 2048, 512);
        assertTrue(f.gamesPerWorkerMin() >= 1, "every worker played: " + f);
        assertTrue((double) f.looked() / f.given() <= 1.5, "about one queue entry looked at per game: " + f);
    }
}
