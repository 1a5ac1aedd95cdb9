#pragma once

#include "capture.h"
#include "loaderror.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <memory>
#include <string>
#include <vector>

class AsyncCaptureLoader;
class BaselineController;
class CaptureController;
class CaptureListPanel;
class CapturePage;
class DiffPage;
class ErrorBanner;
class HistoryPage;
class Page;
class QLabel;
class QProgressBar;
class QStackedWidget;
class QToolButton;
class Settings;

// The window: menus, the side list of open captures, a stack of pages (one
// CapturePage per capture; other views add theirs with addPage()), the
// error banner and the loading progress. The pages do the work.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Keep window state and recent files in the settings (off for screenshots).
    void setPersistent(bool persistent);
    bool isPersistent() const { return m_persistent; }
    void restoreWindowState();

    void openFiles(const QStringList &paths);
    void closeCurrentPage();

    // Adds a page to the window: its title is the window's while it is
    // shown, its close request goes back; with `menuText`, a View menu
    // entry shows it.
    void addPage(Page *page, const QString &menuText = {});
    void showPage(QWidget *page);
    // Back to the page shown before the current one (View › Back, Alt+Left;
    // Escape or ✕ on the Diff page), else to the last capture's page.
    void goBack();
    QWidget *currentPage() const;
    CapturePage *currentCapturePage() const;
    QList<CapturePage *> capturePages() const;

    // File > Export: hidden until something is added to it.
    QMenu *exportMenu() const { return m_exportMenu; }
    QMenu *viewMenu() const { return m_viewMenu; }
    AsyncCaptureLoader *loader() const { return m_loader; }
    ErrorBanner *errorBanner() const { return m_banner; }
    CaptureListPanel *captureList() const { return m_list; }
    // The Capture menu: runs of benchscope-run and the Run page.
    CaptureController *captureController() const { return m_captureController; }
    // Capture › Mark as Suite Baseline, and the baselines the Diff page starts from.
    BaselineController *baselineController() const { return m_baselineController; }

    // The Diff page (View › Compare Revisions, Ctrl+D), made on first use
    // and kept in step with the open captures.
    DiffPage *diffPage();
    // Shows the Diff page with the default pair for the current capture: its
    // suite's baseline → latest, else it and its predecessor in the suite.
    void showDiffPage();
    // Shows the Diff page for two open captures, named by path.
    void showDiff(const QString &beforePath, const QString &afterPath);

    // A suite needs this many captures open for its history.
    static constexpr std::size_t kHistoryCaptures = 3;
    // View › Suite History (Ctrl+H): the History page of the current
    // capture's suite, else of the suite with the most captures open.
    void showHistoryPage();
    HistoryPage *historyPage() const; // null until shown, and once closed
    QAction *historyAction() const { return m_historyAction; }

signals:
    void currentPageChanged(QWidget *page);
    void captureOpened(CapturePage *page);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createMenus();
    void updateRecentMenu();
    void openDialog();
    void onLoaded(const QString &path, std::shared_ptr<const bs::Capture> capture);
    void onFailed(const QString &path, const bs::LoadError &error);
    void onProgress(int done, int total, const QString &current);
    void onCurrentPageChanged();
    void updateDiffCaptures();
    void updateHistory();
    std::vector<std::shared_ptr<const bs::Capture>> suiteCaptures(const std::string &suiteKey) const;
    std::string historySuite() const; // empty when no suite has enough captures
    void setProvenanceWidth(int width);

    std::unique_ptr<Settings> m_settings;
    bool m_persistent = true;
    AsyncCaptureLoader *m_loader;
    ErrorBanner *m_banner;
    CaptureListPanel *m_list;
    QStackedWidget *m_pages;
    QWidget *m_welcome;
    QHash<int, CapturePage *> m_captures; // capture id → page
    QPointer<DiffPage> m_diff;
    QPointer<HistoryPage> m_historyPage;
    QList<QPointer<QWidget>> m_history; // pages shown before, the latest last
    CaptureController *m_captureController = nullptr;
    BaselineController *m_baselineController = nullptr;
    QAction *m_compareAction = nullptr;
    QAction *m_historyAction = nullptr;
    int m_nextCaptureId = 1;

    QMenu *m_recentMenu = nullptr;
    QMenu *m_exportMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QLabel *m_progressLabel;
    QProgressBar *m_progressBar;
    QToolButton *m_cancelButton;
};
