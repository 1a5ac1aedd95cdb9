#pragma once

#include "capture.h"
#include "loaderror.h"

#include <QMainWindow>
#include <QMap>

#include <memory>

class AsyncCaptureLoader;
class BaselineController;
class CaptureController;
class CaptureListPanel;
class CapturePage;
class ComparisonController;
class ErrorBanner;
class PageStack;
class QLabel;
class QProgressBar;
class QToolButton;
class Settings;

// The window: menus, the side list of open captures, the page stack (one
// CapturePage per capture; the controllers add theirs), the error banner and
// the loading progress. It owns the controllers and wires them; they know
// it only through the page stack, the banner and their signals, and it
// knows no page's insides.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // A folder with more captures than this opens as Suite History of a
    // Folder, not as a page per capture.
    static constexpr std::size_t kMostCapturesOpened = 50;

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Keep window state and recent files in the settings (off for screenshots).
    void setPersistent(bool persistent);
    bool isPersistent() const { return m_persistent; }
    void restoreWindowState();

    void openFiles(const QStringList &paths);
    void closeCurrentPage();

    PageStack *pages() const { return m_pages; }
    // Shorthands for the page stack's.
    void showPage(QWidget *page);
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
    // View › Compare Revisions and Suite History: the Diff and History pages.
    ComparisonController *comparisons() const { return m_comparisons; }

signals:
    void captureOpened(CapturePage *page);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *makeWelcome();
    void makeStatusBar();
    void createControllers(QMenu *capture);
    void createMenus(QMenu *capture);
    void createFileMenu();
    void createViewMenu();
    void updateRecentMenu();
    void openDialog();
    void onLoaded(const QString &path, std::shared_ptr<const bs::Capture> capture);
    void onProgress(int done, int total, const QString &current);
    void onCurrentPageChanged(QWidget *page);
    void setProvenanceWidth(int width);

    std::unique_ptr<Settings> m_settings;
    bool m_persistent = true;
    AsyncCaptureLoader *m_loader;
    ErrorBanner *m_banner;
    CaptureListPanel *m_list;
    QMenu *m_viewMenu;
    PageStack *m_pages;
    QMap<int, CapturePage *> m_captures; // capture id (in the list) → page, in the order opened
    CaptureController *m_captureController = nullptr;
    BaselineController *m_baselineController = nullptr;
    QAction *m_provenanceAction = nullptr;
    ComparisonController *m_comparisons = nullptr;
    int m_nextCaptureId = 1;

    QMenu *m_recentMenu = nullptr;
    QMenu *m_exportMenu = nullptr;
    QLabel *m_progressLabel;
    QProgressBar *m_progressBar;
    QToolButton *m_cancelButton;
};
