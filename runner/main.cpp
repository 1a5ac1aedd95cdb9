// benchscope-run: runs a suite file and writes a capture (see docs/runner.md).
#include "cpuset.h"
#include "capturewriter.h"
#include "optionparser.h"
#include "orphanguard.h"
#include "participantprocess.h"
#include "outputpath.h"
#include "progressreporter.h"
#include "suitefile.h"
#include "locustengine.h"
#include "suiterunner.h"
#include "version.h"

#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace {

const char *kUsage =
    "usage: benchscope-run SUITE.json --out CAPTURE.json.gz [options]\n"
    "  --repetitions N   repetitions per case (HTTP cases)\n"
    "  --duration S      seconds per repetition\n"
    "  --warmup S        warm-up seconds per participant and case\n"
    "  --connections N   keep-alive connections\n"
    "  --threads N       client threads\n"
    "  --client-io IO    auto (io_uring where the kernel allows it), epoll or io_uring\n"
    "  --rate R          fixed-rate mode at R requests/s (0: saturation)\n"
    "  --only ID[,ID]    run only these participants\n"
    "  --case ID[,ID]    run only these cases (a case with connection levels: all of them, or one by its level's id)\n"
    "  --run-order O     sequential or abba\n"
    "  --cpu-set-server L, --cpu-set-client L   CPU lists as taskset takes them\n"
    "  --split-raw       write the repetitions to NAME.raw.json.gz beside the summary\n"
    "  --keep-logs       keep the participants' log folder (removed after the run otherwise)\n"
    "  --engine E        native (default) or locust: HTTP load from a Locust master and workers\n"
    "  --workers N       Locust workers started here (default 1)\n"
    "  --remote-workers N  Locust workers started elsewhere that the master waits for\n"
    "  --master-bind-host H, --master-port P   where the Locust master listens for remote workers\n"
    "  --quiet           no progress on stdout or stderr\n"
    "  --version         print the version and exit\n"
    "Progress: JSON lines on stdout, human lines on stderr.\n";

void onSignal(int sig)
{
    bs::SuiteRunner::requestStop(sig);
    // A second Ctrl-C ends the runner at once.
    std::signal(sig, SIG_DFL);
}

bool listed(const std::string &list, const std::string &id)
{
    return ("," + list + ",").find("," + id + ",") != std::string::npos;
}

// The options that change the suite, as given, for the capture to record.
std::string recordedOverrides(int argc, char **argv, const std::string &suitePath)
{
    std::string recorded;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--out")
            ++i;
        else if (a != "--quiet" && a != "--keep-logs" && a != suitePath)
            recorded += (recorded.empty() ? "" : " ")
                + (a.find_first_of(" \"'\\") == std::string::npos ? a : nlohmann::json(a).dump());
    }
    return recorded;
}

int usageError(const std::string &message)
{
    std::fprintf(stderr, "benchscope-run: %s\n%s", message.c_str(), kUsage);
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    std::string outPath;
    std::string only;
    std::string cases;
    std::string runOrder;
    std::string clientIo;
    std::string cpuSetServer;
    std::string cpuSetClient;
    bool quiet = false;
    bool help = false;
    bool version = false;
    bool splitRaw = false;
    bool keepLogs = false;
    std::optional<double> repetitions, duration, warmup, connections, threads, rate, workers, remoteWorkers, masterPort;
    std::string engine, masterBindHost;
    bs::OptionParser options;
    options.flag("--help", help);
    options.flag("-h", help);
    options.flag("--version", version);
    options.flag("--quiet", quiet);
    options.flag("--split-raw", splitRaw);
    options.flag("--keep-logs", keepLogs);
    options.text("--out", outPath);
    options.text("--only", only);
    options.text("--case", cases);
    options.text("--run-order", runOrder);
    options.text("--client-io", clientIo);
    options.text("--cpu-set-server", cpuSetServer);
    options.text("--cpu-set-client", cpuSetClient);
    namespace R = bs::SettingRanges;
    options.number("--repetitions", R::repetitions, true, repetitions);
    options.number("--duration", R::durationSeconds, false, duration);
    options.number("--warmup", R::warmupSeconds, false, warmup);
    options.number("--connections", R::connections, true, connections);
    options.number("--threads", R::threads, true, threads);
    options.number("--rate", R::rate, false, rate);
    options.text("--engine", engine);
    options.number("--workers", R::locustWorkers, true, workers);
    options.number("--remote-workers", R::locustRemoteWorkers, true, remoteWorkers);
    options.text("--master-bind-host", masterBindHost);
    options.number("--master-port", R::port, true, masterPort);
    std::vector<std::string> positional;
    std::string error;
    if (!options.parse(argc, argv, positional, error))
        return usageError(error);
    if (help) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (version) {
        std::printf("benchscope-run %s\n", bs::kVersion);
        return 0;
    }
    if (positional.empty())
        return usageError("no suite file given");
    if (positional.size() > 1)
        return usageError("more than one suite file given");
    if (outPath.empty())
        return usageError("no --out path given");

    bs::ProgressReporter reporter(quiet);
    bs::LoadError loadError;
    auto suite = bs::SuiteFile::read(positional.front(), loadError);
    if (!suite) {
        reporter.report({{"phase", "error"}, {"message", loadError.toString()}}, {});
        std::fprintf(stderr, "benchscope-run: %s\n", loadError.toString().c_str());
        return 2;
    }
    bs::RunSettings &s = suite->settings;
    if (repetitions) s.repetitions = int(*repetitions);
    if (duration) s.durationSeconds = *duration;
    if (warmup) s.warmupSeconds = *warmup;
    if (connections) {
        if (suite->hasConnectionLevels)
            return usageError("--connections: the suite measures connection levels; choose one with --case");
        s.connections = int(*connections);
        for (bs::CaseSpec &c : suite->cases)
            c.connections = s.connections;
    }
    if (threads) s.threads = int(*threads);
    if (!clientIo.empty()) {
        if (bs::ClientIo io; !bs::clientIoFromName(clientIo, io))
            return usageError("--client-io must be auto, epoll or io_uring, not " + clientIo);
        s.clientIo = clientIo;
    }
    if (!runOrder.empty()) {
        if (runOrder != "sequential" && runOrder != "abba")
            return usageError("--run-order must be sequential or abba, not " + runOrder);
        s.runOrder = runOrder;
    }
    for (const auto &[flag, list] :
         {std::pair{"--cpu-set-server", &cpuSetServer}, std::pair{"--cpu-set-client", &cpuSetClient}})
        if (std::string why; !list->empty() && !bs::CpuSet::parse(*list, why))
            return usageError(std::string(flag) + ": " + why);
    if (!cpuSetServer.empty())
        s.cpuSetServer = cpuSetServer;
    if (!cpuSetClient.empty())
        s.cpuSetClient = cpuSetClient;
    suite->overrides = recordedOverrides(argc, argv, positional.front());
    if (rate) {
        s.rate = *rate;
        s.mode = s.rate > 0 ? "fixed-rate" : "saturation";
    }
    if (!engine.empty()) {
        if (engine != "native" && engine != "locust")
            return usageError("--engine must be native or locust, not " + engine);
        s.engine = engine;
    }
    if (workers) s.locustWorkers = int(*workers);
    if (remoteWorkers) s.locustRemoteWorkers = int(*remoteWorkers);
    if (masterPort) s.locustMasterPort = int(*masterPort);
    if (!masterBindHost.empty()) s.locustBindHost = masterBindHost;
    if (s.engine == "locust") {
        if (s.locustWorkers + s.locustRemoteWorkers == 0)
            return usageError("Locust needs at least one worker: --workers N or --remote-workers N");
        // Nothing is started without Locust.
        if (bs::LocustEngine::command(error).empty()) {
            reporter.report({{"phase", "error"}, {"message", error}}, {});
            std::fprintf(stderr, "benchscope-run: %s\n", error.c_str());
            return 2;
        }
        if (s.locustRemoteWorkers > 0)
            reporter.report({{"phase", "log"}, {"message", "Locust workers elsewhere join with: "
                                 + bs::LocustEngine::workerCommand(s.locustBindHost, s.locustMasterPort)}},
                            "Locust workers elsewhere join with: " + bs::LocustEngine::workerCommand(s.locustBindHost, s.locustMasterPort));
    }
    if (!only.empty()) {
        std::vector<bs::ParticipantSpec> kept;
        for (const bs::ParticipantSpec &p : suite->participants)
            if (listed(only, p.id))
                kept.push_back(p);
        if (kept.empty())
            return usageError("--only " + only + " names no participant of the suite");
        suite->participants = kept;
    }
    if (!cases.empty()) {
        std::vector<bs::CaseSpec> kept;
        for (const bs::CaseSpec &c : suite->cases)
            if (listed(cases, c.id) || listed(cases, c.baseId))
                kept.push_back(c);
        if (kept.empty())
            return usageError("--case " + cases + " names no case of the suite");
        suite->cases = kept;
    }

    bs::ParticipantProcess::becomeSubreaper();
    bs::OrphanGuard::start(); // before any thread or participant
    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    const std::vector<std::string> inputs = suite->inputs;
    bs::SuiteRunner runner(std::move(*suite), outPath, reporter);
    runner.setSplitRaw(splitRaw);
    runner.setKeepLogs(keepLogs);
    // No output (nor its raw file) may be the suite file or a file it reads.
    for (const std::string &out : runner.outputs())
        for (const std::string &written : {out, splitRaw ? bs::CaptureWriter::rawPathFor(out) : out})
            if (!bs::OutputPath::notAnInput(written, inputs, loadError)) {
                reporter.report({{"phase", "error"}, {"message", loadError.toString()}}, {});
                std::fprintf(stderr, "benchscope-run: %s\n", loadError.toString().c_str());
                return 1;
            }
    if (!runner.run(error)) {
        reporter.report({{"phase", "error"}, {"message", error}}, {});
        std::fprintf(stderr, "benchscope-run: %s\n", error.c_str());
        return 1;
    }
    const std::vector<std::string> outs = runner.outputs();
    std::string written;
    for (const std::string &o : outs)
        written += (written.empty() ? "" : " and ") + o;
    nlohmann::ordered_json done {{"phase", "done"}, {"out", outs.front()}, {"complete", runner.complete()}};
    if (outs.size() > 1)
        done["outs"] = outs;
    reporter.report(done, std::string(runner.complete() ? "wrote " : "wrote partial capture ") + written);
    return runner.complete() ? 0 : 3;
}
