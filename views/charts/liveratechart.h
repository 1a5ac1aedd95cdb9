#pragma once

#include "benchchart.h"

#include <QList>
#include <QPointF>
#include <QString>

#include <string>
#include <vector>

class ScaleAxis;
class QValueAxis;

// The Run page's live chart: requests/s over the last second, a line per
// participant × case as the runner reports it, each in its participant's
// colour (ParticipantPalette, numbered as they first report), its cases
// told apart by dashes. The rate axis
// is labelled by the one formatter ("100,000") and turns to a log scale
// once the rates span an order of magnitude (ScaleAxis), so 1,000 req/s
// does not lie flat beside 70,000; the axis title says so.
class LiveRateChart : public BenchChart {
    Q_OBJECT
public:
    explicit LiveRateChart(QGraphicsItem *parent = nullptr);

    // Forgets every line (a new run).
    void clear();
    // A rate of the participant on the case, `atSeconds` into the run.
    void add(const std::string &participant, const std::string &caseId, double atSeconds, double rate);

    int lineCount() const { return int(m_lines.size()); }
    bool isLog() const;
    ParticipantPalette participantPalette() const override { return m_palette; }

    void rebuild() override;
    QString fileStem() const override { return QStringLiteral("live-rate"); }

private:
    struct Line {
        QString name; // "participant · case"
        std::string participant;
        std::size_t caseIndex = 0; // in the order cases first report
        QList<QPointF> points; // seconds, req/s
        QLineSeries *series = nullptr;
    };
    // The axes for every rate so far; false when the rate axis changed
    // scale (a rebuild is then due).
    bool fitAxes(double atSeconds);

    std::vector<Line> m_lines;
    std::vector<double> m_rates;
    std::vector<std::string> m_cases;
    ParticipantPalette m_palette;
    double m_lastSeconds = 0;
    QValueAxis *m_time = nullptr;
    ScaleAxis *m_rate = nullptr;
};
