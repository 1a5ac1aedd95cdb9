#include "mainwindow.h"

#include "publishpageaction.h"

#include "aboutdialog.h"
#include "asynccaptureloader.h"
#include "baselinecontroller.h"
#include "captureloader.h"
#include "capturecontroller.h"
#include "capturelistmodel.h"
#include "capturelistpanel.h"
#include "capturepage.h"
#include "diffpage.h"
#include "errorbanner.h"
#include "exportmenu.h"
#include "filedialogfolder.h"
#include "historypage.h"
#include "importerregistry.h"
#include "publishpageaction.h"
#include "resulttableview.h"
#include "settings.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_settings(std::make_unique<Settings>())
    , m_loader(new AsyncCaptureLoader(this))
    , m_banner(new ErrorBanner(this))
    , m_list(new CaptureListPanel(this))
    , m_pages(new QStackedWidget(this))
    , m_welcome(new QLabel(this))
    , m_progressLabel(new QLabel(this))
    , m_progressBar(new QProgressBar(this))
    , m_cancelButton(new QToolButton(this))
{
    setWindowTitle(QStringLiteral("Benchscope"));
    setAcceptDrops(true);

    auto *welcome = static_cast<QLabel *>(m_welcome);
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
    m_pages->addWidget(m_welcome);

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

    m_progressBar->setMaximumWidth(180);
    m_progressBar->setTextVisible(false);
    m_cancelButton->setText(QStringLiteral("Cancel"));
    m_cancelButton->setToolTip(QStringLiteral("Stop loading; files still loading are not opened"));
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_progressBar);
    statusBar()->addPermanentWidget(m_cancelButton);
    onProgress(0, 0, {});

    connect(m_loader, &AsyncCaptureLoader::loaded, this, [this](int, const QString &path, std::shared_ptr<const bs::Capture> c) {
        onLoaded(path, std::move(c));
    });
    connect(m_loader, &AsyncCaptureLoader::failed, this,
            [this](int, const QString &path, const bs::LoadError &error) { onFailed(path, error); });
    connect(m_loader, &AsyncCaptureLoader::progressChanged, this, &MainWindow::onProgress);
    connect(m_cancelButton, &QToolButton::clicked, m_loader, &AsyncCaptureLoader::cancel);
    connect(m_list, &CaptureListPanel::captureSelected, this, [this](int id) {
        if (CapturePage *page = m_captures.value(id))
            showPage(page);
    });
    connect(m_pages, &QStackedWidget::currentChanged, this, &MainWindow::onCurrentPageChanged);
    connect(this, &MainWindow::captureOpened, this, &MainWindow::updateDiffCaptures);
    connect(m_list->model(), &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateDiffCaptures);

    createMenus();
    m_captureController = new CaptureController(this, m_settings.get());
    m_baselineController = new BaselineController(this, m_settings.get(), m_captureController->menu());
    connect(m_baselineController, &BaselineController::baselinesChanged, this, &MainWindow::updateDiffCaptures);
    m_list->setContextActions({m_baselineController->markAction(), m_compareAction, m_historyAction});
    connect(this, &MainWindow::captureOpened, this, &MainWindow::updateHistory);
    connect(m_list->model(), &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateHistory);
    updateHistory();
    resize(1400, 860);
}

MainWindow::~MainWindow() = default;

void MainWindow::setPersistent(bool persistent)
{
    m_persistent = persistent;
}

void MainWindow::restoreWindowState()
{
    if (!m_persistent)
        return;
    restoreGeometry(m_settings->windowGeometry());
    restoreState(m_settings->windowState(), Settings::kWindowStateVersion);
}

void MainWindow::createMenus()
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

    m_viewMenu = menuBar()->addMenu(QStringLiteral("&View"));
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
    m_compareAction = m_viewMenu->addAction(QStringLiteral("&Compare Revisions…"), this, &MainWindow::showDiffPage);
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_compareAction->setIcon(QIcon(QStringLiteral(":/icons/actions/compare-revisions.svg")));
    m_historyAction = m_viewMenu->addAction(QStringLiteral("Suite &History…"), this, &MainWindow::showHistoryPage);
    m_historyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    m_historyAction->setToolTip(QStringLiteral("A metric across the revisions of a suite with three or more captures open"));
    QAction *back = m_viewMenu->addAction(QStringLiteral("&Back"), this, &MainWindow::goBack);
    back->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_viewMenu->addSeparator();

    QMenu *help = menuBar()->addMenu(QStringLiteral("&Help"));
    help->addAction(QStringLiteral("&About Benchscope"), this, [this] {
        auto *about = new AboutDialog(this);
        about->setAttribute(Qt::WA_DeleteOnClose);
        about->open();
    });
    help->addAction(QStringLiteral("About &Qt"), qApp, &QApplication::aboutQt);
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
        for (const std::string &capture : captures)
            m_loader->load(QString::fromStdString(capture));
        if (captures.size() >= kHistoryCaptures)
            connect(m_loader, &AsyncCaptureLoader::idle, this, &MainWindow::showHistoryPage, Qt::SingleShotConnection);
    }
    for (const std::string &file : bs::CaptureLoader::withoutJoinedRawFiles(files))
        m_loader->load(QString::fromStdString(file));
}

void MainWindow::onLoaded(const QString &path, std::shared_ptr<const bs::Capture> capture)
{
    // Opening a file again replaces its page (it may have been re-measured).
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (auto it = m_captures.begin(); it != m_captures.end(); ++it)
        if (QFileInfo(it.value()->path()).absoluteFilePath() == absolute) {
            showPage(it.value());
            closeCurrentPage();
            break;
        }
    auto *page = new CapturePage(std::move(capture), m_pages);
    if (m_settings->provenanceWidth() > 0)
        page->setProvenanceWidth(m_settings->provenanceWidth());
    connect(page, &CapturePage::provenanceWidthChanged, this, &MainWindow::setProvenanceWidth);
    const int id = m_nextCaptureId++;
    m_captures.insert(id, page);
    addPage(page);
    m_list->addCapture(id, page->capture());
    m_list->select(id);
    showPage(page);
    if (m_persistent) {
        m_settings->addRecentFile(path);
        updateRecentMenu();
    }
    emit captureOpened(page);
}

void MainWindow::onFailed(const QString &, const bs::LoadError &error)
{
    m_banner->addError(error);
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
    if (!page || page == m_welcome)
        return;
    const int id = m_captures.key(qobject_cast<CapturePage *>(page), -1);
    if (id >= 0) {
        m_captures.remove(id);
        m_list->removeCapture(id);
    }
    for (QAction *action : m_viewMenu->actions())
        if (action->data().value<QObject *>() == page)
            delete action;
    m_pages->removeWidget(page);
    page->deleteLater();
    if (!m_captures.isEmpty()) {
        const int next = m_captures.keys().constLast();
        showPage(m_captures.value(next));
        m_list->select(next);
    } else {
        showPage(m_welcome);
    }
}

void MainWindow::addPage(Page *page, const QString &menuText)
{
    m_pages->addWidget(page);
    connect(page, &Page::titleChanged, this, [this, page] {
        if (currentPage() == page)
            onCurrentPageChanged();
    });
    connect(page, &Page::closeRequested, this, &MainWindow::goBack);
    if (menuText.isEmpty())
        return;
    QAction *action = m_viewMenu->addAction(menuText, this, [this, page] { showPage(page); });
    action->setData(QVariant::fromValue<QObject *>(page));
}

void MainWindow::showPage(QWidget *page)
{
    if (m_pages->indexOf(page) < 0 || page == m_pages->currentWidget())
        return;
    m_history.removeAll(page);
    m_history.append(m_pages->currentWidget());
    if (m_history.size() > 20)
        m_history.removeFirst();
    m_pages->setCurrentWidget(page);
}

void MainWindow::goBack()
{
    QWidget *current = m_pages->currentWidget();
    while (!m_history.isEmpty()) {
        QWidget *page = m_history.takeLast();
        if (page && page != current && m_pages->indexOf(page) >= 0) {
            m_pages->setCurrentWidget(page);
            return;
        }
    }
    CapturePage *last = m_captures.isEmpty() ? nullptr : m_captures.value(m_captures.keys().constLast());
    if (last && last != current)
        m_pages->setCurrentWidget(last);
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
    return qobject_cast<CapturePage *>(m_pages->currentWidget());
}

QList<CapturePage *> MainWindow::capturePages() const
{
    return m_captures.values();
}

void MainWindow::onCurrentPageChanged()
{
    QWidget *page = currentPage();
    const Page *shown = qobject_cast<const Page *>(page);
    setWindowTitle(shown ? shown->title() + QStringLiteral(" — Benchscope") : QStringLiteral("Benchscope"));
    emit currentPageChanged(page);
}

DiffPage *MainWindow::diffPage()
{
    // Closing the page (Ctrl+W) deletes it; the next use makes a new one.
    if (!m_diff || m_pages->indexOf(m_diff) < 0) {
        m_diff = new DiffPage(m_pages);
        addPage(m_diff);
        updateDiffCaptures();
    }
    return m_diff;
}

void MainWindow::showDiffPage()
{
    CapturePage *from = currentCapturePage();
    DiffPage *page = diffPage();
    if (from)
        page->pickAround(from->capture());
    showPage(page);
}

void MainWindow::showDiff(const QString &beforePath, const QString &afterPath)
{
    auto find = [this](const QString &path) -> std::shared_ptr<const bs::Capture> {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        for (CapturePage *page : std::as_const(m_captures))
            if (QFileInfo(page->path()).absoluteFilePath() == absolute)
                return page->capture();
        return nullptr;
    };
    DiffPage *page = diffPage();
    page->compare(find(beforePath), find(afterPath));
    showPage(page);
}

void MainWindow::updateDiffCaptures()
{
    if (!m_diff)
        return;
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (CapturePage *page : std::as_const(m_captures))
        captures.push_back(page->capture());
    CapturePage *current = currentCapturePage();
    m_diff->setBaselines(m_baselineController->baselines());
    m_diff->setCaptures(std::move(captures), current ? current->capture() : nullptr);
}

std::vector<std::shared_ptr<const bs::Capture>> MainWindow::suiteCaptures(const std::string &suiteKey) const
{
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (CapturePage *page : std::as_const(m_captures))
        if (CaptureListModel::suiteKey(*page->capture()) == suiteKey)
            captures.push_back(page->capture());
    // As the capture list orders them, so revisions of one date keep that order.
    std::sort(captures.begin(), captures.end(),
              [](const auto &a, const auto &b) { return CaptureListModel::revisionBefore(*a, *b); });
    return captures;
}

std::string MainWindow::historySuite() const
{
    // The current capture's suite, else the one with the most captures open.
    CapturePage *current = currentCapturePage();
    if (current && suiteCaptures(CaptureListModel::suiteKey(*current->capture())).size() >= kHistoryCaptures)
        return CaptureListModel::suiteKey(*current->capture());
    std::string best;
    std::size_t most = kHistoryCaptures - 1;
    for (CapturePage *page : std::as_const(m_captures)) {
        const std::string key = CaptureListModel::suiteKey(*page->capture());
        if (suiteCaptures(key).size() > most) {
            most = suiteCaptures(key).size();
            best = key;
        }
    }
    return best;
}

HistoryPage *MainWindow::historyPage() const
{
    return m_historyPage && m_pages->indexOf(m_historyPage) >= 0 ? m_historyPage.data() : nullptr;
}

void MainWindow::showHistoryPage()
{
    const std::string suite = historySuite();
    if (suite.empty()) {
        statusBar()->showMessage(QStringLiteral("Suite History needs three or more captures of one suite open."), 8000);
        return;
    }
    if (!historyPage()) {
        m_historyPage = new HistoryPage(suiteCaptures(suite), m_pages);
        addPage(m_historyPage);
        connect(m_historyPage, &HistoryPage::diffRequested, this,
                [this](const auto &before, const auto &after, const QString &metric) {
                    // The step's own alpha and rule, so the two pages agree.
                    const bs::ChangePoints::Options judged = m_historyPage->changePointOptions();
                    DiffPage *page = diffPage();
                    page->setAlpha(judged.alpha);
                    page->setRule(judged.rule);
                    page->compare(before, after);
                    page->setMetric(metric);
                    showPage(page);
                });
    } else if (m_historyPage->suiteKey() != suite) {
        m_historyPage->setCaptures(suiteCaptures(suite));
    }
    showPage(m_historyPage);
}

void MainWindow::updateHistory()
{
    m_historyAction->setEnabled(!historySuite().empty());
    HistoryPage *page = historyPage();
    if (!page)
        return;
    auto captures = suiteCaptures(page->suiteKey());
    if (captures.size() != page->captures().size()
        || !std::is_permutation(captures.begin(), captures.end(), page->captures().begin()))
        page->setCaptures(std::move(captures));
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
