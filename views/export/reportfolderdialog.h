#pragma once

#include <QFileDialog>

// Picks the folder a report (or a published page) is written to. A folder name that does not
// exist yet is created, as `benchscope-cli report --out` does, rather
// than refused with "Directory not found". A folder that holds other files
// and is no earlier report is written into only when the user agrees
// (force(), for ReportWriter::setForce).
class ReportFolderDialog : public QFileDialog {
    Q_OBJECT
public:
    explicit ReportFolderDialog(QWidget *parent = nullptr, const QString &title = QStringLiteral("Report Folder"),
                                const QString &acceptLabel = QStringLiteral("Write Report"));

    // The chosen folder (existing by now), or empty if cancelled.
    QString folder() const;
    bool force() const { return m_force; }

    void accept() override;

private:
    bool m_force = false;
};
