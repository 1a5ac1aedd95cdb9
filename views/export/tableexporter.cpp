#include "tableexporter.h"

#include "capturemodels.h"
#include "capturetables.h"
#include "fileio.h"
#include "modeltexttable.h"
#include "participantfilterproxy.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QTableView>

bs::TextTable TableExporter::fromView(const QTableView &view, const QString &title)
{
    std::vector<int> columns;
    const QHeaderView *header = view.horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!view.isColumnHidden(logical))
            columns.push_back(logical);
    }
    if (!view.model())
        return {};
    return ModelTextTable::fromModel(*view.model(), columns, title);
}

bs::TextTable TableExporter::caseTable(CaptureModels &models, const std::string &caseId)
{
    ParticipantFilterProxy *proxy = models.caseTable(caseId);
    if (!proxy)
        return {};
    const bs::TextTable core = bs::CaptureTables::caseTable(*models.capture(), caseId);
    bs::TextTable table = ModelTextTable::fromModel(*proxy, {}, QString::fromStdString(core.title));
    table.notes = core.notes;
    return table;
}

bs::TextTable TableExporter::allCasesTable(CaptureModels &models, const std::string &metricId)
{
    ParticipantFilterProxy *proxy = models.allCases(metricId);
    const bs::TextTable core = bs::CaptureTables::allCases(*models.capture(), metricId);
    bs::TextTable table = ModelTextTable::fromModel(*proxy, {}, QString::fromStdString(core.title));
    table.notes = core.notes;
    return table;
}

std::optional<bs::TableRenderer::Format> TableExporter::formatFor(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return bs::TableRenderer::Format::Csv;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return bs::TableRenderer::Format::Markdown;
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        return bs::TableRenderer::Format::Html;
    if (suffix == QLatin1String("txt"))
        return bs::TableRenderer::Format::Text;
    return std::nullopt;
}

QString TableExporter::extension(bs::TableRenderer::Format format)
{
    switch (format) {
    case bs::TableRenderer::Format::Csv: return QStringLiteral("csv");
    case bs::TableRenderer::Format::Markdown: return QStringLiteral("md");
    case bs::TableRenderer::Format::Html: return QStringLiteral("html");
    case bs::TableRenderer::Format::Text: return QStringLiteral("txt");
    }
    return {};
}

bool TableExporter::save(const bs::TextTable &table, const QString &path, bs::TableRenderer::Format format,
                         QString *error)
{
    return writeFile(path, QByteArray::fromStdString(bs::TableRenderer::render(table, format)), error);
}

bool TableExporter::writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    bs::LoadError failure;
    if (bs::FileIO::writeAtomically(path.toStdString(), bytes.toStdString(), failure))
        return true;
    if (error)
        *error = QString::fromStdString(failure.toString());
    return false;
}
