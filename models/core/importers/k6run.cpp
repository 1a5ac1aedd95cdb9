#include "k6run.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "slug.h"

#include <cstdlib>
#include <optional>

namespace bs {

namespace {

std::string unitOf(const K6Metric &k)
{
    return k.contains == "time" ? "s" : k.contains == "data" ? "B" : "count";
}

std::optional<double> valueOf(const K6Metric &k, const char *key)
{
    auto it = k.values.find(key);
    return it == k.values.end() ? std::nullopt : std::optional<double>(it->second);
}

// Percentiles, mean, min and max of a trend; http_req_duration's are the standard latency metrics.
// Every trend is lower is better: k6's own are durations and sizes of trouble (web vitals'
// cls), and a custom trend the file gives no direction for is as a rule a time kept in
// plain numbers (`job_latency_ms`), which the caller names in a caveat.
void readTrend(CaptureBuilder &b, Repetition &rep, const K6Metric &k, const std::string &path)
{
    const std::string id = Slug::id(k.name);
    const bool latency = k.name == "http_req_duration";
    const auto dir = Direction::LowerIsBetter;
    for (const auto &[stat, v] : k.values) {
        std::string sid, label;
        if (const double p = K6Run::percentileOfStat(stat); p >= 0) {
            sid = latency ? CaptureBuilder::percentileId("latency", p)
                          : id + "." + CaptureBuilder::percentileId("", p).substr(1);
            label = k.name + " p" + (stat == "med" ? std::string("50") : stat.substr(2, stat.size() - 3));
        } else if (stat == "avg" || stat == "min" || stat == "max") {
            sid = latency ? (stat == "avg" ? "latency_mean" : "latency_" + stat) : id + "." + stat;
            label = k.name + " " + stat;
        } else if (stat == "count") {
            continue; // the number of samples, not a statistic of them
        } else {
            throw InputFailure{path + "." + stat, "unknown trend statistic \"" + stat + "\""};
        }
        if (!latency)
            b.defineMetric(sid, label, unitOf(k), dir);
        b.set(rep, sid, v * (k.contains == "time" ? 1e-3 : 1));
    }
}

void readCounter(CaptureBuilder &b, Repetition &rep, const K6Metric &k)
{
    const std::string id = Slug::id(k.name);
    if (k.name == "http_reqs") {
        b.set(rep, "rps", valueOf(k, "rate"));
        b.set(rep, "requests", valueOf(k, "count"));
    } else if (k.name == "data_received") {
        b.set(rep, "bytes", valueOf(k, "count"));
        b.set(rep, "transfer_rate", valueOf(k, "rate"));
    } else {
        // Iterations an arrival-rate executor could not start are lost work, not work done.
        const auto dir = k.name == "dropped_iterations" ? Direction::LowerIsBetter : Direction::HigherIsBetter;
        b.defineMetric(id, k.name, unitOf(k), dir);
        b.defineMetric(id + ".per_s", k.name + " per second", k.contains == "data" ? "B/s" : "ops/s", dir);
        b.set(rep, id, valueOf(k, "count"));
        b.set(rep, id + ".per_s", valueOf(k, "rate"));
    }
}

} // namespace

K6Run::K6Run(CaptureBuilder &b) : m_b(b)
{
    m_part = b.participant("k6");
    m_case = b.caseId("run");
    m_rep = &b.addRepetition(m_part, m_case);
}

double K6Run::percentileOfStat(const std::string &stat)
{
    if (stat == "med")
        return 50;
    if (stat.size() > 3 && stat.compare(0, 2, "p(") == 0 && stat.back() == ')')
        return std::strtod(stat.c_str() + 2, nullptr);
    return -1;
}

void K6Run::add(const K6Metric &k, const std::string &place)
{
    Repetition &rep = *m_rep;
    const std::string id = Slug::id(k.name);
    if (k.type == "trend") {
        readTrend(m_b, rep, k, place);
        if (k.contains != "time" && k.name.find('{') == std::string::npos)
            m_plainTrends += (m_plainTrends.empty() ? "" : ", ") + k.name;
    } else if (k.type == "counter") {
        readCounter(m_b, rep, k);
    } else if (k.type == "rate") {
        // For http_req_failed a "pass" is a failed request; k6 v1's checks_failed is the share of failed checks.
        const bool failures = k.name == "http_req_failed";
        const bool lower = failures || k.name == "checks_failed";
        m_b.defineMetric(id, k.name, "ratio", lower ? Direction::LowerIsBetter : Direction::HigherIsBetter,
                         failures ? "fraction of requests that failed" : "fraction of non-zero samples");
        m_b.set(rep, id, valueOf(k, "rate"));
        if (failures && valueOf(k, "passes"))
            rep.errors["http_req_failed"] = std::uint64_t(*valueOf(k, "passes"));
    } else if (k.type == "gauge") {
        m_b.defineMetric(id, k.name, unitOf(k), Direction::HigherIsBetter);
        m_b.defineMetric(id + ".max", k.name + " max", unitOf(k), Direction::HigherIsBetter);
        m_b.set(rep, id, valueOf(k, "value"));
        m_b.set(rep, id + ".max", valueOf(k, "max"));
    } else {
        throw InputFailure{place + ".type", "unknown metric type \"" + k.type + "\""};
    }
    for (const auto &[expr, passed] : k.thresholds)
        threshold(k.name, expr, passed);
}

void K6Run::threshold(const std::string &metric, const std::string &expression, bool passed)
{
    m_anyThreshold = true;
    m_b.capture().contracts.push_back({m_part, m_case, "threshold " + metric, passed, expression,
                                       passed ? "passed" : "failed"});
    if (!passed)
        m_failedThresholds += (m_failedThresholds.empty() ? "" : ", ") + metric + ": " + expression;
}

void K6Run::check(const std::string &name, bool passed, const std::string &detail)
{
    m_b.capture().contracts.push_back({m_part, m_case, "check " + name, passed, "every check passes", detail});
}

void K6Run::finish()
{
    Result &result = m_b.result(m_part, m_case);
    const Repetition &rep = *m_rep;
    if (auto failed = rep.errors.find("http_req_failed"); failed != rep.errors.end() && rep.metrics.count("requests"))
        FailureShare::apply(result, failed->second, std::uint64_t(rep.metrics.at("requests")), "requests",
                            "failed (k6 http_req_failed)");
    if (!m_failedThresholds.empty())
        FailureShare::flag(result, "k6 thresholds failed: " + m_failedThresholds);
    if (!m_plainTrends.empty())
        m_b.caveat("trends of plain numbers (" + m_plainTrends
                   + ") are taken as lower is better, as k6's own trends are; the summary gives no direction");
    m_b.setPrimary(m_b.capture().metric("iterations.per_s") && !m_b.capture().metric("rps") ? "iterations.per_s"
                                                                                              : "rps");
}

} // namespace bs
