#pragma once

#include "histogramrecorder.h"
#include "httpresponseparser.h"
#include "loadresult.h"

#include <netinet/in.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace bs {

// One client thread over its share of the connections, sending one
// pre-built request at a time per connection (HTTP/1.1 keep-alive, no
// pipelining). This class is the state machine and the accounting; the
// I/O is its engine's (EpollLoadWorker, UringLoadWorker). Saturation: a
// connection sends its next request once the responses that arrived with it
// are all read (after the batch of events it came in), so requests reach
// the server together. Fixed rate: request i of the whole run is due at
// t0 + i/R and goes on connection i mod N; latency is measured from that
// due time (corrected for coordinated omission) and service time from the
// actual write. A response that arrives while its request is being written,
// while no request is out, or behind the previous response in the same
// read is an "early_response" error, never a success.
class LoadWorker {
public:
    virtual ~LoadWorker();
    LoadWorker(const LoadWorker &) = delete;
    LoadWorker &operator=(const LoadWorker &) = delete;

    // Sends until `end`, then waits for the requests in flight (up to the
    // timeout); stops at once when `stop` is set.
    void run(std::uint64_t t0, std::uint64_t end, const std::atomic<bool> &stop);

    // Complete responses so far, readable from another thread for progress.
    std::uint64_t progress() const { return m_progress.load(std::memory_order_relaxed); }

    // Adds this worker's counts and histograms (and its engine) to `result`.
    void addTo(LoadResult &result) const;
    virtual const char *io() const = 0; // "io_uring" or "epoll"

protected:
    enum class State { Closed, Connecting, Idle, Writing, Reading, Backoff };
    struct Connection {
        int fd = -1;
        State state = State::Closed;
        std::size_t written = 0;
        std::uint64_t sentAt = 0;
        std::uint64_t intended = 0;
        std::uint64_t deadline = 0; // connect/request timeout, or end of back-off
        std::uint64_t nextIndex = 0; // fixed rate: global index of its next request
        bool watchingWritable = false; // epoll: EPOLLOUT registered (connecting, or a send hit EAGAIN)
        HttpResponseParser parser;
    };

    LoadWorker(const sockaddr_in &address, const std::string &request, bool headRequest,
               const LoadOptions &options, int firstConnection, int connectionCount);

    // The engine's part.
    virtual void begin() = 0; // on the worker's thread, before the first socket
    virtual void watch(Connection &c) = 0; // a new socket, before its connect
    virtual void awaitConnect(Connection &c) = 0; // its connect is in progress
    virtual void awaitBytes(Connection &c) = 0; // connected: report what the server sends
    virtual void sendRequest(Connection &c, std::uint64_t now) = 0; // c.written bytes are out
    virtual void beforeClose(Connection &) { }
    // Waits up to waitNs and handles what came; `batch`: it may wait a
    // little for more responses (saturation).
    virtual void poll(std::uint64_t waitNs, bool batch) = 0;

    // What the engine reports.
    void connectDone(Connection &c, int soError, std::uint64_t now);
    // Bytes of the response, which arrived at `arrived` (<= now); false
    // when the connection moved on (the response completed, or it failed or
    // was replaced).
    bool received(Connection &c, const char *data, std::size_t n, std::uint64_t now, std::uint64_t arrived);
    void peerClosed(Connection &c, std::uint64_t now);
    void readFailed(Connection &c, std::uint64_t now);
    void fail(Connection &c, ErrorKind kind, std::uint64_t now);

    const std::string &m_request;
    std::vector<Connection> m_connections;

private:
    void open(Connection &c, std::uint64_t now);
    void closeSocket(Connection &c);
    void maybeStart(Connection &c, std::uint64_t now);
    void start(Connection &c, std::uint64_t now);
    void completed(Connection &c, std::uint64_t now, std::uint64_t arrived);
    void checkTimers(std::uint64_t now);
    std::uint64_t startDue(std::uint64_t now, std::uint64_t wakeAt);
    void sendQueued();
    // Whether `data` begins as a response: "HTTP/1.0 " or "HTTP/1.1 ", then
    // `status` (e.g. "408"; "" for any).
    static bool isResponse(const char *data, std::size_t n, const char *status);
    bool inFlight() const;
    std::uint64_t dueTime(const Connection &c) const;

    sockaddr_in m_address;
    bool m_head;
    LoadOptions m_options;
    std::uint64_t m_timeoutNs;
    double m_nsPerRequest = 0;
    int m_totalConnections;
    std::uint64_t m_t0 = 0;
    std::uint64_t m_end = 0;
    bool m_stopping = false;
    std::vector<Connection *> m_queued; // saturation: idle, to send after this batch of events

    std::uint64_t m_responses = 0;
    std::uint64_t m_okResponses = 0;
    std::uint64_t m_sent = 0;
    std::array<std::uint64_t, std::size_t(ErrorKind::Count)> m_errors {};
    HistogramRecorder m_latency;
    HistogramRecorder m_service;
    alignas(64) std::atomic<std::uint64_t> m_progress {0};
};

} // namespace bs
