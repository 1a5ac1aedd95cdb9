#include "typescriptruntimetypeimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"

#include <cctype>

namespace bs {

using json = nlohmann::json;

namespace {

bool isLegacy(const json &root) { return JsonNode(root).hasAll({"name", "results", "fastest"}); }

// benny's files: one case per file, a result per library; returns the runtime.
std::string readLegacy(CaptureBuilder &b, const ImportInput &in, const JsonNode &root)
{
    b.capture().capturedAt = root.optString("date");
    b.tool().name = "benny";
    b.tool().version = root.optString("version");
    b.defineMetric("percent_slower", "% slower than fastest", "%", Direction::LowerIsBetter);
    const std::string cs = b.caseId(root.string("name"));
    for (const JsonNode &r : root.member("results").elements()) {
        Repetition &rep = b.addRepetition(b.participant(r.object().string("name")), cs);
        b.set(rep, "ops", r.number("ops"));
        b.set(rep, "margin", r.number("margin"));
        b.set(rep, "percent_slower", r.optNumber("percentSlower"));
    }
    // The node version is only in the file name: results/assertLoose-v14.15.4.json.
    for (auto at = in.path.find("-v"); at != std::string::npos; at = in.path.find("-v", at + 1)) {
        std::size_t end = at + 2;
        int parts = 0;
        for (; parts < 3; ++parts) {
            const std::size_t from = end;
            while (end < in.path.size() && std::isdigit(static_cast<unsigned char>(in.path[end])))
                ++end;
            if (end == from || (parts < 2 && (end >= in.path.size() || in.path[end++] != '.')))
                break;
        }
        if (parts == 3 && in.path.compare(end, 5, ".json") == 0)
            return "node " + in.path.substr(at + 1, end - at - 1);
    }
    return {};
}

// The current layout: a result per library and benchmark; returns the runtime.
std::string readResults(CaptureBuilder &b, const JsonNode &results)
{
    std::string runtime;
    for (const JsonNode &r : results.elements()) {
        const std::string name = r.object().string("name"), benchmark = r.string("benchmark");
        const std::string part = b.participant(name);
        const std::string cs = b.caseId(benchmark);
        if (!b.result(part, cs).repetitions.empty())
            r.fail("a second result for library \"" + name + "\" and benchmark \"" + benchmark + "\"");
        Repetition &rep = b.addRepetition(part, cs);
        b.set(rep, "ops", r.number("ops"));
        b.set(rep, "margin", r.number("margin"));
        const std::string rt = r.optString("runtime");
        const std::string rv = r.optString("runtimeVersion");
        if (runtime.empty() && !rv.empty())
            runtime = (rt.empty() ? "node" : rt) + " " + rv;
    }
    return runtime;
}

} // namespace

bool TypescriptRuntimeTypeImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const auto results = in.json->find("results");
    if (results == in.json->end() || !results->is_array() || results->empty())
        return false;
    const json &first = results->front();
    return isLegacy(*in.json) ? JsonNode(first).hasAll({"name", "ops", "margin"})
                              : JsonNode(first).hasAll({"benchmark", "name", "ops", "margin"});
}

Capture TypescriptRuntimeTypeImporter::import(const ImportInput &in) const
{
    const JsonNode root(*in.json, in.jsonPath);
    CaptureBuilder b(in, "typescript-runtime-type-benchmarks", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.caveat("ops/s ± margin is a relative margin of error in percent, not a range");
    b.defineMetric("ops", "Operations/s", "ops/s", Direction::HigherIsBetter);
    b.defineMetric("margin", "± margin", "%", Direction::LowerIsBetter,
                   "relative margin of error of ops/s, in percent (not a range)");
    b.setPrimary("ops");
    const std::string runtime = isLegacy(*in.json) ? readLegacy(b, in, root) : readResults(b, root.member("results"));
    if (!runtime.empty()) {
        const auto space = runtime.find(' ');
        b.provenance().tools.push_back({runtime.substr(0, space), runtime.substr(space + 1), "runtime"});
        for (Participant &p : b.capture().participants)
            p.runtime = runtime;
    }
    // The project's pages show a dash where a library has no result: it does not support that benchmark.
    b.fillMissing("this library does not support this benchmark (no result; the results page shows a dash)",
                  ResultStatus::Unsupported);
    return b.finish();
}

} // namespace bs
