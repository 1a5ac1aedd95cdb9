#include "vegetaimporter.h"

#include "capturebuilder.h"
#include "compactjsonparser.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "jsonnode.h"
#include "loadtext.h"
#include "requestlog.h"

#include <cmath>

namespace bs {

namespace {

bool isReport(const nlohmann::json &doc)
{
    const JsonNode root(doc);
    return root.hasAll({"latencies", "requests", "throughput"}) && JsonNode(doc["latencies"]).has("50th");
}

bool isResult(const nlohmann::json &doc) { return JsonNode(doc).hasAll({"latency", "code", "timestamp"}); }

// The first line of the text is one encoded result (the whole text is not one JSON document).
bool startsWithResult(const std::string &text)
{
    const std::string first = text.substr(0, text.find('\n'));
    return first.rfind("{", 0) == 0 && first.find("\"latency\":") != std::string::npos
        && first.find("\"code\":") != std::string::npos && first.find("\"timestamp\":") != std::string::npos;
}

void defineRates(CaptureBuilder &b)
{
    b.defineMetric("sent_rate", "Requests sent/s", "req/s", Direction::HigherIsBetter,
                   "vegeta's rate: requests sent per second over the attack");
    b.defineMetric("bytes_out", "Body bytes sent", "B", Direction::HigherIsBetter, "request bodies sent over the run");
}

// Status codes: 0 is a request without a response; 400 and above are errors.
std::uint64_t statusCodes(Repetition &rep, const JsonNode &codes)
{
    std::uint64_t responses = 0;
    std::map<int, std::uint64_t> statuses;
    for (const auto &[code, n] : codes.members()) {
        char *end = nullptr;
        const long status = std::strtol(code.c_str(), &end, 10);
        if (code.empty() || *end || status < 0 || status > 999)
            n.fail("expected an HTTP status code as the key");
        const auto count = std::uint64_t(n.integer(0, 1LL << 53));
        if (status == 0)
            rep.errors["no response"] += count;
        else
            responses += count;
        statuses[int(status)] += count;
    }
    LoadText::statusErrors(rep, statuses);
    return responses;
}

// Nanoseconds; older vegeta versions write no min or 90th.
void reportLatencies(CaptureBuilder &b, Repetition &rep, const JsonNode &lat)
{
    auto ns = [&](const char *key) -> std::optional<double> {
        const auto v = lat.optNumber(key);
        return v ? std::optional<double>(*v * 1e-9) : std::nullopt;
    };
    b.set(rep, "latency_mean", ns("mean"));
    b.set(rep, "latency_min", ns("min"));
    b.set(rep, "latency_max", ns("max"));
    for (const auto &[key, p] : {std::pair{"50th", 50}, {"90th", 90}, {"95th", 95}, {"99th", 99}})
        b.set(rep, CaptureBuilder::percentileId("latency", p), ns(key));
}

void readVegetaReport(CaptureBuilder &b, const ImportInput &in)
{
    const JsonNode root(*in.json, in.jsonPath);
    const std::string part = b.participant("vegeta"), cs = b.caseId("run");
    Repetition &rep = b.addRepetition(part, cs);
    reportLatencies(b, rep, root.member("latencies").object());
    if (const auto in = root.optMember("bytes_in"))
        LoadText::setBodyBytes(b, rep, in->object().number("total"));
    defineRates(b);
    if (const auto out = root.optMember("bytes_out"))
        b.set(rep, "bytes_out", out->object().number("total"));
    b.set(rep, "requests", double(root.integer("requests", 0, 1LL << 53)));
    b.set(rep, "rps", root.number("throughput"));
    b.set(rep, "sent_rate", root.optNumber("rate"));
    b.set(rep, "success_rate", root.optNumber("success"));
    b.setPrimary("rps");
    rep.startedAt = root.optString("earliest");

    Conditions &k = b.provenance().conditions;
    if (const auto d = root.optNumber("duration"))
        k.durationSeconds = *d * 1e-9;
    if (const auto w = root.optNumber("wait"))
        k.extra["wait_s"] = std::to_string(*w * 1e-9);
    const std::uint64_t responses = statusCodes(rep, root.member("status_codes").object());
    FailureShare::applyToRequests(b.result(part, cs), rep.errors, responses);
    const std::vector<std::string> errors = root.optStrings("errors");
    for (std::size_t i = 0; i < errors.size() && i < 3; ++i)
        b.caveat("vegeta error: " + errors[i]);
    b.caveat("requests/s is vegeta's throughput: successful requests per second over the attack and the wait for "
             "the last responses; vegeta's rate (sent per second) is sent_rate");
    b.caveat("vegeta's latencies cover every request, failed ones included; the report names no URL "
             "(participant \"vegeta\", case \"run\")");
}

// One URL's results.
struct Target {
    RequestLog log;
    double bytesIn = 0;
    std::string firstTimestamp;
};

nlohmann::json parseLine(const TextLine &line, const std::string &path)
{
    LoadError e;
    auto doc = CompactJsonParser::parse(line.text, path, e, false);
    if (!doc)
        throw InputFailure{line.place() + ", " + e.place, "not valid JSON: " + e.message};
    return std::move(doc->root);
}

void addResult(Target &t, const JsonNode &row)
{
    const auto code = int(row.integer("code", 0, 999));
    const std::string error = row.optString("error");
    t.log.latency.record(std::uint64_t(row.integer("latency", 0, 1LL << 62)));
    t.bytesIn += double(row.optInteger("bytes_in", 0, 1LL << 53).value_or(0));
    if (t.firstTimestamp.empty())
        t.firstTimestamp = row.string("timestamp");
    if (code == 0) {
        const auto colon = error.rfind(": ");
        t.log.unanswered[error.empty() ? "no response" : colon == std::string::npos ? error : error.substr(colon + 2)] += 1;
    } else {
        ++t.log.statuses[code];
    }
}

void readResults(CaptureBuilder &b, const ImportInput &in)
{
    std::map<std::string, Target> targets; // by URL
    std::vector<std::string> order;
    for (const TextLine &line : LoadText::lines(in.text)) {
        if (line.text.find_first_not_of(" \t") == std::string::npos)
            continue;
        const nlohmann::json doc = parseLine(line, in.path);
        const JsonNode row(doc, line.place() + ": $");
        const std::string url = row.object().optString("url");
        if (!targets.count(url))
            order.push_back(url);
        addResult(targets[url], row);
    }
    for (const std::string &url : order) {
        Target &t = targets[url];
        const auto [host, path] = LoadText::hostAndPath(url, "vegeta");
        const std::string part = b.participant(host), cs = b.caseId(path);
        Repetition &rep = t.log.addTo(b, b.result(part, cs));
        rep.startedAt = t.firstTimestamp;
        LoadText::setBodyBytes(b, rep, t.bytesIn);
    }
    b.setPrimary("latency_p50");
    b.caveat("vegeta encode: latencies cover every request, failed ones included; requests/s is not derived from "
             "the timestamps");
}

} // namespace

bool VegetaImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return in.json->is_object() && (isReport(*in.json) || isResult(*in.json));
    return startsWithResult(in.text);
}

Capture VegetaImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "vegeta", "load-generator");
    Conditions &k = b.provenance().conditions;
    k.mode = "fixed-rate";
    k.latencyCorrected = false;
    b.caveat("vegeta runs an open loop at -rate: requests are sent on schedule whether or not earlier ones were "
             "answered, so a slow server shows as latency rather than as fewer requests; latency is measured from "
             "each request's actual send and is not coordinated-omission corrected; the file names no vegeta version");
    if (in.json && isReport(*in.json))
        readVegetaReport(b, in);
    else
        readResults(b, in);
    return b.finish();
}

} // namespace bs
