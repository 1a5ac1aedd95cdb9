#pragma once

#include <QImage>
#include <QList>
#include <QSize>
#include <QString>

#include <optional>

class QChart;
class QPainter;

// Writes any QChart (ours, or the diff page's paired range chart) to PNG at
// a chosen size and device pixel ratio, to SVG (vector, QSvgGenerator) or to
// PDF (vector, QPdfWriter, one page the size of the chart). The chart is
// laid out at the requested size for the export and put back as it was, so
// a chart on screen can be exported at report size. Files are written
// atomically (QSaveFile). Several charts (the Diff page's, one per case)
// go into one file, one under the other, each at the size given.
class ChartExporter {
public:
    enum class Format { Png, Svg, Pdf };

    struct Options {
        QSize size{1200, 700}; // logical pixels (SVG and PDF: 96 per inch)
        qreal pixelRatio = 1;  // PNG only: 2 makes a 2400×1400 image for a 1200×700 chart
    };

    // From the file name's extension (.png, .svg, .pdf), case-insensitive.
    static std::optional<Format> formatFor(const QString &path);
    static bool save(QChart *chart, const QString &path, const Options &options, QString *error = nullptr);
    static bool save(QChart *chart, const QString &path, Format format, const Options &options,
                     QString *error = nullptr);
    // The charts in one file, stacked; `options.size` is each chart's.
    static bool save(const QList<QChart *> &charts, const QString &path, Format format, const Options &options,
                     QString *error = nullptr);

    // `size` is each chart's; the image, SVG or PDF page is as wide, and as
    // high as the charts stacked.
    static QImage toImage(const QList<QChart *> &charts, const QSize &size, qreal pixelRatio = 1);
    static QByteArray toSvg(const QList<QChart *> &charts, const QSize &size, const QString &title = {});
    static QByteArray toPdf(const QList<QChart *> &charts, const QSize &size, const QString &title = {});

    // Paints the chart, laid out at `size`, into the painter's (0,0,size).
    static void render(QChart *chart, QPainter *painter, const QSize &size);
    // Paints the charts one under the other, each laid out at `size`.
    static void render(const QList<QChart *> &charts, QPainter *painter, const QSize &size);
    // What the charts take stacked: `size` wide, one `size` high each.
    static QSize stackedSize(int charts, const QSize &size);
    // The pixels of toImage(): stackedSize() times the pixel ratio.
    static QSize imageSize(int charts, const QSize &size, qreal pixelRatio);
};
