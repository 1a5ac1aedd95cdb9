#pragma once

#include "tablerenderer.h"
#include "texttable.h"

#include <QString>

#include <optional>
#include <string>

class CaptureModels;
class QTableView;

// Tables to CSV, Markdown, HTML or text through the core's TableRenderer,
// exactly as shown: the view's model (the proxy, so the current sort and
// filter), its visible columns in their on-screen order, headers with
// units, ranges as [min–max]. Written atomically.
class TableExporter {
public:
    static bs::TextTable fromView(const QTableView &view, const QString &title = {});
    // The capture's tables as the explorer shows them when opened, with the
    // core's titles and notes (what the brackets are, why a cell is empty).
    static bs::TextTable caseTable(CaptureModels &models, const std::string &caseId);
    static bs::TextTable allCasesTable(CaptureModels &models, const std::string &metricId);

    // From the extension: .csv, .md/.markdown, .html/.htm, .txt.
    static std::optional<bs::TableRenderer::Format> formatFor(const QString &path);
    static QString extension(bs::TableRenderer::Format format); // "csv", "md", "html", "txt"
    static bool save(const bs::TextTable &table, const QString &path, bs::TableRenderer::Format format,
                     QString *error = nullptr);
    // Writes bytes as bs::FileIO::writeAtomically does (temporary file and
    // rename; a symlink's target replaced; a device or FIFO written into).
    static bool writeFile(const QString &path, const QByteArray &bytes, QString *error = nullptr);
};
