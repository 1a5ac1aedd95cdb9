#include "rubybenchmarkreader.h"

#include "capturebuilder.h"
#include "loadtext.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace bs {

namespace {

const std::size_t kTitleLength = 160; // a longer line above a table is prose, not its title

// The line without its comment marker ("#", as output pasted into Ruby
// source carries it), trimmed; the marker in `marker`.
std::string unmarked(const std::string &line, std::string &marker)
{
    std::string t = LoadText::trimmed(line);
    marker.clear();
    if (!t.empty() && t[0] == '#') {
        marker = "#";
        t = LoadText::trimmed(t.substr(1));
    }
    return t;
}

bool isHeader(const std::string &t)
{
    if (t.size() < 4 || t.compare(t.size() - 4, 4, "real") != 0)
        return false;
    const std::vector<std::string> w = LoadText::words(t);
    return w.size() >= 4 && w[w.size() - 4] == "user" && w[w.size() - 3] == "system" && w[w.size() - 2] == "total";
}

// bmbm's first line: "Rehearsal " padded with dashes to its table's width.
bool isRehearsal(const std::string &t)
{
    const std::string rule = t.rfind("Rehearsal ", 0) == 0 ? LoadText::trimmed(t.substr(10)) : std::string();
    return rule.size() >= 3 && rule.find_first_not_of('-') == std::string::npos;
}

// bmbm's last rehearsal line: "-------------------- total: 2.960000sec".
bool isRehearsalTotal(const std::string &t) { return t.rfind("---", 0) == 0 && t.find("total:") != std::string::npos; }

bool isFence(const std::string &t) { return t.rfind("```", 0) == 0 || t.rfind("~~~", 0) == 0; }

bool hasAlnum(const std::string &t)
{
    return std::any_of(t.begin(), t.end(), [](unsigned char c) { return std::isalnum(c) || c >= 0x80; });
}

// A line as a table's title: without Markdown's or a comment's "#" marks.
std::string titleOf(const std::string &line)
{
    std::string t = LoadText::trimmed(line);
    t = LoadText::trimmed(t.substr(std::min(t.find_first_not_of('#'), t.size())));
    return t.size() > kTitleLength ? std::string() : t;
}

} // namespace

RubyBenchmarkReader::RubyBenchmarkReader(CaptureBuilder &b) : m_b(b), m_report("Ruby Benchmark")
{
    m_report.expect("a \"user system total real\" header and the rows under it");
}

bool RubyBenchmarkReader::opensTable(const std::string &line)
{
    std::string marker;
    const std::string t = unmarked(line, marker);
    return isHeader(t) || isRehearsal(t);
}

bool RubyBenchmarkReader::isRow(const std::string &line)
{
    std::string marker;
    return RubyBenchmarkRow::shaped(unmarked(line, marker));
}

void RubyBenchmarkReader::read(const TextLine &line)
{
    std::string marker;
    const std::string t = unmarked(line.text, marker);
    if (t.empty() || isFence(t))
        return close();
    if (isHeader(t) || isRehearsal(t))
        return open(isRehearsal(t), marker, line);
    if (m_open && m_open->marker != marker)
        close();
    if (m_open && m_open->rehearsal && isRehearsalTotal(t))
        return close();
    if (RubyBenchmarkRow::shaped(t)) {
        settleCandidate();
        if (!m_open) { // Benchmark.measure's own line, or a row whose header is damaged
            orphanRehearsal();
            return m_stray.add(line);
        }
        m_open->table.rows.push_back(RubyBenchmarkRow::read(t, line));
        if (!m_open->rehearsal)
            m_report.expect({});
        return;
    }
    if (!hasAlnum(t)) // a rule, "...", a setext underline: neither a title nor figures
        return;
    settleCandidate();
    m_candidate = Candidate{line, m_open.has_value()};
}

// A table's title is the nearest line above it (blank lines and fences
// between), unless that line was a row or another table's header; a line
// right under a table's last row ("Testing …" printed before the next
// table) titles the next.
void RubyBenchmarkReader::open(bool rehearsal, const std::string &marker, const TextLine &line)
{
    Block block{rehearsal, marker, {}};
    block.table.start = line;
    block.table.title = m_candidate ? titleOf(m_candidate->line.text) : std::string();
    m_candidate.reset();
    close();
    if (!rehearsal && m_rehearsal && m_rehearsal->marker == marker) {
        RubyBenchmarkTable &before = m_rehearsal->table;
        block.table.title = before.title.empty() ? block.table.title : before.title;
        block.table.start = before.start;
        block.table.rehearsal = before.start;
        block.table.rehearsalRows = std::move(before.rows);
        m_rehearsal.reset();
    }
    orphanRehearsal();
    if (!m_report.expected().empty())
        m_report.expect(rehearsal ? "the measured table after the bmbm rehearsal at " + line.place()
                                  : "a row under the header at " + line.place());
    m_open = std::move(block);
}

// A blank line or a fence ends a table: a line under its last row that
// did not title a next table at once is one of its lines not read.
void RubyBenchmarkReader::close()
{
    if (!m_open)
        return;
    settleCandidate();
    if (m_open->rehearsal) {
        orphanRehearsal();
        m_rehearsal = std::move(m_open);
    } else if (m_open->table.rows.empty()) {
        m_empty.add(m_open->table.start);
    } else {
        m_tables.push_back(std::move(m_open->table));
    }
    m_open.reset();
}

// A line inside a table that is not a row (a crash message, a footnote
// after the figures, a row cut short) is named once the next line shows
// it does not title a table.
void RubyBenchmarkReader::settleCandidate()
{
    if (m_candidate && m_candidate->inBlock)
        m_report.unread(m_candidate->line);
    m_candidate.reset();
}

void RubyBenchmarkReader::orphanRehearsal()
{
    if (m_rehearsal)
        m_orphans.add(m_rehearsal->table.start);
    m_rehearsal.reset();
}

void RubyBenchmarkReader::finish(const TextLine &last)
{
    close();
    settleCandidate();
    orphanRehearsal();
    if (m_tables.empty())
        m_report.endsBeforeFigures(last);
    std::map<std::string, int> uses;
    for (const RubyBenchmarkTable &t : m_tables)
        ++uses[t.title];
    for (const RubyBenchmarkTable &t : m_tables)
        store(t, t.title.empty() ? (m_tables.size() == 1 ? "run" : "table at " + t.start.place())
                                 : uses[t.title] > 1 ? t.title + " (" + t.start.place() + ")" : t.title);
    addCaveats(last);
}

// Each label is a participant and each table a case; a row that Benchmark
// computed from the others is left out.
void RubyBenchmarkReader::store(const RubyBenchmarkTable &table, const std::string &caseLabel)
{
    table.checkRehearsal();
    if (table.rehearsal) {
        m_rehearsals.add(*table.rehearsal);
        if (table.rows.size() < table.rehearsalRows.size()) {
            const RubyBenchmarkRow &missing = table.rehearsalRows[table.rows.size()];
            m_short.push_back("the bmbm table at " + table.start.place() + " has " + std::to_string(table.rows.size())
                              + " of its rehearsal's " + std::to_string(table.rehearsalRows.size()) + " rows: \""
                              + missing.label + "\" (rehearsed at " + missing.line.place()
                              + ") and any after it are missing");
        }
    }
    const std::size_t measured = table.measured();
    for (std::size_t i = measured; i < table.rows.size(); ++i)
        m_summaries.add(table.rows[i].line);
    const std::string cs = m_b.caseId(caseLabel);
    std::set<std::string> seen;
    for (std::size_t i = 0; i < measured; ++i) {
        const RubyBenchmarkRow &row = table.rows[i];
        std::string name = row.label.empty() ? "row " + std::to_string(i + 1) : row.label;
        if (!seen.insert(name).second) {
            m_twice.add(row.line);
            name += " (" + row.line.place() + ")";
        }
        Repetition &rep = m_b.addRepetition(m_b.participant(name), cs);
        m_b.set(rep, "real_time", row.seconds[RubyBenchmarkRow::Real]);
        m_b.set(rep, "user_time", row.seconds[RubyBenchmarkRow::User]);
        m_b.set(rep, "system_time", row.seconds[RubyBenchmarkRow::System]);
        m_b.set(rep, "total_cpu_time", row.seconds[RubyBenchmarkRow::Total]);
    }
}

void RubyBenchmarkReader::addCaveats(const TextLine &last)
{
    m_b.caveat("each row is one run of its report's block (n = 1): real is its wall-clock seconds, user and system the "
               "Ruby process's CPU seconds, total those and its children's; a block that repeats its code N times "
               "gives the time of all N, not of one");
    if (m_rehearsals.count)
        m_b.caveat("a bmbm rehearsal (" + m_rehearsals.text() + ") is its warm-up, not a measurement: only the table "
                   "after it is imported");
    if (m_summaries.count)
        m_b.caveat("rows computed from the others (the sum or mean that Benchmark.bm's extra labels such as "
                   "\">total:\" and \">avg:\" print; " + m_summaries.text() + ") are not measurements and are not "
                   "imported");
    if (m_twice.count)
        m_b.caveat("a label printed again in its table (" + m_twice.text() + ") is read as a participant of its own, "
                   "named with its line");
    for (const std::string &s : m_short)
        m_b.caveat(s);
    if (m_orphans.count)
        m_b.caveat("a bmbm rehearsal without its measured table after it (" + m_orphans.text() + ") is not read: "
                   "the file may be cut short there");
    if (m_empty.count)
        m_b.caveat("a header without rows under it (" + m_empty.text() + ") is not read: the file may be cut short "
                   "there");
    if (m_stray.count)
        m_b.caveat("rows outside a table (" + m_stray.text() + "; no \"user system total real\" header above them: "
                   "Benchmark.measure's own lines, or a table whose header is damaged) are not read");
    m_b.caveat("Benchmark prints nothing after a table's last row, so a file cut short after a whole row cannot be "
               "told (this one ends at " + last.place() + ")");
    m_report.addCaveats(m_b, last);
}

} // namespace bs
