#include "wrkdonejson.h"

#include "compactjsonparser.h"
#include "jsonaccess.h"

#include <cstdlib>
#include <optional>
#include <regex>

namespace bs {

using J = JsonAccess;
using json = nlohmann::json;

namespace {

// "p99.9" or "p99_9" → 99.9; -1 for any other key.
double percentileOfKey(std::string key)
{
    if (key.size() < 2 || key[0] != 'p')
        return -1;
    for (char &c : key)
        c = c == '_' ? '.' : c;
    char *end = nullptr;
    const double p = std::strtod(key.c_str() + 1, &end);
    return *end || p < 0 || p > 100 ? -1 : p;
}

} // namespace

bool WrkDoneJson::hasShape(const json &v)
{
    return J::hasAll(v, {"latency", "requests", "bytes", "duration", "errors"}) && v["latency"].is_object()
        && v["latency"].contains("stdev");
}

std::size_t WrkDoneJson::start(const std::string &text)
{
    static const std::regex re(R"((^|\n)\$?\s*\{\s*")");
    std::size_t at = std::string::npos;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
        at = text.find('{', std::size_t(it->position()));
    return at;
}

json WrkDoneJson::parse(const std::string &text, std::size_t start, std::string &base)
{
    base = "$ (done() JSON at " + CompactJsonParser::placeOfByte(text, start) + ")";
    // Blanked up to the JSON, so that an error's line and column are the file's.
    std::string blanked = text;
    for (std::size_t i = 0; i < start && i < blanked.size(); ++i)
        if (blanked[i] != '\n')
            blanked[i] = ' ';
    LoadError e;
    std::optional<CompactJsonParser::Document> parsed = CompactJsonParser::parse(blanked, std::string(), e, false);
    if (!parsed)
        throw ImportFailure{e.place.rfind('$', 0) == 0 ? base + e.place.substr(1) : e.place,
                            "the done() JSON is not valid: " + e.message};
    checkShape(parsed->root, base);
    return std::move(parsed->root);
}

void WrkDoneJson::checkShape(const json &root, const std::string &base)
{
    if (!hasShape(J::object(root, base)))
        throw ImportFailure{base, "expected the keys latency {min, max, mean, stdev}, requests, bytes, duration "
                                  "and errors (the-benchmarker's wrk-report.lua); other done() scripts use "
                                  "their own keys and units"};
}

void WrkDoneJson::read(CaptureBuilder &b, Repetition &rep, const json &root, const std::string &base)
{
    std::string unread;
    const std::string lp = base + ".latency";
    const json &lat = root["latency"];
    const double us = 1e-6;
    for (const auto &[key, v] : lat.items()) {
        const double p = percentileOfKey(key);
        if (key == "min" || key == "max" || key == "mean" || key == "stdev")
            b.set(rep, "latency_" + key, J::number(v, lp + "." + key) * us);
        else if (p >= 0)
            b.set(rep, CaptureBuilder::percentileId("latency", p), J::number(v, lp + "." + key) * us);
        else
            unread += (unread.empty() ? "" : ", ") + std::string("latency.") + key;
    }
    const double requests = J::numberAt(root, "requests", base);
    const double duration = J::numberAt(root, "duration", base) * us;
    if (duration <= 0)
        throw ImportFailure{base + ".duration", "expected a positive duration in microseconds"};
    b.set(rep, "requests", requests);
    b.set(rep, "bytes", J::numberAt(root, "bytes", base));
    b.set(rep, "rps", requests / duration);
    b.set(rep, "transfer_rate", J::numberAt(root, "bytes", base) / duration);
    b.provenance().conditions.durationSeconds = duration;
    const std::string ep = base + ".errors";
    for (const auto &[kind, v] : J::object(root["errors"], ep).items())
        rep.errors[kind == "status" ? "non-2xx/3xx" : kind] = std::uint64_t(J::number(v, ep + "." + kind));
    for (const auto &[key, v] : root.items())
        if (key != "latency" && key != "requests" && key != "bytes" && key != "duration" && key != "errors")
            unread += (unread.empty() ? "" : ", ") + key;
    b.caveat("values come from a wrk Lua done() script: whole microseconds, mean and stdev truncated");
    if (!unread.empty())
        b.caveat("keys of the done() JSON not read (no known meaning or unit): " + unread);
}

} // namespace bs
