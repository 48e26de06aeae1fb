package arbiter.cli;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.io.OwnFiles;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code arbiter match -engine ... -each ... -rounds N ...}: the cutechess-cli / fastchess command
 * line, translated into a run config that is written into the run's folder as {@code config.json},
 * then played as {@code arbiter run} plays it (so resume, reports, cluster and dashboard behave the same).
 */
@Command(name = "match", mixinStandardHelpOptions = true,
        description = {"Play engines against each other from a fastchess or cutechess-cli command line.",
            "Single-dash flags (below) mean what they mean in fastchess, or in cutechess-cli",
            "where only it has the flag (docs/match.md has the table); double-dash flags",
            "are those of `arbiter run`. Run the same command again to resume. For example:",
            "  arbiter match -engine cmd=/usr/games/stockfish name=sf-a option.Hash=16 \\",
            "    -engine cmd=/usr/games/stockfish name=sf-b option.Hash=64 -each tc=10+0.1 \\",
            "    -rounds 50 -repeat -concurrency 2 -pgnout games.pgn \\",
            "    -openings file=openings/chess-openings.epd format=epd order=random \\",
            "    -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
            ""},
        footer = {"",
            "Single-dash flags:",
            "  -engine KEY=VALUE...  an engine: cmd=PROGRAM or builtin=ENGINE, name=,",
            "                        proto=uci (or xboard, hub, hub1, dxp, gnubg),",
            "                        tc=[M/]T[+I], st=SECONDS, nodes=N, depth=N (plies=N),",
            "                        timemargin=MS, dir=, args=\"A B\", arg=A,",
            "                        option.NAME=VALUE, weight.NAME=VALUE, restart=off,",
            "                        build.repo= build.ref= build.command= build.binary=",
            "  -each KEY=VALUE...    the same keys for every engine (they win over",
            "                        -engine's)",
            "  -games N              games per encounter: 2 (each opening twice, colours",
            "                        reversed; the default) or 1",
            "  -rounds N             encounters of each pairing (default 2)",
            "  -repeat [N]           the same as -games N (default 2)",
            "  -tournament T         roundrobin (default) or gauntlet (the first engine",
            "                        against every other)",
            "  -seeds N              gauntlet seeds: 1",
            "  -concurrency N        games at once (default 1)",
            "  -force-concurrency    accepted: Arbiter never caps the concurrency",
            "  -variant V            standard (chess, the default) or an Arbiter game:",
            "                        international, english, czech, russian, brazilian,",
            "                        quoridor, backgammon, ...",
            "  -openings file=F format=epd|pgn|fen|pdn order=sequential|random plies=N",
            "                        start=N policy=round",
            "  -srand N              the run's seed",
            "  -sprt elo0=E0 elo1=E1 alpha=A beta=B [model=normalized|logistic]",
            "  -draw movenumber=N movecount=N score=CP",
            "  -resign movecount=N score=CP [twosided=true]",
            "  -maxmoves N           a draw after N moves",
            "  -recover              replace an engine that crashed or stalled and go on",
            "                        (without it the run stops)",
            "  -pgnout [file=]F      every game appended to F as it ends (notation=san,",
            "                        append=true; cutechess-cli's bare FILE too)",
            "  -epdout [file=]F      every game's final position appended to F",
            "  -event NAME           the run's name (its folder: results/NAME)",
            "  -site NAME            the Site tag of the -pgnout copy",
            "  -ratinginterval N     the standings every N games (0: at the end only)",
            "  -output format=fastchess|cutechess  the console's layout",
            "  -report penta=true    accepted: game pairs are always reported",
            "  -wait 0               accepted (0 only: the next game starts at once)",
            "Other flags of the two tools are refused with one error line saying what to",
            "use instead (see docs/match.md)."})
final class MatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RunOptions options = new RunOptions();

    @Option(names = "--print-config", description = "Print the run config the flags translate to, and exit.")
    boolean printConfig;

    @Unmatched
    List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        MatchArguments parsed = MatchArguments.parse(arguments);
        ObjectNode json = parsed.config();
        String text = MatchArguments.text(json);
        if (printConfig) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
            return 0;
        }
        RunConfig config = load(text);
        if (ownNames(json, config, parsed.unnamed)) {
            text = MatchArguments.text(json);
            config = load(text);
        }
        Path games = (options.output != null ? options.output : config.output()).resolve("games.pdn");
        MatchOutputs outputs = new MatchOutputs(games, parsed.pgnOut, parsed.site, parsed.epdOut,
                parsed.recover ? null : () -> options.running.stop());
        outputs.checkTarget();
        options.listeners.add(outputs);
        options.consoleStyle = arbiter.tournament.ConsoleText.Style.of(parsed.outputFormat);
        String used = text;
        Integer exit = options.execute(config, Path.of("match"), spec.commandLine().getOut(), spec.commandLine().getErr(),
                dir -> {
                    try {
                        OwnFiles.replace(dir.resolve("config.json"), used);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
        return exit;
    }

    /** The config from its text, as a later `run config.json` or a resume reads it, so both compare equal. */
    private static RunConfig load(String text) throws java.io.IOException {
        try {
            return ConfigLoader.parse(new com.fasterxml.jackson.databind.ObjectMapper().readTree(text),
                    Path.of("").toAbsolutePath(), "match");
        } catch (arbiter.config.ConfigException e) {
            // One line per problem, each saying where it comes from (the translated config: --print-config).
            List<String> lines = new ArrayList<>();
            e.problems().forEach(p -> lines.add("match: " + p + " (in the translated config, see --print-config)"));
            throw new arbiter.config.ConfigException(lines);
        }
    }

    /**
     * An engine given without name= is named as it names itself (UCI {@code id name}, xboard
     * {@code feature myname}, Hub {@code name}), as cutechess-cli does: each such engine is started once,
     * asked, and stopped. Its command stays in the config (the report's conditions). An engine that does
     * not start or gives no usable name keeps the command's file name (the run's own start reports why).
     *
     * @return whether a name changed (in {@code json}: the player and the schedule)
     */
    private static boolean ownNames(ObjectNode json, RunConfig config, List<Integer> unnamed) {
        if (unnamed.isEmpty()) {
            return false;
        }
        arbiter.game.Rules rules;
        try {
            rules = arbiter.game.Games.rules(config.game().variant(), config.game().rules());
        } catch (arbiter.game.NotationException e) {
            return false;
        }
        boolean changed = false;
        for (int k : unnamed) {
            RunConfig.PlayerConfig pc = config.players().get(k);
            if (!pc.external() || !java.util.EnumSet.of(arbiter.play.Protocol.UCI, arbiter.play.Protocol.XBOARD, arbiter.play.Protocol.HUB,
                    arbiter.play.Protocol.HUB1).contains(pc.protocol())) {
                continue;
            }
            String own;
            try (arbiter.external.ExternalPlayer p = arbiter.external.ExternalPlayers.create(pc.name(), pc.externalEngine(), pc.options(), rules)) {
                p.ensureReady();
                String id = p.engineId();
                own = id.substring(id.indexOf(':') + 1).strip();
            } catch (RuntimeException e) {
                continue;
            }
            String old = pc.name();
            List<String> taken = new ArrayList<>();
            json.get("players").forEach(n -> taken.add(n.get("name").asText()));
            if (own.isEmpty() || own.equals(old) || own.matches(".*[\"\\\\\\n\\r].*") || taken.contains(own)) {
                continue;
            }
            ((ObjectNode) json.get("players").get(k)).put("name", own);
            com.fasterxml.jackson.databind.node.ArrayNode order = (com.fasterxml.jackson.databind.node.ArrayNode)
                    json.get("schedule").get("players");
            if (order != null) {
                for (int i = 0; i < order.size(); i++) {
                    if (order.get(i).asText().equals(old)) {
                        order.set(i, own);
                    }
                }
            }
            changed = true;
        }
        return changed;
    }
}
