#include "typescriptruntimetypeimporter.h"

#include "capturebuilder.h"
#include "jsonaccess.h"

#include <regex>

namespace bs {

using J = JsonAccess;
using json = nlohmann::json;

namespace {

bool isLegacy(const json &root) { return J::hasAll(root, {"name", "results", "fastest"}); }

} // namespace

bool TypescriptRuntimeTypeImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const json *results = J::optMember(*in.json, "results");
    if (!results || !results->is_array() || results->empty())
        return false;
    const json &first = results->front();
    return isLegacy(*in.json) ? J::hasAll(first, {"name", "ops", "margin"})
                              : J::hasAll(first, {"benchmark", "name", "ops", "margin"});
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
    const json &results = J::array(root["results"], rp);
    if (legacy) {
        const std::string caseName = J::stringAt(root, "name", in.jsonPath);
        b.capture().capturedAt = J::optString(root, "date", in.jsonPath);
        b.tool().name = "benny";
        b.tool().version = J::optString(root, "version", in.jsonPath);
        b.defineMetric("percent_slower", "% slower than fastest", "%", Direction::LowerIsBetter);
        // The node version is only in the file name: results/assertLoose-v14.15.4.json.
        static const std::regex version(R"(-(v\d+\.\d+\.\d+)\.json)");
        std::smatch m;
        if (std::regex_search(in.path, m, version))
            runtime = "node " + m[1].str();
        const std::string cs = b.caseId(caseName);
        for (std::size_t i = 0; i < results.size(); ++i) {
            const std::string p = rp + "[" + std::to_string(i) + "]";
            const json &r = J::object(results[i], p);
            Repetition &rep = b.addRepetition(b.participant(J::stringAt(r, "name", p)), cs);
            b.set(rep, "ops", J::numberAt(r, "ops", p));
            b.set(rep, "margin", J::numberAt(r, "margin", p));
            b.set(rep, "percent_slower", J::optNumber(r, "percentSlower", p));
        }
    } else {
        for (std::size_t i = 0; i < results.size(); ++i) {
            const std::string p = rp + "[" + std::to_string(i) + "]";
            const json &r = J::object(results[i], p);
            const std::string part = b.participant(J::stringAt(r, "name", p));
            const std::string cs = b.caseId(J::stringAt(r, "benchmark", p));
            Result &res = b.result(part, cs);
            if (!res.repetitions.empty())
                throw ImportFailure{p, "a second result for library \"" + J::stringAt(r, "name", p)
                                           + "\" and benchmark \"" + J::stringAt(r, "benchmark", p) + "\""};
            Repetition &rep = b.addRepetition(part, cs);
            b.set(rep, "ops", J::numberAt(r, "ops", p));
            b.set(rep, "margin", J::numberAt(r, "margin", p));
            const std::string rt = J::optString(r, "runtime", p);
            const std::string rv = J::optString(r, "runtimeVersion", p);
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
