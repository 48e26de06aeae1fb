package arbiter.report;

import java.util.List;

/** Renders a {@link Table} as plain text, Markdown, CSV, LaTeX (booktabs) or an HTML fragment. */
public final class TableRenderer {
    private TableRenderer() {
    }

    public static String render(Table t, Format f) {
        return switch (f) {
            case TEXT -> text(t);
            case MARKDOWN -> markdown(t);
            case CSV -> csv(t);
            case LATEX -> latex(t);
            case HTML -> html(t);
        };
    }

    static String text(Table t) {
        int n = t.columns().size();
        int[] width = new int[n];
        for (int c = 0; c < n; c++) {
            width[c] = displayWidth(t.columns().get(c).label());
            for (List<String> row : t.rows()) {
                width[c] = Math.max(width[c], displayWidth(row.get(c)));
            }
        }
        StringBuilder sb = new StringBuilder();
        if (t.title() != null) {
            sb.append(t.title()).append("\n\n");
        }
        appendTextRow(sb, t, t.columns().stream().map(Table.Column::label).toList(), width);
        int total = 0;
        for (int w : width) {
            total += w;
        }
        sb.append("-".repeat(total + 2 * (n - 1))).append('\n');
        for (List<String> row : t.rows()) {
            appendTextRow(sb, t, row, width);
        }
        appendNotes(sb, t, "", "");
        return sb.toString();
    }

    private static void appendTextRow(StringBuilder sb, Table t, List<String> cells, int[] width) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            String s = cells.get(c);
            int pad = width[c] - displayWidth(s);
            if (c > 0) {
                line.append("  ");
            }
            if (t.columns().get(c).numeric()) {
                line.append(" ".repeat(pad)).append(s);
            } else {
                line.append(s).append(" ".repeat(pad));
            }
        }
        sb.append(line.toString().stripTrailing()).append('\n');
    }

    private static int displayWidth(String s) {
        return s.codePointCount(0, s.length());
    }

    static String markdown(Table t) {
        StringBuilder sb = new StringBuilder();
        if (t.title() != null) {
            sb.append("### ").append(mdEscape(t.title())).append("\n\n");
        }
        sb.append('|');
        for (Table.Column c : t.columns()) {
            sb.append(' ').append(mdEscape(c.label())).append(" |");
        }
        sb.append("\n|");
        for (Table.Column c : t.columns()) {
            sb.append(c.numeric() ? "---:|" : "---|");
        }
        sb.append('\n');
        for (List<String> row : t.rows()) {
            sb.append('|');
            for (String cell : row) {
                sb.append(' ').append(mdEscape(cell)).append(" |");
            }
            sb.append('\n');
        }
        if (!t.notes().isEmpty()) {
            sb.append('\n');
            for (String note : t.notes()) {
                sb.append("- ").append(mdEscape(note)).append('\n');
            }
        }
        return sb.toString();
    }

    static String mdEscape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char ch : s.toCharArray()) {
            if ("\\|*_`[]<>#".indexOf(ch) >= 0) {
                sb.append('\\');
            }
            sb.append(ch == '\n' ? ' ' : ch);
        }
        return sb.toString();
    }

    /** RFC 4180: comma-separated, CRLF-free lines ending in \n, fields quoted when needed. */
    static String csv(Table t) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", t.columns().stream().map(c -> csvField(c.key())).toList())).append('\n');
        for (List<String> row : t.rows()) {
            sb.append(String.join(",", row.stream().map(TableRenderer::csvField).toList())).append('\n');
        }
        return sb.toString();
    }

    static String csvField(String s) {
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0
                || (!s.isEmpty() && (Character.isWhitespace(s.charAt(0)) || Character.isWhitespace(s.charAt(s.length() - 1))))) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    static String latex(Table t) {
        StringBuilder sb = new StringBuilder();
        sb.append("% requires \\usepackage{booktabs}\n");
        if (t.title() != null) {
            sb.append("% ").append(t.title().replace('\n', ' ')).append('\n');
        }
        sb.append("\\begin{tabular}{");
        for (Table.Column c : t.columns()) {
            sb.append(c.numeric() ? 'r' : 'l');
        }
        sb.append("}\n\\toprule\n");
        sb.append(String.join(" & ", t.columns().stream().map(c -> texEscape(c.label())).toList())).append(" \\\\\n");
        sb.append("\\midrule\n");
        for (List<String> row : t.rows()) {
            sb.append(String.join(" & ", row.stream().map(TableRenderer::texEscape).toList())).append(" \\\\\n");
        }
        sb.append("\\bottomrule\n\\end{tabular}\n");
        for (String note : t.notes()) {
            sb.append("\n\\noindent\\emph{Note:} ").append(texEscape(note)).append("\\par\n");
        }
        return sb.toString();
    }

    static String texEscape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '\\' -> sb.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> sb.append('\\').append(ch);
                case '~' -> sb.append("\\textasciitilde{}");
                case '^' -> sb.append("\\textasciicircum{}");
                case '"' -> sb.append("\\textquotedbl{}");
                case '<' -> sb.append("\\textless{}");
                case '>' -> sb.append("\\textgreater{}");
                case '\n' -> sb.append(' ');
                default -> sb.append(ch);
            }
        }
        return sb.toString().replace("+-", "$\\pm$").replace("\u00b1", "$\\pm$");
    }

    static String html(Table t) {
        StringBuilder sb = new StringBuilder("<table>\n");
        if (t.title() != null) {
            sb.append("<caption>").append(htmlEscape(t.title())).append("</caption>\n");
        }
        sb.append("<thead><tr>");
        for (Table.Column c : t.columns()) {
            sb.append(c.numeric() ? "<th class=\"num\">" : "<th>").append(htmlEscape(c.label())).append("</th>");
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : t.rows()) {
            sb.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                sb.append(t.columns().get(c).numeric() ? "<td class=\"num\">" : "<td>")
                        .append(htmlEscape(row.get(c))).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
        if (!t.notes().isEmpty()) {
            sb.append("<ul class=\"notes\">\n");
            for (String note : t.notes()) {
                sb.append("<li>").append(htmlEscape(note)).append("</li>\n");
            }
            sb.append("</ul>\n");
        }
        return sb.toString();
    }

    static String htmlEscape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }

    private static void appendNotes(StringBuilder sb, Table t, String prefix, String suffix) {
        if (t.notes().isEmpty()) {
            return;
        }
        sb.append('\n');
        for (String note : t.notes()) {
            sb.append(prefix).append("note: ").append(note).append(suffix).append('\n');
        }
    }
}
