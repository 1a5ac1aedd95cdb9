#pragma once

#include <QWidget>

class HistoryStepsFilter;
class HistoryStepsModel;
class QComboBox;
class QLabel;
class QModelIndex;
class QTableView;

// The History page's Steps tab: every step of the series shown
// (HistoryStepsModel, change points first), sortable by any column and
// filtered by what a step is (every step, the change points, worse,
// better; the page's pickers choose the metric, participant and case),
// with a count ("12 change points of 2,000 steps (9 worse, 3 better);
// 12 shown"). Clicking a step (or Enter) asks for its diff.
//
// Widgets by object name: stepsShow, stepsCount, stepsTable.
class HistoryStepsPanel : public QWidget {
    Q_OBJECT
public:
    explicit HistoryStepsPanel(HistoryStepsModel *steps, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    HistoryStepsFilter *filter() const { return m_filter; }
    // What the count says.
    QString countText() const;
    // Fits the columns to the steps now shown.
    void fitColumns();

signals:
    // A step was clicked: the revisions of its two sides.
    void stepActivated(int from, int to);

private:
    void activate(const QModelIndex &index);
    void showCount();

    HistoryStepsModel *m_steps;
    HistoryStepsFilter *m_filter;
    QComboBox *m_show;
    QLabel *m_count;
    QTableView *m_table;
};
