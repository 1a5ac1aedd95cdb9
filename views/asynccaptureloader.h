#pragma once

#include "capture.h"
#include "loaderror.h"

#include <QObject>
#include <QSet>
#include <QString>

#include <memory>

// Loads captures off the GUI thread through bs::CaptureLoader::load
// (QtConcurrent::run + QFutureWatcher). Each load is a job with an id;
// cancel() forgets the pending jobs, and a result whose job is no longer
// pending is dropped when it arrives, so a cancelled file never opens.
class AsyncCaptureLoader : public QObject {
    Q_OBJECT
public:
    explicit AsyncCaptureLoader(QObject *parent = nullptr);

    int load(const QString &path);
    void cancel();
    bool isBusy() const { return !m_pending.isEmpty(); }
    int pendingCount() const { return int(m_pending.size()); }

signals:
    void loaded(int job, const QString &path, std::shared_ptr<const bs::Capture> capture);
    void failed(int job, const QString &path, const bs::LoadError &error);
    // Files done and in total since the loader was last idle; `current` is
    // a file still loading.
    void progressChanged(int done, int total, const QString &current);
    // Every job finished or was cancelled.
    void idle();

private:
    struct Outcome {
        std::shared_ptr<const bs::Capture> capture;
        bs::LoadError error;
    };
    void finish();

    int m_nextJob = 1;
    QSet<int> m_pending;
    QHash<int, QString> m_paths;
    int m_batchDone = 0;
    int m_batchTotal = 0;
};

Q_DECLARE_METATYPE(std::shared_ptr<const bs::Capture>)
Q_DECLARE_METATYPE(bs::LoadError)
