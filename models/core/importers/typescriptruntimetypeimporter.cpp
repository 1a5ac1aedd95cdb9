#include "typescriptruntimetypeimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"

#include <regex>

namespace bs {

using json = nlohmann::json;

namespace {

bool isLegacy(const json &root) { return JsonNode(root).hasAll({"name", "results", "fastest"}); }

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
    const json &root = *in.json;
    const bool legacy = isLegacy(root);
    CaptureBuilder b(in, "typescript-runtime-type-benchmarks", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.caveat("ops/s ± margin is a relative margin of error in percent, not a range");
    b.defineMetric("ops", "Operations/s", "ops/s", Direction::HigherIsBetter);
    b.defineMetric("margin", "± margin", "%", Direction::LowerIsBetter,
                   "relative margin of error of ops/s, in percent (not a range)");
    b.setPrimary("ops");

    std::string runtime;
    const std::string rp = in.at(".results");
    const json &results = JsonNode(root["results"], rp).array().value();
    if (legacy) {
        const std::string caseName = JsonNode(root, in.jsonPath).string("name");
        b.capture().capturedAt = JsonNode(root, in.jsonPath).optString("date");
        b.tool().name = "benny";
        b.tool().version = JsonNode(root, in.jsonPath).optString("version");
        b.defineMetric("percent_slower", "% slower than fastest", "%", Direction::LowerIsBetter);
        // The node version is only in the file name: results/assertLoose-v14.15.4.json.
        static const std::regex version(R"(-(v\d+\.\d+\.\d+)\.json)");
        std::smatch m;
        if (std::regex_search(in.path, m, version))
            runtime = "node " + m[1].str();
        const std::string cs = b.caseId(caseName);
        for (std::size_t i = 0; i < results.size(); ++i) {
            const std::string p = rp + "[" + std::to_string(i) + "]";
            const json &r = JsonNode(results[i], p).object().value();
            Repetition &rep = b.addRepetition(b.participant(JsonNode(r, p).string("name")), cs);
            b.set(rep, "ops", JsonNode(r, p).number("ops"));
            b.set(rep, "margin", JsonNode(r, p).number("margin"));
            b.set(rep, "percent_slower", JsonNode(r, p).optNumber("percentSlower"));
        }
    } else {
        for (std::size_t i = 0; i < results.size(); ++i) {
            const std::string p = rp + "[" + std::to_string(i) + "]";
            const json &r = JsonNode(results[i], p).object().value();
            const std::string part = b.participant(JsonNode(r, p).string("name"));
            const std::string cs = b.caseId(JsonNode(r, p).string("benchmark"));
            Result &res = b.result(part, cs);
            if (!res.repetitions.empty())
                throw InputFailure{p, "a second result for library \"" + JsonNode(r, p).string("name")
                                           + "\" and benchmark \"" + JsonNode(r, p).string("benchmark") + "\""};
            Repetition &rep = b.addRepetition(part, cs);
            b.set(rep, "ops", JsonNode(r, p).number("ops"));
            b.set(rep, "margin", JsonNode(r, p).number("margin"));
            const std::string rt = JsonNode(r, p).optString("runtime");
            const std::string rv = JsonNode(r, p).optString("runtimeVersion");
            if (runtime.empty() && !rv.empty())
                runtime = (rt.empty() ? "node" : rt) + " " + rv;
        }
    }
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
