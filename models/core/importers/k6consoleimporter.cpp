#include "k6consoleimporter.h"

#include "capturebuilder.h"
#include "inputfailure.h"
#include "k6consolemetric.h"
#include "k6run.h"
#include "loadtext.h"
#include "textreport.h"

#include <set>

namespace bs {

namespace {

const std::string kK6Title = "█";
const std::string kK6Detail = "↳";

// How far into a file detection looks.
const std::size_t kK6DetectPrefix = 256 * 1024;

bool k6StartsWith(const std::string &t, const std::string &prefix) { return t.compare(0, prefix.size(), prefix) == 0; }

// Metrics every k6 run reports: one of them names a k6 summary.
bool isBuiltInMetric(const std::string &name)
{
    static const std::set<std::string> names = {"http_reqs", "http_req_duration", "iterations", "iteration_duration",
                                                "vus", "vus_max", "data_received", "data_sent", "checks",
                                                "checks_total"};
    return names.count(name) > 0;
}

// What k6 prints around its summary and that carries no figure of the run:
// the banner, the options, progress lines and log lines.
bool isChatter(const std::string &t)
{
    for (const char *art : {"/\\", "‾", "\\_", "|__|"})
        if (t.find(art) != std::string::npos)
            return true;
    for (const char *prefix : {"execution:", "script:", "output:", "scenarios:", "* ", "running (", "INFO[", "WARN[",
                               "ERRO[", "DEBU[", "time=\"", "k6 run", "$ k6 ", "❯ k6 "})
        if (k6StartsWith(t, prefix))
            return true;
    // A scenario's progress bar, or its line while it waits for its start time.
    return t.find(" [") != std::string::npos && (t.find("VUs") != std::string::npos || t.find("] waiting") != std::string::npos);
}

// A section name of the v1 layout: "HTTP", "EXECUTION", "WEB_VITALS".
bool isSectionName(const std::string &t)
{
    return !t.empty() && t.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == std::string::npos;
}

// The console summary, line by line.
class K6ConsoleReader {
public:
    K6ConsoleReader(CaptureBuilder &b, bool v1) : m_b(b), m_run(b), m_v1(v1), m_report("k6")
    {
        m_report.expect("its metrics (lines \"name....: values\")");
    }

    void read(const TextLine &line)
    {
        std::string t = LoadText::trimmed(line.text);
        if (m_failedCheck)
            return checkDetail(line, t);
        if (t.empty())
            return blank();
        const auto hashes = t.find_first_not_of('#');
        if (k6StartsWith(t.substr(hashes == std::string::npos ? 0 : hashes), kK6Title + " "))
            return title(LoadText::trimmed(t.substr(hashes + kK6Title.size() + 1)), line);
        if (m_v1 && k6StartsWith(t, kK6Detail + " GROUP: ")) // a group nested in a SCENARIO or GROUP section
            return title(LoadText::trimmed(t.substr(kK6Detail.size() + 1)), line);
        if (const auto m = K6ConsoleMetric::split(line.text))
            return metric(*m, line);
        if (m_section == Section::Thresholds)
            return thresholdLine(t, line);
        if (k6StartsWith(t, K6ConsoleMetric::kPass + " ") || k6StartsWith(t, K6ConsoleMetric::kFail + " "))
            return checkLine(t);
        if (m_v1 && isSectionName(t)) {
            m_metricSection = t;
            return;
        }
        if (isChatter(t))
            return;
        m_report.unread(line);
    }

    void finish(const TextLine &last)
    {
        if (m_failedCheck)
            throw InputFailure{last.place(), "the failed check \"" + m_checkName + "\" ends before its ↳ line"};
        if (!m_metricsRead)
            m_report.endsBeforeFigures(last);
        if (m_sectionMetrics > 0)
            m_b.caveat(std::to_string(m_sectionMetrics) + " metric lines of GROUP and SCENARIO sections (from line "
                       + std::to_string(m_firstSectionMetric)
                       + ") are not read: they are the run's metrics restricted to one group or scenario");
        m_report.addCaveats(m_b, last);
        m_run.finish();
    }

private:
    enum class Section { Legacy, Thresholds, Total, GroupOrScenario, Unknown };

    void title(const std::string &name, const TextLine &line)
    {
        m_failedCheck = false;
        if (name == "THRESHOLDS") {
            m_section = Section::Thresholds;
        } else if (name == "TOTAL RESULTS") {
            m_section = Section::Total;
        } else if (k6StartsWith(name, "GROUP: ") || k6StartsWith(name, "SCENARIO: ")) {
            m_section = Section::GroupOrScenario;
            m_group = name;
        } else if (!m_v1) {
            m_section = Section::Legacy;
            m_group = name; // a legacy group's checks follow
        } else {
            m_section = Section::Unknown;
            m_report.unread(line);
        }
    }

    void metric(const K6ConsoleMetric::Line &m, const TextLine &line)
    {
        if (m_section == Section::GroupOrScenario) {
            if (m_sectionMetrics++ == 0)
                m_firstSectionMetric = line.number;
            return;
        }
        std::string name = m.name;
        if (name.front() == '{') {
            if (m_parent.empty() || name.back() != '}')
                throw InputFailure{line.place(), "a submetric \"" + name + "\" without its metric above it"};
            name = m_parent + "{" + LoadText::trimmed(name.substr(1, name.size() - 2)) + "}";
        } else {
            m_parent = name;
        }
        if (!m_names.insert(name).second)
            throw InputFailure{line.place(), "the metric \"" + name
                                                 + "\" a second time: a file holds one k6 summary"};
        K6Metric k = K6ConsoleMetric::read(name, m.values, line);
        if (k.type == "trend")
            sameTrendStats(k, line);
        if (!m.mark.empty()) // the legacy layout marks a metric's thresholds, without their expressions
            k.thresholds.emplace_back("its thresholds (the legacy summary does not print them)", m.mark == K6ConsoleMetric::kPass);
        m_run.add(k, line.place());
        m_metricsRead = true;
        if (!m_v1)
            m_report.expect(name == "vus_max" ? std::string() : "the end of its metrics (vus_max or a blank line)");
        else if (m_metricSection == "NETWORK" && name == "data_sent")
            m_report.expect({}); // the NETWORK section holds data_received and data_sent
        else
            m_report.expect("the blank line that ends its " + m_metricSection + " section");
    }

    // k6 prints the same statistics (summaryTrendStats) for every trend.
    void sameTrendStats(const K6Metric &k, const TextLine &line)
    {
        std::string stats;
        for (const auto &[stat, v] : k.values)
            stats += (stats.empty() ? "" : ", ") + stat;
        if (m_trendStats.empty())
            m_trendStats = stats;
        else if (stats != m_trendStats)
            throw InputFailure{line.place(), "the trend \"" + k.name + "\" has the statistics " + stats
                                                 + ", the trends above it " + m_trendStats
                                                 + " (k6 prints the same for every trend)"};
    }

    // A blank line ends a section of metrics (v1) or the list of metrics (legacy).
    void blank()
    {
        if (!m_metricsRead || m_section == Section::GroupOrScenario || m_report.expected().empty())
            return;
        if (!m_v1 || m_metricSection == "NETWORK" || m_afterNetwork)
            m_report.expect({});
        else
            m_report.expect("the NETWORK section (data_received, data_sent), which k6 prints after the others for a "
                            "run that sent data");
        m_afterNetwork = m_afterNetwork || m_metricSection == "NETWORK";
    }

    // In the v1 THRESHOLDS section: a metric's name, then "✓ 'p(95)<500' p(95)=148.92ms".
    void thresholdLine(const std::string &t, const TextLine &line)
    {
        const bool pass = k6StartsWith(t, K6ConsoleMetric::kPass + " ");
        if (!pass && !k6StartsWith(t, K6ConsoleMetric::kFail + " ")) {
            if (t.front() == '{')
                m_thresholdMetric = m_thresholdParent + t;
            else
                m_thresholdMetric = m_thresholdParent = t;
            return;
        }
        const std::string rest = t.substr(K6ConsoleMetric::kPass.size() + 1);
        const auto close = rest.find('\'', 1);
        if (m_thresholdMetric.empty() || rest.empty() || rest.front() != '\'' || close == std::string::npos)
            throw InputFailure{line.place(), "expected a threshold: ✓ or ✗, 'expression' and the value it was checked on"};
        const std::string shown = LoadText::trimmed(rest.substr(close + 1));
        const auto eq = shown.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == shown.size())
            throw InputFailure{line.place(), "expected the value the threshold was checked on (stat=value) after its "
                                             "expression"};
        checkShownValue(shown.substr(eq + 1), line);
        m_run.threshold(m_thresholdMetric, rest.substr(1, close - 1), pass);
    }

    // A threshold's value as k6 shows it: a figure of the metric's line, so only checked.
    static void checkShownValue(const std::string &text, const TextLine &line)
    {
        if (text.back() == '%')
            LoadText::number(text.substr(0, text.size() - 1), line);
        else
            K6ConsoleMetric::figure(text, line);
    }

    void checkLine(const std::string &t)
    {
        const bool pass = k6StartsWith(t, K6ConsoleMetric::kPass + " ");
        m_recordCheck = m_section != Section::GroupOrScenario; // a group's checks are also in the total
        m_checkName = LoadText::trimmed(t.substr(K6ConsoleMetric::kPass.size() + 1));
        if (!m_group.empty() && m_section == Section::Legacy)
            m_checkName = m_group + " › " + m_checkName;
        if (pass && m_recordCheck)
            m_run.check(m_checkName, true, "passed (k6 prints no counts for a check that always passed)");
        m_failedCheck = !pass;
    }

    // "↳  93% — ✓ 138 / ✗ 10" under a failed check.
    void checkDetail(const TextLine &line, const std::string &t)
    {
        const auto m = LoadText::match(t, kK6Detail + " {}% — " + K6ConsoleMetric::kPass + " {} / " + K6ConsoleMetric::kFail + " {}");
        if (!m)
            throw InputFailure{line.place(), "expected the failed check's counts (↳ N% — ✓ passes / ✗ fails)"};
        LoadText::count((*m)[0], line);
        const auto passes = LoadText::count((*m)[1], line);
        const auto fails = LoadText::count((*m)[2], line);
        if (m_recordCheck)
            m_run.check(m_checkName, fails == 0, std::to_string(passes) + " passed, " + std::to_string(fails) + " failed");
        m_failedCheck = false;
    }

    CaptureBuilder &m_b;
    K6Run m_run;
    bool m_v1;
    TextReport m_report;
    Section m_section = Section::Legacy;
    std::string m_group;           // the legacy group or the v1 section read
    std::string m_parent;          // the metric a "{ tag:value }" line belongs to
    std::string m_thresholdMetric; // in the THRESHOLDS section
    std::string m_thresholdParent;
    std::set<std::string> m_names;
    std::string m_trendStats; // of the first trend read
    std::string m_checkName;
    bool m_failedCheck = false; // its ↳ line comes next
    bool m_recordCheck = true;
    std::string m_metricSection = "TOTAL RESULTS"; // v1: HTTP, EXECUTION, NETWORK …
    bool m_afterNetwork = false;
    bool m_metricsRead = false;
    std::size_t m_sectionMetrics = 0;
    int m_firstSectionMetric = 0;
};

} // namespace

bool K6ConsoleImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    bool found = false;
    LoadText::eachLine(in.text.substr(0, kK6DetectPrefix), [&](const TextLine &line) {
        if (line.text.find("...:") != std::string::npos)
            if (const auto m = K6ConsoleMetric::split(line.text); m && isBuiltInMetric(m->name))
                found = true;
        return !found;
    });
    return found;
}

Capture K6ConsoleImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "k6", "load-generator");
    b.caveat("k6's console summary: its figures are as k6 prints them (times to 2 decimals of their unit, sizes to "
             "0.1 of kB/MB/GB, percentages to 0.01 %, rates from their counts); the JSON summary "
             "(--summary-export or handleSummary) has them in full, and neither records the k6 version");
    b.caveat("latency is not coordinated-omission corrected unless the script used an arrival-rate executor, which "
             "the summary does not record");
    K6ConsoleReader reader(b, in.text.find(kK6Title + " TOTAL RESULTS") != std::string::npos);
    LoadText::readAll(reader, in.text);
    return b.finish();
}

} // namespace bs
