#include "exportmenu.h"

#include "benchchart.h"
#include "capturepage.h"
#include "chartpanel.h"
#include "chartview.h"
#include "reportwriter.h"
#include "resulttableview.h"
#include "tableexporter.h"

#include <QChartView>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QTableView>

ExportMenu::ExportMenu(QMenu *menu, std::function<QWidget *()> currentPage,
                       std::function<QList<CapturePage *>()> capturePages, QWidget *window)
    : QObject(menu)
    , m_currentPage(std::move(currentPage))
    , m_capturePages(std::move(capturePages))
    , m_window(window)
{
    using Format = ChartExporter::Format;
    menu->addAction(QStringLiteral("Chart as &PNG…"), this, [this] { ChartView::exportChart(m_window, currentChart(), Format::Png); });
    menu->addAction(QStringLiteral("Chart as &SVG…"), this, [this] { ChartView::exportChart(m_window, currentChart(), Format::Svg); });
    menu->addAction(QStringLiteral("Chart as P&DF…"), this, [this] { ChartView::exportChart(m_window, currentChart(), Format::Pdf); });
    menu->addAction(QStringLiteral("Copy Chart to Clipboard"), this, [this] {
        if (QChart *chart = currentChart())
            ChartView::copyChart(chart, chart->size().toSize(), m_window->devicePixelRatioF());
    });
    menu->addSeparator();
    menu->addAction(QStringLiteral("Table as &CSV…"), this, [this] { exportTable(int(bs::TableRenderer::Format::Csv)); });
    menu->addAction(QStringLiteral("Table as &Markdown…"), this, [this] { exportTable(int(bs::TableRenderer::Format::Markdown)); });
    menu->addAction(QStringLiteral("Table as &HTML…"), this, [this] { exportTable(int(bs::TableRenderer::Format::Html)); });
    menu->addSeparator();
    menu->addAction(QStringLiteral("&Report…"), this, [this] { writeReport(false); });
    menu->addAction(QStringLiteral("&Before/After Report…"), this, [this] { writeReport(true); });
    // Grey out what the current page does not have.
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        const QList<QAction *> actions = menu->actions();
        const bool chart = currentChart(), table = currentTable();
        const bool capture = qobject_cast<CapturePage *>(m_currentPage());
        for (int i = 0; i < actions.size(); ++i)
            actions[i]->setEnabled(i < 4 ? chart : i < 8 ? table : i == 9 ? capture : m_capturePages().size() >= 2);
    });
}

QChart *ExportMenu::currentChart() const
{
    QWidget *page = m_currentPage();
    if (auto *capture = qobject_cast<CapturePage *>(page))
        return capture->chartPanel()->chart();
    if (page)
        if (auto *view = page->findChild<QChartView *>())
            return view->chart();
    return nullptr;
}

QTableView *ExportMenu::currentTable() const
{
    QWidget *page = m_currentPage();
    if (auto *capture = qobject_cast<CapturePage *>(page))
        return capture->currentTable();
    return page ? page->findChild<QTableView *>() : nullptr;
}

void ExportMenu::exportTable(int formatValue)
{
    QTableView *table = currentTable();
    if (!table)
        return;
    const auto format = bs::TableRenderer::Format(formatValue);
    const QString ext = TableExporter::extension(format);
    QString path = QFileDialog::getSaveFileName(m_window, QStringLiteral("Export Table"), QStringLiteral("table.") + ext,
                                                ext.toUpper() + QStringLiteral(" (*.") + ext + QLatin1Char(')'));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1Char('.') + ext, Qt::CaseInsensitive))
        path += QLatin1Char('.') + ext;
    QString error;
    if (!TableExporter::save(TableExporter::fromView(*table), path, format, &error))
        QMessageBox::warning(m_window, QStringLiteral("Export Table"), error);
}

void ExportMenu::writeReport(bool comparison)
{
    auto *page = qobject_cast<CapturePage *>(m_currentPage());
    const QList<CapturePage *> pages = m_capturePages();
    CapturePage *before = nullptr;
    if (comparison) {
        QStringList names;
        QList<CapturePage *> others;
        for (CapturePage *p : pages)
            if (p != page) {
                names << p->title();
                others << p;
            }
        if (others.isEmpty())
            return;
        bool ok = false;
        const QString choice = QInputDialog::getItem(m_window, QStringLiteral("Before/After Report"),
                                                     QStringLiteral("Compare the current capture (after) with (before):"),
                                                     names, 0, false, &ok);
        if (!ok)
            return;
        before = others[names.indexOf(choice)];
    }
    if (!page)
        return;
    const QString folder = QFileDialog::getExistingDirectory(m_window, QStringLiteral("Report Folder"));
    if (folder.isEmpty())
        return;
    ReportWriter writer(folder);
    const bool ok = before ? writer.writeComparison(before->capture(), page->capture()) : writer.write(page->capture());
    if (!ok)
        QMessageBox::warning(m_window, QStringLiteral("Report"), writer.error());
}
