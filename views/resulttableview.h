#pragma once

#include <QSet>
#include <QTableView>

class ValueRangeDelegate;

// The table every result model is shown in: values with their ranges
// aligned, numeric sorting by clicking a header, Ctrl+C copies the selection
// as tab-separated text, and the header's context menu shows or hides
// columns (metric columns by metric id, so a page can apply the choice to
// all its tables).
class ResultTableView : public QTableView {
    Q_OBJECT
public:
    explicit ResultTableView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    ValueRangeDelegate *valueDelegate() const { return m_delegate; }

    // Grow to show every row instead of scrolling (tables stacked in a tab).
    void setFitRowsToContents(bool fit);
    void setHiddenMetrics(const QSet<QString> &metricIds);
    // Column widths from the contents, the participant column capped.
    void fitColumns();

    // The selected cells as TSV in view order, hidden columns left out; a
    // header line first when more than one row is selected.
    QString selectionAsTsv() const;
    void copySelection() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void metricVisibilityChanged(const QString &metricId, bool visible);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void showHeaderMenu(const QPoint &pos);
    int fittedHeight() const;

    ValueRangeDelegate *m_delegate;
    QSet<QString> m_hiddenMetrics;
    bool m_fitRows = false;
};
