package arbiter.cluster;

import arbiter.execute.GameObserver;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** A game submitted to the coordinator: queued, then leased until its result comes. */
final class Job {
    final GameSpec spec;
    final GameObserver observer;
    final CompletableFuture<PlayedGame> result = new CompletableFuture<>();
    /** Workers that refused it (they lack an engine): it is not leased to them again. */
    final Set<String> refusedBy = new HashSet<>();

    Job(GameSpec spec, GameObserver observer) {
        this.spec = spec;
        this.observer = observer;
    }
}
