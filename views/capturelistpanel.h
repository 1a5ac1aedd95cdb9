#pragma once

#include "capture.h"

#include <QWidget>

#include <memory>

class CaptureListModel;
class QAction;
class QTreeView;

// The side list of open captures, grouped by suite and revision. Selecting
// a capture asks for its page to be shown; right-clicking one selects it
// and offers the window's actions on the current capture.
class CaptureListPanel : public QWidget {
    Q_OBJECT
public:
    explicit CaptureListPanel(QWidget *parent = nullptr);

    void addCapture(int id, std::shared_ptr<const bs::Capture> capture);
    void removeCapture(int id);
    void select(int id);
    // The context menu of a capture row (they act on the current capture).
    void setContextActions(const QList<QAction *> &actions) { m_contextActions = actions; }
    const QList<QAction *> &contextActions() const { return m_contextActions; }
    CaptureListModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }

signals:
    void captureSelected(int id);

private:
    CaptureListModel *m_model;
    QTreeView *m_view;
    QList<QAction *> m_contextActions;
};
