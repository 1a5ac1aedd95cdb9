#include "loadgenerator.h"

#include "epollloadworker.h"
#include "uringloadworker.h"
#include "monotonicclock.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

namespace bs {

namespace {

std::unique_ptr<LoadWorker> makeWorker(const sockaddr_in &address, const std::string &request, bool headRequest,
                                       const LoadOptions &options, int first, int count)
{
    if (options.io != ClientIo::Epoll)
        if (auto w = UringLoadWorker::create(address, request, headRequest, options, first, count))
            return w;
    return std::make_unique<EpollLoadWorker>(address, request, headRequest, options, first, count);
}

} // namespace

const std::string &LoadGenerator::uringRefusal()
{
    // Asked once: the kernel's answer does not change within a run.
    static const std::string why = [] {
        errno = 0;
        return UringLoadWorker::allowed() ? std::string() : std::string(std::strerror(errno ? errno : ENOSYS));
    }();
    return why;
}

const char *LoadGenerator::resolvedIo(ClientIo io)
{
    return io != ClientIo::Epoll && uringRefusal().empty() ? "io_uring" : "epoll";
}

LoadResult LoadGenerator::run(const sockaddr_in &address, const std::string &request, bool headRequest,
                              const LoadOptions &options, const Progress &progress, const ShouldStop &shouldStop)
{
    const int threads = std::max(1, std::min(options.threads, options.connections));
    std::vector<std::unique_ptr<LoadWorker>> workers;
    int first = 0;
    for (int t = 0; t < threads; ++t) {
        const int count = options.connections / threads + (t < options.connections % threads ? 1 : 0);
        workers.push_back(makeWorker(address, request, headRequest, options, first, count));
        first += count;
    }

    std::atomic<bool> stop {false};
    const std::uint64_t t0 = monotonicNs();
    const std::uint64_t end = t0 + std::uint64_t(options.durationSeconds * 1e9);
    std::vector<std::thread> running;
    for (auto &w : workers)
        running.emplace_back([&w, t0, end, &stop] { w->run(t0, end, stop); });

    LoadResult result;
    std::uint64_t nextReport = t0 + 1'000'000'000ULL;
    for (;;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const std::uint64_t now = monotonicNs();
        if (now >= end)
            break;
        if (shouldStop && shouldStop()) {
            result.interrupted = true;
            stop.store(true);
            break;
        }
        if (progress && now >= nextReport) {
            std::uint64_t responses = 0;
            for (auto &w : workers)
                responses += w->progress();
            progress(double(now - t0) / 1e9, responses);
            nextReport += 1'000'000'000ULL;
        }
    }
    for (auto &t : running)
        t.join();
    const std::uint64_t stopped = monotonicNs();
    result.elapsedSeconds = double(std::min(stopped, end) - t0) / 1e9;
    for (auto &w : workers)
        w->addTo(result);
    if (options.fixedRate) {
        // Requests 0, 1, 2, ... are due at t0 + i/R; count those due before the end.
        result.scheduled = std::uint64_t(std::ceil(result.elapsedSeconds * options.rate));
    }
    return result;
}

} // namespace bs
