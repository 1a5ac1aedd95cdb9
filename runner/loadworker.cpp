#include "loadworker.h"

#include "monotonicclock.h"

#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace bs {

namespace {

constexpr std::uint64_t kBackoffNs = 10'000'000;    // after a failed connect
constexpr std::uint64_t kTimerCheckNs = 5'000'000;  // how often timeouts are looked at
constexpr std::size_t kBufferSize = 64 * 1024;

} // namespace

LoadWorker::LoadWorker(const sockaddr_in &address, const std::string &request, bool headRequest,
                       const LoadOptions &options, int firstConnection, int connectionCount)
    : m_address(address)
    , m_request(request)
    , m_head(headRequest)
    , m_options(options)
    , m_timeoutNs(std::uint64_t(options.timeoutSeconds * 1e9))
    , m_totalConnections(options.connections)
    , m_connections(std::size_t(connectionCount))
    , m_buffer(kBufferSize)
    , m_latency(std::max<std::uint64_t>(m_timeoutNs * 2, 1'000'000'000ULL))
    , m_service(options.fixedRate ? std::max<std::uint64_t>(m_timeoutNs * 2, 1'000'000'000ULL) : 1)
{
    if (options.fixedRate)
        m_nsPerRequest = 1e9 / options.rate;
    for (int i = 0; i < connectionCount; ++i)
        m_connections[std::size_t(i)].nextIndex = std::uint64_t(firstConnection + i);
}

LoadWorker::~LoadWorker()
{
    for (Connection &c : m_connections)
        closeSocket(c);
    if (m_epoll >= 0)
        close(m_epoll);
}

void LoadWorker::closeSocket(Connection &c)
{
    if (c.fd >= 0) {
        close(c.fd); // also removes it from the epoll set
        c.fd = -1;
    }
    c.state = State::Closed;
}

std::uint64_t LoadWorker::dueTime(const Connection &c) const
{
    return m_t0 + std::uint64_t(double(c.nextIndex) * m_nsPerRequest);
}

void LoadWorker::open(Connection &c, std::uint64_t now)
{
    closeSocket(c);
    if (m_stopping)
        return;
    c.fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (c.fd < 0) {
        c.state = State::Backoff;
        c.deadline = now + kBackoffNs;
        ++m_errors[std::size_t(ErrorKind::ConnectRefused)];
        return;
    }
    const int one = 1;
    setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    epoll_event ev {};
    ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    ev.data.ptr = &c;
    epoll_ctl(m_epoll, EPOLL_CTL_ADD, c.fd, &ev);
    c.watchingWritable = true; // until connected
    const int rc = connect(c.fd, reinterpret_cast<const sockaddr *>(&m_address), sizeof m_address);
    if (rc == 0) {
        connected(c, now);
    } else if (errno == EINPROGRESS) {
        c.state = State::Connecting;
        c.deadline = now + m_timeoutNs;
    } else {
        fail(c, errno == ETIMEDOUT ? ErrorKind::ConnectTimeout : ErrorKind::ConnectRefused, now);
    }
}

void LoadWorker::watchWritable(Connection &c, bool on)
{
    // Writability is watched only while a write waits: otherwise every ACK of
    // a request would wake the loop once more per request.
    if (c.watchingWritable == on || c.fd < 0)
        return;
    epoll_event ev {};
    ev.events = EPOLLIN | EPOLLRDHUP | EPOLLET | (on ? EPOLLOUT : 0u);
    ev.data.ptr = &c;
    epoll_ctl(m_epoll, EPOLL_CTL_MOD, c.fd, &ev);
    c.watchingWritable = on;
}

void LoadWorker::connected(Connection &c, std::uint64_t now)
{
    watchWritable(c, false);
    c.state = State::Idle;
    maybeStart(c, now);
}

void LoadWorker::maybeStart(Connection &c, std::uint64_t now)
{
    if (m_stopping)
        return;
    if (!m_options.fixedRate)
        m_queued.push_back(&c);
    else if (dueTime(c) <= now)
        start(c, now);
}

// Sending after the whole batch lets the server find many requests per
// wake-up, as wrk's write-on-EPOLLOUT does, without its epoll_ctl calls.
void LoadWorker::sendQueued()
{
    if (m_queued.empty())
        return;
    const std::uint64_t now = monotonicNs();
    for (Connection *c : m_queued)
        if (c->state == State::Idle && !m_stopping)
            start(*c, now);
    m_queued.clear();
}

void LoadWorker::start(Connection &c, std::uint64_t now)
{
    if (m_options.fixedRate) {
        c.intended = dueTime(c);
        c.nextIndex += std::uint64_t(m_totalConnections);
    }
    c.sentAt = now;
    c.deadline = now + m_timeoutNs;
    c.written = 0;
    c.parser.reset(m_head);
    c.state = State::Writing;
    ++m_sent;
    writeMore(c, now);
}

void LoadWorker::writeMore(Connection &c, std::uint64_t now)
{
    while (c.written < m_request.size()) {
        const ssize_t n = send(c.fd, m_request.data() + c.written, m_request.size() - c.written, MSG_NOSIGNAL);
        if (n > 0) {
            c.written += std::size_t(n);
        } else if (n < 0 && errno == EAGAIN) {
            watchWritable(c, true);
            return; // EPOLLOUT resumes
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            fail(c, ErrorKind::Reset, now);
            return;
        }
    }
    watchWritable(c, false);
    c.state = State::Reading;
}

void LoadWorker::readable(Connection &c, std::uint64_t now, bool peerClosed)
{
    char *buffer = m_buffer.data();
    for (;;) {
        const ssize_t n = recv(c.fd, buffer, kBufferSize, 0);
        if (n > 0) {
            if (c.state != State::Reading) {
                // Bytes nobody asked for (say a 408 on an idle connection):
                // the connection is no longer usable, but no request failed.
                if (c.state == State::Writing)
                    fail(c, ErrorKind::Parse, now);
                else
                    open(c, now);
                return;
            }
            std::size_t consumed = 0;
            const auto state = c.parser.feed(buffer, std::size_t(n), consumed);
            if (state == HttpResponseParser::State::Error
                || (state == HttpResponseParser::State::Complete && consumed != std::size_t(n))) {
                fail(c, ErrorKind::Parse, now);
                return;
            }
            if (state == HttpResponseParser::State::Complete) {
                completed(c, now);
                return; // the next request was sent, or the connection was replaced
            }
            // A short read drained the socket: the next edge reports more,
            // unless the peer's close came with this edge (then read to EOF).
            if (std::size_t(n) < kBufferSize && !peerClosed)
                return;
        } else if (n == 0) {
            if (c.state == State::Reading || c.state == State::Writing) {
                if (c.parser.finishOnClose() == HttpResponseParser::State::Complete)
                    completed(c, now);
                else
                    fail(c, ErrorKind::Eof, now);
            } else {
                open(c, now); // an idle keep-alive connection closed by the server
            }
            return;
        } else if (errno == EAGAIN) {
            return;
        } else if (errno != EINTR) {
            if (c.state == State::Reading || c.state == State::Writing)
                fail(c, ErrorKind::Reset, now);
            else
                open(c, now);
            return;
        }
    }
}

void LoadWorker::completed(Connection &c, std::uint64_t now)
{
    if (m_options.fixedRate) {
        m_latency.record(now - std::min(now, c.intended));
        m_service.record(now - c.sentAt);
    } else {
        m_latency.record(now - c.sentAt);
    }
    ++m_responses;
    const int status = c.parser.status();
    if (status >= 500)
        ++m_errors[std::size_t(ErrorKind::Status5xx)];
    else if (status >= 400)
        ++m_errors[std::size_t(ErrorKind::Status4xx)];
    else if (now <= m_end)
        ++m_okResponses;
    m_progress.store(m_responses, std::memory_order_relaxed);
    if (!c.parser.keepAlive()) {
        open(c, now);
        return;
    }
    c.state = State::Idle;
    maybeStart(c, now);
}

void LoadWorker::fail(Connection &c, ErrorKind kind, std::uint64_t now)
{
    ++m_errors[std::size_t(kind)];
    if (kind == ErrorKind::Timeout) {
        // Kept in the histogram: a request that timed out took at least this long.
        if (m_options.fixedRate) {
            m_latency.record(now - std::min(now, c.intended));
            m_service.record(now - c.sentAt);
        } else {
            m_latency.record(now - c.sentAt);
        }
    }
    closeSocket(c);
    if (kind == ErrorKind::ConnectRefused || kind == ErrorKind::ConnectTimeout) {
        c.state = State::Backoff;
        c.deadline = now + kBackoffNs;
    } else {
        open(c, now);
    }
}

void LoadWorker::checkTimers(std::uint64_t now)
{
    for (Connection &c : m_connections) {
        switch (c.state) {
        case State::Connecting:
            if (now >= c.deadline)
                fail(c, ErrorKind::ConnectTimeout, now);
            break;
        case State::Writing:
        case State::Reading:
            if (now >= c.deadline)
                fail(c, ErrorKind::Timeout, now);
            break;
        case State::Backoff:
            if (now >= c.deadline)
                open(c, now);
            break;
        default:
            break;
        }
    }
}

void LoadWorker::handleEvents(const epoll_event *events, int n, std::uint64_t now)
{
    for (int i = 0; i < n; ++i) {
        Connection &c = *static_cast<Connection *>(events[i].data.ptr);
        const std::uint32_t e = events[i].events;
        if (c.state == State::Connecting) {
            if (!(e & (EPOLLOUT | EPOLLERR | EPOLLHUP)))
                continue;
            int soError = 0;
            socklen_t len = sizeof soError;
            getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &soError, &len);
            if (soError == 0)
                connected(c, now);
            else
                fail(c, soError == ETIMEDOUT ? ErrorKind::ConnectTimeout : ErrorKind::ConnectRefused, now);
            continue;
        }
        if (c.state == State::Writing && (e & EPOLLOUT))
            writeMore(c, now);
        if (c.fd >= 0 && (e & (EPOLLIN | EPOLLRDHUP | EPOLLERR | EPOLLHUP)))
            readable(c, now, e & (EPOLLRDHUP | EPOLLHUP | EPOLLERR));
    }
}

bool LoadWorker::inFlight() const
{
    for (const Connection &c : m_connections)
        if (c.state == State::Writing || c.state == State::Reading)
            return true;
    return false;
}

void LoadWorker::run(std::uint64_t t0, std::uint64_t end, const std::atomic<bool> &stop)
{
    m_t0 = t0;
    m_end = end;
    m_epoll = epoll_create1(EPOLL_CLOEXEC);
    std::uint64_t now = monotonicNs();
    for (Connection &c : m_connections)
        open(c, now);
    epoll_event events[256];
    std::uint64_t nextTimerCheck = now + kTimerCheckNs;
    while (!stop.load(std::memory_order_relaxed)) {
        now = monotonicNs();
        if (now >= end)
            break;
        sendQueued();
        std::uint64_t wakeAt = std::min(end, nextTimerCheck);
        if (m_options.fixedRate) {
            for (Connection &c : m_connections) {
                if (c.state != State::Idle)
                    continue;
                const std::uint64_t due = dueTime(c);
                if (due <= now)
                    start(c, now);
                else
                    wakeAt = std::min(wakeAt, due);
            }
        }
        const std::uint64_t waitNs = wakeAt > now ? wakeAt - now : 0;
        const timespec timeout {time_t(waitNs / 1000000000ULL), long(waitNs % 1000000000ULL)};
        const int n = epoll_pwait2(m_epoll, events, 256, &timeout, nullptr);
        now = monotonicNs();
        handleEvents(events, n, now);
        if (now >= nextTimerCheck) {
            checkTimers(now);
            nextTimerCheck = now + kTimerCheckNs;
        }
    }
    // No new requests; the ones in flight get their answer or time out, so a
    // slow response near the end is measured rather than dropped.
    m_stopping = true;
    m_queued.clear();
    while (!stop.load(std::memory_order_relaxed) && inFlight()) {
        const timespec timeout {0, long(kTimerCheckNs)};
        const int n = epoll_pwait2(m_epoll, events, 256, &timeout, nullptr);
        now = monotonicNs();
        handleEvents(events, n, now);
        checkTimers(now);
    }
    for (Connection &c : m_connections)
        closeSocket(c);
}

void LoadWorker::addTo(LoadResult &result) const
{
    result.responses += m_responses;
    result.okResponses += m_okResponses;
    result.sent += m_sent;
    for (int k = 0; k < int(ErrorKind::Count); ++k)
        if (m_errors[std::size_t(k)])
            result.errors[errorKindName(ErrorKind(k))] += m_errors[std::size_t(k)];
    result.latency.add(m_latency);
    if (m_options.fixedRate)
        result.serviceTime.add(m_service);
}

} // namespace bs
