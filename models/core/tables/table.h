#pragma once

#include "capture.h"
#include "tablebaseline.h"
#include "tablecell.h"
#include "tablecolumn.h"
#include "texttable.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

// A capture's table as TableBuilder makes it, one row per participant (in
// the capture's order) and typed columns; every path that shows a table
// (the CLI, the item models, exports, reports, the published page) reads
// its columns, units and cell texts from here, so they all agree. Cells
// are kept as figures and made into text on demand (a table can have
// 100,000 rows). Refers to the capture it was built from, which must
// outlive it.
class Table {
public:
    // "Requests/s (req/s, higher is better)", "GET /catalog · HTTP"
    std::string title;
    std::vector<TableColumn> columns;
    // Under the table: what the brackets are, why a cell is empty.
    std::vector<std::string> notes;

    const Capture &capture() const { return *m_capture; }
    std::size_t rowCount() const { return m_capture ? m_capture->participants.size() : 0; }
    std::size_t columnCount() const { return columns.size(); }
    const Participant &participant(std::size_t row) const { return m_capture->participants[row]; }

    TableCell cell(std::size_t row, std::size_t column) const;
    // cell().value and cell().rank without the rest (a sort asks for them
    // twice per comparison).
    std::optional<double> value(std::size_t row, std::size_t column) const;
    int rank(std::size_t row, std::size_t column) const;
    // How many cells of a value column have a rank.
    std::size_t ranked(std::size_t column) const;
    // The result a value or ratio cell shows, or null.
    const Result *result(std::size_t row, std::size_t column) const;
    // "82,481", "⚑ 0.53", "—", "missing", "n/a"; "104%", "baseline";
    // "Raw Bun.serve (baseline)"; "5" or "once".
    std::string text(std::size_t row, std::size_t column) const;
    // What stands beside the text: "[80,100–83,000]", "(once)",
    // "[all 3 equal]"; "parity" or "ranges overlap" for a ratio; else empty.
    std::string spread(std::size_t row, std::size_t column) const;
    // Whether every value of a value column is 0, on every repetition (the
    // Errors of a clean run): its cells read "0", and a note says it once
    // (TableBuilder), rather than "0 [all 3 equal]" in each.
    bool zeroColumn(std::size_t column) const;
    // text and spread, as the CLI prints a cell and Copy copies it.
    std::string cellText(std::size_t row, std::size_t column) const;
    // The row a row's ratios compare with, if any.
    std::optional<std::size_t> baselineRow(std::size_t row) const;
    const TableBaseline &baseline() const { return m_baseline; }
    // Recomputes the ratio columns only (the values stay), and the note on
    // what they rest on (apartNote): all-cases tables.
    void setBaseline(const TableBaseline &baseline);
    // What the ratio columns compare and what noise alone would give:
    // "Against baseline runs no test: ... ranges apart in 12 of 40 cells;
    // noise alone would set about 3.1 of 40 apart ...". Empty without two
    // compared cells.
    std::string apartNote() const;

    // Whether a value or ratio column has no value in any of `rows` (empty:
    // all) while some of them is an ok result: its blanks all read "n/a"
    // (the metric was not measured here), not a status worth seeing. The
    // window hides such a column, and the exports leave it out.
    bool valueless(std::size_t column, const std::vector<std::size_t> &rows = {}) const;
    // The columns shown: every column but the valueless ones, in order.
    std::vector<std::size_t> shownColumns() const;

    // The table for people (aligned text, Markdown, HTML): captions with
    // units, cells as cellText(). Empty `rows`: all, in order; empty
    // `columns`: shownColumns(); else those, in the order given (a view's
    // sort and visible columns).
    TextTable human(const std::vector<std::size_t> &rows = {}, const std::vector<std::size_t> &columns = {}) const;
    // The table for a spreadsheet (CSV): each value column as "<name>
    // value (unit)", "min (unit)", "max (unit)", "n" and "status" columns
    // of plain numbers (UnitFormat::machine); ratio columns as plain
    // ratios ("Against baseline (ratio)"); the n column as a number. Rows
    // and columns chosen as for human().
    TextTable machine(const std::vector<std::size_t> &rows = {}, const std::vector<std::size_t> &columns = {}) const;

    // Parity: a ratio within this fraction of 1 (98%–102%), whatever the
    // ranges; ranges that overlap further out are a separate note
    // ("ranges overlap"), never parity.
    static constexpr double kParityTolerance = 0.02;

private:
    friend class TableBuilder;
    // The figures of one value column, per row.
    struct Values {
        std::vector<const Result *> results;
        std::vector<std::optional<double>> values;
        std::vector<int> ranks;
    };
    // A value column and the result of each row (the values and ranks of
    // its metric over them are kept).
    void addValueColumn(TableColumn column, std::vector<const Result *> results);
    void rebuildColumns();
    TableCell valueCell(std::size_t row, const TableColumn &column) const;
    TableCell ratioCell(std::size_t row, const TableColumn &column) const;

    const Capture *m_capture = nullptr;
    std::vector<TableColumn> m_valueColumns; // in order; columns interleaves ratios
    std::vector<Values> m_values;            // per value column
    TableBaseline m_baseline;
    std::vector<int> m_baselineRows; // per row, -1 for none
    std::string m_apartNote;         // the note of the present baseline, among `notes`
    bool m_countColumn = false;      // a case's table ends with n
};

} // namespace bs
