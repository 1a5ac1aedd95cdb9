#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bs {

struct Machine {
    std::string cpu;
    int cores = 0;
    double memoryBytes = 0;
    std::string os;
    std::string hostname;

    bool operator==(const Machine &o) const
    {
        return cpu == o.cpu && cores == o.cores && memoryBytes == o.memoryBytes && os == o.os
            && hostname == o.hostname;
    }
};

// A runtime or tool and its version ("bun" "1.3.14", "oha" "1.14.0").
struct ToolVersion {
    std::string name;
    std::string version;
    std::string role; // "runtime", "load-generator", "compiler", "database", ...

    bool operator==(const ToolVersion &o) const
    {
        return name == o.name && version == o.version && role == o.role;
    }
};

// How the numbers were produced. Optional fields are absent when not known;
// a view says "not stated" rather than guessing.
struct Conditions {
    std::string mode; // "saturation", "fixed-rate", "command", "published"
    std::optional<int> connections;
    std::optional<double> warmupSeconds;
    std::optional<double> durationSeconds;
    std::optional<double> rate; // requests/s offered in fixed-rate mode
    std::optional<int> repetitions;
    std::string runOrder;       // "sequential", "abba", ...
    std::string cpuSetServer;
    std::string cpuSetClient;
    std::optional<bool> latencyCorrected; // coordinated-omission corrected?
    std::map<std::string, std::string> extra;

    bool operator==(const Conditions &o) const
    {
        return mode == o.mode && connections == o.connections && warmupSeconds == o.warmupSeconds
            && durationSeconds == o.durationSeconds && rate == o.rate && repetitions == o.repetitions
            && runOrder == o.runOrder && cpuSetServer == o.cpuSetServer
            && cpuSetClient == o.cpuSetClient && latencyCorrected == o.latencyCorrected
            && extra == o.extra;
    }
};

struct Provenance {
    Machine machine;
    std::vector<ToolVersion> tools;
    Conditions conditions;
    std::map<std::string, std::string> sourceHashes;
    std::vector<std::string> caveats;
    std::string source; // where the numbers come from: a URL, a page, "benchscope-run"

    bool operator==(const Provenance &o) const
    {
        return machine == o.machine && tools == o.tools && conditions == o.conditions
            && sourceHashes == o.sourceHashes && caveats == o.caveats && source == o.source;
    }
};

} // namespace bs
