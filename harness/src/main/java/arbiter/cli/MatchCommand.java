package arbiter.cli;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.io.OwnFiles;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
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
 * then played as {@code arbiter run} plays it (reports, cluster and dashboard behave the same). As in
 * fastchess every command runs afresh: without {@code --output} it gets a folder of its own
 * ({@code results/NAME}, or {@code results/NAME-2}, ... when that holds an earlier run), so a script
 * may run one match after another in one folder; {@code arbiter run FOLDER/config.json} resumes one
 * that was stopped (fastchess: {@code -config file=config.json}). With {@code --output} the folder is
 * the user's and behaves as {@code run}'s: the same command resumes, another is refused.
 */
@Command(name = "match", mixinStandardHelpOptions = true,
        description = {"Play engines against each other from a fastchess or cutechess-cli command line.",
            "Single-dash flags (below) mean what they mean in fastchess, or in cutechess-cli",
            "where only it has the flag (docs/match.md has the table); double-dash flags",
            "are those of `arbiter run`. Each command runs afresh in a folder of its own",
            "(results/NAME, results/NAME-2, ...); resume a stopped one with",
            "`arbiter run FOLDER/config.json`, or give --output FOLDER and run the same",
            "command again. For example:",
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
            "  -seeds N              a gauntlet's seeds: the first N engines, each",
            "                        against every engine after it",
            "  -concurrency N        games at once (default 1)",
            "  -force-concurrency    accepted: Arbiter never caps the concurrency",
            "  -variant V            standard (chess, the default) or an Arbiter game:",
            "                        international, english, czech, russian, brazilian,",
            "                        quoridor, backgammon, ...",
            "  -openings file=F format=epd|pgn|fen|pdn order=sequential|random plies=N",
            "                        start=N policy=round",
            "  -noswap               the first engine of a pairing has White in every game",
            "  -reverse              every game's colours the other way round",
            "  -srand N              the run's seed",
            "  -sprt elo0=E0 elo1=E1 alpha=A beta=B [model=normalized|logistic]",
            "  -draw movenumber=N movecount=N score=CP",
            "  -resign movecount=N score=CP [twosided=true]",
            "  -maxmoves N           a draw after N moves",
            "  -recover              replace an engine that crashed or stalled and go on",
            "                        (without it the run stops)",
            "  -pgnout [file=]F      every game appended to F as it ends (notation=san|lan|uci,",
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
        ownNames(json, config, parsed.unnamed);
        if (options.output == null) {
            options.output = freshFolder(config.output());
        }
        // The folder in the config too: `arbiter run FOLDER/config.json` resumes there.
        json.put("output", options.output.toAbsolutePath().normalize().toString());
        text = MatchArguments.text(json);
        config = load(text);
        MatchOutputs outputs = new MatchOutputs(options.output.resolve("games.pdn"), parsed.pgnOut, parsed.site,
                parsed.notation, parsed.epdOut, parsed.recover ? null : why -> options.running.stop(why));
        outputs.checkTarget();
        options.listeners.add(outputs);
        options.consoleStyle = arbiter.tournament.ConsoleText.Style.of(parsed.outputFormat);
        options.resumeHint = "to resume: arbiter run " + options.output.resolve("config.json");
        String used = text;
        Integer exit = options.execute(config, Path.of("match"), spec.commandLine().getOut(), spec.commandLine().getErr(),
                dir -> {
                    try {
                        OwnFiles.replace(dir.resolve("config.json"), used);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
        // fastchess exits with 1 when a crash or stall without -recover ended the tournament.
        return outputs.stoppedByCrash() ? 1 : exit;
    }

    /**
     * The folder of a match command without {@code --output}: the config's ({@code results/NAME}) when
     * nothing is there, else the first of {@code NAME-2}, {@code NAME-3}, ... that is free, so that every
     * command runs afresh, as fastchess's do.
     */
    static Path freshFolder(Path folder) {
        Path candidate = folder;
        for (int n = 2; Files.exists(candidate, java.nio.file.LinkOption.NOFOLLOW_LINKS); n++) {
            candidate = folder.resolveSibling(folder.getFileName() + "-" + n);
        }
        return candidate;
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
     * The names are changed in {@code json}: the player and the schedule.
     */
    private static void ownNames(ObjectNode json, RunConfig config, List<Integer> unnamed) {
        if (unnamed.isEmpty()) {
            return;
        }
        arbiter.game.Rules rules;
        try {
            rules = arbiter.game.Games.rules(config.game().variant(), config.game().rules());
        } catch (arbiter.game.NotationException e) {
            return;
        }
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
            if (own.isEmpty() || own.equals(old) || own.matches(".*[\"\\\\\\n\\r].*")) {
                continue;
            }
            String unique = own;
            for (int n = 2; taken.contains(unique); n++) {
                unique = own + "_" + n; // two engines that name themselves alike: NAME, NAME_2, as fastchess
            }
            if (unique.equals(old)) {
                continue;
            }
            ((ObjectNode) json.get("players").get(k)).put("name", unique);
            com.fasterxml.jackson.databind.node.ArrayNode order = (com.fasterxml.jackson.databind.node.ArrayNode)
                    json.get("schedule").get("players");
            if (order != null) {
                for (int i = 0; i < order.size(); i++) {
                    if (order.get(i).asText().equals(old)) {
                        order.set(i, unique);
                    }
                }
            }
        }
    }
}
