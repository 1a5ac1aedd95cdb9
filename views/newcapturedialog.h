#pragma once

#include "suitespec.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProcess;
class QSpinBox;

// Capture > New Capture: a suite file (recent ones, then the samples; a
// path typed in, checked when the typing ends; a template), its participants and cases to run, its settings as editable
// overrides, the exact command line, an estimate of the time, and where the
// capture goes.
class NewCaptureDialog : public QDialog {
    Q_OBJECT
public:
    NewCaptureDialog(const QStringList &recentSuites, const QStringList &sampleSuites, QWidget *parent = nullptr);
    ~NewCaptureDialog() override;

    void setSuite(const QString &path);
    QString suitePath() const;
    // Runner options for what differs from the suite file.
    QStringList options() const;
    QString outPath() const;
    void setOutPath(const QString &path);
    QString commandLine() const;
    QString estimateText() const;
    QString suiteError() const;

    // A new file under the app's data folder: captures/SUITE-REVISION-TIME.json.gz
    static QString defaultOutPath(const QString &suiteId, const QString &revision);

private:
    void buildSettings(class QFormLayout *form);
    void loadSuite();
    void fillLists();
    void fillSettings();
    void update();
    void lookUpRevision();
    void browseSuite();
    void newFromTemplate(const QString &name);
    QStringList checkedIds(QListWidget *list) const;
    bs::SuiteSpec effectiveSuite() const;
    void showMinimumP();

    QComboBox *m_suite;
    QLabel *m_error;
    QListWidget *m_participants;
    QListWidget *m_cases;
    QComboBox *m_mode;
    QDoubleSpinBox *m_rate;
    QSpinBox *m_connections;
    QDoubleSpinBox *m_warmup;
    QDoubleSpinBox *m_duration;
    QSpinBox *m_repetitions;
    QLabel *m_minimumP; // under the repetitions: the smallest p n vs n can reach
    QComboBox *m_runOrder;
    QComboBox *m_engine;  // native or locust
    QSpinBox *m_workers;  // Locust's local workers
    QLineEdit *m_cpuServer;
    QLineEdit *m_cpuClient;
    QPlainTextEdit *m_command;
    QLabel *m_estimate;
    QLineEdit *m_out;
    QDialogButtonBox *m_buttons;
    QProcess *m_git;
    std::optional<bs::SuiteSpec> m_spec;
    QString m_loadedPath; // the suite path m_spec (or the error) is of
    bool m_outEdited = false;
    bool m_filling = false;
};
