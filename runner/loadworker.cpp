#include "loadworker.h"

#include "monotonicclock.h"

#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace bs {

namespace {

constexpr std::uint64_t kBackoffNs = 10'000'000;    // after a failed connect
constexpr std::uint64_t kTimerCheckNs = 5'000'000;  // how often timeouts are looked at

} // namespace

LoadWorker::LoadWorker(const sockaddr_in &address, const std::string &request, bool headRequest,
                       const LoadOptions &options, int firstConnection, int connectionCount)
    : m_request(request)
    , m_connections(std::size_t(connectionCount))
    , m_address(address)
    , m_head(headRequest)
    , m_options(options)
    , m_timeoutNs(std::uint64_t(options.timeoutSeconds * 1e9))
    , m_totalConnections(options.connections)
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
    // The engine is gone by now (and with it what it watched): only close.
    for (Connection &c : m_connections)
        if (c.fd >= 0)
            close(c.fd);
}

void LoadWorker::closeSocket(Connection &c)
{
    if (c.fd >= 0) {
        beforeClose(c);
        close(c.fd); // also removes it from an epoll set
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
    watch(c);
    const int rc = connect(c.fd, reinterpret_cast<const sockaddr *>(&m_address), sizeof m_address);
    if (rc == 0) {
        connectDone(c, 0, now);
    } else if (errno == EINPROGRESS) {
        c.state = State::Connecting;
        c.deadline = now + m_timeoutNs;
        awaitConnect(c);
    } else {
        fail(c, errno == ETIMEDOUT ? ErrorKind::ConnectTimeout : ErrorKind::ConnectRefused, now);
    }
}

void LoadWorker::connectDone(Connection &c, int soError, std::uint64_t now)
{
    if (soError != 0) {
        fail(c, soError == ETIMEDOUT ? ErrorKind::ConnectTimeout : ErrorKind::ConnectRefused, now);
        return;
    }
    c.state = State::Idle;
    awaitBytes(c);
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
    sendRequest(c, now);
}

bool LoadWorker::received(Connection &c, const char *data, std::size_t n, std::uint64_t now,
                          std::uint64_t arrived)
{
    if (c.state != State::Reading) {
        // Bytes while no request is out, or before it was all written: the
        // answer to a request not yet written (the server answers ahead, and
        // the client would pipeline without knowing it) is an error of its
        // own, bytes that are no response are a parse error; only a server's
        // 408 on an idle connection (it closes it) fails no request.
        if (c.state == State::Idle && isResponse(data, n, "408"))
            open(c, now);
        else if (c.state == State::Idle || c.state == State::Writing)
            fail(c, isResponse(data, n, "") ? ErrorKind::EarlyResponse : ErrorKind::Parse, now);
        else
            open(c, now);
        return false;
    }
    std::size_t consumed = 0;
    const auto state = c.parser.feed(data, n, consumed);
    if (state == HttpResponseParser::State::Error) {
        fail(c, ErrorKind::Parse, now);
        return false;
    }
    if (state == HttpResponseParser::State::Complete && consumed != n) {
        // A next response came with this one: no request was out for it.
        fail(c, isResponse(data + consumed, n - consumed, "") ? ErrorKind::EarlyResponse : ErrorKind::Parse, now);
        return false;
    }
    if (state == HttpResponseParser::State::Complete) {
        completed(c, now, arrived);
        return false; // the next request was sent, or the connection was replaced
    }
    return true;
}

bool LoadWorker::isResponse(const char *data, std::size_t n, const char *status)
{
    // Judged on as many bytes as came, at least "HTTP/".
    const std::string v0 = std::string("HTTP/1.0 ") + status, v1 = std::string("HTTP/1.1 ") + status;
    const std::size_t k = std::min(n, v1.size());
    return n >= 5 && (v0.compare(0, k, data, k) == 0 || v1.compare(0, k, data, k) == 0);
}

void LoadWorker::peerClosed(Connection &c, std::uint64_t now)
{
    if (c.state == State::Reading || c.state == State::Writing) {
        if (c.parser.finishOnClose() == HttpResponseParser::State::Complete)
            completed(c, now, now);
        else
            fail(c, ErrorKind::Eof, now);
    } else {
        open(c, now); // an idle keep-alive connection closed by the server
    }
}

void LoadWorker::readFailed(Connection &c, std::uint64_t now)
{
    if (c.state == State::Reading || c.state == State::Writing)
        fail(c, ErrorKind::Reset, now);
    else
        open(c, now);
}

void LoadWorker::completed(Connection &c, std::uint64_t now, std::uint64_t arrived)
{
    arrived = std::max(arrived, c.sentAt);
    if (m_options.fixedRate) {
        m_latency.record(arrived - std::min(arrived, c.intended));
        m_service.record(arrived - c.sentAt);
    } else {
        m_latency.record(arrived - c.sentAt);
    }
    ++m_responses;
    const int status = c.parser.status();
    if (status >= 500)
        ++m_errors[std::size_t(ErrorKind::Status5xx)];
    else if (status >= 400)
        ++m_errors[std::size_t(ErrorKind::Status4xx)];
    else if (arrived <= m_end)
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

bool LoadWorker::inFlight() const
{
    for (const Connection &c : m_connections)
        if (c.state == State::Writing || c.state == State::Reading)
            return true;
    return false;
}

// Fixed rate: starts the idle connections whose request is due; returns
// the earlier of `wakeAt` and the next due time.
std::uint64_t LoadWorker::startDue(std::uint64_t now, std::uint64_t wakeAt)
{
    if (!m_options.fixedRate)
        return wakeAt;
    for (Connection &c : m_connections) {
        if (c.state != State::Idle)
            continue;
        const std::uint64_t due = dueTime(c);
        if (due <= now)
            start(c, now);
        else
            wakeAt = std::min(wakeAt, due);
    }
    return wakeAt;
}

void LoadWorker::run(std::uint64_t t0, std::uint64_t end, const std::atomic<bool> &stop)
{
    m_t0 = t0;
    m_end = end;
    begin();
    std::uint64_t now = monotonicNs();
    for (Connection &c : m_connections)
        open(c, now);
    std::uint64_t nextTimerCheck = now + kTimerCheckNs;
    while (!stop.load(std::memory_order_relaxed)) {
        now = monotonicNs();
        if (now >= end)
            break;
        sendQueued();
        const std::uint64_t wakeAt = startDue(now, std::min(end, nextTimerCheck));
        poll(wakeAt > now ? wakeAt - now : 0, !m_options.fixedRate);
        now = monotonicNs();
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
        poll(kTimerCheckNs, false);
        checkTimers(monotonicNs());
    }
    for (Connection &c : m_connections)
        closeSocket(c);
}

void LoadWorker::addTo(LoadResult &result) const
{
    result.responses += m_responses;
    result.okResponses += m_okResponses;
    result.sent += m_sent;
    result.io = io();
    for (int k = 0; k < int(ErrorKind::Count); ++k)
        if (m_errors[std::size_t(k)])
            result.errors[errorKindName(ErrorKind(k))] += m_errors[std::size_t(k)];
    result.latency.add(m_latency);
    if (m_options.fixedRate)
        result.serviceTime.add(m_service);
}

} // namespace bs
