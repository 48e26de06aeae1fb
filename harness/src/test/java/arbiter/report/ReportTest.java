package arbiter.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.stats.GameCounts;
import arbiter.stats.RatingList;
import arbiter.stats.RatingOptions;
import arbiter.stats.Ratings;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class ReportTest {

    static final String ODD = "Deep \"Blue\", & co_1 | <x>";

    static Ratings sample() {
        GameCounts c = new GameCounts();
        int a = c.player(ODD);
        int b = c.player("Ж名人");
        int d = c.player("Plain");
        c.add(a, b, 3, 2, 1);
        c.add(b, a, 1, 2, 2);
        c.add(b, d, 2, 1, 1);
        c.add(d, a, 0, 1, 3);
        return RatingList.compute(c, RatingOptions.defaults().withBootstrap(0, 1));
    }

    @Test
    void textTableHasStableColumns() {
        String text = RatingReport.render(sample(), Format.TEXT, List.of(RatingReport.Part.RATINGS));
        String[] lines = text.split("\n");
        assertTrue(lines[0].matches("Rank\\s+Player\\s+Elo\\s+\\+-\\s+Games\\s+Score%\\s+Draw%\\s+OppAvg"), lines[0]);
        assertTrue(lines[1].matches("-+"));
        assertTrue(lines[2].startsWith("   1  " + ODD), lines[2]);
        assertTrue(text.contains("note: 19 games, 3 players; mean rating 0.0"), text);
    }

    @Test
    void csvIsQuotedAndParseable() {
        String csv = RatingReport.render(sample(), Format.CSV, List.of(RatingReport.Part.RATINGS));
        String[] lines = csv.split("\n");
        assertEquals("rank,player,elo,error,games,score_pct,draw_pct,opp_avg", lines[0]);
        assertEquals(4, lines.length);
        assertTrue(lines[1].startsWith("1,\"Deep \"\"Blue\"\", & co_1 | <x>\","), lines[1]);
        assertEquals(8, splitCsv(lines[1]).size());
        assertEquals(ODD, splitCsv(lines[1]).get(1));
    }

    @Test
    void markdownEscapesPipes() {
        String md = RatingReport.render(sample(), Format.MARKDOWN, List.of(RatingReport.Part.RATINGS));
        assertTrue(md.contains("| Rank | Player | Elo | +- | Games | Score% | Draw% | OppAvg |"), md);
        assertTrue(md.contains("|---:|---|---:|---:|---:|---:|---:|---:|"), md);
        assertTrue(md.contains("co\\_1 \\| \\<x\\>"), md);
    }

    @Test
    void latexUsesBooktabsAndEscapes() {
        String tex = RatingReport.render(sample(), Format.LATEX, List.of(RatingReport.Part.RATINGS));
        assertTrue(tex.contains("\\begin{tabular}{rlrrrrrr}"), tex);
        assertTrue(tex.contains("\\toprule") && tex.contains("\\midrule") && tex.contains("\\bottomrule"));
        assertTrue(tex.contains("Deep \\textquotedbl{}Blue\\textquotedbl{}, \\& co\\_1 | \\textless{}x\\textgreater{}"), tex);
        assertTrue(tex.contains("Rank & Player & Elo & $\\pm$ & Games"), tex);
    }

    @Test
    void htmlEscapesAndIsADocument() {
        String html = RatingReport.render(sample(), Format.HTML,
                List.of(RatingReport.Part.RATINGS, RatingReport.Part.CROSSTABLE, RatingReport.Part.HEAD_TO_HEAD));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("Deep &quot;Blue&quot;, &amp; co_1 | &lt;x&gt;"), html);
        assertTrue(html.contains("Ж名人"));
        assertEquals(3, html.split("<table>", -1).length - 1);
        assertTrue(html.trim().endsWith("</html>"));
    }

    @Test
    void crosstableAndHeadToHead() {
        Ratings r = sample();
        Table cross = RatingReport.crosstable(r);
        assertEquals(List.of("Rank", "Player", "Elo", "1", "2", "3", "Score"),
                cross.columns().stream().map(Table.Column::label).toList());
        List<String> first = cross.rows().get(0);
        assertEquals(ODD, first.get(1));
        assertEquals("x", first.get(3));
        // ODD vs Ж名人: as White 3W 2D 1L, as Black (B white 1W 2D 2L) -> 2W... 5 W, 4 D, 2 L = 7/11
        assertEquals("7/11", first.get(4));
        assertEquals("3.5/4", first.get(5));
        assertEquals("10.5/15", first.get(6));
        Table h2h = RatingReport.headToHead(r);
        assertEquals(3, h2h.rows().size());
        assertEquals(List.of(ODD, "Ж名人", "11", "5", "4", "2", "63.6"), h2h.rows().get(0).subList(0, 7));
    }

    @Test
    void svgIsWellFormed() throws Exception {
        String svg = SvgChart.ratings(sample());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertEquals(3, doc.getElementsByTagName("circle").getLength());
        // the empty list still gives a valid picture
        String empty = SvgChart.ratings(RatingList.compute(new GameCounts(), RatingOptions.defaults()));
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(empty.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void formatsParse() {
        assertEquals(Format.MARKDOWN, Format.parse("md"));
        assertEquals(Format.LATEX, Format.parse("tex"));
        assertEquals(Format.TEXT, Format.parse("TEXT"));
        assertEquals(null, Format.parse("pdf"));
    }

    static List<String> splitCsv(String line) {
        java.util.List<String> out = new java.util.ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cur.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
