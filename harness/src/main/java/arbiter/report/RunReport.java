package arbiter.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run's report: the same sections in every format. A section is a table with a stable id (its CSV
 * file and JSON key); a key/value section (conditions, the match block) is a two-column table of
 * items. Charts are SVG documents, embedded in the HTML and written beside it.
 *
 * <p>Formats: Markdown and LaTeX (every section, charts referenced by file name), HTML (every
 * section and the charts inline, one self-contained file), JSON (every section; rows as objects
 * keyed by the CSV keys, numeric cells as numbers), CSV (one plain table per file; see
 * {@link #csvFiles()}).
 *
 * @param title the run's name
 * @param sections in reading order; the first is the conditions
 * @param charts SVG charts in reading order
 */
public record RunReport(String title, List<Section> sections, List<Chart> charts) {

    /**
     * A section of the report.
     *
     * @param id stable name: the JSON key, and {@code report-<id>.csv} (ratings: {@code report.csv})
     * @param keys null for a table; for a key/value section (rows of Item, Value) each row's stable key,
     *     used in JSON and CSV
     */
    public record Section(String id, Table table, List<String> keys) {
        public Section {
            keys = keys == null ? null : List.copyOf(keys);
        }

        /** A table section. */
        public Section(String id, Table table) {
            this(id, table, null);
        }

        /** A key/value section from {key, item, value} triples. */
        public static Section items(String id, String title, List<String[]> items) {
            List<List<String>> rows = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            for (String[] it : items) {
                keys.add(it[0]);
                rows.add(List.of(it[1], it[2]));
            }
            return new Section(id, new Table(title, List.of(new Table.Column("Item", "item", false),
                    new Table.Column("Value", "value", false)), rows, List.of()), keys);
        }

        boolean keyValue() {
            return keys != null;
        }

        /** The value of the row with this key, or null. */
        public String value(String key) {
            int i = keys == null ? -1 : keys.indexOf(key);
            return i < 0 ? null : table.rows().get(i).get(1);
        }
    }

    /** A chart: {@code report-<id>.svg}. */
    public record Chart(String id, String title, String svg) {
    }

    public RunReport {
        sections = List.copyOf(sections);
        charts = List.copyOf(charts);
    }

    /** The section with this id, or null. */
    public Section section(String id) {
        for (Section s : sections) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        return null;
    }

    /** File name of a section's CSV: the rating table keeps the name {@code report.csv}. */
    public static String csvName(String id) {
        return id.equals("ratings") ? "report.csv" : "report-" + id + ".csv";
    }

    /** Each section as its own CSV file, by file name, in reading order. */
    public Map<String, String> csvFiles() {
        Map<String, String> files = new java.util.LinkedHashMap<>();
        for (Section s : sections) {
            Table t = s.table();
            if (s.keyValue()) {
                List<List<String>> rows = new ArrayList<>();
                for (int i = 0; i < t.rows().size(); i++) {
                    rows.add(List.of(s.keys().get(i), t.rows().get(i).get(1)));
                }
                t = new Table(t.title(), List.of(new Table.Column("Key", "key", false),
                        new Table.Column("Value", "value", false)), rows, List.of());
            }
            files.put(csvName(s.id()), TableRenderer.render(t, Format.CSV));
        }
        return files;
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder("# ").append(TableRenderer.mdEscape(title)).append("\n\n");
        for (Section s : sections) {
            sb.append(TableRenderer.render(s.table(), Format.MARKDOWN)).append('\n');
        }
        for (Chart c : charts) {
            sb.append("![").append(TableRenderer.mdEscape(c.title())).append("](report-").append(c.id()).append(".svg)\n\n");
        }
        return sb.toString();
    }

    public String latex() {
        StringBuilder sb = new StringBuilder("% ").append(title.replace('\n', ' ')).append(
                "\n% Tables need \\usepackage{booktabs}; charts are report-<id>.svg beside this file.\n\n");
        sb.append("\\section*{").append(TableRenderer.texEscape(title)).append("}\n\n");
        for (Section s : sections) {
            sb.append("\\subsection*{").append(TableRenderer.texEscape(s.table().title())).append("}\n");
            sb.append(TableRenderer.render(new Table(null, s.table().columns(), s.table().rows(), s.table().notes()),
                    Format.LATEX)).append('\n');
        }
        for (Chart c : charts) {
            sb.append("% ").append(c.title()).append(": report-").append(c.id()).append(".svg\n");
        }
        return sb.toString();
    }

    public String html() {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(TableRenderer.htmlEscape(title)).append("</title>\n")
                .append("<style>body{font-family:sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;")
                .append("margin:.5em 0 1.5em}th,td{padding:2px 8px;border-bottom:1px solid #ccc;text-align:left}")
                .append(".num{text-align:right}caption{font-weight:bold;text-align:left;padding:4px 0}")
                .append("ul.notes{font-size:90%;color:#555}figure{margin:1em 0}</style>\n</head>\n<body>\n<h1>")
                .append(TableRenderer.htmlEscape(title)).append("</h1>\n");
        for (Section s : sections) {
            sb.append("<section id=\"").append(s.id()).append("\">\n")
                    .append(TableRenderer.render(s.table(), Format.HTML)).append("</section>\n");
        }
        for (Chart c : charts) {
            sb.append("<figure id=\"chart-").append(c.id()).append("\">\n").append(stripProlog(c.svg()))
                    .append("<figcaption>").append(TableRenderer.htmlEscape(c.title())).append("</figcaption>\n</figure>\n");
        }
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }

    private static String stripProlog(String svg) {
        return svg.startsWith("<?xml") ? svg.substring(svg.indexOf("?>") + 2).stripLeading() : svg;
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * The report as JSON: {@code {"title", "<section id>": ...}}; a key/value section is an object of
     * its items (keys as in its CSV), a table an array of rows keyed by its columns' CSV keys. Cells
     * of numeric columns that are numbers become JSON numbers; others stay text ("-", "all won").
     */
    public String json() {
        ObjectNode root = JSON.createObjectNode();
        root.put("title", title);
        for (Section s : sections) {
            Table t = s.table();
            if (s.keyValue()) {
                ObjectNode o = root.putObject(s.id());
                for (int i = 0; i < t.rows().size(); i++) {
                    put(o, s.keys().get(i), t.rows().get(i).get(1));
                }
                continue;
            }
            ArrayNode rows = root.putArray(s.id());
            for (List<String> row : t.rows()) {
                ObjectNode o = rows.addObject();
                for (int c = 0; c < row.size(); c++) {
                    Table.Column col = t.columns().get(c);
                    String cell = row.get(c);
                    Double num = col.numeric() ? number(cell) : null;
                    if (num != null && num == Math.rint(num) && Math.abs(num) < 1e15 && cell.indexOf('.') < 0) {
                        o.put(col.key(), num.longValue());
                    } else if (num != null) {
                        o.put(col.key(), num);
                    } else {
                        o.put(col.key(), cell);
                    }
                }
            }
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A key/value row: the value as a number when it is one. */
    private static void put(ObjectNode o, String k, String value) {
        Double num = number(value);
        if (num != null && num == Math.rint(num) && Math.abs(num) < 1e15 && value.indexOf('.') < 0) {
            o.put(k, num.longValue());
        } else if (num != null) {
            o.put(k, num);
        } else {
            o.put(k, value);
        }
    }

    private static Double number(String s) {
        if (s == null || s.isEmpty() || !(Character.isDigit(s.charAt(0)) || s.charAt(0) == '-' && s.length() > 1)) {
            return null;
        }
        try {
            double d = Double.parseDouble(s);
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
