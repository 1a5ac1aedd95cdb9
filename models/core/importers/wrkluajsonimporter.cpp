#include "wrkluajsonimporter.h"

#include "capturebuilder.h"
#include "compactjsonparser.h"
#include "jsonaccess.h"

#include <regex>

namespace bs {

using J = JsonAccess;
using json = nlohmann::json;

namespace {

bool hasShape(const json &v)
{
    return J::hasAll(v, {"latency", "requests", "bytes", "duration", "errors"}) && v["latency"].is_object()
        && v["latency"].contains("stdev");
}

// Offset of the JSON object after the last "$" that is followed by "{".
std::size_t jsonStart(const std::string &text)
{
    static const std::regex re(R"(\$\s*\{)");
    std::size_t start = std::string::npos;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
        start = std::size_t(it->position()) + 1;
    return start;
}

} // namespace

bool WrkLuaJsonImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return hasShape(*in.json);
    return jsonStart(in.text) != std::string::npos && in.text.find("\"latency\"") != std::string::npos;
}

Capture WrkLuaJsonImporter::import(const ImportInput &in) const
{
    std::optional<CompactJsonParser::Document> parsed;
    const json *doc = in.json;
    std::string base = in.jsonPath;
    if (!doc) {
        const std::size_t start = jsonStart(in.text);
        base = "$ (JSON after \"$\" at " + CompactJsonParser::placeOfByte(in.text, start) + ")";
        // Blanked up to the JSON, so that an error's line and column are the file's.
        std::string json = in.text;
        for (std::size_t i = 0; i < start; ++i)
            if (json[i] != '\n')
                json[i] = ' ';
        LoadError e;
        parsed = CompactJsonParser::parse(json, in.path, e, false);
        if (!parsed)
            throw ImportFailure{e.place.rfind('$', 0) == 0 ? base + e.place.substr(1) : e.place,
                                "the JSON after \"$\": " + e.message};
        doc = &parsed->root;
    }
    const json &root = J::object(*doc, base);
    if (!hasShape(root))
        throw ImportFailure{base, "expected the keys latency {min, max, mean, stdev}, requests, bytes, duration "
                                  "and errors (the-benchmarker's wrk-report.lua); other done() scripts use "
                                  "their own keys and units"};

    CaptureBuilder b(in, "wrk", "load-generator");
    Conditions &k = b.provenance().conditions;
    k.mode = "saturation";
    k.latencyCorrected = false;
    b.caveat("latency is not coordinated-omission corrected (wrk runs a closed loop)");
    b.caveat("values come from a wrk Lua done() script: whole microseconds, mean and stdev truncated");

    const std::string part = b.participant("wrk");
    const std::string cs = b.caseId("run");
    Repetition &rep = b.addRepetition(part, cs);
    const std::string lp = base + ".latency";
    const json &lat = root["latency"];
    const double us = 1e-6;
    b.set(rep, "latency_min", J::numberAt(lat, "min", lp) * us);
    b.set(rep, "latency_max", J::numberAt(lat, "max", lp) * us);
    b.set(rep, "latency_mean", J::numberAt(lat, "mean", lp) * us);
    b.set(rep, "latency_stdev", J::numberAt(lat, "stdev", lp) * us);
    const double requests = J::numberAt(root, "requests", base);
    const double duration = J::numberAt(root, "duration", base) * us;
    b.set(rep, "requests", requests);
    b.set(rep, "bytes", J::numberAt(root, "bytes", base));
    if (duration <= 0)
        throw ImportFailure{base + ".duration", "expected a positive duration in microseconds"};
    k.durationSeconds = duration;
    b.set(rep, "rps", requests / duration);
    b.set(rep, "transfer_rate", J::numberAt(root, "bytes", base) / duration);
    const std::string ep = base + ".errors";
    for (const auto &[kind, v] : J::object(root["errors"], ep).items())
        rep.errors[kind == "status" ? "non-2xx/3xx" : kind] = std::uint64_t(J::number(v, ep + "." + kind));
    b.setPrimary("rps");
    return b.finish();
}

} // namespace bs
