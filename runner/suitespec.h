#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// Repetitions per HTTP case when a suite gives none: 5 vs 5 is the smallest
// n whose exact two-sided Mann–Whitney U test goes below 0.05 even with one
// pair of runs out of order (U = 1: p = 0.016); 4 vs 4 gets there only when
// fully separated (0.029, and 0.057 with U = 1), 3 vs 3 never (0.1).
// tst_suitefile checks these figures against bs::MannWhitney.
inline constexpr int kDefaultRepetitions = 5;

// What a suite file asks for (see docs/runner.md), after validation.
struct RunSettings {
    std::string mode = "saturation"; // "saturation" or "fixed-rate"
    int connections = 10;            // the default of cases that give none
    std::string levelTabs = "level"; // connection levels: one tab per "level" or per "workload"
    int threads = 1;
    std::string clientIo = "auto";   // the client threads' I/O: "auto", "epoll" or "io_uring"
    double warmupSeconds = 1;
    double durationSeconds = 5;
    double rate = 0;                 // requests/s in fixed-rate mode
    int repetitions = kDefaultRepetitions;
    std::string runOrder = "sequential"; // or "abba"
    std::string cpuSetServer;        // "1", "0-1", "0,2"
    std::string cpuSetClient;
    double timeoutSeconds = 5;       // per request
    double readyDeadlineSeconds = 10;
    double stopGraceSeconds = 3;
    bool restart = false;            // start and stop the participants for every repetition
    // Who makes the load of HTTP cases: "native" (LoadGenerator) or "locust" (LocustEngine).
    std::string engine = "native";
    int locustWorkers = 1;           // local workers the runner starts
    int locustRemoteWorkers = 0;     // workers started elsewhere that the master waits for
    std::string locustBindHost;      // empty: the master listens on 127.0.0.1 only
    int locustMasterPort = 5557;     // with a bind host; local runs take a free port
    double locustConnectSeconds = 30; // how long the master waits for its workers
};

struct HttpExpectation {
    std::optional<int> status;
    std::string contentType;         // media type; parameters after ';' may differ
    std::optional<std::string> body; // exact bytes
    std::string bodyFile;            // where they were read from ("body_file"), if from a file
    std::optional<std::string> json; // JSON-equal body (stored as compact JSON)
};

struct CaseSpec {
    std::string id;
    std::string baseId; // the suite file's id of a case expanded into connection levels
    std::string label;
    std::string group;
    std::string description;
    std::string kind = "http"; // or "command"

    // http
    std::string method = "GET";
    std::string path = "/";
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;
    HttpExpectation expect;
    int connections = 10;

    // command
    std::vector<std::string> command; // "{participant}" and "{url}" substituted
    int runs = 10;
    int warmupRuns = 1;
    std::string sizePath; // file or folder whose size is recorded after each run
};

struct ParticipantSpec {
    std::string id;
    std::string label;
    std::string runtime;
    std::string version;
    bool baseline = false;
    std::vector<std::string> tags;

    std::vector<std::string> startCommand; // empty: already running, or command-only
    std::string workingDirectory;
    std::map<std::string, std::string> environment;
    std::string url;                       // base URL, "http://127.0.0.1:8080"
    std::string readyUrl;                  // defaults to url
    std::optional<double> readyDeadlineSeconds;
    std::vector<std::string> versionCommand;
    std::map<std::string, std::vector<std::string>> commands; // per command case
    // Cases it declares it cannot run, by case id (or a levelled case's base
    // id), with the reason: unsupported (a dash) or missing (it should, but cannot).
    std::map<std::string, std::string> unsupported;
    std::map<std::string, std::string> missing;
};

struct RevisionSpec {
    std::string id;
    std::string label;
    std::string date;
    std::string gitDirectory; // read id/label/date from git when set
};

// One of two revisions measured in one run: its participants are the
// suite's, with the revision's vars substituted ("{build}" -> "build-before").
struct RevisionVariant {
    std::string name; // file-name safe: "before", "after"
    RevisionSpec revision;
    std::vector<ParticipantSpec> participants;
};

struct SuiteSpec {
    std::string id;
    std::string title;
    RevisionSpec revision;
    RunSettings settings;
    std::vector<ParticipantSpec> participants;
    std::vector<RevisionVariant> revisions; // empty, or two measured in ABBA order
    std::vector<CaseSpec> cases;
    std::vector<std::string> caveats;
    std::string primaryMetric; // the metric the capture leads with, if the suite declares it
    std::map<std::string, std::string> sourceHashes; // path as the suite gives it -> sha256
    bool hasConnectionLevels = false;
    std::string directory; // of the suite file; relative paths resolve here
    // Recorded in the capture so that the app can run it again.
    std::string sourceFile;   // absolute path of the suite file
    std::string sourceSha256; // of its bytes
    std::string overrides;    // the command-line options that changed it, as given
    std::vector<std::string> inputs; // every file read: the suite file, its sources and body files
};

} // namespace bs
