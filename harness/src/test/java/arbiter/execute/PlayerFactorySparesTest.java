package arbiter.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.play.PlayerSpec;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A run's pre-flight hands the engines it started to the game threads as spares: each is taken once,
 * only by a player of the same spec and rules, and those no game took are closed at the end.
 */
class PlayerFactorySparesTest {
    private static final Rules INTERNATIONAL = Games.rules("international");
    private static final Rules ENGLISH = Games.rules("english");

    /** A player that counts its closes. */
    private static final class Counted implements Player {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public String engineId() {
            return "counted";
        }

        @Override
        public void newGame(long gameSeed) {
        }

        @Override
        public SearchResult chooseMove(GameHistory game, Limits limits, BooleanSupplier stop) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    private static PlayerSpec spec(String name, long seed) {
        return new PlayerSpec(name, "random", null, Map.of("seed", seed), Map.of(), null);
    }

    @Test
    void aSpareIsTakenOnceByItsOwnSpecAndRulesAndTheRestAreClosed() {
        PlayerFactory factory = new PlayerFactory(Map.of());
        Counted a = new Counted();
        Counted b = new Counted();
        factory.addSpare(spec("a", 1), INTERNATIONAL, a);
        factory.addSpare(spec("b", 2), INTERNATIONAL, b);

        assertNotSame(a, factory.create(spec("a", 1), ENGLISH), "other rules: a new player");
        assertNotSame(a, factory.create(spec("a", 9), INTERNATIONAL), "other options: a new player");
        assertSame(a, factory.create(spec("a", 1), INTERNATIONAL), "the spare of this spec and rules");
        assertNotSame(a, factory.create(spec("a", 1), INTERNATIONAL), "a spare is taken once");

        factory.closeSpares();
        assertEquals(0, a.closes.get(), "a taken spare belongs to its game thread");
        assertEquals(1, b.closes.get(), "the spare no game took is closed");
        factory.closeSpares();
        assertEquals(1, b.closes.get(), "and only once");
    }
}
