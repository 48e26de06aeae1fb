package arbiter.cli;

import arbiter.config.RunConfig;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code arbiter run CONFIG}: plays a tournament, match or gauntlet; rerun to resume. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Play the games of a config in parallel, record them as PDN and report the standings. "
                + "Run the same command again to resume an interrupted run.")
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "The run's JSON config, e.g. configs/quickstart.json.")
    Path configFile;

    @Mixin
    RunOptions options = new RunOptions();

    @Override
    public Integer call() throws Exception {
        RunConfig config = JobSetup.load(configFile);
        return options.execute(config, configFile, spec.commandLine().getOut(), spec.commandLine().getErr(), dir -> { });
    }
}
