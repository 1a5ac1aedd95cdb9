#pragma once

#include "page.h"
#include "progressevent.h"

class LiveRateChart;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QStandardItemModel;
class QTableView;

// The Run page: a capture being made. Phase, participant, case and
// repetition; progress with elapsed and remaining time from the runner's
// plan; a live requests/s line per participant and case; the repetitions
// and contract checks as they come; the runner's log.
class RunPage : public Page {
    Q_OBJECT
public:
    explicit RunPage(QWidget *parent = nullptr);
    QString title() const override; // "Run: TITLE" while or after a run

    void begin(const QString &title, const QString &commandLine);
    // `atSeconds`: time since the run started, for the live line.
    void apply(const bs::ProgressEvent &event, double atSeconds);
    void appendLog(const QString &line);
    void setElapsed(double seconds);
    void finish(const QString &summary, bool ok);
    void setRunning(bool running);

    QString phaseText() const;
    QString statusText() const;
    QString logText() const;
    int progressValue() const;
    QStandardItemModel *repetitionsModel() const { return m_repetitions; }
    QStandardItemModel *contractsModel() const { return m_contracts; }
    int liveSeriesCount() const;
    LiveRateChart *liveChart() const { return m_chart; }

signals:
    void cancelRequested();

private:
    void addRepetition(const bs::ProgressEvent &e);
    void addContract(const bs::ProgressEvent &e);
    void addRate(const bs::ProgressEvent &e, double atSeconds);
    void updateProgress();
    void setPhase(const QString &text);

    QLabel *m_title;
    QLabel *m_command;
    QLabel *m_phase;
    QLabel *m_status;
    QProgressBar *m_progress;
    QLabel *m_time;
    QPushButton *m_cancel;
    LiveRateChart *m_chart;
    QStandardItemModel *m_repetitions;
    QStandardItemModel *m_contracts;
    QTableView *m_repetitionsView;
    QTableView *m_contractsView;
    QPlainTextEdit *m_log;

    // From the plan: seconds of load and repetitions to expect.
    double m_plannedSeconds = 0;
    int m_plannedSteps = 0;
    double m_pendingWarmup = 0; // counted as done once its repetitions begin
    double m_repetitionSeconds = 0;
    double m_plannedWarmup = 0;
    int m_plannedRepetitions = 0;
    double m_doneSeconds = 0;   // completed warm-ups and repetitions
    double m_currentSeconds = 0; // into the repetition under way
    int m_doneSteps = 0;
    double m_elapsed = 0;
    QString m_runTitle; // the suite being run, empty before the first run
};
