#include "historyscan.h"

#include "captureloader.h"
#include "summaryindex.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

namespace {

// The files of each path, a folder's captures (or runs) in it; empty with
// `error` for a folder that holds none.
std::vector<std::string> filesOf(const QStringList &paths, std::optional<bs::LoadError> &error)
{
    std::vector<std::string> files;
    for (const QString &path : paths) {
        if (!QFileInfo(path).isDir()) {
            files.push_back(path.toStdString());
            continue;
        }
        const std::vector<std::string> found = bs::CaptureLoader::historyFiles(path.toStdString());
        if (found.empty()) {
            error = bs::LoadError{path.toStdString(), {},
                                  bs::CaptureLoader::noHistoryReason(path.toStdString())
                                      + " (a folder of per-run results is one capture: open it with File › Open "
                                        "Folder)"};
            return {};
        }
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

} // namespace

HistoryScan::HistoryScan(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<bs::IndexedLoad::Progress>();
    connect(&m_watcher, &QFutureWatcher<Result>::finished, this, [this] {
        m_result = m_watcher.result();
        m_running = false;
        emit finished();
    });
}

HistoryScan::~HistoryScan()
{
    *m_cancel = true;
    m_watcher.waitForFinished();
}

void HistoryScan::start(const QStringList &paths)
{
    *m_cancel = true; // a scan still running is dropped
    m_watcher.waitForFinished();
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_running = true;
    m_watcher.setFuture(QtConcurrent::run([this, paths, cancel = m_cancel]() -> Result {
        Result r;
        std::vector<std::string> files = filesOf(paths, r.outcome.error);
        if (r.outcome.error)
            return r;
        double shown = -1;
        r.outcome = bs::IndexedLoad::run(files, bs::SummaryIndex::defaultFile(), [&](const bs::IndexedLoad::Progress &p) {
            if (p.seconds - shown >= 0.1 || p.done == p.total) {
                shown = p.seconds;
                // Queued to the GUI thread (dropped there once the scan is deleted;
                // the destructor waits for this worker, so `this` lives while it runs).
                QMetaObject::invokeMethod(this, [this, p] { emit progressed(p); }, Qt::QueuedConnection);
            }
            return !*cancel;
        });
        r.captures.reserve(r.outcome.captures.size());
        for (bs::Capture &c : r.outcome.captures)
            r.captures.push_back(std::make_shared<const bs::Capture>(std::move(c)));
        r.outcome.captures.clear();
        return r;
    }));
}
