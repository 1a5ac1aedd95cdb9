#include "hyperfineimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonnode.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace bs {

using json = nlohmann::json;

namespace {

bool isTokenChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_'; }

} // namespace

bool HyperfineImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object() || in.json->size() != 1)
        return false;
    const auto results = in.json->find("results");
    return results != in.json->end() && results->is_array() && !results->empty()
        && JsonNode(results->front()).hasAll({"command", "mean"});
}

Capture HyperfineImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "hyperfine", "benchmark-harness");
    b.caveat("hyperfine's JSON records no hyperfine version, date or host");
    b.caveat("user and system CPU times are hyperfine's means over all runs: stored once per result (n = 1)");
    b.provenance().conditions.mode = "command";
    b.defineMetric("wall_time", "Wall time", "s", Direction::LowerIsBetter, "wall-clock time of one run");
    b.defineMetric("user_time", "User CPU (mean)", "s", Direction::LowerIsBetter, "mean user CPU time over all runs");
    b.defineMetric("system_time", "System CPU (mean)", "s", Direction::LowerIsBetter, "mean system CPU time over all runs");
    b.setPrimary("wall_time");

    const std::string rp = in.at(".results");
    const json &results = JsonNode(JsonNode(*in.json, in.jsonPath).member("results").value(), rp).array().value();
    std::size_t runs = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const std::string p = rp + "[" + std::to_string(i) + "]";
        const json &r = JsonNode(results[i], p).object().value();
        std::string command = JsonNode(r, p).string("command");
        std::string caseLabel = "command";
        if (const auto params = JsonNode(r, p).optMember("parameters")) {
            caseLabel.clear();
            for (const auto &[name, v] : (*params).object().value().items()) {
                const std::string value = JsonNode(v, p + ".parameters." + name).string();
                caseLabel += (caseLabel.empty() ? "" : ", ") + name + "=" + value;
                // Put the placeholder back (whole tokens only) so that every value set
                // shares one participant.
                for (auto at = command.find(value); !value.empty() && at != std::string::npos;) {
                    const auto end = at + value.size();
                    if ((at == 0 || !isTokenChar(command[at - 1])) && (end == command.size() || !isTokenChar(command[end]))) {
                        command.replace(at, value.size(), "{" + name + "}");
                        at += name.size() + 2;
                    } else {
                        ++at;
                    }
                    at = command.find(value, at);
                }
            }
        }
        const std::string part = b.participant(command);
        const std::string cs = b.caseId(caseLabel);
        const double user = JsonNode(r, p).number("user");
        const double system = JsonNode(r, p).number("system");

        std::vector<double> times;
        if (const auto t = JsonNode(r, p).optMember("times")) {
            for (const JsonNode &time : t->elements())
                times.push_back(time.number());
        } else {
            times.push_back(JsonNode(r, p).number("mean"));
            b.caveat("a result has no per-run times; its mean is imported as one repetition");
        }
        const auto memory = JsonNode(r, p).optMember("memory_usage_byte");
        const auto exits = JsonNode(r, p).optMember("exit_codes");
        b.setOnce(part, cs, "user_time", user);
        b.setOnce(part, cs, "system_time", system);
        if (!exits)
            b.caveat("a result has no exit_codes (hyperfine before 1.12): failed runs cannot be told apart");
        std::uint64_t failed = 0;
        std::map<std::string, std::uint64_t> kinds;
        const std::vector<JsonNode> memories = memory ? memory->elements() : std::vector<JsonNode>();
    const std::vector<JsonNode> codes = exits ? exits->elements() : std::vector<JsonNode>();
    for (std::size_t k = 0; k < times.size(); ++k) {
            Repetition &rep = b.addRepetition(part, cs);
            b.set(rep, "wall_time", times[k]);
            if (k < memories.size()) {
                b.defineMetric("peak_memory", "Peak memory", "B", Direction::LowerIsBetter, "peak resident memory of the run");
                b.set(rep, "peak_memory", memories[k].number());
            }
            if (k < codes.size()) {
                const json &code = codes[k].value();
                std::string kind;
                if (code.is_null()) {
                    rep.flags.push_back("killed-by-signal");
                    kind = "killed by signal";
                } else if (const double c = codes[k].number(); c != 0) {
                    kind = "exit code " + std::to_string(long(c));
                }
                if (!kind.empty()) {
                    rep.errors[kind] = 1;
                    ++kinds[kind];
                    ++failed;
                }
            }
        }
        // hyperfine -i times a failing command as readily as a working one.
        FailureShare::apply(b.result(part, cs), failed, times.size(), "runs",
                            "failed (" + FailureShare::kinds(kinds) + ")");
        runs = std::max(runs, times.size());
    }
    b.provenance().conditions.repetitions = int(runs);
    b.fillMissing("not run with this parameter set");
    return b.finish();
}

} // namespace bs
