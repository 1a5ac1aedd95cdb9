// benchscope-run: runs a suite file and writes a capture (see docs/runner.md).
#include "progressreporter.h"
#include "suitefile.h"
#include "suiterunner.h"
#include "version.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

const char *kUsage =
    "usage: benchscope-run SUITE.json --out CAPTURE.json.gz [options]\n"
    "  --repetitions N   repetitions per case (HTTP cases)\n"
    "  --duration S      seconds per repetition\n"
    "  --warmup S        warm-up seconds per participant and case\n"
    "  --connections N   keep-alive connections\n"
    "  --threads N       client threads\n"
    "  --rate R          fixed-rate mode at R requests/s (0: saturation)\n"
    "  --only ID[,ID]    run only these participants\n"
    "  --quiet           no progress on stdout or stderr\n"
    "  --version         print the version and exit\n"
    "Progress: JSON lines on stdout, human lines on stderr.\n";

void onSignal(int sig)
{
    bs::SuiteRunner::requestStop(sig);
    // A second Ctrl-C ends the runner at once.
    std::signal(sig, SIG_DFL);
}

bool number(const char *text, double min, double &out)
{
    char *end = nullptr;
    out = std::strtod(text, &end);
    return end != text && *end == '\0' && out >= min;
}

int usageError(const std::string &message)
{
    std::fprintf(stderr, "benchscope-run: %s\n%s", message.c_str(), kUsage);
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    std::string suitePath;
    std::string outPath;
    std::string only;
    bool quiet = false;
    struct Override {
        const char *flag;
        double min;
        bool whole;
        bool set = false;
        double value = 0;
    };
    Override overrides[] = {{"--repetitions", 1, true}, {"--duration", 0.001, false}, {"--warmup", 0, false},
                            {"--connections", 1, true}, {"--threads", 1, true},     {"--rate", 0, false}};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        }
        if (a == "--version") {
            std::printf("benchscope-run %s\n", bs::kVersion);
            return 0;
        }
        if (a == "--quiet") {
            quiet = true;
            continue;
        }
        if (a == "--out" || a == "--only") {
            if (i + 1 >= argc)
                return usageError(a + " needs a value");
            (a == "--out" ? outPath : only) = argv[++i];
            continue;
        }
        bool matched = false;
        for (Override &o : overrides) {
            if (a != o.flag)
                continue;
            matched = true;
            if (i + 1 >= argc || !number(argv[i + 1], o.min, o.value)
                || (o.whole && o.value != double(long(o.value))))
                return usageError(a + " needs a " + (o.whole ? "whole " : "") + "number of at least "
                                  + std::to_string(o.min).substr(0, 5));
            o.set = true;
            ++i;
        }
        if (matched)
            continue;
        if (!a.empty() && a[0] == '-')
            return usageError("unknown option " + a);
        if (!suitePath.empty())
            return usageError("more than one suite file given");
        suitePath = a;
    }
    if (suitePath.empty())
        return usageError("no suite file given");
    if (outPath.empty())
        return usageError("no --out path given");

    bs::ProgressReporter reporter(quiet);
    bs::LoadError loadError;
    auto suite = bs::SuiteFile::read(suitePath, loadError);
    if (!suite) {
        reporter.report({{"phase", "error"}, {"message", loadError.toString()}}, {});
        std::fprintf(stderr, "benchscope-run: %s\n", loadError.toString().c_str());
        return 2;
    }
    bs::RunSettings &s = suite->settings;
    if (overrides[0].set) s.repetitions = int(overrides[0].value);
    if (overrides[1].set) s.durationSeconds = overrides[1].value;
    if (overrides[2].set) s.warmupSeconds = overrides[2].value;
    if (overrides[3].set) s.connections = int(overrides[3].value);
    if (overrides[4].set) s.threads = int(overrides[4].value);
    if (overrides[5].set) {
        s.rate = overrides[5].value;
        s.mode = s.rate > 0 ? "fixed-rate" : "saturation";
    }
    if (!only.empty()) {
        std::vector<bs::ParticipantSpec> kept;
        for (const bs::ParticipantSpec &p : suite->participants)
            if (("," + only + ",").find("," + p.id + ",") != std::string::npos)
                kept.push_back(p);
        if (kept.empty())
            return usageError("--only " + only + " names no participant of the suite");
        suite->participants = kept;
    }

    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    bs::SuiteRunner runner(std::move(*suite), outPath, reporter);
    std::string error;
    if (!runner.run(error)) {
        reporter.report({{"phase", "error"}, {"message", error}}, {});
        std::fprintf(stderr, "benchscope-run: %s\n", error.c_str());
        return 1;
    }
    reporter.report({{"phase", "done"}, {"out", outPath}, {"complete", runner.complete()}},
                    std::string(runner.complete() ? "wrote " : "wrote partial capture ") + outPath);
    return runner.complete() ? 0 : 3;
}
