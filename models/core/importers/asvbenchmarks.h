#pragma once

#include <map>
#include <string>

namespace bs {

class CaptureBuilder;

// What a benchmark of asv measures, as a metric: its id, label, unit and the
// statistic one of asv's values is.
struct AsvKind {
    std::string id;
    std::string label;
    std::string unit;
    std::string statistic;
};

// asv's results/benchmarks.json (the kind and unit of each benchmark), read
// beside a results file (results/<machine>/<commit>-<env>.json), or the
// kinds asv gives by name (time_, mem_, peakmem_, track_) without it.
class AsvBenchmarks {
public:
    // Reads results/benchmarks.json two folders up from `resultsFile`, when
    // there; its errors name it. Hashed into the capture's source hashes.
    static AsvBenchmarks read(const std::string &resultsFile, CaptureBuilder &b);

    bool found() const { return m_found; }
    // The kind of benchmark `name`; nullopt-like empty id when neither
    // benchmarks.json nor the name tells it.
    AsvKind kindOf(const std::string &name) const;

private:
    bool m_found = false;
    std::map<std::string, std::pair<std::string, std::string>> m_types; // name → type, unit
};

} // namespace bs
