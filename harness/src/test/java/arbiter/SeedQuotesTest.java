package arbiter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The docs' numbers from the seed theses against the theses' own words: every number the docs
 * attribute to a thesis is a link into {@code docs/studies/seed-quotes.md}, whose excerpts are
 * verbatim text of the theses with their byte range and SHA-256. The theses themselves are not in
 * the repository: where they are (the folder of their five text files named by the environment
 * variable {@value #SEEDS_VARIABLE}), each excerpt is also compared with its thesis byte for byte;
 * without them that comparison is skipped and says why.
 */
class SeedQuotesTest {

    /** The environment variable naming the folder of the seed theses' text files. */
    static final String SEEDS_VARIABLE = "ARBITER_SEEDS";

    /** An excerpt: "### id", a source line with its byte range and checksum, the text in a fence. */
    private static final Pattern ENTRY = Pattern.compile(
            "^### ([a-z0-9-]+)\\n\\n[^\\n]*?`([^`]+\\.txt)` bytes (\\d+)-(\\d+), sha256 `([0-9a-f]{64})`[^\\n]*\\n\\n```text\\n(.*?)\\n```$",
            Pattern.MULTILINE | Pattern.DOTALL);
    /** A link to an excerpt: from another page through seed-quotes.md, or within that page. */
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\((?:[./a-z]*seed-quotes\\.md)?#([a-z0-9-]+)\\)");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:[.,]\\d+)*");

    private record Citation(String page, String text, String id) {
    }

    @Test
    void everyExcerptKeepsItsChecksumAndLength() {
        Map<String, String> excerpts = excerpts();
        assertTrue(excerpts.size() >= 40, "excerpts: " + excerpts.size());
        Matcher m = ENTRY.matcher(read(quotes()));
        while (m.find()) {
            byte[] text = m.group(6).getBytes(StandardCharsets.UTF_8);
            assertEquals(m.group(5), sha256(text), m.group(1) + ": the excerpt no longer has its checksum");
            assertEquals(Long.parseLong(m.group(4)) - Long.parseLong(m.group(3)), text.length,
                    m.group(1) + ": the excerpt's length differs from its byte range");
        }
    }

    @Test
    void everyExcerptIsItsThesisTextAtItsByteRange() throws IOException {
        String dir = System.getenv(SEEDS_VARIABLE);
        assumeTrue(dir != null && Files.isDirectory(Path.of(dir)), "the seed theses are not on this machine: set "
                + SEEDS_VARIABLE + " to the folder of their text files to compare each excerpt with its thesis");
        List<String> problems = new ArrayList<>();
        int compared = 0;
        Matcher m = ENTRY.matcher(read(quotes()));
        while (m.find()) {
            Path thesis = Path.of(dir, m.group(2));
            if (!Files.isRegularFile(thesis)) {
                problems.add(m.group(1) + ": no " + thesis);
                continue;
            }
            byte[] data = Files.readAllBytes(thesis);
            int from = Integer.parseInt(m.group(3));
            int to = Integer.parseInt(m.group(4));
            String there = to <= data.length
                    ? new String(data, from, to - from, StandardCharsets.UTF_8) : "(past the end of the file)";
            if (!there.equals(m.group(6))) {
                problems.add(m.group(1) + ": " + m.group(2) + " bytes " + from + "-" + to + " read \"" + there + "\"");
            }
            compared++;
        }
        assertTrue(compared >= 40, "excerpts compared: " + compared);
        assertTrue(problems.isEmpty(), "excerpts that are not their thesis' text:\n" + String.join("\n", problems));
    }

    @Test
    void everyNumberCitedFromASeedIsInItsExcerpt() {
        Map<String, String> excerpts = excerpts();
        List<Citation> citations = citations();
        assertTrue(citations.size() >= 40, "citations: " + citations.size());
        List<String> problems = new ArrayList<>();
        Set<String> cited = new TreeSet<>();
        for (Citation c : citations) {
            String excerpt = excerpts.get(c.id());
            if (excerpt == null) {
                problems.add(c.page() + ": [" + c.text() + "] links to no excerpt #" + c.id());
                continue;
            }
            cited.add(c.id());
            Set<BigDecimal> inExcerpt = numbers(excerpt, true);
            for (BigDecimal n : numbers(c.text(), false)) {
                if (!inExcerpt.contains(n)) {
                    problems.add(c.page() + ": " + n.toPlainString() + " in [" + c.text() + "] is not in #" + c.id());
                }
            }
        }
        for (String id : excerpts.keySet()) {
            if (!cited.contains(id)) {
                problems.add("seed-quotes.md: no page cites #" + id);
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** The numbers checker itself: a doc's 2,756 is the excerpt's 2756, its 0.25 the excerpt's 0,25. */
    @Test
    void numbersAreReadAsEachTextWritesThem() {
        assertEquals(Set.of(new BigDecimal("2756"), new BigDecimal("0.25"), new BigDecimal("1051977")),
                numbers("2,756 and 0.25 and 1,051,977", false));
        Set<BigDecimal> excerpt = numbers("Tiszta\t57\t1828 UCTConst 0,25 a 1,5s", true);
        assertTrue(excerpt.containsAll(List.of(new BigDecimal("57"), new BigDecimal("0.25"), new BigDecimal("1.5"))));
        assertTrue(!excerpt.contains(new BigDecimal("2756")));
    }

    /**
     * Number tokens as values. In the docs a comma groups thousands; in the theses (Czech and
     * Hungarian) it is the decimal mark, and a table may also print 2,756 for thousands: both readings.
     */
    private static Set<BigDecimal> numbers(String text, boolean seed) {
        Set<BigDecimal> out = new TreeSet<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            String t = m.group();
            if (seed) {
                out.add(value(t.replace(",", ".")));
                out.add(value(t.replace(",", "")));
            } else {
                out.add(value(t.replace(",", "")));
            }
        }
        return out;
    }

    private static BigDecimal value(String t) {
        try {
            return new BigDecimal(t).stripTrailingZeros();
        } catch (NumberFormatException e) {
            return BigDecimal.ZERO.subtract(BigDecimal.ONE); // "1.2.3": no number a doc would cite
        }
    }

    private static Map<String, String> excerpts() {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = ENTRY.matcher(read(quotes()));
        while (m.find()) {
            out.put(m.group(1), m.group(6));
        }
        return out;
    }

    private static List<Citation> citations() {
        Path root = quotes().getParent().getParent().getParent();
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Citation> out = new ArrayList<>();
        for (Path page : pages) {
            String text = read(page);
            boolean self = page.getFileName().toString().equals("seed-quotes.md");
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                if (self || m.group().contains("seed-quotes.md#")) {
                    out.add(new Citation(root.relativize(page).toString(), m.group(1), m.group(2)));
                }
            }
        }
        return out;
    }

    private static Path quotes() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.isRegularFile(here.resolve("docs/studies/seed-quotes.md"))) {
            here = here.getParent();
        }
        assertTrue(here != null, "no docs/studies/seed-quotes.md above " + Path.of("").toAbsolutePath());
        return here.resolve("docs/studies/seed-quotes.md");
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
