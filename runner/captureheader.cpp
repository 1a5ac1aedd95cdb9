#include "captureheader.h"

#include "loadgenerator.h"
#include "locustengine.h"

#include "machineinfo.h"
#include "participantprocess.h"
#include "primarymetric.h"
#include "version.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>

namespace bs {

namespace {

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

bool hasKind(const SuiteSpec &suite, const std::string &kind)
{
    return std::any_of(suite.cases.begin(), suite.cases.end(), [&](const CaseSpec &k) { return k.kind == kind; });
}

} // namespace

std::string CaptureHeader::utcNow()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm {};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

Capture CaptureHeader::build(const SuiteSpec &suite)
{
    Capture c;
    c.suite = {suite.id, suite.title};
    c.revision = revision(suite.revision);
    c.capturedAt = utcNow();
    const bool hasHttp = hasKind(suite, "http");
    Provenance &p = c.provenance;
    p.source = "benchscope-run";
    p.machine = MachineInfo::current();
    p.tools.push_back({"benchscope-run", kVersion, suite.settings.engine == "locust" ? "runner" : "load-generator"});
    if (hasHttp && suite.settings.engine == "locust")
        p.tools.push_back({"Locust", LocustEngine::version(), "load-generator"});
    p.conditions = conditions(suite, hasHttp);
    p.caveats = caveats(suite, hasHttp, p.machine.cores);
    p.sourceHashes = suite.sourceHashes;
    c.metrics = metrics(suite);
    addTables(suite, c);
    return c;
}

Revision CaptureHeader::revision(const RevisionSpec &spec)
{
    Revision r {spec.id, spec.label, spec.date};
    if (spec.gitDirectory.empty())
        return r;
    const std::string &dir = spec.gitDirectory;
    if (r.id.empty())
        r.id = ParticipantProcess::firstOutputLine({"git", "-C", dir, "rev-parse", "HEAD"}, 5);
    if (r.label.empty())
        r.label = ParticipantProcess::firstOutputLine({"git", "-C", dir, "describe", "--always", "--dirty"}, 5);
    if (r.date.empty())
        r.date = ParticipantProcess::firstOutputLine({"git", "-C", dir, "log", "-1", "--format=%cI"}, 5);
    return r;
}

Conditions CaptureHeader::conditions(const SuiteSpec &suite, bool hasHttp)
{
    const RunSettings &s = suite.settings;
    Conditions cond;
    cond.mode = hasHttp ? s.mode : "command";
    cond.repetitions = s.repetitions;
    cond.runOrder = s.runOrder;
    cond.cpuSetServer = s.cpuSetServer;
    cond.cpuSetClient = s.cpuSetClient;
    if (s.restart)
        cond.extra["restart"] = "every repetition";
    if (!suite.primaryMetric.empty())
        cond.extra[PrimaryMetric::kDeclared] = suite.primaryMetric;
    if (!hasHttp)
        return cond;
    std::vector<int> levels;
    for (const CaseSpec &k : suite.cases)
        if (k.kind == "http" && std::find(levels.begin(), levels.end(), k.connections) == levels.end())
            levels.push_back(k.connections);
    if (levels.size() == 1) {
        cond.connections = levels.front();
    } else {
        std::string list;
        for (int n : levels)
            list += (list.empty() ? "" : ",") + std::to_string(n);
        cond.extra["connection_levels"] = list; // the cases say which is which
    }
    cond.warmupSeconds = s.warmupSeconds;
    cond.durationSeconds = s.durationSeconds;
    if (s.mode == "fixed-rate")
        cond.rate = s.rate;
    cond.latencyCorrected = s.mode == "fixed-rate" && s.engine != "locust";
    if (s.engine == "locust") {
        cond.extra["engine"] = "locust";
        cond.extra["locust_workers"] = std::to_string(s.locustWorkers + s.locustRemoteWorkers);
    }
    cond.extra["threads"] = std::to_string(s.threads);
    if (s.engine != "locust") {
        ClientIo io = ClientIo::Auto;
        clientIoFromName(s.clientIo, io);
        cond.extra["client_io"] = LoadGenerator::resolvedIo(io);
    }
    char timeout[32];
    std::snprintf(timeout, sizeof timeout, "%.3f", s.timeoutSeconds);
    cond.extra["timeout_s"] = timeout;
    if (!suite.sourceFile.empty()) {
        cond.extra["suite_file"] = suite.sourceFile;
        cond.extra["suite_sha256"] = suite.sourceSha256;
    }
    if (!suite.overrides.empty())
        cond.extra["overrides"] = suite.overrides;
    return cond;
}

std::vector<std::string> CaptureHeader::caveats(const SuiteSpec &suite, bool hasHttp, int cores)
{
    const RunSettings &s = suite.settings;
    std::vector<std::string> out = suite.caveats;
    if (hasHttp && s.engine == "locust")
        out.push_back("Load by Locust, a master and " + std::to_string(s.locustWorkers + s.locustRemoteWorkers)
                      + " workers: its users are a closed loop" + (s.mode == "fixed-rate" ? " paced to the rate" : "")
                      + ", so latency is not corrected for coordinated omission, and its percentiles are bucketed "
                        "(exact below 100 ms, then about two significant digits).");
    else if (hasHttp && s.mode != "fixed-rate")
        out.push_back("Saturation (closed loop): latency is measured from each request's write and is not "
                      "corrected for coordinated omission.");
    if (hasHttp)
        out.push_back("Client and servers run on the same machine over loopback (127.0.0.1).");
    // Other work on the machine skews every number: say how busy it was.
    if (std::ifstream loadavg("/proc/loadavg"); loadavg) {
        std::string one, five, fifteen;
        loadavg >> one >> five >> fifteen;
        out.push_back("System load average when the run started: " + one + " " + five + " " + fifteen
                      + " (1, 5, 15 min) on " + std::to_string(cores) + " cores.");
    }
    if (hasHttp && (s.cpuSetServer.empty() || s.cpuSetClient.empty()))
        out.push_back("Client and server were not pinned to separate CPU sets.");
    if (hasHttp)
        if (std::string fallback = clientIoFallback(suite); !fallback.empty())
            out.push_back(std::move(fallback));
    return out;
}

std::string CaptureHeader::clientIoFallback(const SuiteSpec &suite)
{
    const RunSettings &s = suite.settings;
    if (s.engine == "locust" || s.clientIo != "io_uring" || LoadGenerator::uringRefusal().empty())
        return {};
    return "client_io \"io_uring\" was asked for, but the kernel refused io_uring ("
        + LoadGenerator::uringRefusal() + "): the client threads used epoll.";
}

std::vector<Metric> CaptureHeader::metrics(const SuiteSpec &suite)
{
    const bool hasHttp = hasKind(suite, "http"), hasCommand = hasKind(suite, "command");
    const bool fixedRate = suite.settings.mode == "fixed-rate";
    const Direction lower = Direction::LowerIsBetter;
    std::vector<Metric> m;
    if (hasHttp) {
        m.push_back(metric("rps", "Requests/s", "req/s", Direction::HigherIsBetter,
                           "Complete responses with a status below 400, per second of the repetition", true));
        m.push_back(metric("latency_p50", "Latency p50", "s", lower,
                           fixedRate ? "Median latency from the intended send time (corrected)"
                                     : "Median latency from the request's write (not corrected)"));
        m.push_back(metric("latency_p90", "Latency p90", "s", lower, "90th percentile latency"));
        m.push_back(metric("latency_p95", "Latency p95", "s", lower, "95th percentile latency"));
        m.push_back(metric("latency_p99", "Latency p99", "s", lower, "99th percentile latency"));
        if (fixedRate)
            m.push_back(metric("service_time_p99", "Service time p99", "s", lower,
                               "99th percentile from the actual write (not corrected)"));
        if (suite.settings.engine == "locust") {
            m.push_back(metric("latency_p99_9", "Latency p99.9", "s", lower, "99.9th percentile latency (Locust's buckets)"));
            m.push_back(metric("latency_mean", "Mean latency", "s", lower, "Mean latency (Locust's own, exact)"));
            m.push_back(metric("latency_max", "Max latency", "s", lower, "Slowest response (Locust's own, exact)"));
        }
        m.push_back(metric("requests", "Requests", "count", Direction::HigherIsBetter, "Complete responses of any status"));
        m.push_back(metric("errors", "Errors", "count", lower, "Failed requests and 4xx/5xx responses, all kinds together"));
    }
    if (hasCommand)
        m.push_back(metric("wall_time", "Wall time", "s", lower, "Wall-clock time of one run of the command", !hasHttp));
    for (const CaseSpec &k : suite.cases)
        if (!k.sizePath.empty()) {
            m.push_back(metric("size", "Size", "B", lower, "Size of the case's file or folder after the run"));
            break;
        }
    if (suite.settings.restart) {
        m.push_back(metric("startup_s", "Start-up time", "s", lower,
                           "From starting the participant until its readiness URL answered (started anew for every repetition)"));
        m.push_back(metric("first_response_s", "First response", "s", lower,
                           "From ready until the first response to the case's request, on a fresh connection"));
        m.push_back(metric("shutdown_s", "Shutdown time", "s", lower,
                           "From SIGTERM until the participant's process group was gone"));
    } else {
        m.push_back(metric("startup_s", "Start-up time", "s", lower,
                           "From starting the participant until its readiness URL answered: one start-up per "
                           "participant, on each of its results once (n = 1)"));
        m.back().scope = MetricScope::Participant;
    }
    m.push_back(metric("peak_rss", "Peak RSS", "B", lower,
                       "Server: sum of VmHWM over its process group at the end of the repetition; command: "
                       "maxrss of the run"));
    m.push_back(metric("cpu_time_s", "CPU time", "s", lower,
                       "Server: user+system CPU its process group used during the repetition; command: "
                       "user+system time of the run"));
    return m;
}

void CaptureHeader::addTables(const SuiteSpec &suite, Capture &c)
{
    for (const CaseSpec &k : suite.cases)
        c.cases.push_back({k.id, k.label, k.group, k.description});
    for (const ParticipantSpec &ps : suite.participants) {
        Participant part;
        part.id = ps.id;
        part.label = ps.label;
        part.runtime = ps.runtime;
        part.version = ps.version;
        part.baseline = ps.baseline;
        part.tags = ps.tags;
        c.participants.push_back(part);
        for (const CaseSpec &k : suite.cases) {
            Result r;
            r.participant = ps.id;
            r.caseId = k.id;
            r.status = ResultStatus::Missing; // not measured yet, or declared missing with a reason
            const auto declared = [&](const std::map<std::string, std::string> &m) {
                auto it = m.find(k.id);
                return it != m.end() ? it : m.find(k.baseId);
            };
            if (auto it = declared(ps.unsupported); it != ps.unsupported.end()) {
                r.status = ResultStatus::Unsupported;
                r.reason = it->second;
            } else if (auto it = declared(ps.missing); it != ps.missing.end()) {
                r.reason = it->second;
            }
            c.results.push_back(r);
        }
    }
}

} // namespace bs
