#pragma once

#include "capture.h"

#include <QWidget>

#include <memory>

class CaptureListModel;
class QTreeView;

// The side list of open captures, grouped by suite and revision. Selecting
// a capture asks for its page to be shown.
class CaptureListPanel : public QWidget {
    Q_OBJECT
public:
    explicit CaptureListPanel(QWidget *parent = nullptr);

    void addCapture(int id, std::shared_ptr<const bs::Capture> capture);
    void removeCapture(int id);
    void select(int id);
    CaptureListModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }

signals:
    void captureSelected(int id);

private:
    CaptureListModel *m_model;
    QTreeView *m_view;
};
