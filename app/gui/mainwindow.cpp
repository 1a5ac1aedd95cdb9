#include "mainwindow.h"

#include "aboutdialog.h"
#include "asynccaptureloader.h"
#include "baselinecontroller.h"
#include "captureloader.h"
#include "capturecontroller.h"
#include "capturelistmodel.h"
#include "capturelistpanel.h"
#include "capturepage.h"
#include "comparisoncontroller.h"
#include "errorbanner.h"
#include "exportmenu.h"
#include "filedialogfolder.h"
#include "importerregistry.h"
#include "provenancepanel.h"
#include "page.h"
#include "pagestack.h"
#include "publishpageaction.h"
#include "resulttableview.h"
#include "settings.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QToolButton>
#include <QVBoxLayout>

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_settings(std::make_unique<Settings>())
    , m_loader(new AsyncCaptureLoader(this))
    , m_banner(new ErrorBanner(this))
    , m_list(new CaptureListPanel(this))
    , m_viewMenu(new QMenu(QStringLiteral("&View"), this))
    , m_pages(new PageStack(makeWelcome(), m_viewMenu, this))
    , m_progressLabel(new QLabel(this))
    , m_progressBar(new QProgressBar(this))
    , m_cancelButton(new QToolButton(this))
{
    setWindowTitle(QStringLiteral("Benchscope"));
    setAcceptDrops(true);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_list);
    splitter->addWidget(m_pages);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({240, 1160});
    splitter->setChildrenCollapsible(false);
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addWidget(m_banner);
    layout->addWidget(splitter, 1);
    setCentralWidget(central);
    makeStatusBar();

    connect(m_loader, &AsyncCaptureLoader::loaded, this, [this](int, const QString &path, std::shared_ptr<const bs::Capture> c) {
        onLoaded(path, std::move(c));
    });
    connect(m_loader, &AsyncCaptureLoader::failed, m_banner, [this](int, const QString &, const bs::LoadError &error) {
        m_banner->addError(error);
    });
    connect(m_loader, &AsyncCaptureLoader::progressChanged, this, &MainWindow::onProgress);
    connect(m_cancelButton, &QToolButton::clicked, m_loader, &AsyncCaptureLoader::cancel);
    connect(m_list, &CaptureListPanel::captureSelected, this, [this](int id) {
        if (CapturePage *page = m_captures.value(id))
            showPage(page);
    });
    connect(m_pages, &PageStack::currentPageChanged, this, &MainWindow::onCurrentPageChanged);

    auto *captureMenu = new QMenu(QStringLiteral("&Capture"), this);
    createControllers(captureMenu);
    createMenus(captureMenu);
    resize(1400, 860);
}

QWidget *MainWindow::makeWelcome()
{
    auto *welcome = new QLabel(this);
    welcome->setAlignment(Qt::AlignCenter);
    welcome->setWordWrap(true);
    // Every format the loader reads, by the registry's names (the first is Benchscope's own).
    QStringList formats;
    for (const std::string &name : bs::ImporterRegistry::instance().formatNames())
        formats << QString::fromStdString(name).toHtmlEscaped();
    formats.removeFirst();
    welcome->setText(QStringLiteral("<h2>Benchscope</h2><p>Open a benchmark capture (.json or .json.gz), or the "
                                    "output of %1, with <b>File › Open</b> (Ctrl+O); a folder of per-run results "
                                    "with <b>File › Open Folder</b> (Ctrl+Shift+O). Drop files or folders on this "
                                    "window, or name them on the command line: <tt>benchscope FILE...</tt></p>")
                         .arg(formats.join(QStringLiteral(", "))));
    return welcome;
}

void MainWindow::makeStatusBar()
{
    m_progressBar->setMaximumWidth(180);
    m_progressBar->setTextVisible(false);
    m_cancelButton->setText(QStringLiteral("Cancel"));
    m_cancelButton->setToolTip(QStringLiteral("Stop loading; files still loading are not opened"));
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_progressBar);
    statusBar()->addPermanentWidget(m_cancelButton);
    onProgress(0, 0, {});
}

// The controllers and what ties them: each hears from the window what it
// needs, and asks the window through signals.
void MainWindow::createControllers(QMenu *capture)
{
    m_captureController = new CaptureController(m_pages, m_banner, m_settings.get(), capture, this);
    m_baselineController = new BaselineController(m_pages, m_settings.get(), capture, this);
    m_comparisons = new ComparisonController(m_pages, this);
    connect(m_captureController, &CaptureController::openRequested, this, &MainWindow::openFiles);
    connect(m_captureController, &CaptureController::diffRequested, m_comparisons, &ComparisonController::showDiff);
    connect(this, &MainWindow::captureOpened, m_captureController, &CaptureController::captureOpened);
    connect(this, &MainWindow::captureOpened, m_baselineController, &BaselineController::apply);
    connect(this, &MainWindow::captureOpened, m_comparisons, &ComparisonController::capturesChanged);
    connect(m_pages, &PageStack::pageRemoved, m_comparisons, &ComparisonController::capturesChanged);
    connect(m_comparisons, &ComparisonController::message, this, [this](const QString &text) {
        statusBar()->showMessage(text, 8000);
    });
    auto baselines = [this] {
        m_list->model()->setBaselines(m_baselineController->baselines());
        m_comparisons->setBaselines(m_baselineController->baselines());
    };
    connect(m_baselineController, &BaselineController::baselinesChanged, this, baselines);
    baselines();
    m_list->setContextActions({m_baselineController->markAction(), m_comparisons->compareAction(),
                               m_comparisons->historyAction()});
}

MainWindow::~MainWindow() = default;

void MainWindow::setPersistent(bool persistent)
{
    m_persistent = persistent;
    m_captureController->setPersistent(persistent);
}

void MainWindow::restoreWindowState()
{
    if (!m_persistent)
        return;
    // The first run: 1400×860, or what the screen has room for (a 1280×720 laptop).
    if (!restoreGeometry(m_settings->windowGeometry()) && screen())
        resize(size().boundedTo(screen()->availableGeometry().size() - (frameGeometry().size() - geometry().size())));
    restoreState(m_settings->windowState(), Settings::kWindowStateVersion);
    m_provenanceAction->setChecked(m_settings->provenanceShown());
}

void MainWindow::createMenus(QMenu *capture)
{
    createFileMenu();
    QMenu *edit = menuBar()->addMenu(QStringLiteral("&Edit"));
    QAction *copy = edit->addAction(QStringLiteral("&Copy as Tab-Separated Text"), this, [this] {
        if (CapturePage *page = currentCapturePage())
            if (ResultTableView *table = page->currentTable())
                table->copySelection();
    });
    copy->setShortcut(QKeySequence::Copy);
    // Only while a table has focus, so Ctrl+C in the filter box copies its text.
    copy->setShortcutContext(Qt::WidgetShortcut);
    QAction *find = edit->addAction(QStringLiteral("&Filter Participants"), this, [this] {
        if (CapturePage *page = currentCapturePage())
            page->focusFilter();
    });
    find->setShortcut(QKeySequence::Find);
    menuBar()->addMenu(capture);
    createViewMenu();
    QMenu *help = menuBar()->addMenu(QStringLiteral("&Help"));
    help->addAction(QStringLiteral("&About Benchscope"), this, [this] {
        auto *about = new AboutDialog(this);
        about->setAttribute(Qt::WA_DeleteOnClose);
        about->open();
    });
    help->addAction(QStringLiteral("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createFileMenu()
{
    QMenu *file = menuBar()->addMenu(QStringLiteral("&File"));
    QAction *open = file->addAction(QStringLiteral("&Open…"), this, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    QAction *openFolder = file->addAction(QStringLiteral("Open &Folder…"), this, [this] {
        // A folder of one-run-per-file results opens as one capture.
        const QString dir = QFileDialog::getExistingDirectory(this, QStringLiteral("Open Results Folder"),
                                                              FileDialogFolder::start(FileDialogFolder::Kind::ResultsFolder));
        if (dir.isEmpty())
            return;
        FileDialogFolder::remember(FileDialogFolder::Kind::ResultsFolder, dir);
        openFiles({dir});
    });
    openFolder->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addAction(m_comparisons->folderHistoryAction());
    m_recentMenu = file->addMenu(QStringLiteral("Open &Recent"));
    updateRecentMenu();
    QAction *close = file->addAction(QStringLiteral("&Close"), this, &MainWindow::closeCurrentPage);
    close->setShortcut(QKeySequence::Close);
    file->addSeparator();
    m_exportMenu = file->addMenu(QStringLiteral("&Export"));
    m_exportMenu->menuAction()->setVisible(false);
    m_exportMenu->installEventFilter(this);
    new ExportMenu(m_exportMenu, [this] { return currentPage(); }, [this] {
        const QList<CapturePage *> pages = capturePages();
        return QList<QWidget *>(pages.begin(), pages.end());
    }, this);
    new PublishPageAction(file, [this] {
        const QList<CapturePage *> pages = capturePages();
        return QList<QWidget *>(pages.begin(), pages.end());
    }, this);
    file->addSeparator();
    QAction *quit = file->addAction(QStringLiteral("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::createViewMenu()
{
    menuBar()->addMenu(m_viewMenu);
    QAction *next = m_viewMenu->addAction(QStringLiteral("&Next Tab"), this, [this] {
        if (CapturePage *page = currentCapturePage())
            page->nextTab();
    });
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
    QAction *previous = m_viewMenu->addAction(QStringLiteral("&Previous Tab"), this, [this] {
        if (CapturePage *page = currentCapturePage())
            page->previousTab();
    });
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                            QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
    QAction *list = m_viewMenu->addAction(QStringLiteral("Capture &List"));
    list->setCheckable(true);
    list->setChecked(true);
    connect(list, &QAction::toggled, m_list, &QWidget::setVisible);
    m_provenanceAction = m_viewMenu->addAction(QStringLiteral("P&rovenance Panel"));
    m_provenanceAction->setObjectName(QStringLiteral("provenancePanelAction"));
    m_provenanceAction->setCheckable(true);
    m_provenanceAction->setChecked(true);
    connect(m_provenanceAction, &QAction::toggled, this, [this](bool shown) {
        for (CapturePage *page : std::as_const(m_captures))
            page->provenance()->setVisible(shown);
        if (m_persistent)
            m_settings->setProvenanceShown(shown);
    });
    m_viewMenu->addActions({m_comparisons->compareAction(), m_comparisons->historyAction(),
                            m_comparisons->folderHistoryAction()});
    QAction *back = m_viewMenu->addAction(QStringLiteral("&Back"), this, &MainWindow::goBack);
    back->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_viewMenu->addSeparator(); // the pages' own entries follow
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // File > Export appears once an exporter adds an action to it.
    if (watched == m_exportMenu && event->type() == QEvent::ActionAdded)
        m_exportMenu->menuAction()->setVisible(true);
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings->recentFiles();
    for (const QString &path : files)
        m_recentMenu->addAction(QDir::toNativeSeparators(path), this, [this, path] { openFiles({path}); });
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(QStringLiteral("Clear List"), this, [this] {
            m_settings->clearRecentFiles();
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::openDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, QStringLiteral("Open Captures"), FileDialogFolder::start(FileDialogFolder::Kind::Captures),
        QStringLiteral("Benchmark captures and tool outputs (*.json *.json.gz *.gz *.jsonl *.txt *.log *.csv *.tsv "
                       "*.xml);;All files (*)"));
    if (paths.isEmpty())
        return;
    FileDialogFolder::remember(FileDialogFolder::Kind::Captures, paths.front());
    openFiles(paths);
}

void MainWindow::openFiles(const QStringList &paths)
{
    std::vector<std::string> files;
    for (const QString &path : paths) {
        // A folder of captures or of whole runs (a suite's history, as
        // benchscope-cli history reads one: a pytest-benchmark storage
        // folder, a series of go test outputs) opens run by run, then as a
        // history; any other folder is one capture of per-run results.
        const std::vector<std::string> captures = QFileInfo(path).isDir()
            ? bs::CaptureLoader::historyFiles(path.toStdString())
            : std::vector<std::string>();
        if (captures.empty()) {
            files.push_back(path.toStdString());
            continue;
        }
        // More than a list of pages can show: the folder's history, read
        // through the summary index, without opening them.
        if (captures.size() > kMostCapturesOpened) {
            m_comparisons->showFolderHistory({path});
            continue;
        }
        for (const std::string &capture : captures)
            m_loader->load(QString::fromStdString(capture));
        if (captures.size() >= ComparisonController::kHistoryCaptures)
            connect(m_loader, &AsyncCaptureLoader::idle, m_comparisons, &ComparisonController::showHistoryPage,
                    Qt::SingleShotConnection);
    }
    for (const std::string &file : bs::CaptureLoader::withoutJoinedRawFiles(files))
        m_loader->load(QString::fromStdString(file));
}

void MainWindow::onLoaded(const QString &path, std::shared_ptr<const bs::Capture> capture)
{
    // Opening a file again replaces its page (it may have been re-measured).
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (CapturePage *open : std::as_const(m_captures))
        if (QFileInfo(open->path()).absoluteFilePath() == absolute) {
            showPage(open);
            closeCurrentPage();
            break;
        }
    auto *page = new CapturePage(std::move(capture), m_pages);
    if (m_settings->provenanceWidth() > 0)
        page->setProvenanceWidth(m_settings->provenanceWidth());
    connect(page, &CapturePage::provenanceWidthChanged, this, &MainWindow::setProvenanceWidth);
    page->provenance()->setVisible(m_provenanceAction->isChecked());
    const int id = m_nextCaptureId++;
    m_captures.insert(id, page);
    m_pages->addPage(page);
    m_list->addCapture(id, page->capture());
    m_list->select(id);
    showPage(page);
    if (m_persistent) {
        m_settings->addRecentFile(path);
        updateRecentMenu();
    }
    emit captureOpened(page);
}

void MainWindow::onProgress(int done, int total, const QString &current)
{
    const bool busy = total > 0;
    m_progressLabel->setVisible(busy);
    m_progressBar->setVisible(busy);
    m_cancelButton->setVisible(busy);
    if (!busy)
        return;
    m_progressLabel->setText(QStringLiteral("Loading %1 (%2 of %3)").arg(QFileInfo(current).fileName()).arg(done + 1).arg(total));
    // The reader reports no progress within a file: a busy bar for one file.
    m_progressBar->setRange(0, total > 1 ? total : 0);
    m_progressBar->setValue(done);
}

void MainWindow::closeCurrentPage()
{
    QWidget *page = currentPage();
    const int id = m_captures.key(qobject_cast<CapturePage *>(page), -1);
    if (id >= 0) {
        m_captures.remove(id);
        m_list->removeCapture(id);
    }
    m_pages->closePage(page);
    if (m_captures.isEmpty()) {
        m_pages->showHome();
        return;
    }
    // The capture opened last.
    showPage(m_captures.last());
    m_list->select(m_captures.lastKey());
}

void MainWindow::showPage(QWidget *page)
{
    m_pages->showPage(page);
}

void MainWindow::goBack()
{
    m_pages->goBack();
}

void MainWindow::setProvenanceWidth(int width)
{
    for (CapturePage *page : std::as_const(m_captures))
        if (page->provenanceWidth() != width)
            page->setProvenanceWidth(width);
    if (m_persistent)
        m_settings->setProvenanceWidth(width);
}

QWidget *MainWindow::currentPage() const
{
    return m_pages->currentWidget();
}

CapturePage *MainWindow::currentCapturePage() const
{
    return m_pages->currentCapturePage();
}

QList<CapturePage *> MainWindow::capturePages() const
{
    return m_pages->capturePages();
}

void MainWindow::onCurrentPageChanged(QWidget *page)
{
    const Page *shown = qobject_cast<const Page *>(page);
    setWindowTitle(shown ? shown->title() + QStringLiteral(" — Benchscope") : QStringLiteral("Benchscope"));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_captureController->confirmClose()) {
        event->ignore();
        return;
    }
    if (m_persistent) {
        m_settings->setWindowGeometry(saveGeometry());
        m_settings->setWindowState(saveState(Settings::kWindowStateVersion));
    }
    m_loader->cancel();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openFiles(paths);
}
