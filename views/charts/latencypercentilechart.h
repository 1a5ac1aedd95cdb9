#pragma once

#include "benchchart.h"
#include "histogram.h"

#include <QPointer>

#include <cmath>

#include <string>
#include <utility>
#include <vector>

class QAbstractItemModel;
class QCategoryAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

// One case: the latency at each percentile, from each participant's
// histogram merged over all its repetitions (bs::Histogram::merge), one line
// per participant, on the "1 in N" axis HdrHistogram plots use: x is
// log10(1 / (1 − p)), so p50, p90, p99, p99.9 and p99.99 are evenly spaced.
// A line stops where the samples run out (a percentile beyond 1 in count
// would only repeat the maximum). Each line is its participant's colour
// (ParticipantPalette); the axis labels only the marks that fit the width.
class LatencyPercentileChart : public BenchChart {
    Q_OBJECT
public:
    LatencyPercentileChart(std::shared_ptr<const bs::Capture> capture, std::string caseId, QAbstractItemModel *rows,
                           std::string histogram = "latency", QGraphicsItem *parent = nullptr);

    void rebuild() override;
    QString fileStem() const override;

    struct Line {
        QString label;
        std::string participantId;
        bs::Histogram merged;
        std::size_t repetitions = 0;
    };
    const std::vector<Line> &lines() const { return m_lines; }

    // The merged histogram of a result's repetitions (empty when none has one).
    static bs::Histogram merged(const bs::Result &result, const std::string &histogram, std::size_t *repetitions = nullptr);
    static double xForPercentile(double p) { return -std::log10(1 - p / 100); }
    // Whether any result of the case has the histogram.
    static bool hasHistograms(const bs::Capture &capture, const std::string &caseId, const std::string &histogram = "latency");

    // The percentile marks the x axis labels at a plot `width` pixels wide
    // for x in [0, xMax]: every mark whose label keeps a gap to its
    // neighbours, 50% and up first, so "0%" gives way to "50%" on a narrow
    // chart and no two labels ever overlap.
    static QStringList fittingMarks(double xMax, qreal width, const QFont &font);

private:
    void addLines();
    QCategoryAxis *percentileAxis(double xMax);
    void fitPercentileLabels();
    QValueAxis *latencyAxis(const bs::UnitFormat::Scale &scale, double top);
    // Marks each dot's value (markValue), so not static.
    std::pair<QLineSeries *, QScatterSeries *> lineSeries(const Line &line, const bs::UnitFormat::Scale &scale, double &top);

    std::string m_caseId;
    QPointer<QAbstractItemModel> m_model;
    std::string m_histogram;
    std::vector<Line> m_lines;
    QCategoryAxis *m_percentiles = nullptr;
    double m_xMax = 0;
};
