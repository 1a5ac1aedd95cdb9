#pragma once

#include "filedialogfolder.h"

#include <QFileDialog>

// Picks the folder a report (or a published page) is written to. A folder name that does not
// exist yet is created, as `benchscope-cli report --out` does, rather
// than refused with "Directory not found". A folder that holds other files
// and is no earlier report is written into only when the user agrees
// (force(), for ReportWriter::setForce). It starts where the last folder of
// its kind (a report's, a published page's) was picked.
class ReportFolderDialog : public QFileDialog {
    Q_OBJECT
public:
    explicit ReportFolderDialog(QWidget *parent = nullptr, const QString &title = QStringLiteral("Report Folder"),
                                const QString &acceptLabel = QStringLiteral("Write Report"),
                                FileDialogFolder::Kind kind = FileDialogFolder::Kind::Report);

    // The chosen folder (existing by now), or empty if cancelled.
    QString folder() const;
    bool force() const { return m_force; }

    void accept() override;

private:
    FileDialogFolder::Kind m_kind;
    bool m_force = false;
};
