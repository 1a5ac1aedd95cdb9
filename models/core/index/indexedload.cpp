#include "indexedload.h"

#include "captureloader.h"
#include "summaryindex.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>

namespace bs {

namespace {

// One file's outcome, in the order of the files.
struct Slot {
    std::optional<Capture> capture;
    LoadError error;
    bool fromIndex = false;
};

// What the loading threads share with the one that reports: the files are
// taken in order, one at a time, and loaded on every core; the calling
// thread only reports progress, so that a long file does not hold it.
class Scan {
public:
    Scan(SummaryIndex &index, const std::vector<std::string> &files)
        : m_index(index), m_files(files), m_slots(files.size())
    {
    }

    void work()
    {
        for (std::size_t i; !m_stop && (i = m_next++) < m_files.size();) {
            Slot &s = m_slots[i];
            s.capture = m_index.load(m_files[i], s.error, &s.fromIndex);
            const std::lock_guard<std::mutex> lock(m_mutex);
            ++m_done;
            m_fromFiles += s.fromIndex ? 0 : 1;
            m_fileSinceReport = m_fileSinceReport || !s.fromIndex;
            if (!s.capture)
                m_stop = true; // all or none: no further file is begun
            m_changed.notify_one();
        }
        const std::lock_guard<std::mutex> lock(m_mutex);
        ++m_finished;
        m_changed.notify_one();
    }

    // Reports as files are done, until every thread has finished; false
    // from onProgress stops the scan. Returns whether it was cancelled.
    bool report(std::size_t threads, IndexedLoad::Progress &p, const IndexedLoad::OnProgress &onProgress,
                std::chrono::steady_clock::time_point start)
    {
        bool cancelled = false;
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            // Once cancelled, only the threads' end is waited for (a wake-up for
            // every file done would never wait, and hold the lock they need).
            m_changed.wait(lock, [&] { return (!cancelled && m_done > p.done) || m_finished == threads; });
            if (!cancelled && m_done > p.done) {
                p.done = m_done;
                p.fromFiles = m_fromFiles;
                p.lastFromFile = m_fileSinceReport;
                m_fileSinceReport = false;
                p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                lock.unlock();
                const bool go = !onProgress || onProgress(p);
                lock.lock();
                if (!go) {
                    cancelled = true;
                    m_stop = true;
                }
            }
            if (m_finished == threads && (cancelled || m_done == p.done))
                return cancelled;
        }
    }

    // The captures in order, or the error of the first file that failed:
    // files are begun in order, so every file before it was loaded, and
    // every file not begun comes after it.
    void collect(IndexedLoad::Outcome &out)
    {
        for (Slot &s : m_slots) {
            if (!s.capture) {
                out.error = std::move(s.error);
                out.captures.clear();
                return;
            }
            out.captures.push_back(std::move(*s.capture));
        }
    }

private:
    SummaryIndex &m_index;
    const std::vector<std::string> &m_files;
    std::vector<Slot> m_slots;
    std::atomic<std::size_t> m_next{0};
    std::atomic<bool> m_stop{false};
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::size_t m_done = 0, m_fromFiles = 0, m_finished = 0;
    bool m_fileSinceReport = false;
};

} // namespace

IndexedLoad::Outcome IndexedLoad::run(const std::vector<std::string> &files, const std::string &indexFile,
                                      const OnProgress &onProgress)
{
    const auto start = std::chrono::steady_clock::now();
    SummaryIndex index(indexFile);
    Outcome out;
    out.indexFile = index.isOpen() ? index.file() : std::string();
    out.movedAside = index.movedAside();
    out.refused = index.refused();
    const std::vector<std::string> kept = CaptureLoader::withoutJoinedRawFiles(files);
    out.progress.total = kept.size();
    Scan scan(index, kept);
    const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
    std::vector<std::thread> pool;
    try {
        for (std::size_t t = 0; t < threads; ++t)
            pool.emplace_back([&scan] { scan.work(); });
    } catch (const std::system_error &) {
        // No more threads to be had: the ones started do the work.
    }
    if (pool.empty())
        scan.work(); // not even one: this thread loads them all, then reports
    out.cancelled = scan.report(std::max<std::size_t>(pool.size(), 1), out.progress, onProgress, start);
    for (std::thread &t : pool)
        t.join();
    if (out.cancelled)
        return out;
    out.captures.reserve(kept.size());
    scan.collect(out);
    return out;
}

} // namespace bs
