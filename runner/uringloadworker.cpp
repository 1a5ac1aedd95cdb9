#include "uringloadworker.h"

#include "monotonicclock.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace bs {

namespace {

constexpr std::size_t kFirstBuffer = 4 * 1024;    // per connection; most responses fit
constexpr std::size_t kLargestBuffer = 64 * 1024; // grown to when a receive fills it
constexpr std::uint64_t kGenerationMask = 0x3fffffff;
constexpr unsigned kBatchWaitUs = 50; // saturation: how long the first response waits for others

std::uint64_t realtimeNs()
{
    timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return std::uint64_t(ts.tv_sec) * 1000000000ULL + std::uint64_t(ts.tv_nsec);
}

// The kernel's arrival time of the received bytes (CLOCK_REALTIME), or 0.
std::uint64_t arrivalNs(const msghdr &msg)
{
    for (const cmsghdr *h = CMSG_FIRSTHDR(&msg); h; h = CMSG_NXTHDR(const_cast<msghdr *>(&msg), const_cast<cmsghdr *>(h)))
        if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_TIMESTAMPNS) {
            timespec ts;
            std::memcpy(&ts, CMSG_DATA(h), sizeof ts);
            return std::uint64_t(ts.tv_sec) * 1000000000ULL + std::uint64_t(ts.tv_nsec);
        }
    return 0;
}

} // namespace

std::unique_ptr<LoadWorker> UringLoadWorker::create(const sockaddr_in &address, const std::string &request,
                                                    bool headRequest, const LoadOptions &options,
                                                    int firstConnection, int connectionCount)
{
    std::unique_ptr<UringLoadWorker> w(
        new UringLoadWorker(address, request, headRequest, options, firstConnection, connectionCount));
    // Per connection at most a connect poll or a receive, and a send.
    const unsigned entries = unsigned(std::min(2 * connectionCount + 16, 32768));
    if (!w->m_ring.open(entries))
        return nullptr;
    w->m_generations.resize(std::size_t(connectionCount));
    for (int i = 0; i < connectionCount; ++i) {
        w->m_receives.push_back(std::make_unique<Receive>());
        w->m_receives.back()->connection = std::size_t(i);
    }
    return w;
}

void UringLoadWorker::begin()
{
    // Fails only on a ring already enabled; then every operation fails and
    // is counted as an error, never silently.
    m_ring.enable();
}

std::uint64_t UringLoadWorker::tag(const Connection &c, Op op) const
{
    const std::size_t i = indexOf(c);
    return std::uint64_t(i) << 32 | (m_generations[i] & kGenerationMask) << 2 | std::uint64_t(op);
}

std::uint64_t UringLoadWorker::tag(const Receive &r) const
{
    static_assert(alignof(Receive) >= 4, "the low two bits of its address say the operation");
    return reinterpret_cast<std::uint64_t>(&r) | std::uint64_t(Op::Receive);
}

void UringLoadWorker::watch(Connection &c)
{
    const int one = 1;
    setsockopt(c.fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
}

void UringLoadWorker::awaitConnect(Connection &c)
{
    io_uring_sqe *sqe = m_ring.next();
    if (!sqe)
        return; // the connect timeout reports it
    sqe->opcode = IORING_OP_POLL_ADD;
    sqe->fd = c.fd;
    sqe->poll32_events = POLLOUT;
    sqe->user_data = tag(c, Op::Connect);
}

void UringLoadWorker::awaitBytes(Connection &c)
{
    Receive &r = *m_receives[indexOf(c)];
    if (r.pending || c.fd < 0)
        return;
    io_uring_sqe *sqe = m_ring.next();
    if (!sqe)
        return; // the request timeout reports it
    // No receive is pending, so the buffer may move.
    if (r.buffer.empty())
        r.buffer.resize(kFirstBuffer);
    else if (r.filled && r.buffer.size() < kLargestBuffer)
        r.buffer.resize(std::min(kLargestBuffer, r.buffer.size() * 4));
    r.iov = {r.buffer.data(), r.buffer.size()};
    r.msg = {};
    r.msg.msg_iov = &r.iov;
    r.msg.msg_iovlen = 1;
    r.msg.msg_control = r.control;
    r.msg.msg_controllen = sizeof r.control;
    sqe->opcode = IORING_OP_RECVMSG;
    sqe->fd = c.fd;
    sqe->addr = reinterpret_cast<std::uint64_t>(&r.msg);
    sqe->len = 1;
    // Nothing is there yet (the request goes out with this batch): wait for
    // bytes without a first attempt that could only fail.
    sqe->ioprio = IORING_RECVSEND_POLL_FIRST;
    sqe->user_data = tag(r);
    r.pending = true;
}

void UringLoadWorker::sendRequest(Connection &c, std::uint64_t now)
{
    io_uring_sqe *sqe = m_ring.next();
    if (!sqe) {
        fail(c, ErrorKind::Reset, now);
        return;
    }
    sqe->opcode = IORING_OP_SEND;
    sqe->fd = c.fd;
    sqe->addr = reinterpret_cast<std::uint64_t>(m_request.data() + c.written);
    sqe->len = unsigned(m_request.size() - c.written);
    sqe->msg_flags = MSG_NOSIGNAL | MSG_WAITALL; // all of it, or a completion saying how much
    sqe->flags = IOSQE_CQE_SKIP_SUCCESS;
    sqe->user_data = tag(c, Op::Send);
    c.state = State::Reading; // the send goes out with this batch
}

void UringLoadWorker::beforeClose(Connection &c)
{
    // Pending operations hold the socket open: the shutdown ends them (their
    // completions, of an older generation or a retired Receive, are then
    // ignored). A pending receive may still write what the socket holds.
    shutdown(c.fd, SHUT_RDWR);
    const std::size_t i = indexOf(c);
    ++m_generations[i];
    if (m_receives[i]->pending) {
        m_receives[i]->retired = true;
        m_retired.push_back(std::move(m_receives[i]));
        m_receives[i] = std::make_unique<Receive>();
        m_receives[i]->connection = i;
    }
}

void UringLoadWorker::sent(Connection &c, int result, std::uint64_t now)
{
    if (c.state != State::Reading)
        return;
    if (result == -EINTR || result == -EAGAIN) {
        sendRequest(c, now);
    } else if (result <= 0) {
        fail(c, ErrorKind::Reset, now);
    } else {
        // A short send (its completion came because it fell short).
        c.written += std::size_t(result);
        if (c.written < m_request.size())
            sendRequest(c, now);
    }
}

void UringLoadWorker::gotBytes(Connection &c, int result, std::uint64_t now, std::uint64_t lateNs)
{
    Receive &r = *m_receives[indexOf(c)];
    r.pending = false;
    if (result > 0) {
        r.filled = std::size_t(result) == r.buffer.size();
        const std::uint64_t stamp = arrivalNs(r.msg);
        // How long before `now` the bytes arrived, by the kernel's stamp
        // (bounded: a realtime clock step must not make it up).
        const std::uint64_t before = stamp && lateNs > stamp ? std::min(lateNs - stamp, now - c.sentAt) : 0;
        received(c, r.buffer.data(), std::size_t(result), now, now - before);
    } else if (result == 0) {
        peerClosed(c, now);
    } else if (result != -EINTR && result != -EAGAIN) {
        readFailed(c, now);
    }
}

void UringLoadWorker::completion(const io_uring_cqe &cqe, std::uint64_t now, std::uint64_t lateNs)
{
    if (Op(cqe.user_data & 3) == Op::Receive) {
        const auto *r = reinterpret_cast<const Receive *>(cqe.user_data & ~std::uint64_t(3));
        if (r->retired) { // of a socket closed since: its memory is free now
            const auto it = std::find_if(m_retired.begin(), m_retired.end(),
                                         [r](const std::unique_ptr<Receive> &p) { return p.get() == r; });
            if (it != m_retired.end())
                m_retired.erase(it);
            return;
        }
        Connection &c = m_connections[r->connection];
        if (c.fd < 0)
            return; // cannot be: a receive pending at a close is retired
        gotBytes(c, cqe.res, now, lateNs);
        // Keep one receive pending on a connected socket (a new socket may
        // have replaced this one: it arms its own once connected).
        if (c.state == State::Idle || c.state == State::Writing || c.state == State::Reading)
            awaitBytes(c);
        return;
    }
    const std::size_t i = std::size_t(cqe.user_data >> 32);
    Connection &c = m_connections[i];
    if (c.fd < 0 || ((cqe.user_data >> 2) & kGenerationMask) != (m_generations[i] & kGenerationMask))
        return; // of a socket closed since
    switch (Op(cqe.user_data & 3)) {
    case Op::Connect:
        if (c.state == State::Connecting) {
            int soError = cqe.res < 0 ? -cqe.res : 0;
            socklen_t len = sizeof soError;
            if (soError == 0)
                getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &soError, &len);
            connectDone(c, soError, now);
        }
        return;
    case Op::Send:
        sent(c, cqe.res, now);
        return;
    case Op::Receive:
        return; // handled above
    }
}

void UringLoadWorker::poll(std::uint64_t waitNs, bool batch)
{
    if (batch)
        m_ring.submitAndWait(waitNs, unsigned(m_connections.size()), kBatchWaitUs);
    else
        m_ring.submitAndWait(waitNs, 1, 0);
    const std::uint64_t now = monotonicNs();
    const std::uint64_t late = realtimeNs(); // the same instant on the kernel's stamps' clock
    m_ring.drain([this, now, late](const io_uring_cqe &cqe) { completion(cqe, now, late); });
}

} // namespace bs
