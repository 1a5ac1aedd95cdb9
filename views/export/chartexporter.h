#pragma once

#include <QImage>
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
// atomically (QSaveFile).
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

    static QImage toImage(QChart *chart, const QSize &size, qreal pixelRatio = 1);
    static QByteArray toSvg(QChart *chart, const QSize &size, const QString &title = {});
    static QByteArray toPdf(QChart *chart, const QSize &size, const QString &title = {});

    // Paints the chart, laid out at `size`, into the painter's (0,0,size).
    static void render(QChart *chart, QPainter *painter, const QSize &size);
};
