#include "suiterunner.h"

#include "capturewriter.h"
#include "commandtimer.h"
#include "contractchecker.h"
#include "httpexchange.h"
#include "loadgenerator.h"
#include "machineinfo.h"
#include "monotonicclock.h"
#include "version.h"

#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fstream>
#include <thread>

namespace bs {

namespace {

std::atomic<int> g_stopSignal {0};

using ojson = nlohmann::ordered_json;

std::string utcNow()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm {};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

double seconds(std::uint64_t ns) { return double(ns) / 1e9; }

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string replaceAll(std::string s, const std::string &from, const std::string &to)
{
    for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
        s.replace(pos, from.size(), to);
    return s;
}

Metric metric(const char *id, const char *label, const char *unit, Direction d, const char *description,
              bool primary = false)
{
    Metric m;
    m.id = id;
    m.label = label;
    m.unit = unit;
    m.direction = d;
    m.primary = primary;
    m.description = description;
    return m;
}

} // namespace

void SuiteRunner::requestStop(int signal)
{
    int expected = 0;
    g_stopSignal.compare_exchange_strong(expected, signal);
}

SuiteRunner::SuiteRunner(SuiteSpec suite, std::string outPath, const ProgressReporter &reporter)
    : m_suite(std::move(suite)), m_outPath(std::move(outPath)), m_reporter(reporter)
{
}

SuiteRunner::~SuiteRunner() = default;

bool SuiteRunner::stopRequested()
{
    const int sig = g_stopSignal.load();
    if (sig != 0 && m_stopReason.empty())
        m_stopReason = std::string("interrupted by ") + (sig == SIGINT ? "SIGINT (Ctrl-C)" : sig == SIGTERM ? "SIGTERM" : "a signal");
    return !m_stopReason.empty();
}

bool SuiteRunner::participantGone(Live &live)
{
    if (!live.process || live.process->running())
        return false;
    if (live.failure.empty()) {
        const std::string tail = live.process->logTail(300);
        live.failure = "participant " + live.process->exitDescription() + " during the run"
            + (tail.empty() ? std::string() : " (its last output: " + tail + ")");
    }
    live.usable = false;
    return true;
}

std::size_t SuiteRunner::resultIndex(std::size_t participant, const std::string &caseId) const
{
    for (std::size_t c = 0; c < m_suite.cases.size(); ++c)
        if (m_suite.cases[c].id == caseId)
            return participant * m_suite.cases.size() + c;
    return 0;
}

Result &SuiteRunner::result(const Live &live, const CaseSpec &spec)
{
    return m_capture.results[resultIndex(live.index, spec.id)];
}

int SuiteRunner::planned(const CaseSpec &spec) const
{
    return spec.kind == "command" ? spec.runs : m_suite.settings.repetitions;
}

void SuiteRunner::buildHeader()
{
    const RunSettings &s = m_suite.settings;
    Capture &c = m_capture;
    c.suite = {m_suite.id, m_suite.title};
    c.revision = {m_suite.revision.id, m_suite.revision.label, m_suite.revision.date};
    if (!m_suite.revision.gitDirectory.empty()) {
        const std::string &dir = m_suite.revision.gitDirectory;
        if (c.revision.id.empty())
            c.revision.id = ParticipantProcess::firstOutputLine({"git", "-C", dir, "rev-parse", "HEAD"}, 5);
        if (c.revision.label.empty())
            c.revision.label = ParticipantProcess::firstOutputLine({"git", "-C", dir, "describe", "--always", "--dirty"}, 5);
        if (c.revision.date.empty())
            c.revision.date = ParticipantProcess::firstOutputLine({"git", "-C", dir, "log", "-1", "--format=%cI"}, 5);
    }
    c.capturedAt = utcNow();

    bool hasHttp = false;
    bool hasCommand = false;
    for (const CaseSpec &k : m_suite.cases)
        (k.kind == "command" ? hasCommand : hasHttp) = true;
    const bool fixedRate = s.mode == "fixed-rate";

    Provenance &p = c.provenance;
    p.source = "benchscope-run";
    p.machine = MachineInfo::current();
    p.tools.push_back({"benchscope-run", kVersion, "load-generator"});
    Conditions &cond = p.conditions;
    cond.mode = hasHttp ? s.mode : "command";
    cond.repetitions = s.repetitions;
    cond.runOrder = s.runOrder;
    cond.cpuSetServer = s.cpuSetServer;
    cond.cpuSetClient = s.cpuSetClient;
    if (hasHttp) {
        cond.connections = s.connections;
        cond.warmupSeconds = s.warmupSeconds;
        cond.durationSeconds = s.durationSeconds;
        if (fixedRate)
            cond.rate = s.rate;
        cond.latencyCorrected = fixedRate;
        cond.extra["threads"] = std::to_string(s.threads);
        cond.extra["timeout_s"] = fixed(s.timeoutSeconds, 3);
    }
    p.caveats = m_suite.caveats;
    if (hasHttp && !fixedRate)
        p.caveats.push_back("Saturation (closed loop): latency is measured from each request's write and is not "
                            "corrected for coordinated omission.");
    if (hasHttp)
        p.caveats.push_back("Client and servers run on the same machine over loopback (127.0.0.1).");
    // Other work on the machine skews every number: say how busy it was.
    if (std::ifstream loadavg("/proc/loadavg"); loadavg) {
        std::string one, five, fifteen;
        loadavg >> one >> five >> fifteen;
        p.caveats.push_back("System load average when the run started: " + one + " " + five + " " + fifteen
                            + " (1, 5, 15 min) on " + std::to_string(p.machine.cores) + " cores.");
    }
    if (hasHttp && (s.cpuSetServer.empty() || s.cpuSetClient.empty()))
        p.caveats.push_back("Client and server were not pinned to separate CPU sets.");

    if (hasHttp) {
        c.metrics.push_back(metric("rps", "Requests/s", "req/s", Direction::HigherIsBetter,
                                   "Complete responses with a status below 400, per second of the repetition", true));
        c.metrics.push_back(metric("latency_p50", "Latency p50", "s", Direction::LowerIsBetter,
                                   fixedRate ? "Median latency from the intended send time (corrected)"
                                             : "Median latency from the request's write (not corrected)"));
        c.metrics.push_back(metric("latency_p90", "Latency p90", "s", Direction::LowerIsBetter, "90th percentile latency"));
        c.metrics.push_back(metric("latency_p99", "Latency p99", "s", Direction::LowerIsBetter, "99th percentile latency"));
        if (fixedRate)
            c.metrics.push_back(metric("service_time_p99", "Service time p99", "s", Direction::LowerIsBetter,
                                       "99th percentile from the actual write (not corrected)"));
        c.metrics.push_back(metric("requests", "Requests", "count", Direction::HigherIsBetter,
                                   "Complete responses of any status"));
        c.metrics.push_back(metric("errors", "Errors", "count", Direction::LowerIsBetter,
                                   "Failed requests and 4xx/5xx responses, all kinds together"));
    }
    if (hasCommand)
        c.metrics.push_back(metric("wall_time", "Wall time", "s", Direction::LowerIsBetter,
                                   "Wall-clock time of one run of the command", !hasHttp));
    c.metrics.push_back(metric("startup_s", "Start-up time", "s", Direction::LowerIsBetter,
                               "From starting the participant until its readiness URL answered (same on every repetition)"));
    c.metrics.push_back(metric("peak_rss", "Peak RSS", "B", Direction::LowerIsBetter,
                               "Server: sum of VmHWM over its process group at the end of the repetition; command: "
                               "maxrss of the run"));
    c.metrics.push_back(metric("cpu_time_s", "CPU time", "s", Direction::LowerIsBetter,
                               "Server: user+system CPU its process group used during the repetition; command: "
                               "user+system time of the run"));

    for (const CaseSpec &k : m_suite.cases)
        c.cases.push_back({k.id, k.label, k.group, k.description});
    for (const ParticipantSpec &ps : m_suite.participants) {
        Participant part;
        part.id = ps.id;
        part.label = ps.label;
        part.runtime = ps.runtime;
        part.version = ps.version;
        part.baseline = ps.baseline;
        part.tags = ps.tags;
        c.participants.push_back(part);
        for (const CaseSpec &k : m_suite.cases) {
            Result r;
            r.participant = ps.id;
            r.caseId = k.id;
            r.status = ResultStatus::Missing;
            c.results.push_back(r);
        }
    }
    m_cutShort.assign(c.results.size(), std::string());
    m_settled.assign(c.results.size(), false);
}

Capture SuiteRunner::snapshot(const std::string &pendingReason) const
{
    Capture c = m_capture;
    for (std::size_t i = 0; i < c.results.size(); ++i) {
        Result &r = c.results[i];
        if (m_settled[i])
            continue;
        const CaseSpec &spec = m_suite.cases[i % m_suite.cases.size()];
        const int n = planned(spec);
        const int k = int(r.repetitions.size());
        const std::string why = !m_cutShort[i].empty() ? m_cutShort[i] : pendingReason;
        if (k >= n) {
            r.status = ResultStatus::Ok;
        } else if (k > 0) {
            r.status = ResultStatus::Ok;
            r.reason = std::to_string(k) + " of " + std::to_string(n) + " repetitions: " + why;
        } else if (m_cutShort[i].empty() && !pendingReason.empty() && m_stopReason.empty()) {
            r.status = ResultStatus::Missing;
            r.reason = pendingReason;
        } else {
            r.status = ResultStatus::Error;
            r.reason = "not measured: " + why;
        }
    }
    return c;
}

void SuiteRunner::checkpoint()
{
    std::string error;
    if (!CaptureWriter::write(snapshot("not measured yet: the run was still going when this was written"), m_outPath, error))
        m_reporter.note("cannot write checkpoint: " + error);
}

void SuiteRunner::addParticipantMetrics(const Live &live, Repetition &rep) const
{
    if (live.startupSeconds)
        rep.metrics["startup_s"] = *live.startupSeconds;
}

void SuiteRunner::startParticipant(Live &live)
{
    const ParticipantSpec &ps = *live.spec;
    const RunSettings &s = m_suite.settings;
    m_reporter.report(ojson{{"phase", "start"}, {"participant", ps.id}}, ps.id + ": starting");
    if (!ps.versionCommand.empty()) {
        const std::string v = ParticipantProcess::firstOutputLine(ps.versionCommand, 10);
        if (!v.empty()) {
            m_capture.participants[live.index].version = v;
            m_capture.provenance.tools.push_back({ps.label, v, "runtime"});
        }
    }
    if (!ps.url.empty()) {
        std::string error;
        live.target = HttpTarget::fromUrl(ps.url, error);
        if (!live.target) {
            live.failure = "bad url: " + error;
            return;
        }
    }
    if (ps.startCommand.empty()) {
        live.usable = true;
        if (!live.target)
            return; // command cases only
    } else {
        // Something already answering where this participant should listen
        // would be measured in its place.
        const std::string probe = live.target->request("GET", "/", {}, {});
        if (HttpExchange::perform(*live.target, probe, false, 1).ok) {
            live.failure = "port already in use: something answers at " + ps.url + " before the participant started";
            return;
        }
        live.process = std::make_unique<ParticipantProcess>();
        std::string error;
        const std::string log = m_logDirectory + "/" + ps.id + ".log";
        const std::uint64_t t0 = monotonicNs();
        if (!live.process->start(ps.startCommand, ps.workingDirectory, ps.environment, m_serverCpus, log, error)) {
            live.failure = error;
            return;
        }
        m_reporter.note(ps.id + ": pid " + std::to_string(live.process->pid()) + ", output in " + log);
        std::optional<HttpTarget> ready = HttpTarget::fromUrl(ps.readyUrl, error);
        if (!ready) {
            live.failure = "bad ready url: " + error;
            return;
        }
        const std::string request = ready->request("GET", "", {}, {});
        const double deadline = ps.readyDeadlineSeconds.value_or(s.readyDeadlineSeconds);
        const std::uint64_t end = t0 + std::uint64_t(deadline * 1e9);
        std::string last;
        for (;;) {
            if (stopRequested())
                return;
            if (!live.process->running()) {
                const std::string tail = live.process->logTail(300);
                live.failure = "exited before it was ready (" + live.process->exitDescription() + ")"
                    + (tail.empty() ? std::string() : ": " + tail);
                return;
            }
            const auto r = HttpExchange::perform(*ready, request, false, 1);
            if (r.ok)
                break;
            last = r.errorKind + ": " + r.error;
            if (monotonicNs() >= end) {
                live.failure = "not ready within " + fixed(deadline, 1) + " s at " + ps.readyUrl + " (" + last + ")";
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        live.startupSeconds = seconds(monotonicNs() - t0);
        live.usable = true;
    }
    ojson ev{{"phase", "ready"}, {"participant", ps.id}};
    std::string human = ps.id + ": ready";
    if (live.startupSeconds) {
        ev["startup_s"] = *live.startupSeconds;
        human += " after " + fixed(*live.startupSeconds * 1000, 1) + " ms";
    }
    m_reporter.report(ev, human);
}

void SuiteRunner::checkContracts(Live &live)
{
    for (const CaseSpec &spec : m_suite.cases) {
        if (spec.kind != "http" || !live.target)
            continue;
        const std::string request = live.target->request(spec.method, spec.path, spec.headers, spec.body);
        const auto response = HttpExchange::perform(*live.target, request, spec.method == "HEAD",
                                                    m_suite.settings.timeoutSeconds);
        const auto checks = ContractChecker::check(live.spec->id, spec, response);
        m_capture.contracts.insert(m_capture.contracts.end(), checks.begin(), checks.end());
        const bool passed = ContractChecker::allPassed(checks);
        ojson ev{{"phase", "contract"}, {"participant", live.spec->id}, {"case", spec.id}, {"passed", passed}};
        std::string human = live.spec->id + " / " + spec.id + ": contract " + (passed ? "passed" : "FAILED");
        if (!passed) {
            const std::string failure = ContractChecker::firstFailure(checks);
            ev["failure"] = failure;
            human += ": " + failure;
            Result &r = result(live, spec);
            r.status = ResultStatus::ContractFailed;
            r.reason = "not measured: " + failure;
            m_settled[resultIndex(live.index, spec.id)] = true;
        }
        m_reporter.report(ev, human);
    }
}

void SuiteRunner::warmUp(Live &live, const CaseSpec &spec)
{
    const RunSettings &s = m_suite.settings;
    if (s.warmupSeconds <= 0 || !live.usable || m_settled[resultIndex(live.index, spec.id)])
        return;
    m_reporter.report(ojson{{"phase", "warmup"}, {"participant", live.spec->id}, {"case", spec.id},
                            {"elapsed_s", 0.0}, {"duration_s", s.warmupSeconds}},
                      live.spec->id + " / " + spec.id + ": warming up for " + fixed(s.warmupSeconds, 1) + " s");
    LoadOptions o;
    o.fixedRate = s.mode == "fixed-rate";
    o.connections = s.connections;
    o.threads = s.threads;
    o.durationSeconds = s.warmupSeconds;
    o.rate = s.rate;
    o.timeoutSeconds = s.timeoutSeconds;
    const std::string request = live.target->request(spec.method, spec.path, spec.headers, spec.body);
    LoadGenerator::run(live.target->address(), request, spec.method == "HEAD", o, nullptr,
                       [&] { return stopRequested() || participantGone(live); });
}

bool SuiteRunner::measureHttp(Live &live, const CaseSpec &spec, int repetition)
{
    const RunSettings &s = m_suite.settings;
    const std::string &pid = live.spec->id;
    LoadOptions o;
    o.fixedRate = s.mode == "fixed-rate";
    o.connections = s.connections;
    o.threads = s.threads;
    o.durationSeconds = s.durationSeconds;
    o.rate = s.rate;
    o.timeoutSeconds = s.timeoutSeconds;
    const std::string request = live.target->request(spec.method, spec.path, spec.headers, spec.body);
    const ProcessUsage before = live.process ? live.process->usage() : ProcessUsage();
    Repetition rep;
    rep.startedAt = utcNow();
    std::uint64_t lastResponses = 0;
    double lastElapsed = 0;
    const int n = s.repetitions;
    const LoadResult lr = LoadGenerator::run(
        live.target->address(), request, spec.method == "HEAD", o,
        [&](double elapsed, std::uint64_t responses) {
            const double rps = elapsed > lastElapsed ? double(responses - lastResponses) / (elapsed - lastElapsed) : 0;
            lastResponses = responses;
            lastElapsed = elapsed;
            m_reporter.report(ojson{{"phase", "run"}, {"participant", pid}, {"case", spec.id},
                                    {"repetition", repetition + 1}, {"repetitions", n}, {"elapsed_s", elapsed},
                                    {"duration_s", s.durationSeconds}, {"rps", rps}},
                              {});
        },
        [&] { return stopRequested() || participantGone(live); });

    if (lr.interrupted) {
        // A shortened repetition is not comparable with full ones: not kept.
        m_cutShort[resultIndex(live.index, spec.id)] = !live.failure.empty() ? live.failure : m_stopReason;
        return false;
    }
    const Histogram latency = lr.latency.toHistogram("ns");
    const double elapsed = lr.elapsedSeconds > 0 ? lr.elapsedSeconds : s.durationSeconds;
    rep.metrics["rps"] = double(lr.okResponses) / elapsed;
    rep.metrics["requests"] = double(lr.responses);
    rep.metrics["errors"] = double(lr.errorTotal());
    if (!latency.isEmpty()) {
        rep.metrics["latency_p50"] = double(latency.valueAtPercentile(50)) / 1e9;
        rep.metrics["latency_p90"] = double(latency.valueAtPercentile(90)) / 1e9;
        rep.metrics["latency_p99"] = double(latency.valueAtPercentile(99)) / 1e9;
        rep.histograms["latency"] = latency;
    }
    if (o.fixedRate) {
        const Histogram service = lr.serviceTime.toHistogram("ns");
        if (!service.isEmpty()) {
            rep.metrics["service_time_p99"] = double(service.valueAtPercentile(99)) / 1e9;
            rep.histograms["service_time"] = service;
        }
        if (lr.behindRate())
            rep.flags.push_back("behind-rate");
    }
    rep.errors = lr.errors;
    addParticipantMetrics(live, rep);
    if (live.process) {
        const ProcessUsage after = live.process->usage();
        rep.metrics["cpu_time_s"] = std::max(0.0, after.cpuSeconds - before.cpuSeconds);
        rep.metrics["peak_rss"] = after.peakRssBytes;
    }
    result(live, spec).repetitions.push_back(rep);

    const double p99 = rep.metrics.count("latency_p99") ? rep.metrics["latency_p99"] : 0;
    ojson ev{{"phase", "repetition"}, {"participant", pid}, {"case", spec.id}, {"repetition", repetition + 1},
             {"repetitions", n}, {"elapsed_s", elapsed}, {"rps", rep.metrics["rps"]}, {"latency_p99_s", p99},
             {"errors", lr.errorTotal()}};
    std::string human = pid + " / " + spec.id + ": repetition " + std::to_string(repetition + 1) + "/"
        + std::to_string(n) + ": " + fixed(rep.metrics["rps"], 0) + " req/s, p99 " + fixed(p99 * 1000, 3) + " ms, "
        + std::to_string(lr.errorTotal()) + " errors";
    if (lr.behindRate()) {
        ev["behind_rate"] = true;
        human += " (behind its rate: " + std::to_string(lr.sent) + " of " + std::to_string(lr.scheduled) + " sent)";
    }
    m_reporter.report(ev, human);
    checkpoint();
    return true;
}

void SuiteRunner::measureCommand(Live &live, const CaseSpec &spec)
{
    const std::size_t ri = resultIndex(live.index, spec.id);
    const std::string &pid = live.spec->id;
    std::vector<std::string> argv;
    if (auto it = live.spec->commands.find(spec.id); it != live.spec->commands.end())
        argv = it->second;
    else
        for (const std::string &a : spec.command)
            argv.push_back(replaceAll(replaceAll(a, "{participant}", pid), "{url}", live.spec->url));
    if (argv.empty()) {
        Result &r = m_capture.results[ri];
        r.status = ResultStatus::Unsupported;
        r.reason = "no command for this participant";
        m_settled[ri] = true;
        return;
    }
    const std::string cwd = live.spec->workingDirectory.empty() ? m_suite.directory : live.spec->workingDirectory;
    const int total = spec.warmupRuns + spec.runs;
    for (int i = 0; i < total; ++i) {
        if (stopRequested()) {
            m_cutShort[ri] = m_stopReason;
            return;
        }
        const bool warm = i < spec.warmupRuns;
        const CommandTimer::Run run = CommandTimer::run(argv, cwd, m_serverCpus);
        if (!run.ok) {
            Result &r = m_capture.results[ri];
            r.status = ResultStatus::Error;
            r.reason = std::string(warm ? "warm-up run " : "run ") + std::to_string(warm ? i + 1 : i - spec.warmupRuns + 1)
                + ": " + run.error;
            m_settled[ri] = true;
            m_reporter.report(ojson{{"phase", "error"}, {"participant", pid}, {"case", spec.id}, {"message", r.reason}},
                              pid + " / " + spec.id + ": " + r.reason);
            return;
        }
        if (warm)
            continue;
        Repetition rep;
        rep.startedAt = utcNow();
        rep.metrics["wall_time"] = run.wallSeconds;
        rep.metrics["cpu_time_s"] = run.userSeconds + run.systemSeconds;
        rep.metrics["peak_rss"] = run.peakRssBytes;
        addParticipantMetrics(live, rep);
        m_capture.results[ri].repetitions.push_back(rep);
        const int k = i - spec.warmupRuns + 1;
        m_reporter.report(ojson{{"phase", "repetition"}, {"participant", pid}, {"case", spec.id}, {"repetition", k},
                                {"repetitions", spec.runs}, {"elapsed_s", run.wallSeconds},
                                {"wall_time_s", run.wallSeconds}},
                          pid + " / " + spec.id + ": run " + std::to_string(k) + "/" + std::to_string(spec.runs) + ": "
                              + fixed(run.wallSeconds * 1000, 2) + " ms");
    }
    checkpoint();
}

void SuiteRunner::runCase(std::vector<Live *> &group, const CaseSpec &spec)
{
    auto measurable = [&](Live &live) {
        const std::size_t ri = resultIndex(live.index, spec.id);
        if (m_settled[ri] || !m_cutShort[ri].empty())
            return false;
        if (!live.usable || participantGone(live)) {
            m_cutShort[ri] = live.failure;
            return false;
        }
        if (spec.kind == "http" && !live.target) {
            Result &r = m_capture.results[ri];
            r.status = ResultStatus::Unsupported;
            r.reason = "participant has no url";
            m_settled[ri] = true;
            return false;
        }
        return true;
    };
    if (spec.kind == "command") {
        for (Live *live : group)
            if (!stopRequested() && measurable(*live))
                measureCommand(*live, spec);
        return;
    }
    for (Live *live : group)
        if (!stopRequested() && measurable(*live))
            warmUp(*live, spec);
    // ABBA: even rounds in suite order, odd rounds reversed, so slow drift
    // (heat, background load) falls on every participant alike.
    for (int round = 0; round < m_suite.settings.repetitions; ++round) {
        for (std::size_t j = 0; j < group.size(); ++j) {
            Live &live = *group[round % 2 == 0 ? j : group.size() - 1 - j];
            if (stopRequested())
                return;
            if (measurable(live))
                measureHttp(live, spec, round);
        }
    }
}

void SuiteRunner::stopParticipant(Live &live)
{
    if (!live.process)
        return;
    live.process->stop(m_suite.settings.stopGraceSeconds);
    m_reporter.report(ojson{{"phase", "stop"}, {"participant", live.spec->id}},
                      live.spec->id + ": stopped");
}

bool SuiteRunner::run(std::string &error)
{
    m_runStart = monotonicNs();
    const RunSettings &s = m_suite.settings;
    if (!s.cpuSetServer.empty()) {
        m_serverCpus = CpuSet::parse(s.cpuSetServer, error);
        if (!m_serverCpus)
            return false;
    }
    if (!s.cpuSetClient.empty()) {
        auto client = CpuSet::parse(s.cpuSetClient, error);
        if (!client || !client->applyToSelf(error))
            return false;
    }
    char dir[] = "/tmp/benchscope-run-XXXXXX";
    if (!mkdtemp(dir)) {
        error = std::string("cannot make a folder for participant logs: ") + std::strerror(errno);
        return false;
    }
    m_logDirectory = dir;
    buildHeader();
    // Fail early on an unwritable output path rather than after the run.
    if (!CaptureWriter::write(snapshot("not measured yet: the run was still going when this was written"), m_outPath, error))
        return false;

    std::vector<Live> lives(m_suite.participants.size());
    for (std::size_t i = 0; i < lives.size(); ++i) {
        lives[i].spec = &m_suite.participants[i];
        lives[i].index = i;
    }
    std::vector<std::vector<Live *>> groups;
    if (s.runOrder == "abba") {
        groups.emplace_back();
        for (Live &l : lives)
            groups.back().push_back(&l);
    } else {
        for (Live &l : lives)
            groups.push_back({&l});
    }

    for (auto &group : groups) {
        if (stopRequested())
            break;
        for (Live *live : group) {
            if (stopRequested())
                break;
            startParticipant(*live);
            if (live->usable)
                checkContracts(*live);
            else if (!live->failure.empty())
                m_reporter.report(ojson{{"phase", "error"}, {"participant", live->spec->id}, {"message", live->failure}},
                                  live->spec->id + ": " + live->failure);
        }
        for (const CaseSpec &spec : m_suite.cases) {
            if (stopRequested())
                break;
            runCase(group, spec);
        }
        for (Live *live : group) {
            if (live->process && !live->process->running() && live->failure.empty())
                participantGone(*live);
            stopParticipant(*live);
            // Whatever this participant still had to do is marked with why.
            if (!live->failure.empty())
                for (const CaseSpec &spec : m_suite.cases) {
                    const std::size_t ri = resultIndex(live->index, spec.id);
                    if (!m_settled[ri] && m_cutShort[ri].empty()
                        && int(m_capture.results[ri].repetitions.size()) < planned(spec))
                        m_cutShort[ri] = live->failure;
                }
        }
    }
    stopRequested();
    if (!m_stopReason.empty())
        m_capture.provenance.caveats.push_back("Partial capture: " + m_stopReason
                                               + "; completed repetitions are kept, the rest is marked.");
    m_capture = snapshot(m_stopReason.empty() ? std::string("not measured") : m_stopReason);
    std::fill(m_settled.begin(), m_settled.end(), true);
    if (!CaptureWriter::write(m_capture, m_outPath, error))
        return false;
    return true;
}

} // namespace bs
