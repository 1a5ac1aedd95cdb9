#include "chartview.h"

#include "benchchart.h"
#include "pngsizedialog.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>

ChartView::ChartView(QWidget *parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(420, 300);
}

void ChartView::contextMenuEvent(QContextMenuEvent *event)
{
    if (!chart())
        return;
    QMenu menu(this);
    menu.addAction(QStringLiteral("Export as PNG…"), this, [this] { exportChart(this, chart(), ChartExporter::Format::Png); });
    menu.addAction(QStringLiteral("Export as SVG…"), this, [this] { exportChart(this, chart(), ChartExporter::Format::Svg); });
    menu.addAction(QStringLiteral("Export as PDF…"), this, [this] { exportChart(this, chart(), ChartExporter::Format::Pdf); });
    menu.addSeparator();
    menu.addAction(QStringLiteral("Copy to Clipboard"), this, [this] { copyChart(chart(), size(), devicePixelRatioF()); });
    menu.exec(event->globalPos());
}

void ChartView::exportChart(QWidget *parent, QChart *chart, ChartExporter::Format format)
{
    if (!chart)
        return;
    auto *bench = qobject_cast<BenchChart *>(chart);
    ChartExporter::Options options;
    options.size = bench ? bench->reportSize() : chart->size().toSize();
    QString stem = bench ? bench->fileStem() : chart->title();
    stem.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    const char *ext = format == ChartExporter::Format::Png ? "png" : format == ChartExporter::Format::Svg ? "svg" : "pdf";
    const QString filter = QStringLiteral("%1 (*.%2)").arg(QString::fromLatin1(ext).toUpper(), QLatin1String(ext));
    QString path = QFileDialog::getSaveFileName(parent, QStringLiteral("Export Chart"),
                                                stem + QLatin1Char('.') + QLatin1String(ext), filter);
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1Char('.') + QLatin1String(ext), Qt::CaseInsensitive))
        path += QLatin1Char('.') + QLatin1String(ext);
    if (format == ChartExporter::Format::Png) {
        PngSizeDialog dialog(options.size, parent ? parent->devicePixelRatioF() : 1, parent);
        if (dialog.exec() != QDialog::Accepted)
            return;
        options.size = dialog.chosenSize();
        options.pixelRatio = dialog.pixelRatio();
    }
    QString error;
    if (!ChartExporter::save(chart, path, format, options, &error))
        QMessageBox::warning(parent, QStringLiteral("Export Chart"), error);
}

void ChartView::copyChart(QChart *chart, const QSize &size, qreal pixelRatio)
{
    if (chart)
        QApplication::clipboard()->setImage(ChartExporter::toImage(chart, size, pixelRatio));
}
