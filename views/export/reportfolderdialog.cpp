#include "reportfolderdialog.h"

#include "plainmessage.h"
#include "reportwriter.h"

#include <QDir>
#include <QFileInfo>

ReportFolderDialog::ReportFolderDialog(QWidget *parent, const QString &title, const QString &acceptLabel,
                                       FileDialogFolder::Kind kind)
    : QFileDialog(parent, title, FileDialogFolder::start(kind))
    , m_kind(kind)
{
    setFileMode(QFileDialog::Directory);
    setOption(QFileDialog::ShowDirsOnly);
    // accept() below is only called by Qt's own dialog, not a native one.
    setOption(QFileDialog::DontUseNativeDialog);
    setLabelText(QFileDialog::Accept, acceptLabel);
}

QString ReportFolderDialog::folder() const
{
    const QStringList files = selectedFiles();
    return result() == QDialog::Accepted && !files.isEmpty() ? files.first() : QString();
}

void ReportFolderDialog::accept()
{
    const QStringList files = selectedFiles();
    if (!files.isEmpty() && !QFileInfo::exists(files.first()) && !QDir().mkpath(files.first())) {
        PlainMessage::warning(this, windowTitle(), QStringLiteral("Cannot create the folder %1.").arg(files.first()));
        return;
    }
    const QString others = files.isEmpty() ? QString() : ReportWriter::otherFiles(files.first());
    m_force = !others.isEmpty();
    if (m_force
        && !PlainMessage::question(this, windowTitle(),
                                 QStringLiteral("%1 holds %2 and is not an earlier report.\n\nWrite the report into it "
                                                "anyway? Its files are kept; if the report would replace one, it is not written.")
                                     .arg(QDir::toNativeSeparators(files.first()), others)))
        return;
    if (!files.isEmpty())
        FileDialogFolder::remember(m_kind, files.first());
    QFileDialog::accept();
}
