#include "chartexporter.h"

#include "tableexporter.h"
#include "textescape.h"

#include <QBuffer>
#include <QChart>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QTextDocumentFragment>

#include <algorithm>
#include <memory>

namespace {

QString chartTitle(const QList<QChart *> &charts, const QString &title)
{
    if (!title.isEmpty() || charts.isEmpty())
        return title;
    QStringList titles;
    for (QChart *chart : charts) // a chart's title is rich text ("…<br><small>…"): its words only
        titles << QTextDocumentFragment::fromHtml(chart->title()).toPlainText().simplified();
    return titles.join(QStringLiteral("; "));
}

} // namespace

std::optional<ChartExporter::Format> ChartExporter::formatFor(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return Format::Png;
    if (suffix == QLatin1String("svg"))
        return Format::Svg;
    if (suffix == QLatin1String("pdf"))
        return Format::Pdf;
    return std::nullopt;
}

void ChartExporter::render(QChart *chart, QPainter *painter, const QSize &size)
{
    // A chart shown in a QChartView lives in the view's scene; one built
    // for export gets a scene of its own for the time of the export.
    std::unique_ptr<QGraphicsScene> ownScene;
    QGraphicsScene *scene = chart->scene();
    if (!scene) {
        ownScene = std::make_unique<QGraphicsScene>();
        ownScene->addItem(chart);
        scene = ownScene.get();
    }
    const QRectF previous = chart->geometry();
    const QRectF target(chart->pos(), QSizeF(size));
    chart->setGeometry(target);
    if (chart->layout())
        chart->layout()->activate();
    scene->render(painter, QRectF(QPointF(0, 0), QSizeF(size)), target, Qt::IgnoreAspectRatio);
    if (ownScene) {
        ownScene->removeItem(chart); // the scene must not delete the chart
    } else {
        chart->setGeometry(previous);
        if (chart->layout())
            chart->layout()->activate();
    }
}

void ChartExporter::render(const QList<QChart *> &charts, QPainter *painter, const QSize &size)
{
    for (int i = 0; i < charts.size(); ++i) {
        painter->save();
        painter->translate(0, i * size.height());
        render(charts[i], painter, size);
        painter->restore();
    }
}

QSize ChartExporter::stackedSize(int charts, const QSize &size)
{
    return {size.width(), size.height() * std::max(1, charts)};
}

QSize ChartExporter::imageSize(int charts, const QSize &size, qreal pixelRatio)
{
    return stackedSize(charts, size) * pixelRatio;
}

QImage ChartExporter::toImage(const QList<QChart *> &charts, const QSize &size, qreal pixelRatio)
{
    QImage image(imageSize(int(charts.size()), size, pixelRatio), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(pixelRatio);
    image.fill(charts.isEmpty() ? QColor(Qt::white) : charts.front()->backgroundBrush().color());
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    render(charts, &painter, size);
    painter.end();
    return image;
}

QByteArray ChartExporter::toSvg(const QList<QChart *> &charts, const QSize &size, const QString &title)
{
    const QSize whole = stackedSize(int(charts.size()), size);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(whole);
    generator.setViewBox(QRect(QPoint(0, 0), whole));
    // QSvgGenerator writes the title into <title> as it is: escaped here,
    // so a label's "</title><script>" stays text.
    generator.setTitle(chartTitle(charts, title).toHtmlEscaped());
    generator.setDescription(QStringLiteral("Made by Benchscope"));
    QPainter painter(&generator);
    painter.setRenderHint(QPainter::Antialiasing);
    render(charts, &painter, size);
    painter.end();
    // And no control character a label carried (XML cannot hold them).
    return QByteArray::fromStdString(bs::TextEscape::xmlControls(buffer.data().toStdString()));
}

QByteArray ChartExporter::toPdf(const QList<QChart *> &charts, const QSize &size, const QString &title)
{
    const QSize whole = stackedSize(int(charts.size()), size);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    // 96 units per inch, so the chart lays out as it does on screen; the
    // page is the charts' size in points.
    writer.setResolution(96);
    writer.setPageSize(QPageSize(QSizeF(whole) * 72.0 / 96.0, QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(chartTitle(charts, title));
    writer.setCreator(QStringLiteral("Benchscope"));
    QPainter painter(&writer);
    painter.setRenderHint(QPainter::Antialiasing);
    render(charts, &painter, size);
    painter.end();
    return buffer.data();
}

bool ChartExporter::save(QChart *chart, const QString &path, const Options &options, QString *error)
{
    const std::optional<Format> format = formatFor(path);
    if (!format) {
        if (error)
            *error = path + QStringLiteral(": unknown chart format (use .png, .svg or .pdf)");
        return false;
    }
    return save(chart, path, *format, options, error);
}

bool ChartExporter::save(QChart *chart, const QString &path, Format format, const Options &options, QString *error)
{
    return save(QList<QChart *>{chart}, path, format, options, error);
}

bool ChartExporter::save(const QList<QChart *> &charts, const QString &path, Format format, const Options &options,
                         QString *error)
{
    if (options.size.width() < 16 || options.size.height() < 16) {
        if (error)
            *error = path + QStringLiteral(": chart size too small");
        return false;
    }
    QByteArray bytes;
    switch (format) {
    case Format::Png: {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (!toImage(charts, options.size, options.pixelRatio).save(&buffer, "PNG")) {
            if (error)
                *error = path + QStringLiteral(": could not encode the PNG image");
            return false;
        }
        break;
    }
    case Format::Svg:
        bytes = toSvg(charts, options.size);
        break;
    case Format::Pdf:
        bytes = toPdf(charts, options.size);
        break;
    }
    return TableExporter::writeFile(path, bytes.toStdString(), error);
}
