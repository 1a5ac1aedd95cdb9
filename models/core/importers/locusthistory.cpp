#include "locusthistory.h"

#include "csvtext.h"
#include "inputfailure.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

namespace bs {

namespace {

constexpr std::size_t kProblemsKept = 5;

std::optional<double> number(const std::string &text)
{
    if (text.empty() || text == "N/A")
        return std::nullopt;
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (*end || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// The header's columns, each named once.
std::map<std::string, std::size_t> columnsOf(const CsvRecord &head)
{
    std::map<std::string, std::size_t> columns;
    for (std::size_t i = 0; i < head.fields.size(); ++i)
        if (!columns.emplace(head.fields[i], i).second)
            throw InputFailure{head.place(), "column \"" + head.fields[i] + "\" is in the header twice"};
    for (const char *name : {"Timestamp", "Type", "Name", "Total Request Count", "Total Failure Count"})
        if (!columns.count(name))
            throw InputFailure{head.place(), std::string("no \"") + name + "\" column in Locust's stats history header"};
    return columns;
}

class Scan {
public:
    explicit Scan(LocustHistory &out) : m_out(out) {}

    bool take(CsvRecord &r)
    {
        if (m_head.fields.empty()) {
            m_head = r;
            m_columns = columnsOf(m_head);
            for (std::size_t i = 0; i < m_head.fields.size(); ++i)
                if (m_head.fields[i].size() > 1 && m_head.fields[i].back() == '%')
                    m_percentiles.push_back(i);
            return true;
        }
        if (r.fields.size() != m_head.fields.size())
            throw InputFailure{r.place(), "expected " + std::to_string(m_head.fields.size())
                                              + " comma-separated columns as in the header, found "
                                              + std::to_string(r.fields.size()) + " (a row cut short?)"};
        row(r);
        return true;
    }

private:
    const std::string &at(const CsvRecord &r, const char *name) { return r.fields[m_columns.at(name)]; }

    double required(const CsvRecord &r, const char *name)
    {
        const std::optional<double> v = number(at(r, name));
        if (!v || *v < 0)
            throw InputFailure{r.place(), std::string("column \"") + name + "\": expected a number from 0 up, found \""
                                              + at(r, name) + "\""};
        return *v;
    }

    void problem(const CsvRecord &r, const std::string &what)
    {
        if (m_out.problemCount++ < kProblemsKept)
            m_out.problems.push_back(r.place() + ": " + what);
    }

    void row(const CsvRecord &r)
    {
        const double t = required(r, "Timestamp");
        const double requests = required(r, "Total Request Count");
        const double failures = required(r, "Total Failure Count");
        const std::string name = at(r, "Type") + " " + at(r, "Name");
        ++m_out.rows;
        if (!m_out.firstTimestamp)
            m_out.firstTimestamp = t;
        if (m_out.lastTimestamp && t < *m_out.lastTimestamp)
            problem(r, "the timestamp goes back in time (" + at(r, "Timestamp") + ")");
        if (!m_out.lastTimestamp || t != *m_out.lastTimestamp)
            m_seenNow.clear();
        m_out.lastTimestamp = t;
        if (!m_seenNow.insert(name).second)
            problem(r, "a second row for \"" + name + "\" at the same time: a duplicated row");
        if (failures > requests)
            problem(r, "more failures (" + at(r, "Total Failure Count") + ") than requests ("
                           + at(r, "Total Request Count") + ")");
        auto [last, fresh] = m_requests.emplace(name, requests);
        if (!fresh && requests < last->second)
            problem(r, "the total requests of \"" + name + "\" fall (a total only grows)");
        last->second = requests;
        std::optional<double> previous;
        for (std::size_t c : m_percentiles) {
            const std::optional<double> v = number(r.fields[c]);
            if (v && previous && *v < *previous) {
                problem(r, "percentile " + m_head.fields[c] + " is below the one before it: percentiles never fall");
                break;
            }
            if (v)
                previous = v;
        }
    }

    LocustHistory &m_out;
    CsvRecord m_head;
    std::map<std::string, std::size_t> m_columns;
    std::vector<std::size_t> m_percentiles;
    std::set<std::string> m_seenNow;               // request names at the current timestamp
    std::map<std::string, double> m_requests;      // request name → its last total
};

} // namespace

LocustHistory LocustHistory::read(const std::string &text)
{
    LocustHistory out;
    Scan scan(out);
    CsvText::forEachRecord(text, [&](CsvRecord &r) { return scan.take(r); });
    return out;
}

std::string LocustHistory::problemText() const
{
    std::string text;
    for (const std::string &p : problems)
        text += (text.empty() ? "" : "; ") + p;
    if (problemCount > problems.size())
        text += " (and " + std::to_string(problemCount - problems.size()) + " more)";
    return text;
}

} // namespace bs
