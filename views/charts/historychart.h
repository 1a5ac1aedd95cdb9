#pragma once

#include "benchchart.h"

#include <QPointer>

class HistoryModel;
class QCategoryAxis;
class QLineSeries;
class QScatterSeries;
class QPen;
class ScaleAxis;

// A suite's history of one metric: a line per row of the HistoryModel it
// follows (participant × case, in its filter and order) across the
// revisions, each point the representative value with a band over its
// [min–max]; hovering a line says the revision, value, range and n. Change
// points are marked where the later revision starts (▲ better, ◆ worse, with
// a dashed line on the step); one with too few revisions after it is drawn
// hollow, and the title says it needs more revisions to confirm. A
// participant's lines are its colour (ParticipantPalette over the history's
// participants), its cases told apart by dashes; values that span orders of
// magnitude are drawn on a log scale, which the axis title says.
class HistoryChart : public BenchChart {
    Q_OBJECT
public:
    explicit HistoryChart(HistoryModel *model, QGraphicsItem *parent = nullptr);

    void rebuild() override;
    QString fileStem() const override;
    QSize reportSize() const override { return {1400, 800}; }

    // What was drawn, for tests: a line per row, the change-point markers.
    const std::vector<QLineSeries *> &lines() const { return m_lines; }
    int betterMarks() const { return m_better; }
    int worseMarks() const { return m_worse; }
    int provisionalMarks() const { return m_provisional; }
    // Whether the value axis is a log scale (ScaleAxis::spansOrders).
    bool isLog() const;
    ParticipantPalette participantPalette() const override;

signals:
    // A point was hovered: the text said (also shown as a tool tip).
    void pointHovered(const QString &text);

private:
    QCategoryAxis *revisionAxis(int revisions);
    void addRow(int row, const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y);
    QPen rowPen(int row) const;
    // Too many revisions for points, bands and dashes (see kMostBandedRevisions).
    bool isDense() const;
    void addBand(const QList<QPointF> &upper, const QList<QPointF> &lower, QColor color, QAbstractAxis *x,
                 QAbstractAxis *y);
    void addChangePoints(const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y);
    void hover(int row, const QPointF &at, bool state);

    QPointer<HistoryModel> m_history;
    std::vector<QLineSeries *> m_lines;
    ScaleAxis *m_valueAxis = nullptr;
    int m_better = 0;
    int m_worse = 0;
    int m_provisional = 0;
};
