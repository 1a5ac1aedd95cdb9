#pragma once

#include "capture.h"
#include "indexedload.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>
#include <vector>

// Reads what a history needs of the captures in files and folders (a
// folder: its captures, CaptureLoader::historyFiles) on a worker thread,
// through the summary index (bs::IndexedLoad, as `benchscope-cli history`
// does): all, or on the first file that fails, none and that file's error.
// Says how far it is at most ten times a second. Deleting it cancels the
// scan (the worker stops after the file it is reading) and waits for it.
class HistoryScan : public QObject {
    Q_OBJECT
public:
    using CapturePtr = std::shared_ptr<const bs::Capture>;
    struct Result {
        std::vector<CapturePtr> captures; // empty on an error
        bs::IndexedLoad::Outcome outcome; // how it went (its captures moved into `captures`)
    };

    explicit HistoryScan(QObject *parent = nullptr);
    ~HistoryScan() override;

    // Through the index bs::SummaryIndex::defaultFile() names (BENCHSCOPE_INDEX).
    void start(const QStringList &paths);
    // From start() until finished() is emitted (the worker may have ended
    // a moment before its result arrives).
    bool isRunning() const { return m_running; }
    const Result &result() const { return m_result; }

signals:
    void progressed(const bs::IndexedLoad::Progress &progress);
    void finished();

private:
    QFutureWatcher<Result> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false);
    Result m_result;
    bool m_running = false;
};

Q_DECLARE_METATYPE(bs::IndexedLoad::Progress)
