#include "progressparser.h"

#include "jsontypename.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <utility>

namespace bs {

namespace {

using json = nlohmann::json;
using Kind = ProgressEvent::Kind;

const std::pair<const char *, Kind> kPhases[] = {
    {"plan", Kind::Plan},         {"start", Kind::Start}, {"ready", Kind::Ready},
    {"contract", Kind::Contract}, {"warmup", Kind::Warmup}, {"run", Kind::Run},
    {"repetition", Kind::Repetition}, {"stop", Kind::Stop}, {"error", Kind::Error},
    {"done", Kind::Done},         {"log", Kind::Log}};

// Reads known fields with their types checked; the first mismatch is kept.
class Fields {
public:
    explicit Fields(const json &object) : m_object(object) { }

    const std::string &problem() const { return m_problem; }

    void text(const char *key, std::string &out)
    {
        if (const json *v = find(key, json::value_t::string, "a string"))
            out = v->get<std::string>();
    }
    void flag(const char *key, bool &out)
    {
        if (const json *v = find(key, json::value_t::boolean, "true or false"))
            out = v->get<bool>();
    }
    void number(const char *key, double &out)
    {
        if (const json *v = find(key, json::value_t::number_float, "a number"))
            out = v->get<double>();
    }
    void number(const char *key, std::optional<double> &out)
    {
        double value = 0;
        if (m_object.contains(key)) {
            number(key, value);
            out = value;
        }
    }
    void count(const char *key, int &out)
    {
        double value = 0;
        number(key, value);
        if (value < 0 || value > 1e9 || value != std::floor(value))
            fail(key, "a whole number from 0 to 1e9");
        else
            out = int(value);
    }
    void list(const char *key, std::vector<std::string> &out)
    {
        const json *v = find(key, json::value_t::array, "a list of strings");
        if (!v)
            return;
        for (const json &item : *v) {
            if (!item.is_string())
                return fail(key, "a list of strings");
            out.push_back(item.get<std::string>());
        }
    }

private:
    const json *find(const char *key, json::value_t type, const char *expected)
    {
        const auto it = m_object.find(key);
        if (it == m_object.end())
            return nullptr;
        const bool isNumber = type == json::value_t::number_float && it->is_number();
        if (!isNumber && it->type() != type) {
            fail(key, expected, &*it);
            return nullptr;
        }
        return &*it;
    }
    void fail(const char *key, const char *expected, const json *found = nullptr)
    {
        if (m_problem.empty())
            m_problem = std::string("\"") + key + "\" should be " + expected
                + (found ? std::string(", found ") + jsonTypeName(*found) : std::string());
    }

    const json &m_object;
    std::string m_problem;
};

} // namespace

std::optional<ProgressEvent> ProgressParser::parseLine(const std::string &line, std::string &problem)
{
    problem.clear();
    if (line.find_first_not_of(" \t\r") == std::string::npos)
        return std::nullopt;
    const json object = json::parse(line, nullptr, false);
    if (object.is_discarded() || !object.is_object()) {
        problem = "not a JSON object";
        return std::nullopt;
    }
    const auto phase = object.find("phase");
    if (phase == object.end() || !phase->is_string()) {
        problem = "no \"phase\" string";
        return std::nullopt;
    }
    ProgressEvent e;
    bool known = false;
    for (const auto &[name, kind] : kPhases)
        if (*phase == name) {
            e.kind = kind;
            known = true;
        }
    if (!known)
        return std::nullopt; // a phase from a newer runner

    Fields f(object);
    f.text("participant", e.participant);
    f.text("case", e.caseId);
    f.count("repetition", e.repetition);
    f.count("repetitions", e.repetitions);
    f.number("elapsed_s", e.elapsedSeconds);
    f.number("duration_s", e.durationSeconds);
    f.number("rps", e.rps);
    f.number("latency_p99_s", e.latencyP99Seconds);
    f.number("wall_time_s", e.wallTimeSeconds);
    f.number("startup_s", e.startupSeconds);
    f.number("errors", e.errors);
    f.flag("behind_rate", e.behindRate);
    f.text("engine", e.engine);
    f.count("workers", e.workers);
    f.flag("passed", e.passed);
    f.text("failure", e.failure);
    f.text("what", e.what);
    f.text("expected", e.expected);
    f.text("actual", e.actual);
    f.text("message", e.message);
    f.text("out", e.out);
    f.flag("complete", e.complete);
    f.list("participants", e.participants);
    f.list("cases", e.cases);
    f.text("mode", e.mode);
    f.text("run_order", e.runOrder);
    f.number("warmup_s", e.warmupSeconds);
    f.count("steps", e.steps);
    f.number("estimated_s", e.estimatedSeconds);
    if (!f.problem().empty()) {
        problem = f.problem();
        return std::nullopt;
    }
    return e;
}

std::vector<ProgressEvent> ProgressParser::feed(const char *data, std::size_t size)
{
    std::vector<ProgressEvent> events;
    while (size > 0) {
        const void *newline = std::memchr(data, '\n', size);
        const std::size_t take = newline ? std::size_t(static_cast<const char *>(newline) - data) : size;
        if (!m_overlong) {
            const std::size_t room = kMaxLineBytes - m_pending.size();
            m_pending.append(data, take < room ? take : room);
            if (take > room) {
                m_overlong = true;
                m_pending.clear();
            }
        }
        data += take;
        size -= take;
        if (!newline)
            break;
        ++data;
        --size;
        takeLine(events);
    }
    return events;
}

std::vector<ProgressEvent> ProgressParser::finish()
{
    std::vector<ProgressEvent> events;
    if (m_pending.empty() && !m_overlong)
        return events;
    ProgressEvent e;
    e.kind = Kind::Truncated;
    e.line = m_line + 1;
    e.message = "the runner's output ended in the middle of line " + std::to_string(e.line);
    events.push_back(std::move(e));
    m_pending.clear();
    m_overlong = false;
    return events;
}

void ProgressParser::takeLine(std::vector<ProgressEvent> &events)
{
    ++m_line;
    std::string problem;
    if (m_overlong)
        problem = "longer than " + std::to_string(kMaxLineBytes) + " bytes";
    std::optional<ProgressEvent> e;
    if (problem.empty())
        e = parseLine(m_pending, problem);
    m_pending.clear();
    m_overlong = false;
    if (e) {
        e->line = m_line;
        events.push_back(std::move(*e));
    } else if (!problem.empty()) {
        malformed(events, problem);
    }
}

void ProgressParser::malformed(std::vector<ProgressEvent> &events, const std::string &problem)
{
    if (m_malformed++ > 0)
        return;
    ProgressEvent e;
    e.kind = Kind::Malformed;
    e.line = m_line;
    e.message = "progress line " + std::to_string(m_line) + " skipped: " + problem;
    events.push_back(std::move(e));
}

} // namespace bs
