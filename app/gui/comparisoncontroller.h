#pragma once

#include "baselineset.h"
#include "capture.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>
#include <string>
#include <vector>

class DiffPage;
class HistoryPage;
class PageStack;
class QAction;

// The pages that read several open captures: the Diff page (View › Compare
// Revisions, Ctrl+D) and the History page (View › Suite History, Ctrl+H),
// each made on first use, added to the page stack and kept in step with the
// open captures; a step clicked on the History page opens its pair on the
// Diff page. Suite History of a Folder (Ctrl+Shift+H, `benchscope --history
// DIR`) shows the History page of a folder's captures without opening them
// (read through the summary index). The window adds the actions to its menus and tells it when
// captures open or close (capturesChanged) and when baselines change.
class ComparisonController : public QObject {
    Q_OBJECT
public:
    using CapturePtr = std::shared_ptr<const bs::Capture>;
    // A suite needs this many captures open for its history.
    static constexpr std::size_t kHistoryCaptures = 3;

    ComparisonController(PageStack *pages, QObject *parent);

    QAction *compareAction() const { return m_compareAction; }
    QAction *historyAction() const { return m_historyAction; }
    QAction *folderHistoryAction() const { return m_folderHistoryAction; }

    // The Diff page, made on first use (closing it deletes it; the next use
    // makes a new one).
    DiffPage *diffPage();
    // Shows the Diff page with the default pair for the current capture: its
    // suite's baseline → latest, else it and its predecessor in the suite.
    void showDiffPage();
    // Shows the Diff page for two open captures, named by path.
    void showDiff(const QString &beforePath, const QString &afterPath);
    // The History page of the current capture's suite, else of the suite
    // with the most captures open; with no suite of three captures open,
    // says what it needs (message()).
    void showHistoryPage();
    HistoryPage *historyPage() const; // null until shown, and once closed
    // The History page of the captures in these files and folders, read
    // through the summary index, not opened as pages; one such page at a
    // time (a new one replaces it).
    void showFolderHistory(const QStringList &paths);
    HistoryPage *folderHistoryPage() const; // null until shown, and once closed

    void setBaselines(const BaselineSet &baselines);
    // Captures were opened or closed: the pages follow.
    void capturesChanged();

signals:
    // A short message for the status bar (what Suite History needs).
    void message(const QString &text);

private:
    std::vector<CapturePtr> openCaptures() const;
    std::vector<CapturePtr> suiteCaptures(const std::string &suiteKey) const;
    std::string historySuite() const; // empty when no suite has enough captures
    QString historyNeeds() const;
    void pickFolderHistory();
    void followSteps(HistoryPage *page); // a step clicked opens its Diff
    void openStep(const HistoryPage *from, const CapturePtr &before, const CapturePtr &after, const QString &metric);

    PageStack *m_pages;
    BaselineSet m_baselines;
    QPointer<DiffPage> m_diff;
    QPointer<HistoryPage> m_history;
    QPointer<HistoryPage> m_folderHistory;
    QAction *m_compareAction;
    QAction *m_historyAction;
    QAction *m_folderHistoryAction;
};
