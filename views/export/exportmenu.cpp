#include "exportmenu.h"

#include "benchchart.h"
#include "exportsource.h"
#include "filedialogfolder.h"
#include "plainmessage.h"
#include "pngsizedialog.h"
#include "reportfolderdialog.h"
#include "reportwriter.h"
#include "tableexporter.h"

#include <QApplication>
#include <QChartView>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTableView>
#include <QUrl>

ExportMenu::ExportMenu(QMenu *menu, std::function<QWidget *()> currentPage,
                       std::function<QList<QWidget *>()> capturePages, QWidget *window)
    : QObject(menu)
    , m_currentPage(std::move(currentPage))
    , m_capturePages(std::move(capturePages))
    , m_window(window)
{
    addChartItems(menu, [this] {
        ExportSource *source = currentSource();
        return source ? source->exportableCharts() : QList<QChart *>();
    });
    m_chartActions = menu->actions();
    menu->addSeparator();
    using Table = bs::TableRenderer::Format;
    m_tableActions = {
        menu->addAction(QStringLiteral("Table as &CSV…"), this, [this] { exportTable(int(Table::Csv)); }),
        menu->addAction(QStringLiteral("Table as &Markdown…"), this, [this] { exportTable(int(Table::Markdown)); }),
        menu->addAction(QStringLiteral("Table as &HTML…"), this, [this] { exportTable(int(Table::Html)); }),
    };
    menu->addSeparator();
    m_report = menu->addAction(QStringLiteral("&Report…"), this, [this] { writeReport(false); });
    m_comparison = menu->addAction(QStringLiteral("&Before/After Report…"), this, [this] { writeReport(true); });
    connect(menu, &QMenu::aboutToShow, this, &ExportMenu::updateActions);
    qApp->installEventFilter(this);
}

void ExportMenu::addChartItems(QMenu *menu, const std::function<QList<QChart *>()> &charts)
{
    using Format = ChartExporter::Format;
    menu->addAction(QStringLiteral("Chart as &PNG…"), this, [this, charts] { exportCharts(charts(), Format::Png); });
    menu->addAction(QStringLiteral("Chart as &SVG…"), this, [this, charts] { exportCharts(charts(), Format::Svg); });
    menu->addAction(QStringLiteral("Chart as P&DF…"), this, [this, charts] { exportCharts(charts(), Format::Pdf); });
    menu->addAction(QStringLiteral("Copy Chart to Clipboard"), this, [this, charts] { copyCharts(charts()); });
}

ExportSource *ExportMenu::currentSource() const
{
    return dynamic_cast<ExportSource *>(m_currentPage());
}

// Greys out what the current page does not offer.
void ExportMenu::updateActions()
{
    ExportSource *source = currentSource();
    const bool chart = source && source->exportableChart();
    const bool table = source && source->exportableTable();
    for (QAction *action : m_chartActions)
        action->setEnabled(chart);
    for (QAction *action : m_tableActions)
        action->setEnabled(table);
    const bool capture = source && source->reportCapture();
    const bool pair = source && source->reportPair().first && source->reportPair().second;
    m_report->setEnabled(capture || (source && source->reportHistory().size() >= 3));
    m_comparison->setEnabled((capture && m_capturePages().size() >= 2) || pair);
}

bool ExportMenu::eventFilter(QObject *watched, QEvent *event)
{
    // A chart view's context menu arrives at its viewport.
    if (event->type() != QEvent::ContextMenu || !watched->isWidgetType())
        return false;
    auto *view = qobject_cast<QChartView *>(watched->parent());
    if (!view || view->viewport() != watched || !view->chart() || view->window() != m_window)
        return false;
    QMenu menu(view);
    QPointer<QChartView> guarded(view);
    addChartItems(&menu, [guarded] { return guarded && guarded->chart() ? QList<QChart *>{guarded->chart()} : QList<QChart *>(); });
    menu.exec(static_cast<QContextMenuEvent *>(event)->globalPos());
    return true;
}

QString ExportMenu::chartsStem(const QList<QChart *> &charts)
{
    if (charts.isEmpty())
        return {};
    auto *bench = qobject_cast<BenchChart *>(charts.front());
    QString stem = bench ? bench->fileStem() : charts.front()->title();
    if (charts.size() > 1)
        stem += QStringLiteral("-and-%1-more").arg(charts.size() - 1);
    return stem.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
}

QSize ExportMenu::chartsSize(const QList<QChart *> &charts)
{
    QSize size;
    for (QChart *chart : charts) {
        auto *bench = qobject_cast<BenchChart *>(chart);
        size = size.expandedTo(bench ? bench->reportSize() : chart->size().toSize());
    }
    return size;
}

void ExportMenu::exportCharts(const QList<QChart *> &charts, ChartExporter::Format format)
{
    if (charts.isEmpty())
        return;
    ChartExporter::Options options;
    options.size = chartsSize(charts);
    const QString ext = format == ChartExporter::Format::Png   ? QStringLiteral("png")
                        : format == ChartExporter::Format::Svg ? QStringLiteral("svg")
                                                               : QStringLiteral("pdf");
    QString path = QFileDialog::getSaveFileName(m_window, charts.size() > 1 ? QStringLiteral("Export %1 Charts").arg(charts.size())
                                                                            : QStringLiteral("Export Chart"),
                                                FileDialogFolder::startFile(FileDialogFolder::Kind::Chart, chartsStem(charts) + QLatin1Char('.') + ext),
                                                ext.toUpper() + QStringLiteral(" (*.") + ext + QLatin1Char(')'));
    if (path.isEmpty())
        return;
    FileDialogFolder::remember(FileDialogFolder::Kind::Chart, path);
    if (!path.endsWith(QLatin1Char('.') + ext, Qt::CaseInsensitive))
        path += QLatin1Char('.') + ext;
    if (format == ChartExporter::Format::Png) {
        PngSizeDialog dialog(options.size, m_window->devicePixelRatioF(), int(charts.size()), m_window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        options.size = dialog.chosenSize();
        options.pixelRatio = dialog.pixelRatio();
    }
    QString error;
    if (!ChartExporter::save(charts, path, format, options, &error))
        PlainMessage::warning(m_window, QStringLiteral("Export Chart"), error);
    else
        confirm((charts.size() > 1 ? QStringLiteral("%1 charts saved to %2").arg(charts.size()) : QStringLiteral("Chart saved to %2"))
                    .arg(QDir::toNativeSeparators(path)),
                QFileInfo(path).absolutePath());
}

void ExportMenu::copyCharts(const QList<QChart *> &charts)
{
    if (charts.isEmpty())
        return;
    QSize size;
    for (QChart *chart : charts)
        size = size.expandedTo(chart->size().toSize());
    QApplication::clipboard()->setImage(ChartExporter::toImage(charts, size, m_window->devicePixelRatioF()));
    confirm(charts.size() > 1 ? QStringLiteral("%1 charts copied to the clipboard").arg(charts.size())
                              : QStringLiteral("Chart copied to the clipboard"),
            {});
}

void ExportMenu::confirm(const QString &message, const QString &folder)
{
    auto *window = qobject_cast<QMainWindow *>(m_window);
    if (!window)
        return;
    QStatusBar *bar = window->statusBar();
    if (!m_openFolder) {
        m_openFolder = new QPushButton(QStringLiteral("Open Folder"), bar);
        m_openFolder->setObjectName(QStringLiteral("openExportFolder"));
        // Beside the message, on the right: a normal widget would be laid
        // over the message's first words.
        bar->addPermanentWidget(m_openFolder);
        connect(m_openFolder, &QPushButton::clicked, this,
                [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_folder)); });
        connect(bar, &QStatusBar::messageChanged, m_openFolder, [this](const QString &text) {
            if (text.isEmpty())
                m_openFolder->hide();
        });
    }
    m_folder = folder;
    bar->showMessage(message, 30000);
    m_openFolder->setVisible(!folder.isEmpty());
}

void ExportMenu::exportTable(int formatValue)
{
    ExportSource *source = currentSource();
    QTableView *table = source ? source->exportableTable() : nullptr;
    if (!table)
        return;
    const auto format = bs::TableRenderer::Format(formatValue);
    const QString ext = TableExporter::extension(format);
    QString path = QFileDialog::getSaveFileName(m_window, QStringLiteral("Export Table"),
                                                FileDialogFolder::startFile(FileDialogFolder::Kind::Table, QStringLiteral("table.") + ext),
                                                ext.toUpper() + QStringLiteral(" (*.") + ext + QLatin1Char(')'));
    if (path.isEmpty())
        return;
    FileDialogFolder::remember(FileDialogFolder::Kind::Table, path);
    if (!path.endsWith(QLatin1Char('.') + ext, Qt::CaseInsensitive))
        path += QLatin1Char('.') + ext;
    QString error;
    if (!TableExporter::save(TableExporter::fromView(*table, format, source->exportableTableTitle()), path, format, &error))
        PlainMessage::warning(m_window, QStringLiteral("Export Table"), error);
    else
        confirm(QStringLiteral("Table saved to %1").arg(QDir::toNativeSeparators(path)), QFileInfo(path).absolutePath());
}

void ExportMenu::writeReport(bool comparison)
{
    ExportSource *page = currentSource();
    if (page && !page->reportCapture() && !comparison && page->reportHistory().size() >= 3) {
        writeHistoryReport(page->reportHistory());
        return;
    }
    if (page && comparison && page->reportPair().first && page->reportPair().second) {
        writeComparisonReport(page->reportPair().first, page->reportPair().second);
        return;
    }
    if (!page || !page->reportCapture())
        return;
    std::shared_ptr<const bs::Capture> before;
    if (comparison) {
        QStringList names;
        std::vector<std::shared_ptr<const bs::Capture>> others;
        for (QWidget *widget : m_capturePages())
            if (auto *other = dynamic_cast<ExportSource *>(widget); other && other != page && other->reportCapture()) {
                names << other->reportTitle();
                others.push_back(other->reportCapture());
            }
        if (others.empty())
            return;
        bool ok = false;
        const QString choice = QInputDialog::getItem(m_window, QStringLiteral("Before/After Report"),
                                                     QStringLiteral("Compare the current capture (after) with (before):"),
                                                     names, 0, false, &ok);
        if (!ok)
            return;
        before = others[std::size_t(names.indexOf(choice))];
    }
    if (before) {
        writeComparisonReport(before, page->reportCapture());
        return;
    }
    ReportFolderDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString folder = dialog.folder();
    ReportWriter writer(folder);
    writer.setForce(dialog.force());
    const bool ok = writer.write(page->reportCapture());
    if (!ok)
        PlainMessage::warning(m_window, QStringLiteral("Report"), writer.error());
    else
        confirm(QStringLiteral("Report written to %1 (%2 files)").arg(QDir::toNativeSeparators(folder)).arg(writer.files().size()),
                folder);
}

void ExportMenu::writeComparisonReport(const std::shared_ptr<const bs::Capture> &before,
                                       const std::shared_ptr<const bs::Capture> &after)
{
    ReportFolderDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    ReportWriter writer(dialog.folder());
    writer.setForce(dialog.force());
    if (!writer.writeComparison(before, after))
        PlainMessage::warning(m_window, QStringLiteral("Report"), writer.error());
    else
        confirm(QStringLiteral("Before/after report written to %1 (%2 files)")
                    .arg(QDir::toNativeSeparators(dialog.folder()))
                    .arg(writer.files().size()),
                dialog.folder());
}

void ExportMenu::writeHistoryReport(const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    ReportFolderDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    ReportWriter writer(dialog.folder());
    writer.setForce(dialog.force());
    if (!writer.writeHistory(captures))
        PlainMessage::warning(m_window, QStringLiteral("Report"), writer.error());
    else
        confirm(QStringLiteral("History report written to %1 (%2 files)")
                    .arg(QDir::toNativeSeparators(dialog.folder()))
                    .arg(writer.files().size()),
                dialog.folder());
}
