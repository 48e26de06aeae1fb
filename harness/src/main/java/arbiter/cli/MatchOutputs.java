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
 * <p>{@code -pgnout FILE} is a mirror of the run's {@code games.pdn}: after each game is recorded there,
 * the bytes it added are appended to FILE through a {@link GameLog} (one write per game, forced to disk in
 * the same groups, a torn last game cut off on opening), so FILE holds exactly the finished games even
 * after a kill. On a resume FILE first catches up with {@code games.pdn}. {@code -site} rewrites the Site
 * tag of the copy. {@code -epdout FILE} gets the final position of each game, one line per game.
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
    /** Null with {@code -recover}; otherwise stops the run when an engine crashes or stalls (fastchess). */
    private final Runnable stopOnCrash;
    private java.io.PrintWriter console;

    MatchOutputs(Path games, Path pgnOut, String site, Path epdOut, Runnable stopOnCrash) {
        this.games = games;
        this.pgnOut = pgnOut;
        this.site = site;
        this.epdOut = epdOut;
        this.stopOnCrash = stopOnCrash;
    }

    /** games.pdn's bytes as the copy has them (the Site tag rewritten when -site is given). */
    byte[] asCopy(byte[] records) {
        if (site == null) {
            return records;
        }
        String text = new String(records, StandardCharsets.UTF_8);
        return text.replace("\n[Site \"Arbiter\"]\n", "\n[Site \"" + site.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Refuses a FILE that is not an earlier copy of this run's games (its bytes begin the copy of
     * games.pdn): Arbiter never writes into a file it did not write.
     */
    void checkTarget() throws IOException {
        if (pgnOut == null) {
            return;
        }
        if (!Files.exists(pgnOut)) {
            JobSetup.checkWritable(pgnOut, "-pgnout");
            return;
        }
        byte[] old = Files.readAllBytes(pgnOut);
        byte[] ours = Files.exists(games) ? asCopy(Files.readAllBytes(games)) : new byte[0];
        if (old.length > ours.length || !Arrays.equals(old, 0, old.length, ours, 0, old.length)) {
            throw new BadInputException("-pgnout " + pgnOut + " exists and is not a copy of this run's games: "
                    + "Arbiter does not write into it; choose another file");
        }
    }

    @Override
    public void runStarted(RunStart start) {
        console = start.console();
        try {
            rules = Games.rules(start.config().game().variant(), start.config().game().rules());
            if (pgnOut != null) {
                copy = GameLog.open(pgnOut, w -> start.console().println("warning: " + w));
                // Catch up with games.pdn (games recorded by an earlier run that was killed before it copied them).
                byte[] all = Files.exists(games) ? Files.readAllBytes(games) : new byte[0];
                byte[] ours = asCopy(all);
                long have = Files.size(pgnOut);
                if (have < ours.length) {
                    copy.append(Arrays.copyOfRange(ours, (int) have, ours.length));
                    copy.sync();
                }
                mirrored = all.length;
            }
        } catch (IOException | NotationException e) {
            throw new IllegalStateException("-pgnout/-epdout: " + e.getMessage(), e);
        }
    }

    @Override
    public void gameFinished(GameEnd end) throws IOException {
        copy(end);
        var why = end.game().termination();
        if (stopOnCrash != null && !end.stopping() && (why instanceof arbiter.play.Termination.EngineCrash
                || why instanceof arbiter.play.Termination.EngineStalled)) {
            // fastchess tournament.cpp: "stalled / disconnected and no recover option set for engine, stopping tournament."
            console.println("Game " + end.game().task().id() + ": " + why.tag() + " and no -recover: stopping "
                    + "(add -recover to replace the engine and go on; run the same command again to resume)");
            console.flush();
            stopOnCrash.run();
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
                    copy.append(asCopy(added.array()));
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
