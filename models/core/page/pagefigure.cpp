#include "pagefigure.h"

#include "capturediff.h"
#include "difftable.h"
#include "tablebuilder.h"
#include "textescape.h"
#include "unitformat.h"

#include <array>
#include <sstream>
#include <utility>

namespace bs {

namespace {

constexpr std::array<std::pair<PageFigure::Kind, const char *>, 6> kKinds{{
    {PageFigure::Kind::Change, "change"},
    {PageFigure::Kind::Ratio, "ratio"},
    {PageFigure::Kind::P, "p"},
    {PageFigure::Kind::Verdict, "verdict"},
    {PageFigure::Kind::Value, "value"},
    {PageFigure::Kind::Against, "against"},
}};

std::string inQuotes(const std::string &s)
{
    return "\"" + TextEscape::terminal(s) + "\"";
}

// The cell of a two-capture figure, or null with `message` set.
const DiffCell *diffCell(const CaptureDiff &diff, const PageFigure &f, const std::string &metric, std::string &message)
{
    for (const DiffCell &cell : diff.cells())
        if (cell.caseId == f.caseId && cell.participant == f.participant && cell.metric == metric)
            return &cell;
    message = "no cell " + inQuotes(f.participant) + " × " + inQuotes(f.caseId) + " × " + inQuotes(metric)
        + " in either capture";
    return nullptr;
}

// The table's figure of the participant on the case: its value with the
// unit, or (`against`) its ratio to the baseline as the table prints it.
bool tableText(const Capture &c, const PageFigure &f, const std::string &metric, bool against, std::string &text,
               std::string &message)
{
    if (!c.caseInfo(f.caseId)) {
        message = "the capture has no case " + inQuotes(f.caseId);
        return false;
    }
    // The ratio stands in the all-cases table (a case's own table has none).
    const Table table = against ? TableBuilder::allCases(c, metric) : TableBuilder::caseTable(c, f.caseId);
    for (std::size_t row = 0; row < table.rowCount(); ++row) {
        if (table.participant(row).id != f.participant)
            continue;
        for (std::size_t col = 0; col < table.columnCount(); ++col) {
            const TableColumn &column = table.columns[col];
            if (column.kind != (against ? ColumnKind::Ratio : ColumnKind::Value) || !column.metric
                || column.metric->id != metric || (against && column.caseId != f.caseId))
                continue;
            const TableCell cell = table.cell(row, col);
            if (against) {
                if (cell.noBaseline || !table.baselineRow(row)) {
                    message = inQuotes(f.participant) + " has no baseline on " + inQuotes(f.caseId);
                    return false;
                }
                text = table.text(row, col);
                return true;
            }
            if (!cell.value) {
                message = inQuotes(f.participant) + " has no figure of " + inQuotes(metric) + " on " + inQuotes(f.caseId)
                    + " (" + table.text(row, col) + ")";
                return false;
            }
            text = UnitFormat::withUnit(*cell.value, column.scale);
            return true;
        }
        message = against ? "the capture marks no baseline for " + inQuotes(metric) + " on " + inQuotes(f.caseId)
                          : "the capture has no metric " + inQuotes(metric) + " on " + inQuotes(f.caseId);
        return false;
    }
    message = "the capture has no participant " + inQuotes(f.participant);
    return false;
}

} // namespace

bool PageFigure::parse(const std::string &text, std::size_t line, PageFigure &out, std::string &message)
{
    out = {};
    out.line = line;
    out.source = text;
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string w; in >> w;)
        words.push_back(w);
    if (words.empty()) {
        message = "an empty figure {{ }}";
        return false;
    }
    bool known = false;
    for (const auto &[kind, name] : kKinds)
        if (words[0] == name) {
            out.kind = kind;
            known = true;
        }
    if (!known) {
        message = "unknown figure " + inQuotes(words[0]) + "; one of change, ratio, p, verdict, value, against";
        return false;
    }
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::size_t eq = words[i].find('=');
        if (eq == std::string::npos) {
            out.captures.push_back(words[i]);
            continue;
        }
        const std::string key = words[i].substr(0, eq), value = words[i].substr(eq + 1);
        std::string *field = key == "case" ? &out.caseId : key == "participant" ? &out.participant
                           : key == "metric"                                    ? &out.metric
                                                                                : nullptr;
        if (!field || value.empty()) {
            message = "unknown " + inQuotes(words[i]) + "; a figure takes case=, participant= and metric=";
            return false;
        }
        *field = value;
    }
    const std::size_t wanted = out.kind == Kind::Value || out.kind == Kind::Against ? 1 : 2;
    if (out.captures.size() != wanted) {
        message = words[0] + " names " + std::string(wanted == 1 ? "one capture" : "two captures, before and after")
            + " (it names " + std::to_string(out.captures.size()) + ")";
        return false;
    }
    if (out.caseId.empty() || out.participant.empty()) {
        message = words[0] + " needs case= and participant=";
        return false;
    }
    return true;
}

bool PageFigure::evaluate(const Lookup &capture, std::string &text, std::string &message) const
{
    std::vector<const Capture *> sides;
    for (const std::string &ref : captures) {
        sides.push_back(capture(ref));
        if (!sides.back()) {
            message = "no capture " + inQuotes(ref);
            return false;
        }
    }
    const Metric *primary = sides.back()->primaryMetric();
    const std::string metricId = !metric.empty() ? metric : primary ? primary->id : std::string();
    if (metricId.empty()) {
        message = "the capture has no primary metric; say metric=";
        return false;
    }
    if (kind == Kind::Value || kind == Kind::Against)
        return tableText(*sides[0], *this, metricId, kind == Kind::Against, text, message);
    CaptureDiff::Options options;
    options.metrics = {metricId};
    const CaptureDiff diff = CaptureDiff::compare(*sides[0], *sides[1], options);
    const DiffCell *cell = diffCell(diff, *this, metricId, message);
    if (!cell)
        return false;
    const bool computed = kind == Kind::Change ? cell->deltaPct.has_value()
        : kind == Kind::Ratio                  ? cell->ratio.has_value()
        : kind == Kind::P                      ? cell->p.has_value()
                                               : true;
    if (!computed) {
        message = "it cannot be computed: " + (cell->reason.empty() ? std::string("no figure on a side") : cell->reason);
        return false;
    }
    switch (kind) {
    case Kind::Change: text = DiffTable::deltaText(cell->deltaPct); break;
    case Kind::Ratio: text = UnitFormat::plain(*cell->ratio, *cell->ratio < 10 ? 2 : 1) + "×"; break;
    case Kind::P: text = DiffTable::pText(*cell); break;
    case Kind::Verdict: text = verdictWord(cell->verdict); break;
    case Kind::Value:
    case Kind::Against: break;
    }
    return true;
}

} // namespace bs
