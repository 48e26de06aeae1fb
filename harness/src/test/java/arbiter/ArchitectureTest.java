package arbiter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layers of {@code docs/architecture.md} hold in the code of both modules: no import runs back
 * up, every package is in a layer, and no packages import each other in a circle. The imports are
 * read from the sources (import lines and fully qualified names in code; comments and strings are
 * left out). {@code -Darchitecture.root=DIR} checks another checkout against this one's layers.
 */
class ArchitectureTest {
    private static final List<String> SOURCE_ROOTS = List.of("engines/src/main/java", "harness/src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("\\bpackage\\s+([\\w.]+)\\s*;");
    /** A package name followed by a type name (upper case), or an on-demand import. */
    private static final Pattern REFERENCE = Pattern.compile("\\b(arbiter(?:\\.[a-z_][a-z0-9_]*)*)\\.(?:[A-Z]|\\*)");

    @Test
    void noImportRunsBackUpTheLayersAndEveryPackageHasALayer() {
        Path root = root();
        Layers layers = Layers.parse(read(docs()));
        Map<String, Set<String>> graph = packageGraph(root);
        List<String> problems = layers.violations(graph);
        assertTrue(problems.isEmpty(), "against the layers of docs/architecture.md:\n" + String.join("\n", problems));
    }

    @Test
    void noPackagesImportEachOtherInACircle() {
        List<List<String>> circles = circles(packageGraph(root()));
        assertTrue(circles.isEmpty(), "packages in a circle: " + circles);
    }

    /** The checks themselves, on a made-up graph: each finds what it is for. */
    @Test
    void theChecksFindAnImportUpwardsASiblingImportAnUnlistedPackageAndACircle() {
        Layers layers = Layers.parse("""
                text
                ```layers
                # top
                arbiter.a
                arbiter.b, arbiter.c   # siblings
                arbiter.d.*
                arbiter.d
                ```
                """);
        Map<String, Set<String>> graph = new TreeMap<>();
        graph.put("arbiter.a", Set.of("arbiter.b", "arbiter.d.x"));
        graph.put("arbiter.d.x", Set.of("arbiter.d"));
        assertEquals(List.of(), layers.violations(graph));
        graph.put("arbiter.d", Set.of("arbiter.b"));
        graph.put("arbiter.b", Set.of("arbiter.c"));
        graph.put("arbiter.e", Set.of());
        assertEquals(List.of(
                "arbiter.b imports arbiter.c, on its own line (siblings do not import each other)",
                "arbiter.d imports arbiter.b, which is above it",
                "arbiter.e is in no layer"), layers.violations(graph));
        assertEquals(List.of(List.of("arbiter.b", "arbiter.d", "arbiter.d.x")), circles(Map.of(
                "arbiter.b", Set.of("arbiter.d.x"), "arbiter.d.x", Set.of("arbiter.d"), "arbiter.d", Set.of("arbiter.b"),
                "arbiter.a", Set.of("arbiter.b"))));
        assertEquals(Set.of("arbiter.game", "arbiter.game.chess"), references("""
                package arbiter.search; // arbiter.ignored.Comment
                import arbiter.game.Position;
                /* arbiter.ignored.Block */
                class X { String s = "arbiter.ignored.String"; Object o = arbiter.game.chess.ChessBoard.EMPTY; }
                """));
    }

    /** The layers block of the architecture document: one layer a line, top first. */
    record Layers(List<List<String>> lines) {
        static Layers parse(String markdown) {
            Matcher m = Pattern.compile("```layers\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
            assertTrue(m.find(), "docs/architecture.md has no ```layers block");
            List<List<String>> lines = new ArrayList<>();
            for (String line : m.group(1).split("\n")) {
                String text = line.replaceFirst("#.*", "").trim();
                if (!text.isEmpty()) {
                    lines.add(List.of(text.split("\\s*,\\s*")));
                }
            }
            return new Layers(lines);
        }

        /** The line of a package (0 is the top), or -1; an exact name wins over a {@code .*}. */
        int layerOf(String pkg) {
            int wildcard = -1;
            for (int i = 0; i < lines.size(); i++) {
                for (String entry : lines.get(i)) {
                    if (entry.equals(pkg)) {
                        return i;
                    }
                    if (entry.endsWith(".*") && pkg.startsWith(entry.substring(0, entry.length() - 1)) && wildcard < 0) {
                        wildcard = i;
                    }
                }
            }
            return wildcard;
        }

        List<String> violations(Map<String, Set<String>> graph) {
            List<String> problems = new ArrayList<>();
            for (Map.Entry<String, Set<String>> e : new TreeMap<>(graph).entrySet()) {
                int from = layerOf(e.getKey());
                if (from < 0) {
                    problems.add(e.getKey() + " is in no layer");
                    continue;
                }
                for (String to : new TreeSet<>(e.getValue())) {
                    int target = layerOf(to);
                    if (target < 0) {
                        continue; // reported as a package of its own
                    } else if (target < from) {
                        problems.add(e.getKey() + " imports " + to + ", which is above it");
                    } else if (target == from) {
                        problems.add(e.getKey() + " imports " + to + ", on its own line (siblings do not import each other)");
                    }
                }
            }
            return problems;
        }
    }

    /** Each package of the main sources of both modules, with the other packages it refers to. */
    static Map<String, Set<String>> packageGraph(Path root) {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (String sourceRoot : SOURCE_ROOTS) {
            Path dir = root.resolve(sourceRoot);
            assertTrue(Files.isDirectory(dir), "no sources at " + dir);
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String code = read(f);
                    Matcher p = PACKAGE.matcher(withoutCommentsAndStrings(code));
                    if (!p.find()) {
                        continue;
                    }
                    Set<String> out = graph.computeIfAbsent(p.group(1), k -> new TreeSet<>());
                    for (String ref : references(code)) {
                        if (!ref.equals(p.group(1))) {
                            out.add(ref);
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return graph;
    }

    /** The packages a source file names: in imports and fully qualified names in its code. */
    static Set<String> references(String code) {
        String text = PACKAGE.matcher(withoutCommentsAndStrings(code)).replaceFirst("");
        Set<String> refs = new TreeSet<>();
        Matcher m = REFERENCE.matcher(text);
        while (m.find()) {
            refs.add(m.group(1));
        }
        return refs;
    }

    /** The code with its comments, strings, text blocks and character literals blanked out. */
    private static String withoutCommentsAndStrings(String code) {
        StringBuilder out = new StringBuilder(code.length());
        int i = 0;
        int n = code.length();
        while (i < n) {
            char c = code.charAt(i);
            if (code.startsWith("//", i)) {
                i = code.indexOf('\n', i) < 0 ? n : code.indexOf('\n', i);
            } else if (code.startsWith("/*", i)) {
                i = code.indexOf("*/", i + 2) < 0 ? n : code.indexOf("*/", i + 2) + 2;
                out.append(' ');
            } else if (code.startsWith("\"\"\"", i)) {
                i = skipQuoted(code, i + 3, "\"\"\"");
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                i = skipQuoted(code, i + 1, String.valueOf(c));
                out.append("\"\"");
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The index after the closing {@code end} of a literal that starts at {@code i}, skipping escapes. */
    private static int skipQuoted(String code, int i, String end) {
        while (i < code.length()) {
            if (code.charAt(i) == '\\') {
                i += 2;
            } else if (code.startsWith(end, i)) {
                return i + end.length();
            } else {
                i++;
            }
        }
        return i;
    }

    /** Every group of two or more packages that reach each other (Tarjan's strongly connected components). */
    static List<List<String>> circles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> out = new ArrayList<>();
        int[] counter = {0};
        for (String v : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(v)) {
                strongConnect(v, graph, index, low, stack, onStack, out, counter);
            }
        }
        return out;
    }

    private static void strongConnect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                      Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                      List<List<String>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : new TreeSet<>(graph.getOrDefault(v, Set.of()))) {
            if (!index.containsKey(w)) {
                strongConnect(w, graph, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(new ArrayList<>(component));
            }
        }
    }

    /** The checkout: {@code -Darchitecture.root}, else the folder above the module tests run in. */
    private static Path root() {
        String given = System.getProperty("architecture.root");
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.isDirectory(here.resolve("engines/src/main/java"))) {
            here = here.getParent();
        }
        assertTrue(here != null, "no checkout with engines/src/main/java above " + Path.of("").toAbsolutePath());
        return here;
    }

    /** This checkout's docs/architecture.md (its layers judge another root too). */
    private static Path docs() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.isRegularFile(here.resolve("docs/architecture.md"))) {
            here = here.getParent();
        }
        assertTrue(here != null, "no docs/architecture.md above " + Path.of("").toAbsolutePath());
        return here.resolve("docs/architecture.md");
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
