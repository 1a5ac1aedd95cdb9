#include "tableexporter.h"

#include "allcasesmodel.h"
#include "casetablemodel.h"
#include "fileio.h"
#include "modeltexttable.h"

#include <QAbstractProxyModel>
#include <QFileInfo>
#include <QHeaderView>
#include <QTableView>

namespace {

// The core's table behind a view of a capture's table, if it is one.
const bs::Table *builtTable(const QAbstractItemModel *model)
{
    if (const auto *proxy = qobject_cast<const QAbstractProxyModel *>(model))
        model = proxy->sourceModel();
    if (const auto *all = qobject_cast<const AllCasesModel *>(model))
        return &all->table();
    if (const auto *one = qobject_cast<const CaseTableModel *>(model))
        return &one->table();
    return nullptr;
}

} // namespace

bs::TextTable TableExporter::fromView(const QTableView &view, bs::TableRenderer::Format format, const QString &title)
{
    std::vector<int> columns;
    const QHeaderView *header = view.horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!view.isColumnHidden(logical))
            columns.push_back(logical);
    }
    const QAbstractItemModel *model = view.model();
    if (!model)
        return {};
    const bs::Table *table = builtTable(model);
    if (!table)
        return ModelTextTable::fromModel(*model, columns, title);
    const auto *proxy = qobject_cast<const QAbstractProxyModel *>(model);
    std::vector<std::size_t> rows, shown;
    for (int row = 0; row < model->rowCount(); ++row)
        rows.push_back(std::size_t(proxy ? proxy->mapToSource(model->index(row, 0)).row() : row));
    for (int c : columns)
        shown.push_back(std::size_t(c));
    bs::TextTable text = format == bs::TableRenderer::Format::Csv ? table->machine(rows, shown) : table->human(rows, shown);
    if (!title.isEmpty())
        text.title = title.toStdString();
    return text;
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
    return writeFile(path, bs::TableRenderer::render(table, format), error);
}

bool TableExporter::writeFile(const QString &path, const std::string &bytes, QString *error)
{
    bs::LoadError failure;
    if (bs::FileIO::writeAtomically(path.toStdString(), bytes, failure))
        return true;
    if (error)
        *error = QString::fromStdString(failure.toString());
    return false;
}
