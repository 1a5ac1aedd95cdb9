#include "suiterunner.h"

#include "captureheader.h"
#include "capturewriter.h"
#include "commandtimer.h"
#include "contractchecker.h"
#include "failureshare.h"
#include "httpexchange.h"
#include "loadgenerator.h"
#include "monotonicclock.h"
#include "pathsize.h"
#include "primarymetric.h"
#include "readinessprobe.h"
#include "replaceall.h"
#include "revisionpair.h"
#include "runplan.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace bs {

namespace {

std::atomic<int> g_stopSignal {0};

using ojson = nlohmann::ordered_json;

double seconds(std::uint64_t ns) { return double(ns) / 1e9; }

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string substitute(const std::string &s, const ParticipantSpec &p)
{
    return replaceAll(replaceAll(s, "{participant}", p.id), "{url}", p.url);
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

SuiteRunner::~SuiteRunner()
{
    if (m_logDirectory.empty())
        return;
    if (m_keepLogs) {
        m_reporter.note("participant logs kept in " + m_logDirectory);
        return;
    }
    std::error_code ignored; // a folder that cannot be removed is left, as before
    std::filesystem::remove_all(m_logDirectory, ignored);
}

bool SuiteRunner::stopRequested()
{
    const int sig = g_stopSignal.load();
    if (sig != 0 && m_stopReason.empty()) {
        m_stopReason = std::string("interrupted by ") + (sig == SIGINT ? "SIGINT (Ctrl-C)" : sig == SIGTERM ? "SIGTERM" : "a signal");
        m_cancelled = true;
    }
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
    m_capture = CaptureHeader::build(m_suite);
    m_cutShort.assign(m_capture.results.size(), std::string());
    m_settled.assign(m_capture.results.size(), false);
    // What a participant declared it cannot run is settled before anything starts.
    for (std::size_t i = 0; i < m_capture.results.size(); ++i)
        m_settled[i] = m_capture.results[i].status != ResultStatus::Missing || !m_capture.results[i].reason.empty();
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
            // Not reached, or cut short, because the run was cancelled: not
            // an error of the participant.
            r.status = m_cancelled && why == m_stopReason ? ResultStatus::Cancelled : ResultStatus::Error;
            r.reason = "not measured: " + why;
        }
        flagFailedRequests(r);
    }
    dropUnmeasuredMetrics(c);
    return c;
}

void SuiteRunner::flagFailedRequests(Result &r)
{
    std::map<std::string, std::uint64_t> errors;
    double responses = 0;
    for (const Repetition &rep : r.repetitions) {
        for (const auto &[kind, n] : rep.errors)
            errors[kind] += n;
        if (auto it = rep.metrics.find("requests"); it != rep.metrics.end())
            responses += it->second;
    }
    if (!errors.empty())
        FailureShare::applyToRequests(r, errors, std::uint64_t(responses));
}

void SuiteRunner::checkpoint()
{
    std::string error;
    if (!write(snapshot("not measured yet: the run was still going when this was written"), error))
        m_reporter.note("cannot write checkpoint: " + error);
}

bool SuiteRunner::write(const Capture &capture, std::string &error) const
{
    LoadError e;
    bool ok = true;
    if (m_suite.revisions.empty())
        ok = CaptureWriter::write(capture, m_outPath, m_writeOptions, e);
    for (std::size_t r = 0; ok && r < m_suite.revisions.size(); ++r) {
        Capture one = RevisionPair::split(capture, m_suite, r, m_outPath);
        dropUnmeasuredMetrics(one); // what only the other revision measured
        ok = CaptureWriter::write(one, outputs()[r], m_writeOptions, e);
    }
    if (!ok)
        error = e.toString();
    return ok;
}

std::vector<std::string> SuiteRunner::outputs() const
{
    if (m_suite.revisions.empty())
        return {m_outPath};
    std::vector<std::string> out;
    for (const RevisionVariant &v : m_suite.revisions)
        out.push_back(RevisionPair::outPath(m_outPath, v.name));
    return out;
}

void SuiteRunner::addStartupOnce(const Live &live, Result &result) const
{
    // Started once, a participant has one start-up figure for all its results. Started anew
    // per repetition, each repetition gets its own start's figures (measureRestarted), and a
    // case that was not restarted for gets none.
    if (!m_suite.settings.restart && live.startupSeconds)
        result.once["startup_s"] = *live.startupSeconds;
}

void SuiteRunner::dropUnmeasuredMetrics(Capture &c)
{
    // A declared metric without a single value would be an empty table; the primary and the
    // one the suite declares primary stay (a capture names them).
    const std::string declared = PrimaryMetric::declared(c);
    const auto measured = [&c, &declared](const Metric &m) {
        for (const Result &r : c.results) {
            if (r.once.count(m.id))
                return true;
            for (const Repetition &rep : r.repetitions)
                if (rep.metrics.count(m.id))
                    return true;
        }
        return m.primary || m.id == declared;
    };
    c.metrics.erase(std::remove_if(c.metrics.begin(), c.metrics.end(), [&](const Metric &m) { return !measured(m); }),
                    c.metrics.end());
}

std::string SuiteRunner::folder(const ParticipantSpec &ps) const
{
    return ps.workingDirectory.empty() ? m_suite.directory : ps.workingDirectory;
}

void SuiteRunner::startParticipant(Live &live)
{
    const ParticipantSpec &ps = *live.spec;
    m_reporter.report(ojson{{"phase", "start"}, {"participant", ps.id}}, ps.id + ": starting");
    if (!ps.versionCommand.empty()) {
        const std::string v = ParticipantProcess::firstOutputLine(ps.versionCommand, 10, folder(ps));
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
        if (live.target)
            m_reporter.report(ojson{{"phase", "ready"}, {"participant", ps.id}}, ps.id + ": ready");
        return;
    }
    launch(live);
}

void SuiteRunner::launch(Live &live)
{
    const ParticipantSpec &ps = *live.spec;
    live.usable = false;
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
    if (!live.process->start(ps.startCommand, folder(ps), ps.environment, m_serverCpus, log, error)) {
        live.failure = error;
        return;
    }
    m_reporter.note(ps.id + ": pid " + std::to_string(live.process->pid()) + ", output in " + log);
    const double deadline = ps.readyDeadlineSeconds.value_or(m_suite.settings.readyDeadlineSeconds);
    if (!ReadinessProbe::wait(*live.process, ps.readyUrl, t0, deadline, m_suite.settings.restart ? 1 : 20,
                              [this] { return stopRequested(); }, live.failure))
        return;
    live.startupSeconds = seconds(monotonicNs() - t0);
    live.usable = true;
    m_reporter.report(ojson{{"phase", "ready"}, {"participant", ps.id}, {"startup_s", *live.startupSeconds}},
                      ps.id + ": ready after " + fixed(*live.startupSeconds * 1000, 1) + " ms");
}

void SuiteRunner::checkContracts(Live &live)
{
    for (const CaseSpec &spec : m_suite.cases) {
        if (spec.kind != "http" || !live.target || m_settled[resultIndex(live.index, spec.id)])
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
            for (const ContractCheck &c : checks)
                if (!c.passed) {
                    ev["what"] = c.what;
                    ev["expected"] = c.expected;
                    ev["actual"] = c.actual;
                    break;
                }
            human += ": " + failure;
            Result &r = result(live, spec);
            r.status = ResultStatus::ContractFailed;
            r.reason = "not measured: " + failure;
            m_settled[resultIndex(live.index, spec.id)] = true;
        }
        m_reporter.report(ev, human);
    }
}

LoadOptions SuiteRunner::loadOptions(const CaseSpec &spec, double durationSeconds) const
{
    const RunSettings &s = m_suite.settings;
    LoadOptions o;
    o.fixedRate = s.mode == "fixed-rate";
    o.connections = spec.connections;
    o.threads = s.threads;
    clientIoFromName(s.clientIo, o.io); // checked when the suite was read
    o.durationSeconds = durationSeconds;
    o.rate = s.rate;
    o.timeoutSeconds = s.timeoutSeconds;
    return o;
}

void SuiteRunner::warmUp(Live &live, const CaseSpec &spec)
{
    const RunSettings &s = m_suite.settings;
    if (s.warmupSeconds <= 0 || !live.usable || m_settled[resultIndex(live.index, spec.id)])
        return;
    m_reporter.report(ojson{{"phase", "warmup"}, {"participant", live.spec->id}, {"case", spec.id},
                            {"elapsed_s", 0.0}, {"duration_s", s.warmupSeconds}},
                      live.spec->id + " / " + spec.id + ": warming up for " + fixed(s.warmupSeconds, 1) + " s");
    if (s.engine == "locust") {
        loadWithLocust(live, spec, -1);
        return;
    }
    const LoadOptions o = loadOptions(spec, s.warmupSeconds);
    const std::string request = live.target->request(spec.method, spec.path, spec.headers, spec.body);
    LoadGenerator::run(live.target->address(), request, spec.method == "HEAD", o, nullptr,
                       [&] { return stopRequested() || participantGone(live); });
}

void SuiteRunner::keepRepetition(Live &live, const CaseSpec &spec, Repetition &rep, const ProcessUsage &before)
{
    addStartupOnce(live, result(live, spec));
    if (live.process) {
        const ProcessUsage after = live.process->usage();
        rep.metrics["cpu_time_s"] = std::max(0.0, after.cpuSeconds - before.cpuSeconds);
        rep.metrics["peak_rss"] = after.peakRssBytes;
    }
    result(live, spec).repetitions.push_back(rep);
}

bool SuiteRunner::measureHttp(Live &live, const CaseSpec &spec, int repetition)
{
    const RunSettings &s = m_suite.settings;
    if (s.engine == "locust")
        return loadWithLocust(live, spec, repetition);
    const std::string &pid = live.spec->id;
    const LoadOptions o = loadOptions(spec, s.durationSeconds);
    const std::string request = live.target->request(spec.method, spec.path, spec.headers, spec.body);
    const ProcessUsage before = live.process ? live.process->usage() : ProcessUsage();
    const std::string startedAt = CaptureHeader::utcNow();
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
    const double elapsed = lr.elapsedSeconds > 0 ? lr.elapsedSeconds : s.durationSeconds;
    Repetition rep = lr.toRepetition(s.durationSeconds, o.fixedRate);
    rep.startedAt = startedAt;
    keepRepetition(live, spec, rep, before);

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
            argv.push_back(substitute(a, *live.spec));
    if (argv.empty()) {
        Result &r = m_capture.results[ri];
        r.status = ResultStatus::Unsupported;
        r.reason = "no command for this participant";
        m_settled[ri] = true;
        return;
    }
    const std::string cwd = folder(*live.spec);
    const auto fail = [&](const std::string &reason) {
        Result &r = m_capture.results[ri];
        r.status = ResultStatus::Error;
        r.reason = reason;
        m_settled[ri] = true;
        m_reporter.report(ojson{{"phase", "error"}, {"participant", pid}, {"case", spec.id}, {"message", reason}},
                          pid + " / " + spec.id + ": " + reason);
    };
    const int total = spec.warmupRuns + spec.runs;
    for (int i = 0; i < total; ++i) {
        if (stopRequested()) {
            m_cutShort[ri] = m_stopReason;
            return;
        }
        const bool warm = i < spec.warmupRuns;
        const CommandTimer::Run run = CommandTimer::run(argv, cwd, m_serverCpus);
        if (!run.ok)
            return fail(std::string(warm ? "warm-up run " : "run ")
                        + std::to_string(warm ? i + 1 : i - spec.warmupRuns + 1) + ": " + run.error);
        if (warm)
            continue;
        Repetition rep;
        rep.startedAt = CaptureHeader::utcNow();
        rep.metrics["wall_time"] = run.wallSeconds;
        rep.metrics["cpu_time_s"] = run.userSeconds + run.systemSeconds;
        rep.metrics["peak_rss"] = run.peakRssBytes;
        if (!spec.sizePath.empty()) {
            std::string error;
            const std::string path = substitute(spec.sizePath, *live.spec);
            const auto size = PathSize::bytes(path[0] == '/' ? path : cwd + "/" + path, error);
            if (!size)
                return fail("size_path after run " + std::to_string(i - spec.warmupRuns + 1) + ": " + error);
            rep.metrics["size"] = *size;
        }
        addStartupOnce(live, m_capture.results[ri]);
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
    const bool restart = m_suite.settings.restart;
    for (Live *live : group)
        if (!restart && !stopRequested() && measurable(*live))
            warmUp(*live, spec);
    // ABBA: even rounds in suite order, odd rounds reversed, so slow drift
    // (heat, background load) falls on every participant alike.
    for (int round = 0; round < m_suite.settings.repetitions; ++round) {
        for (std::size_t j = 0; j < group.size(); ++j) {
            Live &live = *group[round % 2 == 0 ? j : group.size() - 1 - j];
            if (stopRequested())
                return;
            if (!measurable(live))
                continue;
            if (restart && live.spec->startCommand.size())
                measureRestarted(live, spec, round);
            else
                measureHttp(live, spec, round);
        }
    }
}

// A fresh process for this repetition: start-up, the first response and
// shutdown each get one sample per repetition.
void SuiteRunner::measureRestarted(Live &live, const CaseSpec &spec, int repetition)
{
    m_reporter.report(ojson{{"phase", "start"}, {"participant", live.spec->id}}, live.spec->id + ": starting");
    launch(live);
    if (!live.usable) {
        m_cutShort[resultIndex(live.index, spec.id)] = live.failure;
        m_reporter.report(ojson{{"phase", "error"}, {"participant", live.spec->id}, {"message", live.failure}},
                          live.spec->id + ": " + live.failure);
        return;
    }
    const std::string request = live.target->request(spec.method, spec.path, spec.headers, spec.body);
    const std::uint64_t t0 = monotonicNs();
    const auto first = HttpExchange::perform(*live.target, request, spec.method == "HEAD", m_suite.settings.timeoutSeconds);
    const double firstResponse = seconds(monotonicNs() - t0);
    warmUp(live, spec);
    const bool measured = measureHttp(live, spec, repetition);
    const std::uint64_t t1 = monotonicNs();
    stopParticipant(live);
    live.process.reset();
    live.usable = live.failure.empty();
    if (measured) {
        auto &metrics = result(live, spec).repetitions.back().metrics;
        metrics["startup_s"] = *live.startupSeconds;
        if (first.ok)
            metrics["first_response_s"] = firstResponse;
        metrics["shutdown_s"] = seconds(monotonicNs() - t1);
        checkpoint();
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

bool SuiteRunner::prepare(std::string &error)
{
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
    const char *tmp = std::getenv("TMPDIR");
    std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/benchscope-run-XXXXXX";
    if (!mkdtemp(dir.data())) {
        error = std::string("cannot make a folder for participant logs: ") + std::strerror(errno);
        return false;
    }
    m_logDirectory = dir;
    if (!m_suite.revisions.empty())
        m_suite.participants = RevisionPair::interleave(m_suite);
    for (RevisionVariant &v : m_suite.revisions) {
        // Read from git once, not at every checkpoint.
        const Revision r = CaptureHeader::revision(v.revision);
        v.revision = {r.id, r.label, r.date, {}};
    }
    buildHeader();
    if (const std::string fallback = CaptureHeader::clientIoFallback(m_suite); !fallback.empty())
        m_reporter.note(fallback);
    // Fail early on an unwritable output path rather than after the run.
    return write(snapshot("not measured yet: the run was still going when this was written"), error);
}

void SuiteRunner::startGroup(std::vector<Live *> &group)
{
    for (Live *live : group) {
        if (stopRequested())
            break;
        startParticipant(*live);
        if (live->usable)
            checkContracts(*live);
        else if (!live->failure.empty())
            m_reporter.report(ojson{{"phase", "error"}, {"participant", live->spec->id}, {"message", live->failure}},
                              live->spec->id + ": " + live->failure);
        if (live->usable && m_suite.settings.restart && live->process) {
            // Started anew for every repetition (measureRestarted).
            stopParticipant(*live);
            live->process.reset();
        }
    }
}

void SuiteRunner::stopGroup(std::vector<Live *> &group)
{
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

bool SuiteRunner::run(std::string &error)
{
    m_runStart = monotonicNs();
    m_reporter.report(RunPlan::toJson(m_suite),
                      "plan: " + std::to_string(RunPlan::steps(m_suite)) + " repetitions, about "
                          + fixed(RunPlan::estimatedSeconds(m_suite), 0) + " s of load");
    if (!prepare(error))
        return false;
    std::vector<Live> lives(m_suite.participants.size());
    for (std::size_t i = 0; i < lives.size(); ++i) {
        lives[i].spec = &m_suite.participants[i];
        lives[i].index = i;
    }
    // Sequential: one participant (at both revisions, when two) after the other.
    const std::size_t together = m_suite.settings.runOrder == "abba" ? lives.size() : m_suite.revisions.empty() ? 1 : 2;
    std::vector<std::vector<Live *>> groups;
    for (std::size_t i = 0; i < lives.size(); ++i) {
        if (i % together == 0)
            groups.emplace_back();
        groups.back().push_back(&lives[i]);
    }
    for (auto &group : groups) {
        if (stopRequested())
            break;
        startGroup(group);
        for (const CaseSpec &spec : m_suite.cases) {
            if (stopRequested())
                break;
            runCase(group, spec);
        }
        stopGroup(group);
    }
    stopRequested();
    if (!m_stopReason.empty())
        m_capture.provenance.caveats.push_back("Partial capture: " + m_stopReason
                                               + "; completed repetitions are kept, the rest is marked.");
    m_capture = snapshot(m_stopReason.empty() ? std::string("not measured") : m_stopReason);
    std::fill(m_settled.begin(), m_settled.end(), true);
    return write(m_capture, error);
}

} // namespace bs
