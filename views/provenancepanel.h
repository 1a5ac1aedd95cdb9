#pragma once

#include "capture.h"

#include <QWidget>

class ProvenanceModel;
class QTableView;

// What produced the numbers, beside the tables: machine, tools, conditions
// (coordinated-omission correction included), source hashes, caveats and
// reader warnings: sentences wrapped to the panel's width, other values on
// one line, elided, whole in their tool tips.
class ProvenancePanel : public QWidget {
    Q_OBJECT
public:
    explicit ProvenancePanel(const bs::Capture &capture, QWidget *parent = nullptr);

    ProvenanceModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    // The width a splitter gives the panel when it first lays it out.
    void setPreferredWidth(int width);
    QSize sizeHint() const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    ProvenanceModel *m_model;
    QTableView *m_view;
    int m_preferredWidth = 0; // 0: the widget's own hint
};
