#include "capturelistpanel.h"

#include "boldlabel.h"
#include "capturelistmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QTreeView>
#include <QVBoxLayout>

CaptureListPanel::CaptureListPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new CaptureListModel(this))
    , m_view(new QTreeView(this))
{
    QLabel *title = BoldLabel::make(QStringLiteral("Captures"), this);
    m_view->setModel(m_model);
    m_view->setHeaderHidden(true);
    m_view->setRootIsDecorated(true);
    m_view->setUniformRowHeights(true);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    auto select = [this](const QModelIndex &index) {
        const int id = m_model->captureId(index);
        if (id >= 0)
            emit captureSelected(id);
    };
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, select);
    // Clicking the highlighted capture shows its page again (after the
    // Diff page, say), as does Enter.
    connect(m_view, &QAbstractItemView::clicked, this, select);
    connect(m_view, &QAbstractItemView::activated, this, select);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        const QModelIndex index = m_view->indexAt(at);
        const int id = m_model->captureId(index);
        if (id < 0 || m_contextActions.isEmpty())
            return;
        m_view->setCurrentIndex(index);
        emit captureSelected(id); // also when it was highlighted behind another page
        QMenu::exec(m_contextActions, m_view->viewport()->mapToGlobal(at), nullptr, m_view);
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 0, 6);
    layout->addWidget(title);
    layout->addWidget(m_view, 1);
}

void CaptureListPanel::addCapture(int id, std::shared_ptr<const bs::Capture> capture)
{
    m_model->addCapture(id, std::move(capture));
    m_view->expandAll();
}

void CaptureListPanel::removeCapture(int id)
{
    m_model->removeCapture(id);
}

void CaptureListPanel::select(int id)
{
    const QModelIndex index = m_model->indexOfCapture(id);
    if (index.isValid())
        m_view->setCurrentIndex(index);
}
