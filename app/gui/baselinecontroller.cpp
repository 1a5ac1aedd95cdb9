#include "baselinecontroller.h"

#include "capturelistmodel.h"
#include "capturepage.h"
#include "pagestack.h"
#include "settings.h"

#include <QAction>
#include <QMenu>

BaselineController::BaselineController(PageStack *pages, Settings *settings, QMenu *menu, QObject *parent)
    : QObject(parent)
    , m_pages(pages)
    , m_settings(settings)
    , m_baselines(BaselineSet::fromMap(settings->baselines()))
    , m_mark(new QAction(QStringLiteral("Mark as Suite &Baseline"), this))
{
    m_mark->setObjectName(QStringLiteral("markBaseline"));
    m_mark->setCheckable(true);
    m_mark->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_mark->setToolTip(QStringLiteral("Compare Revisions starts from this capture for its suite"));
    menu->addSeparator();
    menu->addAction(m_mark);
    connect(m_mark, &QAction::triggered, this, [this](bool checked) {
        if (CapturePage *page = m_pages->currentCapturePage())
            setBaseline(*page->capture(), checked);
    });
    connect(pages, &PageStack::currentPageChanged, this, &BaselineController::updateAction);
    apply();
}

void BaselineController::setBaseline(const bs::Capture &capture, bool baseline)
{
    if (baseline)
        m_baselines.set(capture);
    else if (m_baselines.isBaseline(capture))
        m_baselines.clear(CaptureListModel::suiteKey(capture));
    // Marking is a deliberate choice, so it is kept even by a window that
    // keeps no other state (screenshots, tests).
    m_settings->setBaselines(m_baselines.toMap());
    apply();
    emit baselinesChanged();
}

void BaselineController::apply()
{
    for (CapturePage *page : m_pages->capturePages())
        page->setBaseline(m_baselines.isBaseline(*page->capture()));
    updateAction();
}

void BaselineController::updateAction()
{
    CapturePage *page = m_pages->currentCapturePage();
    m_mark->setEnabled(page);
    m_mark->setChecked(page && m_baselines.isBaseline(*page->capture()));
}
