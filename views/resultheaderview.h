#pragma once

#include <QHeaderView>

// The header of a result table: stacked, a caption's unit on a second line
// under its name ("Latency p99" over "(ms)"), so a column is as wide as its
// figures rather than its caption. The model's caption stays one line
// (copies and exports read it). Room for the sort arrow is made in the
// sorted column only.
class ResultHeaderView : public QHeaderView {
    Q_OBJECT
public:
    explicit ResultHeaderView(QWidget *parent = nullptr);

    void setStacked(bool stacked);
    bool stacked() const { return m_stacked; }

    // "Latency p99 (ms)" → "Latency p99\n(ms)"; a caption without a unit as it is.
    static QString stacked(const QString &caption);

protected:
    void initStyleOptionForIndex(QStyleOptionHeader *option, int logicalIndex) const override;
    QSize sectionSizeFromContents(int logicalIndex) const override;

private:
    bool m_stacked = false;
};
