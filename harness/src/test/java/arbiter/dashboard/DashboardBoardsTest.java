package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.Games;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedMove;
import arbiter.tournament.RunListener;
import arbiter.results.Scoreboard;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * The boards as Chromium draws them, checked by where things land, not by how many SVG elements there are:
 * every piece's box lies inside its square (or point, bar, tray), at a size one can see, in its colour; and
 * each board looks like its committed reference image (harness/src/test/resources/board-references/*.png,
 * rewritten by {@code -Ddashboard.updateReferences=true}). One browser session draws every position.
 */
class DashboardBoardsTest {
    @TempDir
    static Path dir;
    static ChromeDriver browser;
    static final Path REFERENCES = Path.of("src/test/resources/board-references");
    /** A pixel differs when a channel differs by more than this; a board may differ in this share of its pixels (fonts, anti-aliasing). */
    static final int PIXEL_TOLERANCE = 60;
    static final double SHARE_TOLERANCE = 0.02;

    @BeforeAll
    static void open() {
        browser = (ChromeDriver) DashboardBrowserTest.browser(dir.resolve("profile"));
    }

    @AfterAll
    static void close() {
        if (browser != null) {
            browser.quit();
        }
    }

    /** One drawn element: its classes, data attributes, box in board units (square = 1) and computed paint. */
    record Drawn(String cls, String square, String point, String wall, double x, double y, double w, double h, double fillLight,
                 double strokeLight, double pxHeight, String text) {
        boolean is(String c) {
            return (" " + cls + " ").contains(" " + c + " ");
        }

        double cx() {
            return x + w / 2;
        }

        double cy() {
            return y + h / 2;
        }
    }

    record Board(String name, List<Drawn> items, String side, byte[] png) {
        List<Drawn> all(String cls) {
            return items.stream().filter(d -> d.is(cls)).toList();
        }

        /** Checked after the geometry, so that a misdrawn board fails on what is wrong rather than on its picture. */
        void looksLikeItsReference() throws Exception {
            compareWithReference(name, png);
        }
    }

    /**
     * Shows a position as the board of a game in progress, through the dashboard's own path (run events, the
     * JSON pushed to the page, the page's drawing), and reads back every piece's geometry.
     */
    @SuppressWarnings("unchecked")
    static Board draw(String name, String variant, Map<String, String> rules, String text, String last) throws Exception {
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, """
                { "name": "%s", "game": {"variant": "%s", "rules": %s},
                  "players": [ {"name": "one", "engine": "random"}, {"name": "two", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["one", "two"], "games": 2}, "limits": {"depth": 1},
                  "output": "%s" }""".formatted(name, variant, new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(rules),
                dir.resolve(name)));
        RunConfig config = ConfigLoader.load(f);
        GameTask task = new GameTask(7, 1, 0, "one", "two", new Opening("test", text, List.of()), 1);
        Map<String, Object> r;
        byte[] png;
        try (Dashboard dashboard = new Dashboard("127.0.0.1:0", null)) {
            dashboard.runStarted(new RunListener.RunStart(config, List.of(task), 0, new Scoreboard(List.of("one", "two"), null, null, false, null),
                    new PrintWriter(new StringWriter()), null));
            dashboard.gameStarted(task, "local-1");
            if (last != null) {
                dashboard.moveMade(task, new PlayedMove(last, null, 0, 0, null), text, 23);
            }
            browser.get("http://" + dashboard.address() + "/");
            try {
                new WebDriverWait(browser, Duration.ofSeconds(45)).until(x -> !x.findElements(By.cssSelector("#live svg.position")).isEmpty());
            } catch (org.openqa.selenium.TimeoutException e) {
                throw new AssertionError(name + ": no board; the page shows " + browser.findElement(By.tagName("body")).getText()
                        + "; the state: " + dashboard.snapshot(), e);
            }
            r = (Map<String, Object>) browser.executeScript("""
                const svg = document.querySelector('#live svg.position'), box = svg.getBoundingClientRect();
                const vb = svg.viewBox.baseVal, k = box.width / vb.width;
                const light = c => { const m = /rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)/.exec(c || '');
                  return m ? (0.2126 * m[1] + 0.7152 * m[2] + 0.0722 * m[3]) / 255 : -1; };
                const items = Array.from(svg.querySelectorAll('.piece, .king, .wall, .die, .count, .bar, .tray, .point, .last')).map(e => {
                  const b = e.getBoundingClientRect(), s = getComputedStyle(e);
                  return {cls: e.getAttribute('class'), square: e.getAttribute('data-square'), point: e.getAttribute('data-point')
                      || (e.getAttribute('data-side') || ''), wall: e.getAttribute('data-wall'),
                    x: (b.left - box.left) / k, y: (b.top - box.top) / k, w: b.width / k, h: b.height / k,
                    fill: light(s.fill), stroke: s.stroke === 'none' ? -1 : light(s.stroke), px: b.height, text: e.textContent};
                });
                const side = svg.parentElement.querySelector('.side');
                return {items, side: side ? side.textContent : '', ply: svg.parentElement.querySelector('.ply, div:nth-of-type(2)').textContent};""");
            png = browser.findElement(By.cssSelector("#live svg.position")).getScreenshotAs(OutputType.BYTES);
        }
        List<Drawn> items = new ArrayList<>();
        for (Map<String, Object> m : (List<Map<String, Object>>) r.get("items")) {
            items.add(new Drawn((String) m.get("cls"), (String) m.get("square"), (String) m.get("point"), (String) m.get("wall"),
                    num(m.get("x")), num(m.get("y")), num(m.get("w")), num(m.get("h")), num(m.get("fill")), num(m.get("stroke")),
                    num(m.get("px")), (String) m.get("text")));
        }
        List<LogEntry> severe = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
        assertEquals(List.of(), severe.stream().map(LogEntry::getMessage).toList(), name + ": no console errors");
        if (last != null) {
            assertTrue(((String) r.get("ply")).startsWith("ply 23, last " + last), "the ply the run reported: " + r.get("ply"));
        }
        return new Board(name, items, (String) r.get("side"), png);
    }

    private static double num(Object o) {
        return o == null ? Double.NaN : ((Number) o).doubleValue();
    }

    /** The drawn board against its reference image: same size, and few pixels differing by more than a little. */
    static void compareWithReference(String name, byte[] png) throws Exception {
        Files.createDirectories(Path.of("target", "boards"));
        Files.write(Path.of("target", "boards", name + ".png"), png);
        Path reference = REFERENCES.resolve(name + ".png");
        if (Boolean.getBoolean("dashboard.updateReferences")) {
            Files.createDirectories(REFERENCES);
            Files.write(reference, png);
            return;
        }
        assertTrue(Files.exists(reference), "no reference image " + reference + "; look at target/boards/" + name
                + ".png and, if right, rerun with -Ddashboard.updateReferences=true");
        BufferedImage want = ImageIO.read(reference.toFile());
        BufferedImage got = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(want.getWidth() + "x" + want.getHeight(), got.getWidth() + "x" + got.getHeight(), name + ": image size");
        long differ = 0;
        for (int y = 0; y < want.getHeight(); y++) {
            for (int x = 0; x < want.getWidth(); x++) {
                int a = want.getRGB(x, y);
                int b = got.getRGB(x, y);
                int d = Math.max(Math.abs((a >> 16 & 255) - (b >> 16 & 255)),
                        Math.max(Math.abs((a >> 8 & 255) - (b >> 8 & 255)), Math.abs((a & 255) - (b & 255))));
                differ += d > PIXEL_TOLERANCE ? 1 : 0;
            }
        }
        double share = (double) differ / (want.getWidth() * want.getHeight());
        assertTrue(share <= SHARE_TOLERANCE, name + ": " + String.format("%.1f%%", 100 * share)
                + " of the pixels differ from " + reference + " (see target/boards/" + name + ".png)");
    }

    /** Within {@code tol} square units. */
    static void inside(Drawn d, double x0, double y0, double x1, double y1, String what) {
        double tol = 0.02;
        assertTrue(d.x >= x0 - tol && d.y >= y0 - tol && d.x + d.w <= x1 + tol && d.y + d.h <= y1 + tol,
                what + ": box " + box(d) + " is not inside [" + x0 + ".." + x1 + "] x [" + y0 + ".." + y1 + "]");
    }

    static String box(Drawn d) {
        return String.format("[%.2f..%.2f] x [%.2f..%.2f]", d.x, d.x + d.w, d.y, d.y + d.h);
    }

    /** Checks every piece against the square it stands on, read from the position text here (not by boards.js). */
    static void squaresHold(Board b, Map<String, Boolean> expected, Map<String, Boolean> kings, int n, String what) {
        List<Drawn> pieces = b.all("piece");
        assertEquals(expected.size(), pieces.size(), what + ": pieces drawn");
        Map<String, Boolean> seen = new TreeMap<>();
        for (Drawn p : pieces) {
            int col = (int) Math.floor(p.cx());
            int row = (int) Math.floor(p.cy());
            inside(p, col, row, col + 1, row + 1, what + " piece " + p.square);
            assertTrue(p.w >= 0.5 && p.h >= 0.5, what + ": piece on " + p.square + " is too small to see: " + box(p));
            boolean white = p.fillLight > 0.5;
            assertTrue(white ? p.fillLight > 0.75 : p.fillLight < 0.25, what + ": a piece on " + col + "," + row
                    + " is neither light nor dark: fill lightness " + p.fillLight);
            if (white) {
                assertTrue(p.strokeLight >= 0 && p.strokeLight < 0.4, what + ": a white piece needs a dark outline: " + p.strokeLight);
            }
            seen.put(col + "," + row, white);
        }
        Map<String, Boolean> want = new TreeMap<>();
        expected.forEach((sq, white) -> want.put(cell(sq, n), white));
        assertEquals(want, seen, what + ": the squares holding pieces, and their colours");
        Map<String, Boolean> crowned = new TreeMap<>();
        for (Drawn k : b.all("king")) {
            int col = (int) Math.floor(k.cx());
            int row = (int) Math.floor(k.cy());
            inside(k, col, row, col + 1, row + 1, what + " king mark");
            crowned.put(col + "," + row, true);
        }
        Map<String, Boolean> wantKings = new TreeMap<>();
        kings.forEach((sq, white) -> wantKings.put(cell(sq, n), true));
        assertEquals(wantKings, crowned, what + ": the kings");
    }

    /** Column,row (row 0 at the top) of a square: algebraic (a1 bottom left) or numeric (PDN: 1 is the top row's first dark square). */
    static String cell(String sq, int n) {
        if (Character.isLetter(sq.charAt(0))) {
            return (sq.charAt(0) - 'a') + "," + (n - Integer.parseInt(sq.substring(1)));
        }
        int s = Integer.parseInt(sq) - 1;
        int per = n / 2;
        int row = s / per;
        int col = 2 * (s % per) + (row % 2 == 0 ? 1 : 0);
        return col + "," + row;
    }

    /** A draughts FEN's pieces: square to white?, and the kings among them. */
    static List<Map<String, Boolean>> draughtsPieces(String fen) {
        Map<String, Boolean> pieces = new HashMap<>();
        Map<String, Boolean> kings = new HashMap<>();
        String[] fields = fen.split(":");
        for (int i = 1; i < fields.length; i++) {
            boolean white = fields[i].charAt(0) == 'W';
            for (String item : fields[i].substring(1).split(",")) {
                if (item.isEmpty()) {
                    continue;
                }
                boolean king = item.startsWith("K");
                String sq = king ? item.substring(1) : item;
                pieces.put(sq, white);
                if (king) {
                    kings.put(sq, white);
                }
            }
        }
        return List.of(pieces, kings);
    }

    static String play(String variant, String start, List<String> moves) {
        Rules rules = Games.rules(variant);
        return new Opening("test", start, moves).replay(rules).current().toText();
    }

    @Test
    void chessPiecesStandOnTheirSquaresOneSquareTallInTheirColours() throws Exception {
        String fen = play("chess", null, List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"));
        Board b = draw("chess", "chess", Map.of(), fen, "O-O");
        Map<String, Boolean> pieces = new HashMap<>();
        String[] ranks = fen.split(" ")[0].split("/");
        for (int r = 0; r < 8; r++) {
            int c = 0;
            for (char ch : ranks[r].toCharArray()) {
                if (Character.isDigit(ch)) {
                    c += ch - '0';
                } else {
                    pieces.put((char) ('a' + c) + Integer.toString(8 - r), Character.isUpperCase(ch));
                    c++;
                }
            }
        }
        squaresHold(b, pieces, Map.of(), 8, "chess");
        for (Drawn p : b.all("piece")) {
            assertTrue(p.h >= 0.8, "a glyph is about a square tall: " + box(p) + " on " + p.square);
        }
        List<Drawn> last = b.all("last");
        assertEquals(1, last.size(), "the last move's square is marked");
        inside(last.get(0), 6, 7, 7, 8, "O-O by White ends on g1");
        assertEquals("Black to move", b.side());
        b.looksLikeItsReference();
    }

    @Test
    void everyDraughtsVariantNumericAndAlgebraicWithKings() throws Exception {
        // Each variant after a few opening moves, written by the engine in the variant's own notation, then a
        // position with kings of both colours in that notation.
        Map<String, List<String>> openings = Map.of(
                "international", List.of("32-28", "19-23", "28x19", "14x23"),
                "english", List.of("11-15", "22-18", "15x22", "25x18"),
                "brazilian", List.of("22-18", "11-15", "18x11", "8x15"),
                "russian", List.of("c3-d4", "f6-e5", "d4xf6", "g7xe5"),
                "czech", List.of("c3-d4", "f6-e5", "d4xf6", "g7xe5"));
        for (String variant : List.of("russian", "czech", "international", "english", "brazilian")) {
            Rules rules = Games.rules(variant);
            int n = Integer.parseInt(rules.parameters().get("width"));
            List<String> moves = openings.get(variant);
            String fen = play(variant, null, moves);
            List<Map<String, Boolean>> expect = draughtsPieces(fen);
            Board b = draw(variant, variant, Map.of(), fen, moves.get(moves.size() - 1));
            squaresHold(b, expect.get(0), expect.get(1), n, variant + " " + fen);
            assertEquals(2, b.all("last").size(), variant + ": the last move's squares are marked");
            b.looksLikeItsReference();

            String kingsText = n == 10 ? "W:WK1,30,45:BK50,5,16" : "W:WK1,30:BK32,5";
            Position kings = rules.parsePosition(kingsText); // written back in the variant's notation
            List<Map<String, Boolean>> k = draughtsPieces(kings.toText());
            Board kb = draw(variant + "-kings", variant, Map.of(), kings.toText(), null);
            squaresHold(kb, k.get(0), k.get(1), n, variant + " " + kings.toText());
            kb.looksLikeItsReference();
        }
    }

    @Test
    void quoridorPawnsWallsAndWallsLeft() throws Exception {
        List<String> moves = List.of("e2", "e8", "e3h", "c5v", "a2h", "h8v", "d2", "d7h");
        String text = play("quoridor", null, moves);
        Board b = draw("quoridor", "quoridor", Map.of(), text, "d7h");
        String[] fields = text.split("/");
        String[] pawns = fields[0].split(",");
        List<Drawn> drawn = b.all("piece");
        assertEquals(2, drawn.size(), text);
        for (int i = 0; i < 2; i++) {
            String[] at = cell(pawns[i], 9).split(",");
            int c = Integer.parseInt(at[0]);
            int r = Integer.parseInt(at[1]);
            Drawn p = drawn.get(i);
            inside(p, c, r, c + 1, r + 1, "pawn " + pawns[i]);
            assertTrue(p.w >= 0.5, "pawn size " + box(p));
        }
        List<Drawn> walls = b.all("wall");
        List<String> placed = List.of(fields[2].split(","));
        assertEquals(placed.size(), walls.size(), "walls of " + text);
        for (String wall : placed) {
            String[] at = cell(wall.substring(0, wall.length() - 1), 9).split(",");
            // The wall's centre is the corner its anchor (the north-west square) shares with the three squares south and east.
            double cx = Integer.parseInt(at[0]) + 1;
            double cy = Integer.parseInt(at[1]) + 1;
            boolean horizontal = wall.endsWith("h");
            assertTrue(walls.stream().anyMatch(w -> Math.abs(w.cx() - cx) < 0.05 && Math.abs(w.cy() - cy) < 0.05
                    && (horizontal ? w.w > 1.6 && w.h < 0.3 : w.h > 1.6 && w.w < 0.3)),
                    wall + ": no wall along the groove centred at " + cx + "," + cy);
        }
        assertTrue(b.side().contains("walls left: White " + fields[1].split(",")[0] + ", Black " + fields[1].split(",")[1]),
                b.side());
        assertEquals(1, b.all("wall").stream().filter(w -> "d7h".equals(w.wall) && w.is("last")).count(), "the last wall is marked");
        b.looksLikeItsReference();
    }

    @Test
    void backgammonPointsBarBorneOffDiceAndSideToMove() throws Exception {
        // White: one on the bar, 11 on its home board, 3 borne off; Black: one on the bar, 12 on points, 2 borne off.
        Rules rules = Games.rules("backgammon");
        String text = rules.parsePosition("W:Wbar,6x5,5x4,4x2:Bbar,24x2,13x6,8x3,6:31").toText();
        Board b = draw("backgammon", "backgammon", Map.of(), text, null);
        Map<Integer, Drawn> points = new HashMap<>();
        for (Drawn p : b.all("point")) {
            points.put(Integer.parseInt(p.point), p);
        }
        assertEquals(24, points.size());
        // The standard layout: White's 1..6 bottom right, right to left, 7..12 bottom left, 13..24 back along the top.
        for (int p = 1; p < 24; p++) {
            Drawn a = points.get(p);
            Drawn next = points.get(p + 1);
            if (p == 12) {
                assertTrue(next.y < a.y && Math.abs(next.x - a.x) < 0.05, "13 is above 12");
            } else if (p < 12) {
                assertTrue(next.x < a.x && Math.abs(next.y - a.y) < 0.05, (p + 1) + " is left of " + p);
            } else {
                assertTrue(next.x > a.x && Math.abs(next.y - a.y) < 0.05, (p + 1) + " is right of " + p);
            }
        }
        assertTrue(points.get(1).x > points.get(12).x && points.get(1).y > points.get(24).y, "point 1 is bottom right");
        Map<String, Integer> perPoint = new TreeMap<>();
        Drawn bar = b.all("bar").get(0);
        for (Drawn c : b.all("piece")) {
            assertTrue(c.w >= 0.5 || c.is("off"), "a checker one can see: " + box(c));
            boolean white = c.fillLight > 0.5;
            assertTrue(white ? c.fillLight > 0.75 : c.fillLight < 0.25, "checker colour " + c.fillLight);
            String key = (white ? "W" : "B") + c.point;
            perPoint.merge(key, 1, Integer::sum);
            if (c.point.equals("bar")) {
                inside(c, bar.x, bar.y, bar.x + bar.w, bar.y + bar.h, "a checker on the bar");
            } else if (c.point.equals("off")) {
                Drawn tray = b.all("tray").stream().filter(t -> t.point.equals(white ? "white" : "black")).findFirst().orElseThrow();
                inside(c, tray.x, tray.y, tray.x + tray.w, tray.y + tray.h, "a borne-off checker");
            } else {
                Drawn pt = points.get(Integer.parseInt(c.point));
                inside(c, pt.x, pt.y < 5 ? 0 : 5.5, pt.x + pt.w, pt.y < 5 ? 5.5 : 11, "a checker on point " + c.point);
            }
        }
        // White's points as White counts them; Black's p is White's 25 - p. Stacks over five show five and a count.
        Map<String, Integer> want = new TreeMap<>(Map.of("Wbar", 1, "W6", 5, "W5", 4, "W4", 2, "Woff", 3,
                "Bbar", 1, "B1", 2, "B12", 5, "B17", 3, "B19", 1));
        want.put("Boff", 2);
        assertEquals(want, perPoint, text);
        List<Drawn> counts = b.all("count");
        assertTrue(counts.stream().anyMatch(c -> c.text.equals("6")), "the 6-stack is labelled: " + counts);
        for (Drawn c : counts) {
            assertTrue(c.pxHeight >= 9, "a legible label: '" + c.text + "' is " + c.pxHeight + " px tall");
            assertTrue(c.x >= 0 && c.x + c.w <= 15 && c.y >= 0 && c.y + c.h <= 11, "label inside the board: " + box(c));
        }
        Drawn six = counts.stream().filter(c -> c.text.equals("6")).findFirst().orElseThrow();
        Drawn twelve = points.get(12);
        assertTrue(six.cx() > twelve.x && six.cx() < twelve.x + twelve.w, "the 6 labels Black's 13 point (White's 12)");
        List<Drawn> dice = b.all("die");
        assertEquals(2, dice.size(), "two dice");
        assertEquals("White to move, rolled 3-1", b.side());
        b.looksLikeItsReference();
    }
}
