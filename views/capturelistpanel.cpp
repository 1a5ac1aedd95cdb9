#include "capturelistpanel.h"

#include "capturelistmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

CaptureListPanel::CaptureListPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new CaptureListModel(this))
    , m_view(new QTreeView(this))
{
    auto *title = new QLabel(QStringLiteral("Captures"), this);
    QFont font = title->font();
    font.setBold(true);
    title->setFont(font);
    m_view->setModel(m_model);
    m_view->setHeaderHidden(true);
    m_view->setRootIsDecorated(true);
    m_view->setUniformRowHeights(true);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        const int id = m_model->captureId(current);
        if (id >= 0)
            emit captureSelected(id);
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
