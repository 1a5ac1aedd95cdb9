#include "provenancepanel.h"

#include "boldlabel.h"
#include "provenancedelegate.h"
#include "provenancemodel.h"

#include <QHeaderView>
#include <QEvent>
#include <QLabel>
#include <QTimer>
#include <QTableView>
#include <QVBoxLayout>

ProvenancePanel::ProvenancePanel(const bs::Capture &capture, QWidget *parent)
    : QWidget(parent)
    , m_model(new ProvenanceModel(capture, this))
    , m_view(new QTableView(this))
{
    QLabel *title = BoldLabel::make(QStringLiteral("Provenance"), this);
    m_view->setModel(m_model);
    m_view->setItemDelegate(new ProvenanceDelegate(m_view));
    m_view->setWordWrap(true);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->setTabKeyNavigation(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->hide();
    m_view->setShowGrid(false);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->resizeColumnToContents(0);
    m_view->setColumnWidth(0, qMin(m_view->columnWidth(0), 130));
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->viewport()->installEventFilter(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(m_view, 1);
}

bool ProvenancePanel::eventFilter(QObject *watched, QEvent *event)
{
    // Rows grow with the wrapped text whenever the width changes; after the
    // header has stretched its last section to the new width.
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        QTimer::singleShot(0, m_view, [this] { m_view->resizeRowsToContents(); });
    return QWidget::eventFilter(watched, event);
}

void ProvenancePanel::setPreferredWidth(int width)
{
    m_preferredWidth = width;
    updateGeometry();
}

QSize ProvenancePanel::sizeHint() const
{
    const QSize hint = QWidget::sizeHint();
    return m_preferredWidth > 0 ? QSize(m_preferredWidth, hint.height()) : hint;
}
