#pragma once

#include "absencenote.h"
#include "metricchart.h"

#include <string>
#include <vector>

class QAbstractItemModel;
class QBarCategoryAxis;
class QScatterSeries;
class QValueAxis;

// The all-cases table as a chart: one group of bars per case, one bar per
// participant (the table's rows, in its filter and order) at the
// representative value, in the participant's colour (ParticipantPalette),
// with a whisker over its [min–max]. A participant with no value in a case
// gets a mark on the axis, not a bar of zero: its shape says unsupported,
// missing, failed or not measured, and a note under the legend says why.
class GroupedBarsChart : public MetricChart {
    Q_OBJECT
public:
    // `rows`: the all-cases table as shown (or any table with participant rows).
    GroupedBarsChart(std::shared_ptr<const bs::Capture> capture, QAbstractItemModel *rows, std::string metricId,
                     QGraphicsItem *parent = nullptr);

    void rebuild() override;
    QString fileStem() const override;
    QSize reportSize() const override;

    // The cases (groups) and participants (bar sets) as plotted.
    const std::vector<std::string> &caseIds() const { return m_caseIds; }
    const std::vector<std::string> &participantIds() const { return m_participantIds; }

    // Bars take this fraction of a case's width; whiskers are drawn at the
    // centre of each bar.
    static constexpr double kGroupWidth = 0.8;
    static double barCentre(int caseIndex, int set, int sets);

private:
    void addBars(const std::vector<const bs::Participant *> &participants, const bs::Metric &metric, double divisor,
                 QBarCategoryAxis *xAxis, QValueAxis *yAxis);
    void addAbsent(AbsenceNote::Kind kind, QScatterSeries *marks, QBarCategoryAxis *xAxis, QValueAxis *yAxis);

    std::vector<std::string> m_caseIds;
    std::vector<std::string> m_participantIds;
    bs::UnitFormat::Scale m_scale;
};
