#pragma once

#include <QSet>
#include <QTableView>

class ValueRangeDelegate;

// The table every result model is shown in: values with their ranges
// under them (two-line rows when the model has ranges; units under the
// captions, ResultHeaderView), the participant column kept in view while
// the others scroll sideways (an overlay showing column 0, as in Qt's
// Frozen Column example), numeric sorting by clicking a header (the first click in the
// order the model's Qt::InitialSortOrderRole gives: best first), Ctrl+C
// copies the selection as tab-separated text, and the header's context menu
// shows or hides columns (metric columns by metric id, so a page can apply
// the choice to all its tables). Tab leaves the table (Ctrl+Tab and arrows
// move inside it), so the keyboard reaches every control of a page.
class ResultTableView : public QTableView {
    Q_OBJECT
public:
    explicit ResultTableView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    ValueRangeDelegate *valueDelegate() const { return m_delegate; }

    // Grow to show every row instead of scrolling (tables stacked in a tab).
    void setFitRowsToContents(bool fit);
    void setHiddenMetrics(const QSet<QString> &metricIds);
    // Hide the columns without a value in the rows shown (all "n/a", by
    // bs::Table::valueless for a TableSource model), again whenever the
    // rows change; a column with a dash or "missing" (a status worth
    // seeing) stays.
    void setHideEmptyColumns(bool hide);
    bool hidesEmptyColumns() const { return m_hideEmpty; }
    // Column widths from the contents, the participant column capped.
    void fitColumns();

    // The selected cells as TSV in view order, hidden columns left out; a
    // header line first when more than one row is selected.
    QString selectionAsTsv() const;
    void copySelection() const;

    // The width a column's cells want, over every row up to
    // ValueRangeDelegate::kScanRows (QTableView's looks at the rows in view
    // only, and a table is fitted before it is laid out).
    int sizeHintForColumn(int column) const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;

    // The overlay that keeps the participant column in view.
    QTableView *frozenColumn() const { return m_frozen; }

signals:
    void metricVisibilityChanged(const QString &metricId, bool visible);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void updateGeometries() override;

private:
    void showHeaderMenu(const QPoint &pos);
    int fittedHeight() const;
    void applyColumnVisibility();
    bool isEmptyColumn(int column) const;
    void setUpFrozenColumn();
    void followModel(); // what a new or reset model changes: frozen columns, row height
    void updateFrozenGeometry();
    void sortByFrozenHeader();

    ValueRangeDelegate *m_delegate;
    QTableView *m_frozen;
    QSet<QString> m_hiddenMetrics;
    QSet<int> m_hiddenColumns; // other columns hidden from the header's menu
    bool m_fitRows = false;
    bool m_hideEmpty = false;
};
