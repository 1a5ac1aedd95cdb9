#include "wrkdonejson.h"

#include "compactjsonparser.h"
#include "jsonnode.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace bs {

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
    return JsonNode(v).hasAll({"latency", "requests", "bytes", "duration", "errors"}) && v["latency"].is_object()
        && v["latency"].contains("stdev");
}

std::size_t WrkDoneJson::start(const std::string &text)
{
    // A line start, an optional '$', white space (newlines too), '{', white
    // space and '"'. The lines inside a run of white space end at the same
    // place, so the scan goes on after it: linear in the text.
    const auto skipSpace = [&](std::size_t i) {
        const auto at = text.find_first_not_of(" \t\r\n\f\v", i);
        return at == std::string::npos ? text.size() : at;
    };
    std::size_t found = std::string::npos;
    for (std::size_t line = 0; line < text.size();) {
        const std::size_t brace = skipSpace(line + (text[line] == '$' ? 1 : 0));
        if (brace < text.size() && text[brace] == '{') {
            const std::size_t quote = skipSpace(brace + 1);
            if (quote < text.size() && text[quote] == '"')
                found = brace;
        }
        const auto next = text.find('\n', std::max(brace, line + 1) - 1);
        if (next == std::string::npos)
            break;
        line = next + 1;
    }
    return found;
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
        throw InputFailure{e.place.rfind('$', 0) == 0 ? base + e.place.substr(1) : e.place,
                            "the done() JSON is not valid: " + e.message};
    return std::move(parsed->root);
}

void WrkDoneJson::checkShape(const json &root, const std::string &base)
{
    if (!hasShape(JsonNode(root, base).object().value()))
        throw InputFailure{base, "expected the keys latency {min, max, mean, stdev}, requests, bytes, duration "
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
            b.set(rep, "latency_" + key, JsonNode(v, lp + "." + key).number() * us);
        else if (p >= 0)
            b.set(rep, CaptureBuilder::percentileId("latency", p), JsonNode(v, lp + "." + key).number() * us);
        else
            unread += (unread.empty() ? "" : ", ") + std::string("latency.") + key;
    }
    const double requests = JsonNode(root, base).number("requests");
    const double duration = JsonNode(root, base).number("duration") * us;
    if (duration <= 0)
        throw InputFailure{base + ".duration", "expected a positive duration in microseconds"};
    b.set(rep, "requests", requests);
    b.set(rep, "bytes", JsonNode(root, base).number("bytes"));
    b.set(rep, "rps", requests / duration);
    b.set(rep, "transfer_rate", JsonNode(root, base).number("bytes") / duration);
    b.provenance().conditions.durationSeconds = duration;
    const std::string ep = base + ".errors";
    for (const auto &[kind, v] : JsonNode(root["errors"], ep).object().value().items())
        rep.errors[kind == "status" ? "non-2xx/3xx" : kind] = std::uint64_t(JsonNode(v, ep + "." + kind).number());
    for (const auto &[key, v] : root.items())
        if (key != "latency" && key != "requests" && key != "bytes" && key != "duration" && key != "errors")
            unread += (unread.empty() ? "" : ", ") + key;
    b.caveat("values come from a wrk Lua done() script: whole microseconds, mean and stdev truncated");
    if (!unread.empty())
        b.caveat("keys of the done() JSON not read (no known meaning or unit): " + unread);
}

} // namespace bs
