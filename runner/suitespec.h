#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// What a suite file asks for (see docs/runner.md), after validation.
struct RunSettings {
    std::string mode = "saturation"; // "saturation" or "fixed-rate"
    int connections = 10;
    int threads = 1;
    double warmupSeconds = 1;
    double durationSeconds = 5;
    double rate = 0;                 // requests/s in fixed-rate mode
    int repetitions = 3;
    std::string runOrder = "sequential"; // or "abba"
    std::string cpuSetServer;        // "1", "0-1", "0,2"
    std::string cpuSetClient;
    double timeoutSeconds = 5;       // per request
    double readyDeadlineSeconds = 10;
    double stopGraceSeconds = 3;
};

struct HttpExpectation {
    std::optional<int> status;
    std::string contentType;         // media type; parameters after ';' may differ
    std::optional<std::string> body; // exact bytes
    std::optional<std::string> json; // JSON-equal body (stored as compact JSON)
};

struct CaseSpec {
    std::string id;
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

    // command
    std::vector<std::string> command; // "{participant}" and "{url}" substituted
    int runs = 10;
    int warmupRuns = 1;
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
};

struct RevisionSpec {
    std::string id;
    std::string label;
    std::string date;
    std::string gitDirectory; // read id/label/date from git when set
};

struct SuiteSpec {
    std::string id;
    std::string title;
    RevisionSpec revision;
    RunSettings settings;
    std::vector<ParticipantSpec> participants;
    std::vector<CaseSpec> cases;
    std::vector<std::string> caveats;
    std::string directory; // of the suite file; relative paths resolve here
};

} // namespace bs
