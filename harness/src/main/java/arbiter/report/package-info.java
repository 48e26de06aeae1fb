/**
 * The run report: tables and SVG charts rendered the same way as Markdown, LaTeX, HTML, CSV and JSON.
 */
package arbiter.report;
