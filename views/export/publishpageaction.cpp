#include "publishpageaction.h"

#include "asynccaptureloader.h"
#include "captureloader.h"
#include "exportsource.h"
#include "pagepublisher.h"
#include "plainmessage.h"
#include "publishpagedialog.h"
#include "reportfolderdialog.h"

#include <QAction>
#include <QApplication>
#include <QDesktopServices>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QUrl>

PublishPageAction::PublishPageAction(QMenu *file, std::function<QList<QWidget *>()> capturePages, QWidget *window)
    : QObject(window)
    , m_capturePages(std::move(capturePages))
    , m_window(window)
    , m_action(file->addAction(QStringLiteral("&Publish Page…"), this, &PublishPageAction::publish))
    , m_authored(file->addAction(QStringLiteral("Publish Page from &Markdown…"), this, &PublishPageAction::publishAuthored))
{
    m_authored->setObjectName(QStringLiteral("publishAuthoredPage"));
    m_authored->setStatusTip(QStringLiteral("Write a page from its Markdown (publish --page): the author's prose "
                                            "around the tables and charts its blocks place"));
    m_action->setObjectName(QStringLiteral("publishPage"));
    m_action->setStatusTip(QStringLiteral("Write the open captures as a web page, with their downloads"));
    connect(file, &QMenu::aboutToShow, this, [this] { m_action->setEnabled(!m_capturePages().isEmpty()); });
}

std::vector<std::shared_ptr<const bs::Capture>> PublishPageAction::openCaptures() const
{
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (QWidget *page : m_capturePages())
        if (auto *source = dynamic_cast<ExportSource *>(page); source && source->reportCapture())
            captures.push_back(source->reportCapture());
    return captures;
}

void PublishPageAction::publish()
{
    // Which captures first (what each suite's section will be), then where.
    PublishPageDialog which(openCaptures(), m_window);
    if (which.exec() != QDialog::Accepted || which.chosen().empty())
        return;
    const std::vector<std::shared_ptr<const bs::Capture>> chosen = which.chosen();
    publishInto([&](const QString &folder) { return publishTo(folder, chosen); });
}

void PublishPageAction::publishAuthored()
{
    const QString file = QFileDialog::getOpenFileName(m_window, QStringLiteral("Publish Page from Markdown"), QString(),
                                                      QStringLiteral("Markdown pages (*.md *.markdown);;All files (*)"));
    if (!file.isEmpty())
        publishInto([&](const QString &folder) { return publishPageTo(folder, file); });
}

void PublishPageAction::publishInto(const std::function<QString(const QString &)> &publishTo)
{
    ReportFolderDialog dialog(m_window, QStringLiteral("Publish Page"), QStringLiteral("Publish"), FileDialogFolder::Kind::Publish);
    if (dialog.exec() != QDialog::Accepted || dialog.folder().isEmpty())
        return;
    const QString index = publishTo(dialog.folder());
    if (index.isEmpty())
        return;
    QMessageBox done(QMessageBox::Information, QStringLiteral("Publish Page"),
                     QStringLiteral("The page is in %1.").arg(QDir::toNativeSeparators(dialog.folder())),
                     QMessageBox::Close, m_window);
    done.setTextFormat(Qt::PlainText);
    QPushButton *open = done.addButton(QStringLiteral("Open in Browser"), QMessageBox::AcceptRole);
    open->setObjectName(QStringLiteral("openInBrowser"));
    done.exec();
    if (done.clickedButton() == open)
        QDesktopServices::openUrl(QUrl::fromLocalFile(index));
}

QString PublishPageAction::publishTo(const QString &folder, const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    if (captures.empty())
        return {};
    PagePublisher::Options options;
    options.out = folder.toStdString();
    for (const auto &c : captures)
        options.inputs.push_back(c->sourcePath);
    return publishWith(std::move(options), captures);
}

QString PublishPageAction::publishPageTo(const QString &folder, const QString &pageFile)
{
    bs::PageSource page;
    bs::LoadError error;
    if (!bs::PageSource::read(pageFile.toStdString(), page, error)) {
        warn(QString::fromStdString(error.toString()));
        return {};
    }
    const std::vector<std::string> files = bs::CaptureLoader::withoutJoinedRawFiles(page.captureFiles());
    const std::optional<std::vector<std::shared_ptr<const bs::Capture>>> captures = load(files);
    if (!captures)
        return {};
    PagePublisher::Options options;
    options.out = folder.toStdString();
    options.page = &page;
    options.inputs = page.captureFiles();
    options.inputs.push_back(page.path); // never written over either
    return publishWith(std::move(options), *captures);
}

std::optional<std::vector<std::shared_ptr<const bs::Capture>>>
PublishPageAction::load(const std::vector<std::string> &files)
{
    AsyncCaptureLoader loader;
    QProgressDialog progress(QStringLiteral("Loading the page's captures…"), QStringLiteral("Cancel"), 0,
                             int(files.size()), m_window);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(400);
    std::map<QString, std::shared_ptr<const bs::Capture>> loaded;
    QString failure;
    QEventLoop wait;
    connect(&loader, &AsyncCaptureLoader::loaded, &wait,
            [&](int, const QString &path, std::shared_ptr<const bs::Capture> capture) {
                loaded[path] = std::move(capture);
                progress.setValue(int(loaded.size()));
            });
    connect(&loader, &AsyncCaptureLoader::failed, &wait, [&](int, const QString &, const bs::LoadError &error) {
        if (failure.isEmpty())
            failure = QString::fromStdString(error.toString());
        loader.cancel(); // one capture missing: the page is not published
    });
    connect(&loader, &AsyncCaptureLoader::idle, &wait, &QEventLoop::quit);
    connect(&progress, &QProgressDialog::canceled, &loader, &AsyncCaptureLoader::cancel);
    for (const std::string &file : files)
        loader.load(QString::fromStdString(file));
    if (loader.isBusy())
        wait.exec();
    if (!failure.isEmpty())
        warn(failure);
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (const std::string &file : files) {
        const auto found = loaded.find(QString::fromStdString(file));
        if (found == loaded.end())
            return std::nullopt; // failed (said above) or cancelled
        captures.push_back(found->second);
    }
    return captures;
}

QString PublishPageAction::publishWith(PagePublisher::Options options,
                                       const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    const QString folder = QString::fromStdString(options.out);
    PagePublisher::Summary summary;
    bs::LoadError error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    bool ok = PagePublisher::publish(captures, options, summary, error);
    QApplication::restoreOverrideCursor();
    if (!ok && error.message.find("--force") != std::string::npos
        && PlainMessage::question(m_window, QStringLiteral("Publish Page"),
                                  QStringLiteral("%1 holds files that are not an earlier published page. Replace them?")
                                      .arg(QDir::toNativeSeparators(folder)))) {
        options.force = true;
        QApplication::setOverrideCursor(Qt::WaitCursor);
        ok = PagePublisher::publish(captures, options, summary, error);
        QApplication::restoreOverrideCursor();
    }
    if (!ok) {
        warn(QString::fromStdString(error.toString()));
        return {};
    }
    return QDir(folder).filePath(QStringLiteral("index.html"));
}

// Plain text: an error quotes file names and their contents.
void PublishPageAction::warn(const QString &text)
{
    PlainMessage::warning(m_window, QStringLiteral("Publish Page"), text);
}
