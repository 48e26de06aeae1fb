package arbiter.cli;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.play.PlayedGame;
import arbiter.tournament.RunListener;
import arbiter.tournament.Tournament;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The files {@code -pgnout} and {@code -epdout} ask for, written as each game ends.
 *
 * <p>{@code -pgnout FILE} gets each game of the run's {@code games.pdn} as it is recorded there: the
 * bytes the game added, appended to FILE in one write through a {@link GameLog} (forced to disk in the
 * same groups), so FILE holds whole games even after a kill. As in fastchess, FILE may hold other games
 * (an earlier match's, another tool's): they are kept, never cut or rewritten, and this run's games
 * follow them. When FILE is this run's own copy so far (a resumed run), it first catches up with the
 * games it lacks. {@code -site} rewrites the Site tag of the copy. {@code -epdout FILE} gets the final
 * position of each game, one line per game. Neither is written through a symbolic link.
 * Without {@code -recover}, a game lost by an engine crash or stall stops the run, as in fastchess.
 */
final class MatchOutputs implements RunListener {
    private final Path games;
    private final Path pgnOut;
    private final String site;
    private final Path epdOut;
    private GameLog copy;
    /** Bytes of games.pdn already mirrored. */
    private long mirrored;
    private Rules rules;
    /** Null with {@code -recover}; otherwise stops the run, saying why, when an engine crashes or stalls (fastchess). */
    private final java.util.function.Consumer<String> stopOnCrash;
    private volatile boolean stoppedByCrash;
    private java.io.PrintWriter console;

    /** {@code san}, or {@code lan} / {@code uci} for chess (see {@link MatchNotation}). */
    private final MatchNotation.Notation notation;

    MatchOutputs(Path games, Path pgnOut, String site, MatchNotation.Notation notation, Path epdOut,
                 java.util.function.Consumer<String> stopOnCrash) {
        this.games = games;
        this.pgnOut = pgnOut;
        this.site = site;
        this.notation = notation;
        this.epdOut = epdOut;
        this.stopOnCrash = stopOnCrash;
    }

    /** Whether an engine's crash or stall stopped the run (fastchess then exits with 1). */
    boolean stoppedByCrash() {
        return stoppedByCrash;
    }

    /** games.pdn's bytes as the copy has them: the Site tag of -site, the moves in -pgnout's notation. */
    byte[] asCopy(byte[] records) throws NotationException {
        if (site == null && notation == MatchNotation.Notation.SAN) {
            return records;
        }
        String text = new String(records, StandardCharsets.UTF_8);
        if (site != null) {
            text = text.replace("\n[Site \"Arbiter\"]\n", "\n[Site \"" + site.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]\n");
        }
        if (notation != MatchNotation.Notation.SAN) {
            text = MatchNotation.rewrite(text, rules, notation);
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Refuses an output file that cannot be written or is a symbolic link (Arbiter never writes through one). */
    void checkTarget() {
        for (Path file : new Path[] {pgnOut, epdOut}) {
            if (file == null) {
                continue;
            }
            String flag = file == pgnOut ? "-pgnout" : "-epdout";
            JobSetup.checkWritable(file, flag);
            if (Files.isSymbolicLink(file)) {
                throw new BadInputException(flag + " " + file + " is a symbolic link: Arbiter does not write through one; "
                        + "name the file itself");
            }
        }
    }

    @Override
    public void runStarted(RunStart start) {
        console = start.console();
        try {
            rules = Games.rules(start.config().game().variant(), start.config().game().rules());
            if (pgnOut != null) {
                byte[] all = Files.exists(games) ? Files.readAllBytes(games) : new byte[0];
                byte[] ours = asCopy(all);
                long have = Files.exists(pgnOut) ? Files.size(pgnOut) : 0;
                copy = GameLog.openAppending(pgnOut);
                if (have <= ours.length && Arrays.equals(Files.readAllBytes(pgnOut), 0, (int) have, ours, 0, (int) have)) {
                    // This run's own copy so far: catch up with games an earlier session recorded but did not copy.
                    if (have < ours.length) {
                        copy.append(Arrays.copyOfRange(ours, (int) have, ours.length));
                        copy.sync();
                    }
                } else if (!endsWithNewline(pgnOut)) {
                    copy.append("\n"); // another writer's file: this run's games start on a line of their own
                }
                mirrored = all.length;
            }
        } catch (IOException | NotationException e) {
            throw new IllegalStateException("-pgnout/-epdout: " + e.getMessage(), e);
        }
    }

    private static boolean endsWithNewline(Path file) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer last = ByteBuffer.allocate(1);
            return in.size() == 0 || in.read(last, in.size() - 1) == 1 && last.get(0) == '\n';
        }
    }

    @Override
    public void gameFinished(GameEnd end) throws IOException {
        copy(end);
        var why = end.game().termination();
        if (stopOnCrash != null && !end.stopping() && (why instanceof arbiter.play.Termination.EngineCrash
                || why instanceof arbiter.play.Termination.EngineStalled)) {
            // fastchess tournament.cpp: "stalled / disconnected and no recover option set for engine, stopping tournament."
            int game = end.game().task().id();
            console.println("Game " + game + " stalled / disconnected and no -recover: stopping the match (add -recover "
                    + "to replace the engine and go on)");
            console.flush();
            stoppedByCrash = true;
            stopOnCrash.accept("game " + game + ": " + why.tag() + " and no -recover");
        }
    }

    private void copy(GameEnd end) throws IOException {
        if (copy != null) {
            try (FileChannel in = FileChannel.open(games, StandardOpenOption.READ)) {
                long size = in.size();
                if (size > mirrored) {
                    ByteBuffer added = ByteBuffer.allocate((int) (size - mirrored));
                    while (added.hasRemaining() && in.read(added, mirrored + added.position()) > 0) {
                        // read all of it
                    }
                    try {
                        copy.append(asCopy(added.array()));
                    } catch (NotationException e) {
                        throw new IllegalStateException("-pgnout: a recorded game does not replay: " + e.getMessage(), e);
                    }
                    copy.syncIfDue();
                    mirrored = size;
                }
            }
        }
        if (epdOut != null) {
            String line = finalPosition(end.game()) + "\n";
            Files.writeString(epdOut, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE,
                    StandardOpenOption.SYNC);
        }
    }

    /** The position the game ended in, as the game's position text (FEN for chess). */
    private String finalPosition(PlayedGame game) {
        GameHistory h = game.task().opening().replay(rules);
        try {
            for (int i = game.openingPlies(); i < game.moves().size(); i++) {
                String dice = game.moves().get(i).dice();
                if (dice != null) {
                    String[] ab = dice.split("-");
                    h.replaceCurrent(h.current().withDice(Integer.parseInt(ab[0]), Integer.parseInt(ab[1])));
                }
                h.play(h.current().parseMove(game.moves().get(i).text()));
            }
        } catch (NotationException e) {
            throw new IllegalStateException("game " + game.task().id() + " does not replay: " + e.getMessage(), e);
        }
        return h.current().toText();
    }

    @Override
    public void runEnded(Tournament.Summary summary) throws IOException {
        if (copy != null) {
            copy.close();
            copy = null;
        }
    }
}
