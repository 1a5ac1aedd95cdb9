#include "publishpageaction.h"

#include "exportsource.h"
#include "pagepublisher.h"
#include "publishpagedialog.h"
#include "reportfolderdialog.h"

#include <QAction>
#include <QApplication>
#include <QDesktopServices>
#include <QDir>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QUrl>

PublishPageAction::PublishPageAction(QMenu *file, std::function<QList<QWidget *>()> capturePages, QWidget *window)
    : QObject(window)
    , m_capturePages(std::move(capturePages))
    , m_window(window)
    , m_action(file->addAction(QStringLiteral("&Publish Page…"), this, &PublishPageAction::publish))
{
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
    ReportFolderDialog dialog(m_window, QStringLiteral("Publish Page"), QStringLiteral("Publish"), FileDialogFolder::Kind::Publish);
    if (dialog.exec() != QDialog::Accepted || dialog.folder().isEmpty())
        return;
    const QString index = publishTo(dialog.folder(), which.chosen());
    if (index.isEmpty())
        return;
    QMessageBox done(QMessageBox::Information, QStringLiteral("Publish Page"),
                     QStringLiteral("The page is in %1.").arg(QDir::toNativeSeparators(dialog.folder())),
                     QMessageBox::Close, m_window);
    QPushButton *open = done.addButton(QStringLiteral("Open in Browser"), QMessageBox::AcceptRole);
    open->setObjectName(QStringLiteral("openInBrowser"));
    done.exec();
    if (done.clickedButton() == open)
        QDesktopServices::openUrl(QUrl::fromLocalFile(index));
}

QString PublishPageAction::publishTo(const QString &folder, const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    PagePublisher::Options options;
    options.out = folder.toStdString();
    for (const auto &c : captures)
        options.inputs.push_back(c->sourcePath);
    if (captures.empty())
        return {};
    PagePublisher::Summary summary;
    bs::LoadError error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    bool ok = PagePublisher::publish(captures, options, summary, error);
    QApplication::restoreOverrideCursor();
    if (!ok && error.message.find("--force") != std::string::npos
        && QMessageBox::question(m_window, QStringLiteral("Publish Page"),
                                 QStringLiteral("%1 holds files that are not an earlier published page. Replace them?")
                                     .arg(QDir::toNativeSeparators(folder)))
            == QMessageBox::Yes) {
        options.force = true;
        QApplication::setOverrideCursor(Qt::WaitCursor);
        ok = PagePublisher::publish(captures, options, summary, error);
        QApplication::restoreOverrideCursor();
    }
    if (!ok) {
        QMessageBox::warning(m_window, QStringLiteral("Publish Page"), QString::fromStdString(error.toString()));
        return {};
    }
    return QDir(folder).filePath(QStringLiteral("index.html"));
}
