#include "locustengine.h"

#include "fileio.h"
#include "inputfailure.h"
#include "locuststats.h"
#include "monotonicclock.h"
#include "participantprocess.h"

#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

namespace bs {

namespace {

// Debian's python3-locust 2.12.1 ships an empty version string, and its
// master then refuses its own workers ("An old (pre 2.0) worker tried to
// connect"). Both sides load this file before their runner starts, so
// giving them the same stand-in version lets them talk; a Locust that has
// its version is left as it is.
const char *const kVersionWorkaround = R"(import locust.runners
if not locust.runners.__version__:
    locust.runners.__version__ = "0.0.0+benchscope"
import locust.stats
locust.stats.CSV_STATS_FLUSH_INTERVAL_SEC = 1  # the stats history reaches the disk every second, for the Run page
)";

// A JSON string is a Python string literal (bytes that are not UTF-8 become U+FFFD).
std::string pyString(const std::string &s)
{
    return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Any bytes, as a Python expression.
std::string pyBytes(const std::string &s)
{
    static const char *const hex = "0123456789abcdef";
    std::string out = "bytes.fromhex(\"";
    for (unsigned char c : s) {
        out += hex[c >> 4];
        out += hex[c & 15];
    }
    return out + "\")";
}

std::string readText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool contains(const std::string &text, const char *what) { return text.find(what) != std::string::npos; }

int count(const std::string &text, const char *what)
{
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

int freePort()
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    const bool ok = fd >= 0 && bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0
        && getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) == 0;
    if (fd >= 0)
        close(fd);
    return ok ? ntohs(a.sin_port) : 5557;
}

std::string requestName(const CaseSpec &spec) { return spec.method + " " + spec.path; }

// What the master's and workers' logs say that qualifies the figures.
std::vector<std::string> warnings(const std::string &master, const std::vector<std::string> &workers)
{
    std::vector<std::string> out;
    bool cpu = contains(master, "CPU usage above") || contains(master, "exceeded cpu threshold");
    for (const std::string &w : workers)
        cpu = cpu || contains(w, "CPU usage above");
    if (cpu)
        out.push_back("a Locust process passed 90% CPU: the load generator may have limited the rate and skewed latency");
    if (contains(master, "failed to send heartbeat") || contains(master, "went missing"))
        out.push_back("a Locust worker stopped reporting during the run (missing): only what reached the master is counted");
    return out;
}

struct Processes {
    ParticipantProcess master;
    std::vector<std::unique_ptr<ParticipantProcess>> workers;
    void stop()
    {
        master.stop(3);
        for (auto &w : workers)
            w->stop(3);
    }
};

} // namespace

std::string LocustEngine::command(std::string &error)
{
    // The Debian package's command runs under the system Python, which has
    // the locust module; a python3 earlier on PATH may not.
    // BENCHSCOPE_LOCUST names another (a pip-installed Locust, a wrapper).
    if (const char *chosen = std::getenv("BENCHSCOPE_LOCUST"); chosen && *chosen) {
        if (access(chosen, X_OK) == 0)
            return chosen;
        error = std::string("BENCHSCOPE_LOCUST names ") + chosen + ", which is no executable; unset it to use the "
                "Debian package python3-locust (apt-get install python3-locust)";
        return {};
    }
    for (const char *path : {"/usr/bin/locust", "/usr/local/bin/locust"})
        if (access(path, X_OK) == 0)
            return path;
    error = "Locust is not installed: install the Debian package python3-locust (apt-get install python3-locust)";
    return {};
}

std::string LocustEngine::version()
{
    std::string error;
    const std::string locust = command(error);
    if (locust.empty())
        return "not installed";
    std::string v = ParticipantProcess::firstOutputLine({locust, "--version"}, 10);
    if (v.rfind("locust ", 0) == 0)
        v = v.substr(7, v.find(' ', 7) == std::string::npos ? std::string::npos : v.find(' ', 7) - 7);
    else
        v.clear();
    if (v.empty() || v == "0.0.0")
        v = ParticipantProcess::firstOutputLine({"dpkg-query", "-W", "-f", "${Version}", "python3-locust"}, 10);
    return v.empty() ? "unknown" : v;
}

std::string LocustEngine::workerCommand(const std::string &bindHost, int port)
{
    return "locust -f locustfile.py --worker --master-host " + (bindHost.empty() ? std::string("MASTER_HOST") : bindHost)
        + " --master-port " + std::to_string(port);
}

std::string LocustEngine::locustfile(const CaseSpec &spec, const RunSettings &s)
{
    std::string headers;
    for (const auto &[k, v] : spec.headers)
        headers += (headers.empty() ? "" : ", ") + pyString(k) + ": " + pyString(v);
    const bool fixed = s.mode == "fixed-rate" && s.rate > 0;
    std::ostringstream f;
    f << "# Written by benchscope-run for case " << pyString(spec.id) << " (docs/locust.md).\n"
      << kVersionWorkaround
      << "from locust import task, constant, constant_throughput\n"
         "try:\n    from locust import FastHttpUser as User\nexcept ImportError:\n    from locust import HttpUser as User\n\n"
      << "METHOD = " << pyString(spec.method) << "\nPATH = " << pyString(spec.path) << "\nNAME = "
      << pyString(requestName(spec)) << "\nHEADERS = {" << headers << "}\nBODY = " << pyBytes(spec.body) << " or None\nEXPECT = "
      << (spec.expect.status ? std::to_string(*spec.expect.status) : std::string("None")) << "\n\n"
      << "class Case(User):\n    wait_time = "
      << (fixed ? "constant_throughput(" + std::to_string(s.rate / std::max(1, spec.connections)) + ")" : std::string("constant(0)"))
      << "\n\n    @task\n    def request(self):\n"
         "        with self.client.request(METHOD, PATH, headers=HEADERS, data=BODY, name=NAME, catch_response=True) as r:\n"
         "            if r.status_code == 0:\n"
         "                r.failure(repr(r.error) if r.error else 'no response')\n"
         "            elif EXPECT is not None and r.status_code != EXPECT:\n"
         "                r.failure('status %d (expected %d)' % (r.status_code, EXPECT))\n"
         "            elif r.status_code >= 400:\n"
         "                r.failure('status %d' % r.status_code)\n"
         "            else:\n"
         "                r.success()\n";
    return f.str();
}

LocustEngine::Outcome LocustEngine::run(const std::string &baseUrl, const CaseSpec &spec, const RunSettings &s,
                                        double durationSeconds, const std::string &workDirectory,
                                        const Progress &progress, const ShouldStop &shouldStop)
{
    Outcome out;
    const std::string locust = command(out.error);
    if (locust.empty())
        return out;
    static int runs = 0;
    const std::string dir = workDirectory + "/locust-" + std::to_string(++runs);
    LoadError written;
    if (mkdir(dir.c_str(), 0700) != 0 || !FileIO::writeAtomically(dir + "/locustfile.py", locustfile(spec, s), written)) {
        out.error = "cannot write the locustfile in " + dir;
        return out;
    }
    const bool remote = !s.locustBindHost.empty();
    const int port = remote ? s.locustMasterPort : freePort();
    const int expect = s.locustWorkers + s.locustRemoteWorkers;
    const long runSeconds = std::max(1L, long(std::ceil(durationSeconds)));
    const std::string users = std::to_string(spec.connections);
    const std::vector<std::string> masterArgv {
        locust, "-f", dir + "/locustfile.py", "--headless", "--master", "--master-bind-host",
        remote ? s.locustBindHost : "127.0.0.1", "--master-bind-port", std::to_string(port), "--expect-workers",
        std::to_string(expect), "--expect-workers-max-wait", std::to_string(long(std::ceil(s.locustConnectSeconds))),
        "-u", users, "-r", users, "-t", std::to_string(runSeconds) + "s", "--csv", dir + "/out", "--host", baseUrl,
        "--exit-code-on-error", "0", "--only-summary", "--loglevel", "INFO"};
    Processes p;
    if (!p.master.start(masterArgv, dir, {}, std::nullopt, dir + "/master.log", out.error))
        return out;
    for (int i = 0; i < s.locustWorkers; ++i) {
        auto w = std::make_unique<ParticipantProcess>();
        const std::vector<std::string> argv {locust, "-f", dir + "/locustfile.py", "--worker", "--master-host",
                                             "127.0.0.1", "--master-port", std::to_string(port), "--loglevel", "INFO"};
        if (!w->start(argv, dir, {}, std::nullopt, dir + "/worker" + std::to_string(i + 1) + ".log", out.error)) {
            p.stop();
            return out;
        }
        p.workers.push_back(std::move(w));
    }
    const std::uint64_t start = monotonicNs();
    const double limit = s.locustConnectSeconds + double(runSeconds) + 30;
    std::optional<std::uint64_t> loadStart;
    std::size_t rowsSeen = 0;
    while (p.master.running()) {
        const double since = double(monotonicNs() - start) / 1e9;
        if (shouldStop()) {
            p.stop();
            return out; // interrupted: no repetition, no error
        }
        if (since > limit) {
            p.stop();
            out.error = "Locust did not finish within " + std::to_string(long(limit)) + " s (see " + dir + "/master.log)";
            return out;
        }
        const std::string master = readText(dir + "/master.log");
        out.workersConnected = std::max(out.workersConnected, count(master, "reported as ready"));
        std::size_t rows = 0;
        const std::optional<double> rps = LocustStats::lastHistoryRate(readText(dir + "/out_stats_history.csv"), &rows);
        if (rps && rows > rowsSeen) {
            rowsSeen = rows;
            if (!loadStart)
                loadStart = monotonicNs();
            if (progress)
                progress(double(monotonicNs() - *loadStart) / 1e9, *rps, out.workersConnected);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    p.stop();
    const std::string master = readText(dir + "/master.log");
    out.workersConnected = std::max(out.workersConnected, count(master, "reported as ready"));
    if (contains(master, "Gave up waiting for workers")) {
        out.error = "only " + std::to_string(out.workersConnected) + " of " + std::to_string(expect)
            + " Locust workers connected within " + std::to_string(long(s.locustConnectSeconds)) + " s"
            + (remote ? " (workers run: " + workerCommand(s.locustBindHost, port) + ")" : std::string());
        return out;
    }
    try {
        const std::vector<LocustRow> rows = LocustStats::statsCsv(readText(dir + "/out_stats.csv"));
        const auto row = std::find_if(rows.begin(), rows.end(),
                                      [&](const LocustRow &r) { return r.type == spec.method && r.name == requestName(spec); });
        if (row == rows.end()) {
            out.error = "Locust made no request (see " + dir + "/master.log): " + p.master.logTail(400);
            return out;
        }
        const std::vector<LocustFailure> failures = LocustStats::failuresCsv(readText(dir + "/out_failures.csv"));
        Repetition rep = LocustStats::repetition(*row, failures);
        // As the native engine counts it: responses below 400 per second of the run.
        rep.metrics["rps"] = double(row->requests - std::min(row->requests, row->failures)) / double(runSeconds);
        std::vector<std::string> workerLogs;
        for (int i = 0; i < s.locustWorkers; ++i)
            workerLogs.push_back(readText(dir + "/worker" + std::to_string(i + 1) + ".log"));
        out.warnings = warnings(master, workerLogs);
        if (!out.warnings.empty())
            rep.flags.push_back("load-generator");
        out.repetition = rep;
    } catch (const InputFailure &f) {
        out.error = "Locust's CSV output in " + dir + " cannot be read: " + f.place + ": " + f.message;
    }
    return out;
}

} // namespace bs
