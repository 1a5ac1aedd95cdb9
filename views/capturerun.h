#pragma once

#include "progressevent.h"
#include "progressparser.h"

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QStringList>

// One run of benchscope-run: starts it, turns its stdout into progress
// events and its stderr into log lines, and says in plain words how it
// ended. Cancel is SIGINT, as Ctrl-C: the runner stops its servers and
// writes a partial capture. Destroying a running CaptureRun waits for that.
class CaptureRun : public QObject {
    Q_OBJECT
public:
    struct Outcome {
        bool captureWritten = false; // `outPath` holds a capture to open
        bool complete = false;
        bool cancelled = false;
        int exitCode = -1;
        QString outPath;
        QStringList problems; // why it failed, or what went wrong for some participants
    };

    explicit CaptureRun(QObject *parent = nullptr);
    ~CaptureRun() override;

    // BENCHSCOPE_RUNNER, else benchscope-run next to the app. Empty when
    // missing; `looked` lists where it looked.
    static QString findRunner(QStringList *looked = nullptr);
    static QStringList arguments(const QString &suitePath, const QStringList &options, const QString &outPath);
    static QString commandLine(const QString &program, const QStringList &arguments);

    // False (and finished() is emitted) when the runner is not found.
    bool start(const QString &suitePath, const QStringList &options, const QString &outPath);
    void cancel();
    // SIGINT, then waits for the runner to stop its servers (used on close).
    void stopAndWait(int msecs);
    bool isRunning() const;
    qint64 elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }
    QString suitePath() const { return m_suitePath; }
    QString outPath() const { return m_outPath; }
    qint64 processId() const { return m_process.processId(); }

signals:
    void progress(const bs::ProgressEvent &event);
    void logLine(const QString &line);
    void finished(const CaptureRun::Outcome &outcome);

private:
    void readOutput();
    void readErrors();
    void handle(const bs::ProgressEvent &event);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void fail(const QString &problem);

    QProcess m_process;
    bs::ProgressParser m_parser;
    QElapsedTimer m_clock;
    QByteArray m_errorTail;
    QString m_suitePath;
    QString m_outPath;
    Outcome m_outcome;
    bool m_done = false;
};
