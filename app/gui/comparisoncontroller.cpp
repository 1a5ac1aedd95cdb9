#include "comparisoncontroller.h"

#include "capturelistmodel.h"
#include "capturepage.h"
#include "diffpage.h"
#include "filedialogfolder.h"
#include "historypage.h"
#include "pagestack.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>

#include <algorithm>

ComparisonController::ComparisonController(PageStack *pages, QObject *parent)
    : QObject(parent)
    , m_pages(pages)
    , m_compareAction(new QAction(QIcon(QStringLiteral(":/icons/actions/compare-revisions.svg")),
                                  QStringLiteral("&Compare Revisions…"), this))
    , m_historyAction(new QAction(QStringLiteral("Suite &History…"), this))
    , m_folderHistoryAction(new QAction(QStringLiteral("Suite History of a &Folder…"), this))
{
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(m_compareAction, &QAction::triggered, this, &ComparisonController::showDiffPage);
    m_historyAction->setObjectName(QStringLiteral("suiteHistory"));
    m_historyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    connect(m_historyAction, &QAction::triggered, this, &ComparisonController::showHistoryPage);
    m_folderHistoryAction->setObjectName(QStringLiteral("folderHistory"));
    m_folderHistoryAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_folderHistoryAction->setToolTip(QStringLiteral("The history of a folder's captures, without opening them"));
    connect(m_folderHistoryAction, &QAction::triggered, this, &ComparisonController::pickFolderHistory);
    capturesChanged();
}

std::vector<ComparisonController::CapturePtr> ComparisonController::openCaptures() const
{
    std::vector<CapturePtr> captures;
    for (CapturePage *page : m_pages->capturePages())
        captures.push_back(page->capture());
    return captures;
}

DiffPage *ComparisonController::diffPage()
{
    if (!m_pages->contains(m_diff)) {
        m_diff = new DiffPage(m_pages);
        m_pages->addPage(m_diff);
        capturesChanged();
    }
    return m_diff;
}

void ComparisonController::showDiffPage()
{
    CapturePage *from = m_pages->currentCapturePage();
    DiffPage *page = diffPage();
    if (from)
        page->pickAround(from->capture());
    m_pages->showPage(page);
}

void ComparisonController::showDiff(const QString &beforePath, const QString &afterPath)
{
    auto find = [this](const QString &path) -> CapturePtr {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        for (CapturePage *page : m_pages->capturePages())
            if (QFileInfo(page->path()).absoluteFilePath() == absolute)
                return page->capture();
        return nullptr;
    };
    DiffPage *page = diffPage();
    page->compare(find(beforePath), find(afterPath));
    m_pages->showPage(page);
}

void ComparisonController::setBaselines(const BaselineSet &baselines)
{
    m_baselines = baselines;
    capturesChanged();
}

void ComparisonController::capturesChanged()
{
    m_historyAction->setToolTip(historySuite().empty() ? historyNeeds()
                                                       : QStringLiteral("A metric across the revisions of a suite"));
    if (m_pages->contains(m_diff)) {
        CapturePage *current = m_pages->currentCapturePage();
        m_diff->setBaselines(m_baselines);
        m_diff->setCaptures(openCaptures(), current ? current->capture() : nullptr);
    }
    if (HistoryPage *page = historyPage()) {
        auto captures = suiteCaptures(page->suiteKey());
        if (captures.size() != page->captures().size()
            || !std::is_permutation(captures.begin(), captures.end(), page->captures().begin()))
            page->setCaptures(std::move(captures));
    }
}

std::vector<ComparisonController::CapturePtr> ComparisonController::suiteCaptures(const std::string &suiteKey) const
{
    std::vector<CapturePtr> captures = openCaptures();
    captures.erase(std::remove_if(captures.begin(), captures.end(),
                                  [&](const CapturePtr &c) { return CaptureListModel::suiteKey(*c) != suiteKey; }),
                   captures.end());
    // As the capture list orders them, so revisions of one date keep that order.
    std::sort(captures.begin(), captures.end(),
              [](const auto &a, const auto &b) { return CaptureListModel::revisionBefore(*a, *b); });
    return captures;
}

std::string ComparisonController::historySuite() const
{
    // The current capture's suite, else the one with the most captures open.
    CapturePage *current = m_pages->currentCapturePage();
    if (current && suiteCaptures(CaptureListModel::suiteKey(*current->capture())).size() >= kHistoryCaptures)
        return CaptureListModel::suiteKey(*current->capture());
    std::string best;
    std::size_t most = kHistoryCaptures - 1;
    for (const CapturePtr &capture : openCaptures()) {
        const std::size_t n = suiteCaptures(CaptureListModel::suiteKey(*capture)).size();
        if (n > most) {
            most = n;
            best = CaptureListModel::suiteKey(*capture);
        }
    }
    return best;
}

QString ComparisonController::historyNeeds() const
{
    const QString needs = QStringLiteral("Suite History needs three or more captures of one suite open");
    const std::vector<CapturePtr> open = openCaptures();
    if (open.empty())
        return needs + QStringLiteral("; none is open.");
    // The current capture's suite, else the one with the most captures open.
    auto count = [this](const CapturePtr &c) { return suiteCaptures(CaptureListModel::suiteKey(*c)).size(); };
    CapturePage *current = m_pages->currentCapturePage();
    CapturePtr shown = current ? current->capture() : open.front();
    if (!current)
        for (const CapturePtr &capture : open)
            if (count(capture) > count(shown))
                shown = capture;
    const std::size_t n = count(shown);
    return needs + QStringLiteral("; “%1” has %2 open.")
                       .arg(QString::fromStdString(shown->suite.name()), n == 1 ? QStringLiteral("one") : QString::number(n));
}

HistoryPage *ComparisonController::historyPage() const
{
    return m_pages->contains(m_history) ? m_history.data() : nullptr;
}

void ComparisonController::showHistoryPage()
{
    const std::string suite = historySuite();
    if (suite.empty()) {
        emit message(historyNeeds());
        return;
    }
    if (!historyPage()) {
        m_history = new HistoryPage(suiteCaptures(suite), m_pages);
        m_pages->addPage(m_history);
        followSteps(m_history);
    } else if (m_history->suiteKey() != suite) {
        m_history->setCaptures(suiteCaptures(suite));
    }
    m_pages->showPage(m_history);
}

HistoryPage *ComparisonController::folderHistoryPage() const
{
    return m_pages->contains(m_folderHistory) ? m_folderHistory.data() : nullptr;
}

void ComparisonController::pickFolderHistory()
{
    const QString dir = QFileDialog::getExistingDirectory(m_pages->window(), QStringLiteral("Suite History of a Folder"),
                                                          FileDialogFolder::start(FileDialogFolder::Kind::ResultsFolder));
    if (dir.isEmpty())
        return;
    FileDialogFolder::remember(FileDialogFolder::Kind::ResultsFolder, dir);
    showFolderHistory({dir});
}

void ComparisonController::showFolderHistory(const QStringList &paths)
{
    if (HistoryPage *old = folderHistoryPage())
        m_pages->closePage(old); // its scan, if still running, is cancelled
    auto *page = new HistoryPage(paths, m_pages);
    m_folderHistory = page;
    m_pages->addPage(page);
    followSteps(page);
    m_pages->showPage(page);
}

void ComparisonController::followSteps(HistoryPage *page)
{
    connect(page, &HistoryPage::diffRequested, this,
            [this, page](const CapturePtr &before, const CapturePtr &after, const QString &metric) {
                openStep(page, before, after, metric);
            });
}

void ComparisonController::openStep(const HistoryPage *from, const CapturePtr &before, const CapturePtr &after,
                                    const QString &metric)
{
    // The step's own alpha and rule, so the two pages agree.
    const bs::ChangePoints::Options judged = from->changePointOptions();
    DiffPage *page = diffPage();
    page->setAlpha(judged.alpha);
    page->setRule(judged.rule);
    page->compare(before, after);
    page->setMetric(metric);
    m_pages->showPage(page);
}
