#pragma once

#include "histogramrecorder.h"
#include "httpresponseparser.h"
#include "loadresult.h"

#include <netinet/in.h>
#include <sys/epoll.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace bs {

// One client thread: an edge-triggered epoll loop over its share of the
// connections, sending one pre-built request at a time per connection
// (HTTP/1.1 keep-alive, no pipelining). Saturation: a connection sends its
// next request once the responses that arrived with it are all read (after
// the batch of events it came in), so requests reach the server together. Fixed rate: request i of
// the whole run is due at t0 + i/R and goes on connection i mod N; latency
// is measured from that due time (corrected for coordinated omission) and
// service time from the actual write.
class LoadWorker {
public:
    LoadWorker(const sockaddr_in &address, const std::string &request, bool headRequest,
               const LoadOptions &options, int firstConnection, int connectionCount);
    ~LoadWorker();
    LoadWorker(const LoadWorker &) = delete;
    LoadWorker &operator=(const LoadWorker &) = delete;

    // Sends until `end`, then waits for the requests in flight (up to the
    // timeout); stops at once when `stop` is set.
    void run(std::uint64_t t0, std::uint64_t end, const std::atomic<bool> &stop);

    // Complete responses so far, readable from another thread for progress.
    std::uint64_t progress() const { return m_progress.load(std::memory_order_relaxed); }

    // Adds this worker's counts and histograms to `result`.
    void addTo(LoadResult &result) const;

private:
    enum class State { Closed, Connecting, Idle, Writing, Reading, Backoff };
    struct Connection {
        int fd = -1;
        State state = State::Closed;
        std::size_t written = 0;
        std::uint64_t sentAt = 0;
        std::uint64_t intended = 0;
        std::uint64_t deadline = 0; // connect/request timeout, or end of back-off
        std::uint64_t nextIndex = 0; // fixed rate: global index of its next request
        bool watchingWritable = false; // EPOLLOUT registered (connecting, or a send hit EAGAIN)
        HttpResponseParser parser;
    };

    void open(Connection &c, std::uint64_t now);
    void connected(Connection &c, std::uint64_t now);
    void maybeStart(Connection &c, std::uint64_t now);
    void start(Connection &c, std::uint64_t now);
    void writeMore(Connection &c, std::uint64_t now);
    void readable(Connection &c, std::uint64_t now, bool peerClosed);
    void completed(Connection &c, std::uint64_t now);
    void fail(Connection &c, ErrorKind kind, std::uint64_t now);
    void closeSocket(Connection &c);
    void watchWritable(Connection &c, bool on);
    void checkTimers(std::uint64_t now);
    void handleEvents(const epoll_event *events, int n, std::uint64_t now);
    void sendQueued();
    bool inFlight() const;
    std::uint64_t dueTime(const Connection &c) const;

    sockaddr_in m_address;
    const std::string &m_request;
    bool m_head;
    LoadOptions m_options;
    std::uint64_t m_timeoutNs;
    double m_nsPerRequest = 0;
    int m_totalConnections;
    std::uint64_t m_t0 = 0;
    std::uint64_t m_end = 0;
    bool m_stopping = false;
    int m_epoll = -1;
    std::vector<Connection> m_connections;
    std::vector<Connection *> m_queued; // saturation: idle, to send after this batch of events
    std::vector<char> m_buffer;

    std::uint64_t m_responses = 0;
    std::uint64_t m_okResponses = 0;
    std::uint64_t m_sent = 0;
    std::array<std::uint64_t, std::size_t(ErrorKind::Count)> m_errors {};
    HistogramRecorder m_latency;
    HistogramRecorder m_service;
    alignas(64) std::atomic<std::uint64_t> m_progress {0};
};

} // namespace bs
