#include "asvimporter.h"

#include "asvbenchmarks.h"
#include "besidefile.h"
#include "capturebuilder.h"
#include "compactjsonparser.h"
#include "jsonnode.h"
#include "nonfinitetokens.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace bs {

namespace {

using json = nlohmann::json;

// One benchmark of the file, in either version's layout.
struct AsvRow {
    std::string name;
    JsonNode where;
    std::optional<JsonNode> result;  // a value, an array of one per combination, or absent (failed)
    std::optional<JsonNode> params;  // [[values of param 1], …]
    std::optional<JsonNode> samples; // v2, with --record-samples: [[samples of combination 1], …]
    std::optional<double> startedAt; // ms since the epoch
    json marks;                      // the result as read with each bare NaN kept as "NaN" (null: none)
};

// asv writes null for a benchmark that failed and NaN for one skipped (by
// the suite, or a parameter combination not selected); the registry reads
// a bare NaN as null, so a file that had any is read again here with each
// NaN as the string "NaN", to tell the two apart. Null when it cannot be
// (a file wrapped in another document: all its nulls then stay untold).
std::optional<json> resultsWithNaN(const ImportInput &in)
{
    if (!in.nonFiniteValues)
        return json::object();
    if (in.jsonPath != "$")
        return std::nullopt;
    std::string text = in.text;
    NonFiniteTokens::replace(text, "\"NaN\"", "null");
    LoadError error;
    const auto doc = CompactJsonParser::parse(text, in.path, error, false);
    if (!doc || !doc->root.is_object() || !doc->root.contains("results"))
        return std::nullopt;
    return doc->root["results"];
}

// The result of `name` in `withNaN`: v2's column `at` of its row, v1's value or its "result".
json markedResult(const json &withNaN, const std::string &name, std::optional<std::size_t> at)
{
    const auto row = withNaN.find(name);
    if (row == withNaN.end())
        return nullptr;
    if (at)
        return row->is_array() && *at < row->size() ? (*row)[*at] : json();
    return row->is_object() ? row->value("result", json()) : *row;
}

// v2: each benchmark a row of the columns `result_columns` names; a row
// may stop before the last columns.
std::vector<AsvRow> rowsV2(const JsonNode &root, const json &withNaN)
{
    std::map<std::string, std::size_t> column;
    const std::vector<std::string> names = root.optStrings("result_columns");
    for (std::size_t i = 0; i < names.size(); ++i)
        column[names[i]] = i;
    if (!column.count("result"))
        root.fail("result_columns", "no \"result\" column");
    std::vector<AsvRow> rows;
    for (const auto &[name, row] : root.member("results").object().members()) {
        const std::vector<JsonNode> cells = row.array().elements();
        const auto cell = [&](const char *key) -> std::optional<JsonNode> {
            const auto it = column.find(key);
            if (it == column.end() || it->second >= cells.size() || cells[it->second].value().is_null())
                return std::nullopt;
            return cells[it->second];
        };
        const auto started = cell("started_at");
        rows.push_back({name, row, cell("result"), cell("params"), cell("samples"),
                        started ? std::optional<double>(started->number()) : std::nullopt,
                        markedResult(withNaN, name, column["result"])});
    }
    return rows;
}

// v1: a value, null, or {"params": …, "result": …}; the start times (since
// asv 0.2) in a map of their own.
std::vector<AsvRow> rowsV1(const JsonNode &root, const json &withNaN)
{
    const auto startedAt = root.optMember("started_at");
    std::vector<AsvRow> rows;
    for (const auto &[name, value] : root.member("results").object().members()) {
        const auto started = startedAt ? startedAt->object().optNumber(name) : std::nullopt;
        if (value.value().is_object())
            rows.push_back({name, value, value.optMember("result"), value.optMember("params"), value.optMember("samples"),
                            started, markedResult(withNaN, name, std::nullopt)});
        else
            rows.push_back({name, value, value.value().is_null() ? std::nullopt : std::optional<JsonNode>(value),
                            std::nullopt, std::nullopt, started, markedResult(withNaN, name, std::nullopt)});
    }
    return rows;
}

// The params of a row: each a non-empty list of values as asv prints them.
std::vector<std::vector<std::string>> paramsOf(const AsvRow &row)
{
    std::vector<std::vector<std::string>> params;
    if (!row.params)
        return params;
    for (const JsonNode &p : row.params->array().elements()) {
        std::vector<std::string> values;
        for (const JsonNode &v : p.array().elements())
            values.push_back(v.string());
        if (values.empty())
            p.fail("a parameter without values");
        params.push_back(values);
    }
    return params;
}

// The combination `k` of the cartesian product, the last param varying fastest.
std::string labelOf(const std::string &name, const std::vector<std::vector<std::string>> &params, std::size_t k)
{
    if (params.empty())
        return name;
    std::vector<std::string> chosen(params.size());
    for (std::size_t i = params.size(); i-- > 0;) {
        chosen[i] = params[i][k % params[i].size()];
        k /= params[i].size();
    }
    std::string label = name + "(";
    for (std::size_t i = 0; i < chosen.size(); ++i)
        label += (i ? ", " : "") + chosen[i];
    return label + ")";
}

// A parameter combination's value, or none: failed (null) or skipped (NaN).
struct AsvValue {
    std::optional<JsonNode> value;
    bool skipped = false;
};

bool isNaNMark(const json &mark) { return mark.is_string() && mark.get_ref<const std::string &>() == "NaN"; }

class AsvReader {
public:
    // `told`: whether a skip (NaN) can be told from a failure (null) in this file.
    // `minimum`: whether a timing value is the best of its repeats (asv before 0.3), not their median.
    AsvReader(CaptureBuilder &b, const AsvBenchmarks &benchmarks, const std::string &part, bool told, bool minimum)
        : m_b(b), m_benchmarks(benchmarks), m_part(part), m_told(told), m_minimum(minimum)
    {
    }

    void read(const AsvRow &row)
    {
        const AsvKind kind = m_benchmarks.kindOf(row.name);
        if (kind.id.empty())
            row.where.fail("a benchmark whose kind benchmarks.json does not give and its name does not tell "
                           "(time_, mem_, peakmem_, track_)");
        m_b.defineMetric(kind.id, kind.label, kind.unit, Direction::LowerIsBetter, "asv's value (" + kind.unit + ")");
        if (!kind.statistic.empty())
            m_b.setStatistic(kind.id, m_minimum && kind.statistic == "median" ? "min" : kind.statistic);
        const auto params = paramsOf(row);
        const std::vector<AsvValue> values = valuesOf(row, params);
        const std::vector<JsonNode> samples = row.samples ? row.samples->array().elements() : std::vector<JsonNode>{};
        if (!samples.empty() && samples.size() != values.size())
            row.samples->fail(std::to_string(samples.size()) + " sample lists for " + std::to_string(values.size())
                              + " parameter combinations");
        for (std::size_t k = 0; k < values.size(); ++k) {
            const std::string cs = m_b.caseId(labelOf(row.name, params, k), params.empty() ? std::string() : row.name);
            if (m_b.capture().result(m_part, cs))
                row.where.fail("the benchmark \"" + labelOf(row.name, params, k) + "\" a second time");
            if (!values[k].value) {
                noValue(m_b.result(m_part, cs), values[k].skipped);
                continue;
            }
            const std::optional<JsonNode> own = samples.empty() || samples[k].value().is_null()
                ? std::nullopt : std::optional<JsonNode>(samples[k]);
            own ? repetitions(*own, kind, cs) : m_b.setOnce(m_part, cs, kind.id, checked(*values[k].value, kind));
        }
        ++benchmarks;
    }

    std::size_t benchmarks = 0, failed = 0, skipped = 0, untold = 0, sampled = 0;

private:
    void noValue(Result &r, bool skip)
    {
        r.status = ResultStatus::Missing;
        if (!m_told) {
            r.reason = "asv recorded no value: the benchmark failed (null) or was skipped (NaN)";
            ++untold;
        } else if (skip) {
            r.reason = "asv recorded no value: the benchmark was skipped (NaN: the suite skipped it, or this "
                       "parameter combination was not run)";
            ++skipped;
        } else {
            r.reason = "asv recorded no value: the benchmark failed (null)";
            ++failed;
        }
    }

    // One value per combination (none: null or NaN), as many as the params give.
    std::vector<AsvValue> valuesOf(const AsvRow &row, const std::vector<std::vector<std::string>> &params)
    {
        std::vector<AsvValue> values;
        if (row.result && row.result->value().is_array()) {
            const std::vector<JsonNode> elements = row.result->elements();
            for (std::size_t k = 0; k < elements.size(); ++k) {
                const bool none = elements[k].value().is_null();
                values.push_back({none ? std::nullopt : std::optional<JsonNode>(elements[k]),
                                  none && row.marks.is_array() && k < row.marks.size() && isNaNMark(row.marks[k])});
            }
        } else {
            values.push_back({row.result, !row.result && isNaNMark(row.marks)});
        }
        std::size_t combinations = 1;
        for (const auto &p : params)
            combinations = std::min(combinations * p.size(), values.size() + 1); // no overflow
        if (!row.result && combinations > 1) // no value as a whole: one "no value" for each combination
            values = std::vector<AsvValue>(combinations, {std::nullopt, isNaNMark(row.marks)});
        if (values.size() != combinations)
            row.where.fail(std::to_string(values.size()) + " results for " + std::to_string(combinations)
                           + " parameter combinations");
        return values;
    }

    double checked(const JsonNode &v, const AsvKind &kind)
    {
        const double x = v.number();
        if (x < 0 && kind.id.rfind("track", 0) != 0)
            v.fail("a negative " + kind.label);
        return x;
    }

    void repetitions(const JsonNode &list, const AsvKind &kind, const std::string &cs)
    {
        for (const JsonNode &s : list.array().elements())
            m_b.set(m_b.addRepetition(m_part, cs), kind.id, checked(s, kind));
        ++sampled;
    }

    CaptureBuilder &m_b;
    const AsvBenchmarks &m_benchmarks;
    const std::string m_part;
    const bool m_told;
    const bool m_minimum;
};

// A count of the machine's params: asv writes them as strings of digits
// ("16", "16300924"), older machine.json files as numbers (asv's own test
// data has "ram": 8804682956.8); anything else ("8.2G") is not read.
std::optional<double> machineCount(const JsonNode &params, const char *key, std::size_t maxDigits)
{
    const auto v = params.optMember(key);
    if (!v)
        return std::nullopt;
    if (v->value().is_number()) {
        const double x = v->number();
        return x >= 0 && x < std::pow(10.0, maxDigits) ? std::optional<double>(x) : std::nullopt;
    }
    const std::string s = v->string();
    if (s.empty() || s.size() > maxDigits || s.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stod(s);
}

// The machine asv wrote into the file's params (machine.json holds the same).
void readAsvMachine(CaptureBuilder &b, const JsonNode &root)
{
    const auto params = root.optMember("params");
    if (!params)
        return;
    Machine &m = b.provenance().machine;
    m.hostname = params->optString("machine");
    m.cpu = params->optString("cpu");
    m.os = params->optString("os");
    if (const auto cores = machineCount(*params, "num_cpu", 5))
        m.cores = static_cast<int>(*cores);
    if (const auto ram = machineCount(*params, "ram", 15))
        m.memoryBytes = *ram;
}

// The environment: v2 names it; for v1 asv derives the name as it names
// the file (environment.get_env_name: "py2.7-Cython-numpy1.8", the
// requirements sorted, a version joined to its name), so two environments
// of one commit stay two participants.
std::string envName(const JsonNode &root)
{
    if (root.has("env_name") || !root.has("python") || !root.has("requirements"))
        return root.optString("env_name");
    std::string name = "py" + root.string("python");
    for (const auto &[key, value] : root.member("requirements").object().members()) // sorted, as asv sorts them
        name += "-" + key + (value.value().is_null() ? std::string() : value.string());
    return name;
}

} // namespace

bool AsvImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const json &j = *in.json;
    const auto commit = j.find("commit_hash"), results = j.find("results"), params = j.find("params");
    return commit != j.end() && commit->is_string() && results != j.end() && results->is_object()
        && params != j.end() && params->is_object();
}

std::string AsvImporter::whyNot(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object() || in.json->contains("results"))
        return {};
    const json &j = *in.json;
    if (j.contains("machine") && j.contains("version") && (j.contains("cpu") || j.contains("arch")))
        return "this is asv's machine.json, which describes the machine; open the results files beside it "
               "(<commit>-<env>.json), or the folder as a history";
    for (const auto &[key, value] : j.items())
        if (value.is_object() && value.contains("type") && value.contains("unit") && value.contains("name"))
            return "this is asv's benchmarks.json, which lists the benchmarks; open a results file of a machine "
                   "folder beside it (<machine>/<commit>-<env>.json), or that folder as a history";
    return {};
}

Capture AsvImporter::import(const ImportInput &in) const
{
    const JsonNode root = JsonNode(*in.json, in.jsonPath).object();
    const long long version = root.optInteger("version", 1, 2).value_or(1);
    CaptureBuilder b(in, "asv", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.capture().revision.id = root.nonEmptyString("commit_hash");
    if (const auto date = root.optNumber("date"))
        b.capture().revision.date = BesideFile::isoUtc(*date / 1000);
    readAsvMachine(b, root);
    const std::string env = envName(root), python = root.optString("python");
    const std::string part = b.participant(!env.empty() ? env : python.empty() ? "asv" : "python " + python);
    if (!python.empty())
        b.capture().participants.back().runtime = "python " + python;
    const AsvBenchmarks benchmarks = AsvBenchmarks::read(in.path, b);
    const std::optional<json> withNaN = resultsWithNaN(in);
    const json marks = withNaN.value_or(json::object());
    // asv 0.3 (2018) made a timing value the median of its samples and began writing
    // "benchmark_version"; before, it was min(all runs) / number, the best of the repeats.
    const bool minimum = version == 1 && !root.has("benchmark_version");
    AsvReader reader(b, benchmarks, part, withNaN.has_value(), minimum);
    std::optional<double> started;
    for (const AsvRow &row : version == 2 ? rowsV2(root, marks) : rowsV1(root, marks)) {
        reader.read(row);
        if (row.startedAt)
            started = std::min(started.value_or(*row.startedAt), *row.startedAt);
    }
    if (started)
        b.capture().capturedAt = BesideFile::isoUtc(*started / 1000);
    if (b.capture().metric("time"))
        b.setPrimary("time");
    if (minimum)
        b.caveat("written by asv before 0.3 (a results file of version 1 without \"benchmark_version\"): its value of "
                 "a timing benchmark is the minimum of its repeats (min(all runs) / number), given once per result "
                 "(n = 1), not the median asv records since 0.3");
    else
        b.caveat("asv's value of a timing benchmark is the median of its samples, given once per result (n = 1), "
                 "unless the file keeps the samples (asv run --record-samples), which are then the repetitions ("
                 + std::to_string(reader.sampled) + " result(s) here)");
    if (reader.failed || reader.skipped)
        b.caveat(std::to_string(reader.failed + reader.skipped) + " benchmark(s) or parameter combination(s) have no "
                 "value: " + std::to_string(reader.failed) + " failed (asv's null), " + std::to_string(reader.skipped)
                 + " skipped (asv's NaN)");
    if (reader.untold)
        b.caveat(std::to_string(reader.untold) + " benchmark(s) or parameter combination(s) have no value: asv "
                 "writes null for a failure and NaN for a skip, which this file, inside another document, does not "
                 "let tell apart");
    b.caveat(benchmarks.found() ? "every benchmark is lower-is-better, track_ ones too, as asv's own regression "
                                  "detection counts a rise as a regression; units are benchmarks.json's"
                                : "no benchmarks.json two folders up (results/benchmarks.json): each benchmark's "
                                  "kind is read from its name (time_ s, mem_ and peakmem_ B, track_ unitless)");
    b.caveat("asv's statistics (ci_99, q_25, q_75, number, repeat), durations, benchmark versions and profiles "
             "are not imported; the machine is the file's params (machine.json beside it holds the same)");
    return b.finish();
}

} // namespace bs
