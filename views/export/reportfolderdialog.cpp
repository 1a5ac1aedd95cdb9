#include "reportfolderdialog.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>

ReportFolderDialog::ReportFolderDialog(QWidget *parent, const QString &title, const QString &acceptLabel)
    : QFileDialog(parent, title)
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
        QMessageBox::warning(this, windowTitle(), QStringLiteral("Cannot create the folder %1.").arg(files.first()));
        return;
    }
    QFileDialog::accept();
}
