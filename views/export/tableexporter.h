#pragma once

#include "tablerenderer.h"
#include "texttable.h"

#include <QString>

#include <optional>
#include <string>

class QTableView;

// Tables to CSV, Markdown, HTML or text through the core's TableRenderer,
// exactly as shown: the view's model (the proxy, so the current sort and
// filter), its visible columns in their on-screen order, headers with
// units, ranges as [min–max]. A capture's tables (AllCasesModel,
// CaseTableModel) come from their bs::Table, with its notes, and as CSV in
// its machine form (value, min, max and n columns). Written atomically.
class TableExporter {
public:
    static bs::TextTable fromView(const QTableView &view, bs::TableRenderer::Format format,
                                  const QString &title = {});

    // From the extension: .csv, .md/.markdown, .html/.htm, .txt.
    static std::optional<bs::TableRenderer::Format> formatFor(const QString &path);
    static QString extension(bs::TableRenderer::Format format); // "csv", "md", "html", "txt"
    static bool save(const bs::TextTable &table, const QString &path, bs::TableRenderer::Format format,
                     QString *error = nullptr);
    // Writes bytes as bs::FileIO::writeAtomically does (temporary file and
    // rename; a symlink's target replaced; a device or FIFO written into).
    static bool writeFile(const QString &path, const std::string &bytes, QString *error = nullptr);
};
