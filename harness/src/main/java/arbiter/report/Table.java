package arbiter.report;

import java.util.List;

/**
 * A table ready to render: columns (a display label, a CSV key, alignment), rows of preformatted
 * cells, and notes shown under it (not in CSV, which carries data only).
 */
public record Table(String title, List<Column> columns, List<List<String>> rows, List<String> notes) {

    /** A column: {@code label} for people, {@code key} for CSV headers, numbers right-aligned. */
    public record Column(String label, String key, boolean numeric) {
    }

    public Table {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        notes = List.copyOf(notes);
        for (List<String> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("row has " + row.size() + " cells for " + columns.size() + " columns");
            }
        }
    }
}
