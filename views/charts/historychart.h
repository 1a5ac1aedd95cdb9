#pragma once

#include "benchchart.h"

#include <QPointer>

#include <utility>
#include <vector>

class HistoryModel;
class QCategoryAxis;
class QLineSeries;
class QScatterSeries;
class QPen;
class ScaleAxis;
namespace bs {
struct HistoryStep;
}

// A suite's history of one metric, for the rows of the HistoryModel it
// follows (participant × case, in its filter and order): each series'
// segments (bs::HistorySegment) as a level line with a band over their
// spread, in the participant's colour, its cases told apart by dashes,
// over the revisions' values as a faint line. Change points alone are
// marked, where the later revision starts (▲ better, ◆ worse, with a
// dashed line on the step while there are few); one with too few
// revisions after it is hollow, and the title says it needs more
// revisions to confirm. Hovering a mark says its step, value, change with
// its interval and p; clicking it asks for that step's diff; hovering a
// line says the revision's value or the segment. The revision axis labels
// every k-th revision, k such that each label fits its room at the plot's
// width (never cut to "…"). Values that span orders of magnitude are drawn
// on a log scale, which the axis title says. Without a history it says
// why (setMessage: reading, building, or none).
class HistoryChart : public BenchChart {
    Q_OBJECT
public:
    explicit HistoryChart(HistoryModel *model, QGraphicsItem *parent = nullptr);

    void rebuild() override;
    QString fileStem() const override;
    QSize reportSize() const override { return {1400, 800}; }
    // What the chart says while its model has no history; empty: "No
    // history yet: open three or more captures of one suite."
    void setMessage(const QString &message);

    // What was drawn, for tests: a level line per row, the marks.
    const std::vector<QLineSeries *> &lines() const { return m_lines; }
    int betterMarks() const { return m_better; }
    int worseMarks() const { return m_worse; }
    int provisionalMarks() const { return m_provisional; }
    std::vector<QScatterSeries *> markSeries() const;
    // Whether the value axis is a log scale (ScaleAxis::spansOrders).
    bool isLog() const;
    // Every k-th revision is labelled.
    int labelStride() const { return m_stride; }
    ParticipantPalette participantPalette() const override;

signals:
    // A point was hovered: the text said (also shown as a tool tip).
    void pointHovered(const QString &text);
    // A change point's mark was clicked: the revisions of its step.
    void stepClicked(int from, int to);

private:
    struct Mark {
        int row;
        const bs::HistoryStep *step;
    };
    QCategoryAxis *revisionAxis();
    void labelRevisions();
    void addRow(int row, const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y);
    void addLevels(int row, const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y);
    QPen rowPen(int row) const;
    void addBand(const QList<QPointF> &upper, const QList<QPointF> &lower, QColor color, QAbstractAxis *x,
                 QAbstractAxis *y);
    void addChangePoints(const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y);
    void addStepRule(const bs::HistoryStep &step, QAbstractAxis *x, ScaleAxis *y);
    void connectMarks(QScatterSeries *series);
    const Mark *markAt(QScatterSeries *series, const QPointF &at) const;
    void say(const QString &text);

    QPointer<HistoryModel> m_history;
    QString m_message;
    std::vector<QLineSeries *> m_lines;
    std::vector<std::pair<QScatterSeries *, std::vector<Mark>>> m_marks;
    ScaleAxis *m_valueAxis = nullptr;
    QCategoryAxis *m_revisionAxis = nullptr;
    qreal m_labelWidth = 0; // of the widest revision label
    int m_stride = 0;
    int m_better = 0;
    int m_worse = 0;
    int m_provisional = 0;
};
