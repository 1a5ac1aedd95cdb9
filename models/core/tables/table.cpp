#include "table.h"

#include "capturetables.h"
#include "columnranking.h"
#include "mannwhitney.h"
#include "unitformat.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>

namespace bs {

void Table::addValueColumn(TableColumn column, std::vector<const Result *> results)
{
    Values v;
    v.results = std::move(results);
    v.values.reserve(v.results.size());
    for (const Result *r : v.results) {
        std::optional<double> value;
        if (r && CaptureTables::statusText(r).empty())
            if (auto it = r->summary.find(column.metric->id); it != r->summary.end())
                value = it->second.value;
        v.values.push_back(value);
    }
    v.ranks = ColumnRanking::ranked(*column.metric) ? ColumnRanking::ranks(v.values, column.metric->direction)
                                                     : std::vector<int>(v.values.size(), 0);
    m_valueColumns.push_back(std::move(column));
    m_values.push_back(std::move(v));
}

void Table::setBaseline(const TableBaseline &baseline)
{
    m_baseline = baseline;
    const std::vector<Participant> &participants = m_capture ? m_capture->participants : std::vector<Participant>{};
    m_baselineRows.assign(participants.size(), -1);
    if (baseline.mode == TableBaseline::Mode::Participant) {
        int row = -1;
        for (std::size_t i = 0; i < participants.size() && row < 0; ++i)
            if (participants[i].id == baseline.participantId)
                row = int(i);
        m_baselineRows.assign(participants.size(), row);
    } else if (baseline.mode == TableBaseline::Mode::MarkedSameRuntime) {
        // The first marked baseline on each runtime, else the first marked.
        int firstMarked = -1;
        std::unordered_map<std::string_view, int> markedOnRuntime;
        for (std::size_t j = 0; j < participants.size(); ++j)
            if (participants[j].baseline) {
                if (firstMarked < 0)
                    firstMarked = int(j);
                markedOnRuntime.emplace(participants[j].runtime, int(j));
            }
        for (std::size_t i = 0; i < participants.size(); ++i) {
            const auto it = markedOnRuntime.find(participants[i].runtime);
            m_baselineRows[i] = it == markedOnRuntime.end() ? firstMarked : it->second;
        }
    }
    rebuildColumns();
    if (!m_apartNote.empty())
        notes.erase(std::remove(notes.begin(), notes.end(), m_apartNote), notes.end());
    m_apartNote = apartNote();
    if (!m_apartNote.empty())
        notes.push_back(m_apartNote);
}

std::string Table::apartNote() const
{
    // Two samples of one law have their ranges apart with probability
    // 2·n!·m!/(n+m)!, the smallest p a Mann–Whitney test of them can give.
    std::size_t compared = 0, apart = 0;
    double expected = 0;
    for (const TableColumn &c : columns) {
        if (c.kind != ColumnKind::Ratio)
            continue;
        for (std::size_t row = 0; row < rowCount(); ++row) {
            const TableCell cell = ratioCell(row, c);
            if (!cell.value || cell.baseline)
                continue;
            const Values &v = m_values[c.valueColumn];
            const MetricSummary &rs = v.results[row]->summary.at(c.metric->id);
            const MetricSummary &bs = v.results[std::size_t(m_baselineRows[row])]->summary.at(c.metric->id);
            ++compared;
            apart += rs.min > bs.max || bs.min > rs.max ? 1 : 0;
            expected += MannWhitney::minimumP(rs.n, bs.n);
        }
    }
    if (compared < 2)
        return {};
    return "Against baseline runs no test: beyond parity, a ratio whose [min–max] ranges do not overlap reads as a "
           "difference. The ranges are apart in " + std::to_string(apart) + " of " + std::to_string(compared)
        + " cells; noise alone would set about " + UnitFormat::plain(expected) + " of " + std::to_string(compared)
        + " apart (two samples of n and m runs of one law: 2·n!·m!/(n+m)!, 1 for single figures). The Diff page "
          "tests a change.";
}

void Table::rebuildColumns()
{
    const bool withRatios = std::any_of(m_baselineRows.begin(), m_baselineRows.end(), [](int b) { return b >= 0; });
    std::string against = "Against baseline";
    if (m_baseline.mode == TableBaseline::Mode::Participant && !m_baselineRows.empty() && m_baselineRows[0] >= 0)
        against = "Against " + m_capture->participants[std::size_t(m_baselineRows[0])].label;
    columns.clear();
    TableColumn first;
    first.name = "Participant";
    columns.push_back(first);
    for (std::size_t i = 0; i < m_valueColumns.size(); ++i) {
        columns.push_back(m_valueColumns[i]);
        columns.back().valueColumn = i;
        if (withRatios) {
            TableColumn ratio = m_valueColumns[i];
            ratio.kind = ColumnKind::Ratio;
            ratio.name = against;
            ratio.scale = {};
            ratio.valueColumn = i;
            columns.push_back(std::move(ratio));
        }
    }
    if (m_countColumn) {
        TableColumn n;
        n.kind = ColumnKind::Count;
        n.name = "n";
        columns.push_back(n);
    }
}

std::optional<std::size_t> Table::baselineRow(std::size_t row) const
{
    if (row >= m_baselineRows.size() || m_baselineRows[row] < 0)
        return std::nullopt;
    return std::size_t(m_baselineRows[row]);
}

const Result *Table::result(std::size_t row, std::size_t column) const
{
    const TableColumn &c = columns[column];
    if (c.kind == ColumnKind::Participant)
        return nullptr;
    if (c.kind == ColumnKind::Count)
        return m_values.empty() ? nullptr : m_values.front().results[row];
    return m_values[c.valueColumn].results[row];
}

TableCell Table::valueCell(std::size_t row, const TableColumn &column) const
{
    TableCell cell;
    const Values &v = m_values[column.valueColumn];
    cell.result = v.results[row];
    cell.rank = v.ranks[row];
    cell.value = v.values[row];
    const Result *r = cell.result;
    cell.status = !r || (r->status == ResultStatus::Ok && !CaptureTables::statusText(r).empty()) ? ResultStatus::Missing
                                                                                                 : r->status;
    if (cell.value) {
        const MetricSummary &s = r->summary.at(column.metric->id);
        cell.min = s.min;
        cell.max = s.max;
        cell.median = s.median;
        cell.n = s.n;
        cell.once = s.once;
        cell.flagged = !r->flags.empty();
    }
    return cell;
}

TableCell Table::ratioCell(std::size_t row, const TableColumn &column) const
{
    TableCell cell;
    const Values &v = m_values[column.valueColumn];
    cell.result = v.results[row];
    cell.status = cell.result ? cell.result->status : ResultStatus::Missing;
    const int base = m_baselineRows[row];
    cell.noBaseline = base < 0;
    if (base < 0)
        return cell;
    cell.baseline = std::size_t(base) == row;
    const std::optional<double> &value = v.values[row];
    const std::optional<double> &of = v.values[std::size_t(base)];
    if (!value || !of || *of == 0)
        return cell;
    cell.value = *value / *of;
    if (cell.baseline)
        return cell;
    const MetricSummary &rs = v.results[row]->summary.at(column.metric->id);
    const MetricSummary &bs = v.results[std::size_t(base)]->summary.at(column.metric->id);
    cell.parity = std::fabs(*cell.value - 1) < kParityTolerance;
    cell.overlap = !cell.parity && rs.n > 1 && bs.n > 1 && rs.min <= bs.max && bs.min <= rs.max;
    return cell;
}

TableCell Table::cell(std::size_t row, std::size_t column) const
{
    const TableColumn &c = columns[column];
    switch (c.kind) {
    case ColumnKind::Participant: return {};
    case ColumnKind::Value: return valueCell(row, c);
    case ColumnKind::Ratio: return ratioCell(row, c);
    case ColumnKind::Count: {
        TableCell cell;
        cell.result = result(row, column);
        cell.status = cell.result ? cell.result->status : ResultStatus::Missing;
        if (cell.result && cell.status == ResultStatus::Ok) {
            cell.n = cell.result->repetitions.size();
            cell.value = double(cell.n);
            cell.once = cell.result->repetitions.empty() && !cell.result->once.empty();
        }
        return cell;
    }
    }
    return {};
}

std::optional<double> Table::value(std::size_t row, std::size_t column) const
{
    const TableColumn &c = columns[column];
    switch (c.kind) {
    case ColumnKind::Participant: return std::nullopt;
    case ColumnKind::Value: return m_values[c.valueColumn].values[row];
    case ColumnKind::Ratio: {
        const int base = m_baselineRows[row];
        if (base < 0)
            return std::nullopt;
        const std::optional<double> &v = m_values[c.valueColumn].values[row];
        const std::optional<double> &of = m_values[c.valueColumn].values[std::size_t(base)];
        return v && of && *of != 0 ? std::optional<double>(*v / *of) : std::nullopt;
    }
    case ColumnKind::Count: return cell(row, column).value;
    }
    return std::nullopt;
}

int Table::rank(std::size_t row, std::size_t column) const
{
    const TableColumn &c = columns[column];
    return c.kind == ColumnKind::Value ? m_values[c.valueColumn].ranks[row] : 0;
}

std::size_t Table::ranked(std::size_t column) const
{
    const TableColumn &c = columns[column];
    if (c.kind != ColumnKind::Value)
        return 0;
    const std::vector<int> &ranks = m_values[c.valueColumn].ranks;
    return std::size_t(std::count_if(ranks.begin(), ranks.end(), [](int r) { return r > 0; }));
}

std::string Table::text(std::size_t row, std::size_t column) const
{
    const TableColumn &c = columns[column];
    switch (c.kind) {
    case ColumnKind::Participant: {
        const Participant &p = participant(row);
        return p.baseline ? p.label + " (baseline)" : p.label;
    }
    case ColumnKind::Value: {
        const TableCell cell = valueCell(row, c);
        if (!cell.value) // the status text, or "n/a" for a metric this result did not record
            return CaptureTables::cellText(cell.result, *c.metric, c.scale);
        return (cell.flagged ? std::string(CaptureTables::kFlagMark) + " " : std::string())
            + UnitFormat::number(*cell.value, c.scale);
    }
    case ColumnKind::Ratio: {
        const TableCell cell = ratioCell(row, c);
        if (cell.noBaseline)
            return {};
        if (cell.baseline)
            return "baseline";
        return cell.value ? std::to_string(std::lround(*cell.value * 100)) + "%" : "—";
    }
    case ColumnKind::Count: {
        const Result *r = result(row, column);
        return r && r->status == ResultStatus::Ok ? CaptureTables::nText(*r) : std::string();
    }
    }
    return {};
}

std::string Table::spread(std::size_t row, std::size_t column) const
{
    const TableColumn &c = columns[column];
    if (c.kind == ColumnKind::Ratio) {
        const TableCell ratio = ratioCell(row, c);
        return ratio.parity ? "parity" : ratio.overlap ? "ranges overlap" : "";
    }
    if (c.kind != ColumnKind::Value || zeroColumn(column))
        return {};
    const TableCell cell = valueCell(row, c);
    if (!cell.value)
        return {};
    return CaptureTables::spreadText(cell.result->summary.at(c.metric->id), cell.result->repetitions.size(), c.scale);
}

bool Table::valueless(std::size_t column, const std::vector<std::size_t> &rows) const
{
    const TableColumn &c = columns[column];
    if (c.kind != ColumnKind::Value && c.kind != ColumnKind::Ratio)
        return false;
    const Values &v = m_values[c.valueColumn];
    bool anyOk = false;
    const std::size_t n = rows.empty() ? rowCount() : rows.size();
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t row = rows.empty() ? i : rows[i];
        if (v.values[row])
            return false;
        anyOk = anyOk || (v.results[row] && v.results[row]->status == ResultStatus::Ok);
    }
    return anyOk;
}

std::vector<std::size_t> Table::shownColumns() const
{
    std::vector<std::size_t> shown;
    for (std::size_t c = 0; c < columns.size(); ++c)
        if (!valueless(c))
            shown.push_back(c);
    return shown;
}

bool Table::zeroColumn(std::size_t column) const
{
    const TableColumn &c = columns[column];
    if (c.kind != ColumnKind::Value)
        return false;
    const Values &v = m_values[c.valueColumn];
    bool any = false;
    for (std::size_t row = 0; row < v.values.size(); ++row) {
        if (!v.values[row])
            continue;
        const MetricSummary &s = v.results[row]->summary.at(c.metric->id);
        if (*v.values[row] != 0 || s.min != 0 || s.max != 0)
            return false;
        any = true;
    }
    return any;
}

std::string Table::cellText(std::size_t row, std::size_t column) const
{
    const std::string t = text(row, column);
    const std::string s = spread(row, column);
    return s.empty() ? t : t + " " + s;
}

namespace {

std::vector<std::size_t> allOr(const std::vector<std::size_t> &chosen, std::size_t count)
{
    if (!chosen.empty())
        return chosen;
    std::vector<std::size_t> all(count);
    for (std::size_t i = 0; i < count; ++i)
        all[i] = i;
    return all;
}

std::string unitSuffix(const UnitFormat::Scale &scale)
{
    return scale.suffix.empty() ? "" : " (" + scale.suffix + ")";
}

} // namespace

TextTable Table::human(const std::vector<std::size_t> &rowOrder, const std::vector<std::size_t> &shown) const
{
    TextTable t;
    t.title = title;
    t.notes = notes;
    const std::vector<std::size_t> cols = shown.empty() ? shownColumns() : shown;
    for (std::size_t c : cols) {
        t.header.push_back(columns[c].caption());
        t.numeric.push_back(columns[c].numeric());
    }
    for (std::size_t row : allOr(rowOrder, rowCount())) {
        std::vector<std::string> cells;
        cells.reserve(cols.size());
        for (std::size_t c : cols)
            cells.push_back(cellText(row, c));
        t.rows.push_back(std::move(cells));
    }
    return t;
}

TextTable Table::machine(const std::vector<std::size_t> &rowOrder, const std::vector<std::size_t> &shown) const
{
    TextTable t;
    t.title = title;
    const std::vector<std::size_t> cols = shown.empty() ? shownColumns() : shown;
    for (std::size_t c : cols) {
        const TableColumn &column = columns[c];
        const std::string unit = unitSuffix(column.scale);
        switch (column.kind) {
        case ColumnKind::Participant:
            t.header.push_back(column.name);
            t.numeric.push_back(false);
            break;
        case ColumnKind::Value:
            for (const char *part : {" value", " min", " max"})
                t.header.push_back(column.name + part + unit);
            t.header.push_back(column.name + " n");
            t.header.push_back(column.name + " status");
            t.numeric.insert(t.numeric.end(), {true, true, true, true, false});
            break;
        case ColumnKind::Ratio:
            t.header.push_back(column.name + " (ratio)");
            t.numeric.push_back(true);
            break;
        case ColumnKind::Count:
            t.header.push_back(column.name);
            t.numeric.push_back(true);
            break;
        }
    }
    for (std::size_t row : allOr(rowOrder, rowCount())) {
        std::vector<std::string> cells;
        for (std::size_t c : cols) {
            const TableColumn &column = columns[c];
            const TableCell cell = this->cell(row, c);
            switch (column.kind) {
            case ColumnKind::Participant:
                cells.push_back(text(row, c));
                break;
            case ColumnKind::Value:
                if (cell.value) {
                    for (double v : {*cell.value, cell.min, cell.max})
                        cells.push_back(UnitFormat::machine(v, column.scale));
                    cells.push_back(std::to_string(cell.n));
                    cells.push_back(cell.flagged ? "flagged" : "ok");
                } else {
                    cells.insert(cells.end(), 4, std::string());
                    cells.push_back(cell.result && cell.status == ResultStatus::Ok ? "n/a" : statusName(cell.status));
                }
                break;
            case ColumnKind::Ratio:
                cells.push_back(cell.value ? UnitFormat::machine(*cell.value, {}) : std::string());
                break;
            case ColumnKind::Count:
                // Figures measured once only: one sample.
                cells.push_back(cell.value ? std::to_string(cell.once ? 1 : cell.n) : std::string());
                break;
            }
        }
        t.rows.push_back(std::move(cells));
    }
    return t;
}

} // namespace bs
