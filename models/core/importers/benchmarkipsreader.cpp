#include "benchmarkipsreader.h"

#include "capturebuilder.h"
#include "inputfailure.h"
#include "loadtext.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>

namespace bs {

namespace {

const char *const kPlusMinus = "(±";
const double kAgreement = 1e-3; // a Comparison figure within 0.1 % (past the rounding) is the line's
const char *const kReportShape = "\"<label> <n> (±<n>%) i/s [(<t>/i)] - <n>[ in <t>s]\"";

// A figure as benchmark-ips's Helpers.scale prints it ("36.209M", "125.000",
// "19.7"): the value and half a unit of its last printed digit.
std::pair<double, double> scaled(const std::string &text, const TextLine &line)
{
    static const std::pair<char, double> kSuffixes[] = {{'k', 1e3}, {'M', 1e6}, {'B', 1e9}, {'T', 1e12}, {'Q', 1e15}};
    double scale = 1;
    std::string digits = text;
    for (const auto &[suffix, s] : kSuffixes)
        if (!digits.empty() && digits.back() == suffix) {
            scale = s;
            digits.pop_back();
        }
    const double v = LoadText::number(digits, line);
    const auto point = digits.find('.');
    const int decimals = point == std::string::npos ? 0 : int(digits.size() - point - 1);
    return {v * scale, 0.5 * std::pow(10.0, -decimals) * scale};
}

bool isRule(const std::string &t) { return t.size() >= 10 && t.find_first_not_of('-') == std::string::npos; }

bool startsSection(const std::string &t, const char *name)
{
    return t.rfind(name, 0) == 0 && isRule(LoadText::trimmed(t.substr(std::strlen(name))));
}

} // namespace

BenchmarkIpsReader::BenchmarkIpsReader(CaptureBuilder &b) : m_b(b), m_report("benchmark-ips")
{
    m_report.expect("a report line (" + std::string(kReportShape) + ")");
}

void BenchmarkIpsReader::read(const TextLine &line)
{
    const std::string t = LoadText::trimmed(line.text);
    if (t.empty())
        return;
    if (startsSection(t, "Warming up"))
        return section(Section::Warming);
    if (startsSection(t, "Calculating"))
        return section(Section::Calculating);
    if (t == "Comparison:")
        return section(Section::Comparison);
    if (isRule(t)) // the old layout's rule between the warm-up and the reports
        return noPendingLabel();
    if (m_section == Section::Comparison) {
        if (t.rfind("with ", 0) == 0 && t.find("% confidence") != std::string::npos) {
            m_bootstrap = true; // the footer of :bootstrap statistics
            return;
        }
        return comparison(line);
    }
    if (m_section == Section::None && m_reports.empty() && m_ruby.empty()) {
        const std::vector<std::string> w = LoadText::words(t);
        if (w.size() >= 3 && (w[0] == "ruby" || w[0] == "jruby" || w[0] == "truffleruby") && t.back() == ']') {
            m_ruby = w[0] + " " + w[1]; // RUBY_DESCRIPTION, as `ruby -v` and newer benchmark-ips print it
            m_b.provenance().tools.push_back({w[0], t.substr(w[0].size() + 1), "runtime"});
            return;
        }
    }
    if (m_section == Section::None && !m_layout && t.find(kPlusMinus) == std::string::npos)
        return m_report.unread(line);
    if (t.find(" i/100ms") != std::string::npos || t.rfind("i/100ms", 0) == 0) {
        m_pendingLabel.reset(); // a warm-up line: its label is the warm-up's
        return;
    }
    const auto pm = t.find(kPlusMinus);
    if (pm == std::string::npos) {
        noPendingLabel();
        m_pendingLabel = line; // a label too long for its column, its figures on the next line
        return;
    }
    const std::string head = LoadText::trimmed(t.substr(0, pm));
    const auto space = head.find_last_of(" \t");
    const std::string label = space == std::string::npos ? std::string() : LoadText::trimmed(head.substr(0, space));
    const std::string figures = t.substr(space == std::string::npos ? 0 : space + 1);
    if (!label.empty())
        noPendingLabel();
    else if (!m_pendingLabel)
        throw InputFailure{line.place(), "a report line without its label (expected " + std::string(kReportShape) + ")"};
    const std::string name = label.empty() ? LoadText::trimmed(m_pendingLabel->text) : label;
    m_pendingLabel.reset();
    if (!report(name, figures, line))
        throw InputFailure{line.place(), "expected " + std::string(kReportShape)};
}

void BenchmarkIpsReader::noPendingLabel()
{
    if (m_pendingLabel)
        throw InputFailure{m_pendingLabel->place(), "a label without its figures on the next line (\""
                                                        + LoadText::trimmed(m_pendingLabel->text) + "\")"};
}

// A new run starts with its warm-up, or with "Calculating" when no warm-up
// header came before (the old layout prints its warm-up under "Calculating").
void BenchmarkIpsReader::section(Section s)
{
    noPendingLabel();
    if (s == Section::Warming || (s == Section::Calculating && m_section != Section::Warming)) {
        m_blockLabels.clear();
        m_blockCompared.clear();
    }
    m_section = s;
}

// "<ips> (±<pct>%) i/s [(<t> <unit>/i)] - <iterations>[ in <seconds>s]"
bool BenchmarkIpsReader::report(const std::string &label, const std::string &figures, const TextLine &line)
{
    const auto pm = figures.find(kPlusMinus);
    const auto pctEnd = figures.find("%)", pm);
    if (pm == std::string::npos || pctEnd == std::string::npos)
        return false;
    const std::string rest = LoadText::trimmed(figures.substr(pctEnd + 2));
    std::optional<std::vector<std::string>> m;
    std::string layout;
    for (const char *pattern : {"i/s - {}", "i/s - {} in {}", "i/s ({} {}) - {}", "i/s ({} {}) - {} in {}"})
        if ((m = LoadText::match(rest, pattern))) {
            layout = pattern;
            break;
        }
    if (!m)
        return false;
    const bool perIteration = layout.find('(') != std::string::npos;
    checkLayout(perIteration, line);
    Report r{label, 0, 0, 0, 0, line};
    std::tie(r.ips, r.rounding) = scaled(LoadText::trimmed(figures.substr(0, pm)), line);
    const std::size_t pctStart = pm + std::strlen(kPlusMinus);
    r.margin = LoadText::number(LoadText::trimmed(figures.substr(pctStart, pctEnd - pctStart)), line);
    r.iterations = scaled((*m)[perIteration ? 2 : 0], line).first;
    if (layout.find(" in ") != std::string::npos) {
        const std::string &secs = m->back();
        if (secs.size() < 2 || secs.back() != 's')
            return false;
        LoadText::number(secs.substr(0, secs.size() - 1), line); // the measurement's time: checked, not read
    }
    if (r.ips <= 0 || r.margin < 0)
        throw InputFailure{line.place(), "an i/s of 0 or less, or a negative ± margin"};
    for (Report &seen : m_reports)
        if (seen.label == label) {
            m_replaced.push_back(line);
            seen = r;
            r.label.clear();
        }
    if (!r.label.empty())
        m_reports.push_back(r);
    m_blockLabels.insert(label);
    m_report.expect({});
    return true;
}

// Every report line of a file is printed in one layout, with or without the
// per-iteration time: one that is not is damaged, and its figures cannot be
// trusted. " in …s" is no part of it: benchmark-ips (2.1 on) prints it only
// for a run whose time strayed 5 % from the target (Job::MAX_TIME_SKEW).
void BenchmarkIpsReader::checkLayout(bool perIteration, const TextLine &line)
{
    if (!m_layout)
        m_layout = std::make_pair(perIteration, line);
    else if (m_layout->first != perIteration)
        throw InputFailure{line.place(), "a report line in another layout than " + m_layout->second.place()
                                             + "'s (expected " + std::string(kReportShape) + ")"};
}

// "<label>: <ips> i/s[ - <how it compares>]"
void BenchmarkIpsReader::comparison(const TextLine &line)
{
    const std::string t = LoadText::trimmed(line.text);
    const auto is = t.find(" i/s");
    const std::string head = is == std::string::npos ? std::string() : LoadText::trimmed(t.substr(0, is));
    const auto space = head.find_last_of(" \t");
    const std::string label = space == std::string::npos ? std::string() : LoadText::trimmed(head.substr(0, space));
    const std::string tail = is == std::string::npos ? std::string() : t.substr(is + 4);
    if (label.size() < 2 || label.back() != ':' || (!tail.empty() && tail.rfind(" - ", 0) != 0))
        return m_report.unread(line);
    // A label given with trailing spaces ("Array#each          ") is padded before the colon.
    const std::string name = LoadText::trimmed(label.substr(0, label.size() - 1));
    Report c{name, 0, 0, 0, 0, line};
    std::tie(c.ips, c.rounding) = scaled(head.substr(space + 1), line); // "%10.1f": one decimal
    m_compared[name] = c;
    m_blockCompared.insert(name);
}

void BenchmarkIpsReader::finish(const TextLine &last)
{
    noPendingLabel();
    if (m_reports.empty())
        m_report.endsBeforeFigures(last);
    const std::string part = m_b.participant(m_ruby.empty() ? "benchmark-ips" : m_ruby);
    if (!m_ruby.empty())
        m_b.capture().participants.back().runtime = m_ruby;
    m_b.setStatistic("ips", m_bootstrap ? "median" : "mean");
    std::vector<std::string> disagree;
    for (const auto &[label, compared] : m_compared)
        if (std::none_of(m_reports.begin(), m_reports.end(), [&](const Report &r) { return r.label == label; }))
            m_b.caveat("the Comparison names \"" + label + "\" (" + compared.line.place()
                       + "), which has no report line; its figure is not read");
    for (Report &r : m_reports) {
        if (const auto c = m_compared.find(r.label); c != m_compared.end()) {
            // The two print one central tendency, each rounded its own way (the line to four
            // figures, the Comparison to one decimal: "0.184" is "0.2"); the finer one is kept.
            // README edits and older versions differ slightly.
            const Report &cmp = c->second;
            if (std::abs(cmp.ips - r.ips) > r.rounding + cmp.rounding + kAgreement * r.ips)
                disagree.push_back(cmp.line.place() + " differs from the report line's (" + r.line.place() + ")");
            else if (cmp.rounding < r.rounding)
                r.ips = cmp.ips;
        }
        const std::string cs = m_b.caseId(r.label);
        m_b.setOnce(part, cs, "ips", r.ips);
        m_b.setOnce(part, cs, "margin", r.margin);
        m_b.setOnce(part, cs, "iterations", r.iterations);
    }
    m_b.caveat(std::string("i/s ± margin: the ± is ") + (m_bootstrap ? "the bootstrap confidence interval's half-width"
                                                                    : "the samples' standard deviation")
               + " in percent of i/s, not a range; each figure is given once (n = 1); the warm-up's i/100ms lines, "
                 "the time per iteration (1 / i/s) and the measurement's time are not imported");
    for (const std::string &d : disagree)
        m_b.caveat("the Comparison's i/s at " + d + " by more than 0.1 %; the report line's figure is kept");
    if (!m_replaced.empty())
        m_b.caveat("a benchmark reported again (" + m_replaced.front().place()
                   + (m_replaced.size() > 1 ? " and " + std::to_string(m_replaced.size() - 1) + " more" : std::string())
                   + ") keeps its last report, as benchmark-ips does");
    const bool compared = m_section == Section::Comparison && !m_blockLabels.empty()
        && std::includes(m_blockCompared.begin(), m_blockCompared.end(), m_blockLabels.begin(), m_blockLabels.end());
    m_b.caveat(std::string("benchmark-ips prints nothing after a run's Comparison (or its report lines, without "
                           "compare!), so a file cut short between runs cannot be told")
               + (compared ? "" : "; this one does not end with a full Comparison") + " (it ends at " + last.place()
               + ")");
    m_report.addCaveats(m_b, last);
}

} // namespace bs
