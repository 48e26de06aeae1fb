package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code elo --pairs} and {@code elo --check} on records of a real run. */
class EloCheckTest {
    @TempDir
    Path dir;

    private Path match() throws Exception {
        Path c = dir.resolve("match.json");
        Files.writeString(c, """
                { "name": "pairs", "game": {"variant": "english"},
                  "players": [ {"name": "alpha", "engine": "draughts-alphabeta", "limits": {"depth": 3}},
                               {"name": "beta", "engine": "draughts-alphabeta", "limits": {"depth": 1}} ],
                  "schedule": {"type": "match", "players": ["alpha", "beta"], "games": 24},
                  "openings": {"randomPlies": 4, "pairs": true}, "adjudication": {"maxPlies": 200},
                  "concurrency": 2, "seed": 9, "output": "%s" }""".formatted(dir.resolve("out")));
        CliRunner r = CliRunner.run("run", c.toString());
        assertEquals(0, r.exit(), r.err());
        return dir.resolve("out");
    }

    @Test
    void pairsGiveTheSamePentanomialCountsAsTheRunItself() throws Exception {
        Path out = match();
        String counts = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("report.json").toFile())
                .get("match").get("pentanomial").asText();
        Matcher run = Pattern.compile("pentanomial \\[LL, LD, WL\\+DD, WD, WW\\]: \\[[\\d, ]+\\]")
                .matcher("pentanomial [LL, LD, WL+DD, WD, WW]: " + counts);
        assertTrue(run.find(), counts);
        CliRunner elo = CliRunner.run("elo", out.resolve("games.pdn").toString(), "--pairs", "--bootstrap", "0");
        assertEquals(0, elo.exit(), elo.err());
        assertTrue(elo.out().contains("alpha vs beta: 12 pairs, " + run.group()), elo.out() + "\nrun: " + run.group());
        assertFalse(elo.out().contains("no colour-reversed partner"), elo.out());
        // Without --pairs there is no pair block.
        assertFalse(CliRunner.run("elo", out.resolve("games.pdn").toString(), "--bootstrap", "0").out().contains("pentanomial"));
    }

    @Test
    void checkWarnsOfIllegalMovesImpossibleResultsAndMixedGameTypes() throws Exception {
        Path out = match();
        String text = Files.readString(out.resolve("games.pdn"));
        List<String> games = new ArrayList<>(List.of(text.split("(?=\\[Event )")));
        // A game the rules ended (no legal move): its result turned around.
        int ended = -1;
        for (int i = 0; i < games.size(); i++) {
            if (games.get(i).contains("[Termination \"normal\"]") && games.get(i).contains("[Result \"2-0\"]")) {
                ended = i;
                break;
            }
        }
        assertTrue(ended >= 0, "a game won by the rules");
        games.set(ended, games.get(ended).replace("[Result \"2-0\"]", "[Result \"0-2\"]").replaceFirst("\\s2-0\\s*$", "\n0-2\n\n"));
        // Another game with its first two moves swapped: the first is then the wrong side's.
        int other = ended == 0 ? 1 : 0;
        Matcher moves = Pattern.compile("\\n\\n1\\. (\\S+) (?:\\{[^}]*\\} )?(\\S+)").matcher(games.get(other));
        assertTrue(moves.find(), games.get(other));
        String g = games.get(other);
        games.set(other, g.substring(0, moves.start(1)) + moves.group(2) + g.substring(moves.end(1), moves.start(2))
                + moves.group(1) + g.substring(moves.end(2)));
        // And a chess game among the draughts games.
        games.add("[Event \"x\"]\n[White \"alpha\"]\n[Black \"beta\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n");
        Path bad = dir.resolve("bad.pdn");
        Files.writeString(bad, String.join("", games));

        CliRunner checked = CliRunner.run("elo", bad.toString(), "--check", "--bootstrap", "0");
        assertEquals(0, checked.exit(), checked.err());
        assertTrue(checked.err().contains("impossible result 0-2: the final position is won by White (no legal move)"), checked.err());
        assertTrue(checked.err().contains("illegal move '" + moves.group(2) + "' at ply 1"), checked.err());
        assertTrue(checked.err().contains("the files mix game types"), checked.err());
        assertTrue(checked.err().contains("english (24 games)") && checked.err().contains("chess (1 game)"), checked.err());
        CliRunner plain = CliRunner.run("elo", bad.toString(), "--bootstrap", "0");
        assertFalse(plain.err().contains("impossible") || plain.err().contains("illegal"), plain.err());
        // The unchanged records pass the check.
        CliRunner clean = CliRunner.run("elo", out.resolve("games.pdn").toString(), "--check", "--bootstrap", "0");
        assertEquals("", clean.err());
    }
}
