package arbiter.server;

import arbiter.engine.EngineRegistry;
import arbiter.game.GameHistory;
import arbiter.game.Rules;
import arbiter.player.Limits;
import arbiter.player.Options;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A built-in engine behind a protocol server: its options as set by the GUI (the player is rebuilt
 * when they change), its games, and one search at a time on a background thread that a stop command
 * can interrupt while the server keeps reading its input.
 */
final class ServerEngine {
    private final String id;
    private final Rules rules;
    private final Map<String, Double> weights;
    private final List<Options.Declaration> declarations;
    private final Map<String, Object> options = new LinkedHashMap<>();
    private Player player;
    private boolean dirty = true;
    private long games;
    private Thread search;
    private final AtomicBoolean stop = new AtomicBoolean();

    ServerEngine(String id, Rules rules, Map<String, Object> initialOptions, Map<String, Double> weights) {
        this.id = id;
        this.rules = rules;
        this.weights = Map.copyOf(weights);
        this.declarations = EngineRegistry.declarations(id, rules);
        this.options.putAll(initialOptions);
        player(); // reports bad initial options and weights at once
    }

    String id() {
        return id;
    }

    Rules rules() {
        return rules;
    }

    List<Options.Declaration> declarations() {
        return declarations;
    }

    /**
     * Sets an option by name (any case); returns an error text, or null when set. A value the option's
     * declaration refuses (type, range, choices) is not stored: the option keeps its previous value.
     */
    synchronized String setOption(String name, String value) {
        for (Options.Declaration d : declarations) {
            if (d.name().equalsIgnoreCase(name.strip())) {
                String v = value == null ? "" : value.strip();
                Object checked;
                try {
                    checked = check(d, v);
                } catch (RuntimeException e) {
                    Object was = options.get(d.name());
                    return e.getMessage() + "; " + d.name() + " stays " + (was != null ? was : d.defaultValue());
                }
                options.put(d.name(), checked);
                dirty = true;
                return null;
            }
        }
        return "unknown option '" + name + "'";
    }

    /** The value as the engine will read it, or the engine's own error for it (an OptionException). */
    private static Object check(Options.Declaration d, String v) {
        Options o = new Options(Map.of(d.name(), v));
        return switch (d.kind()) {
            case "bool" -> o.bool(d.name(), false, d.description()) ? "true" : "false";
            case "integer" -> Long.toString(o.integer(d.name(), 0, Long.parseLong(d.min()), Long.parseLong(d.max()),
                    d.description()));
            case "real" -> Double.toString(o.real(d.name(), 0, Double.parseDouble(d.min()), Double.parseDouble(d.max()),
                    d.description()));
            case "choice" -> o.choice(d.name(), null, d.choices(), d.description());
            default -> v;
        };
    }

    /**
     * The player with the current options, rebuilt if they changed. When the engine refuses the new
     * options together (a combination no single value shows), they are undone: the previous player
     * and its options stay, and the error is thrown for the caller to report.
     */
    synchronized Player player() {
        if (dirty || player == null) {
            Player p;
            try {
                p = EngineRegistry.create(id, rules, options, weights);
            } catch (RuntimeException e) {
                if (player != null) {
                    options.clear();
                    options.putAll(inUse);
                    dirty = false;
                }
                throw e;
            }
            if (player != null) {
                player.close();
            }
            player = p;
            inUse = new LinkedHashMap<>(options);
            dirty = false;
            games = 0;
        }
        return player;
    }

    /** The options of the player built last. */
    private Map<String, Object> inUse = Map.of();

    synchronized void newGame() {
        stopSearch();
        player().newGame(++games);
    }

    boolean searching() {
        Thread t = search;
        return t != null && t.isAlive();
    }

    /**
     * Starts a search on a background thread; {@code done} receives the result (or null when the
     * player failed, after {@code failed} got the error).
     */
    synchronized void startSearch(GameHistory game, Limits limits, Consumer<SearchResult> done,
                                  Consumer<RuntimeException> failed) {
        stopSearch();
        Player built;
        try {
            built = player();
        } catch (RuntimeException e) {
            failed.accept(e); // options the engine refused: the previous player searches
            built = player();
        }
        Player p = built;
        if (games == 0) {
            p.newGame(++games);
        }
        stop.set(false);
        Thread t = new Thread(() -> {
            SearchResult r;
            try {
                r = p.chooseMove(game, limits, stop::get);
            } catch (RuntimeException e) {
                failed.accept(e);
                r = null;
            }
            done.accept(r);
        }, "search");
        t.setDaemon(true);
        search = t;
        t.start();
    }

    /** Asks a running search to stop and waits for it (it reports its move). */
    void stopSearch() {
        Thread t = search;
        if (t == null) {
            return;
        }
        stop.set(true);
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        search = null;
    }

    boolean stopRequested() {
        return stop.get();
    }

    /** Signals a running search to stop without waiting. */
    void signalStop() {
        stop.set(true);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
