#include "capturebuilder.h"

#include "inputfailure.h"
#include "sha256.h"
#include "suiteidentity.h"
#include "summarizer.h"
#include "slug.h"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstdio>
#include <set>

namespace bs {

namespace {

std::string baseName(const std::string &path)
{
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string percentText(double p)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", p);
    return buf;
}

} // namespace

CaptureBuilder::CaptureBuilder(const ImportInput &in, const std::string &tool, const std::string &toolRole)
{
    const std::string name = baseName(in.path);
    m_capture.provenance.source = in.path;
    m_capture.provenance.sourceHashes[name] = Sha256::hex(in.text);
    m_capture.provenance.tools.push_back({tool, {}, toolRole});
}

void CaptureBuilder::caveat(const std::string &text)
{
    auto &c = m_capture.provenance.caveats;
    if (std::find(c.begin(), c.end(), text) == c.end())
        c.push_back(text);
}

void CaptureBuilder::defineMetric(const std::string &id, const std::string &label, const std::string &unit,
                                  Direction direction, const std::string &description)
{
    if (m_capture.metric(id))
        return;
    Metric m;
    m.id = id;
    m.label = label.empty() ? id : label;
    m.unit = unit;
    m.direction = direction;
    m.description = description;
    m_capture.metrics.push_back(m);
}

void CaptureBuilder::setStatistic(const std::string &metricId, const std::string &statistic)
{
    for (Metric &m : m_capture.metrics)
        if (m.id == metricId)
            m.statistic = statistic;
}

std::string CaptureBuilder::percentileId(const std::string &prefix, double percentile)
{
    std::string p = percentText(percentile);
    std::replace(p.begin(), p.end(), '.', '_');
    return prefix + "_p" + p;
}

bool CaptureBuilder::defineStandard(const std::string &id)
{
    const auto lower = Direction::LowerIsBetter;
    const auto higher = Direction::HigherIsBetter;
    if (id == "rps")
        defineMetric(id, "Requests/s", "req/s", higher, "completed requests per second over the run");
    else if (id == "latency_mean")
        defineMetric(id, "Mean latency", "s", lower);
    else if (id == "latency_min")
        defineMetric(id, "Min latency", "s", lower);
    else if (id == "latency_max")
        defineMetric(id, "Max latency", "s", lower);
    else if (id == "latency_stdev")
        defineMetric(id, "Latency std. dev.", "s", lower);
    else if (id == "transfer_rate")
        defineMetric(id, "Transfer/s", "B/s", higher, "response bytes per second");
    else if (id == "bytes")
        defineMetric(id, "Bytes read", "B", higher, "response bytes received over the run");
    else if (id == "requests")
        defineMetric(id, "Requests", "count", higher, "requests completed over the run");
    else if (id == "success_rate")
        defineMetric(id, "Success rate", "ratio", higher, "successful requests ÷ all requests, from 0 to 1");
    else if (id.rfind("latency_p", 0) == 0) {
        std::string p = id.substr(9);
        std::replace(p.begin(), p.end(), '_', '.');
        defineMetric(id, "p" + p + " latency", "s", lower);
    } else
        return false;
    return true;
}

void CaptureBuilder::setPrimary(const std::string &metricId)
{
    for (Metric &m : m_capture.metrics)
        m.primary = m.id == metricId;
}

std::string CaptureBuilder::participant(const std::string &label)
{
    auto it = m_participantIds.find(label);
    if (it != m_participantIds.end())
        return it->second;
    std::string id = Slug::id(label);
    for (int n = 2; m_capture.participant(id); ++n)
        id = Slug::id(label) + "-" + std::to_string(n);
    Participant p;
    p.id = id;
    p.label = label.empty() ? id : label;
    m_capture.participants.push_back(p);
    m_participantIds[label] = id;
    return id;
}

std::string CaptureBuilder::caseId(const std::string &label, const std::string &group)
{
    auto it = m_caseIds.find(label);
    if (it != m_caseIds.end())
        return it->second;
    std::string id = Slug::id(label);
    for (int n = 2; m_capture.caseInfo(id); ++n)
        id = Slug::id(label) + "-" + std::to_string(n);
    CaseInfo c;
    c.id = id;
    c.label = label.empty() ? id : label;
    c.group = group;
    m_capture.cases.push_back(c);
    m_caseIds[label] = id;
    return id;
}

Result &CaptureBuilder::result(const std::string &participantId, const std::string &caseId)
{
    if (Result *found = m_capture.result(participantId, caseId))
        return *found;
    Result r;
    r.participant = participantId;
    r.caseId = caseId;
    m_capture.results.push_back(r);
    return m_capture.results.back();
}

Repetition &CaptureBuilder::addRepetition(const std::string &participantId, const std::string &caseId)
{
    Result &r = result(participantId, caseId);
    r.repetitions.emplace_back();
    return r.repetitions.back();
}

void CaptureBuilder::set(Repetition &rep, const std::string &metricId, std::optional<double> value)
{
    if (!value || !std::isfinite(*value))
        return;
    if (!m_capture.metric(metricId) && !defineStandard(metricId))
        throw InputFailure{{}, "internal: metric \"" + metricId + "\" used before it was defined"};
    rep.metrics[metricId] = *value;
}

void CaptureBuilder::setOnce(const std::string &participantId, const std::string &caseId,
                             const std::string &metricId, std::optional<double> value)
{
    if (!value || !std::isfinite(*value))
        return;
    if (!m_capture.metric(metricId) && !defineStandard(metricId))
        throw InputFailure{{}, "internal: metric \"" + metricId + "\" used before it was defined"};
    result(participantId, caseId).once[metricId] = *value;
}

void CaptureBuilder::fillMissing(const std::string &reason, ResultStatus status)
{
    for (const Participant &p : m_capture.participants)
        for (const CaseInfo &c : m_capture.cases)
            if (!m_capture.result(p.id, c.id)) {
                Result &r = result(p.id, c.id);
                r.status = status;
                r.reason = reason;
            }
}

void CaptureBuilder::fillMissingWithinGroups(const std::string &reason)
{
    std::set<std::pair<std::string, std::string>> inGroup; // participant, group
    for (const Result &r : m_capture.results)
        inGroup.insert({r.participant, m_capture.caseInfo(r.caseId)->group});
    for (const Participant &p : m_capture.participants)
        for (const CaseInfo &c : m_capture.cases)
            if (inGroup.count({p.id, c.group}) && !m_capture.result(p.id, c.id)) {
                Result &r = result(p.id, c.id);
                r.status = ResultStatus::Missing;
                r.reason = reason;
            }
}

Capture CaptureBuilder::finish()
{
    if (m_capture.metrics.empty() || m_capture.results.empty())
        throw InputFailure{{}, "the file holds no measurements"};
    if (!std::any_of(m_capture.metrics.begin(), m_capture.metrics.end(), [](const Metric &m) { return m.primary; }))
        m_capture.metrics.front().primary = true;
    std::vector<std::string> measured;
    if (m_measured)
        measured = *m_measured;
    else
        for (const Participant &p : m_capture.participants)
            measured.push_back(p.label);
    const Suite suite = SuiteIdentity::of(m_capture.provenance.tools.front().name, measured);
    m_capture.suite.id = suite.id;
    if (m_capture.suite.title.empty())
        m_capture.suite.title = suite.title;
    m_capture.results.shrink_to_fit(); // what vectors grown item by item hold spare
    m_capture.cases.shrink_to_fit();
    m_capture.participants.shrink_to_fit();
    m_capture.metrics.shrink_to_fit();
    std::set<std::string> once, repeated; // one pass over the values, whatever the number of metrics
    for (Result &r : m_capture.results) {
        r.repetitions.shrink_to_fit();
        for (const auto &value : r.once)
            once.insert(value.first);
        for (const Repetition &rep : r.repetitions)
            for (const auto &value : rep.metrics)
                repeated.insert(value.first);
    }
    for (Metric &m : m_capture.metrics)
        if (once.count(m.id) && !repeated.count(m.id))
            m.scope = MetricScope::Result;
    Summarizer::summarize(m_capture);
    return std::move(m_capture); // not a copy: the builder is done
}

} // namespace bs
