#pragma once

#include "texttable.h"

#include <QString>

#include <vector>

class QAbstractItemModel;

// A table model as it is shown, converted to a bs::TextTable so that the
// core's TableRenderer writes it (CSV, Markdown, HTML, text). Pass the model
// the view shows (the proxy, so rows come in the current sort and filter
// order) and the columns the view shows, in the view's order. Cells are the
// whole cell text (TableRole::CellTextRole: value and [min–max]) where the
// model has it, else the display text; headers keep their units.
namespace ModelTextTable {

// `columns`: model columns in order; empty means every column.
bs::TextTable fromModel(const QAbstractItemModel &model, const std::vector<int> &columns = {},
                        const QString &title = {});

} // namespace ModelTextTable
