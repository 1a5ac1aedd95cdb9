#include "hyperfineimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonaccess.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace bs {

using J = JsonAccess;
using json = nlohmann::json;

namespace {

bool isTokenChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_'; }

} // namespace

bool HyperfineImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object() || in.json->size() != 1)
        return false;
    const json *results = J::optMember(*in.json, "results");
    return results && results->is_array() && !results->empty()
        && J::hasAll(results->front(), {"command", "mean"});
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
    const json &results = J::array(J::member(*in.json, "results", in.jsonPath), rp);
    std::size_t runs = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const std::string p = rp + "[" + std::to_string(i) + "]";
        const json &r = J::object(results[i], p);
        std::string command = J::stringAt(r, "command", p);
        std::string caseLabel = "command";
        if (const json *params = J::optMember(r, "parameters")) {
            caseLabel.clear();
            for (const auto &[name, v] : J::object(*params, p + ".parameters").items()) {
                const std::string value = J::string(v, p + ".parameters." + name);
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
        const double user = J::numberAt(r, "user", p);
        const double system = J::numberAt(r, "system", p);

        std::vector<double> times;
        if (const json *t = J::optMember(r, "times")) {
            for (std::size_t k = 0; k < J::array(*t, p + ".times").size(); ++k)
                times.push_back(J::number((*t)[k], p + ".times[" + std::to_string(k) + "]"));
        } else {
            times.push_back(J::numberAt(r, "mean", p));
            b.caveat("a result has no per-run times; its mean is imported as one repetition");
        }
        const json *memory = J::optMember(r, "memory_usage_byte");
        const json *exits = J::optMember(r, "exit_codes");
        b.setOnce(part, cs, "user_time", user);
        b.setOnce(part, cs, "system_time", system);
        if (!exits)
            b.caveat("a result has no exit_codes (hyperfine before 1.12): failed runs cannot be told apart");
        std::uint64_t failed = 0;
        std::map<std::string, std::uint64_t> kinds;
        for (std::size_t k = 0; k < times.size(); ++k) {
            Repetition &rep = b.addRepetition(part, cs);
            b.set(rep, "wall_time", times[k]);
            const std::string kk = "[" + std::to_string(k) + "]";
            if (memory && k < J::array(*memory, p + ".memory_usage_byte").size()) {
                b.defineMetric("peak_memory", "Peak memory", "B", Direction::LowerIsBetter, "peak resident memory of the run");
                b.set(rep, "peak_memory", J::number((*memory)[k], p + ".memory_usage_byte" + kk));
            }
            if (exits && k < J::array(*exits, p + ".exit_codes").size()) {
                const json &code = (*exits)[k];
                std::string kind;
                if (code.is_null()) {
                    rep.flags.push_back("killed-by-signal");
                    kind = "killed by signal";
                } else if (const double c = J::number(code, p + ".exit_codes" + kk); c != 0) {
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
