#include "uringloadworker.h"

#include "arrivalstamp.h"
#include "monotonicclock.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace bs {

namespace {

// Provided buffers: a response of a few KiB fits one, a larger one comes
// in several completions. Twice the connections (a response in each, and
// room), within bounds; when they run out a receive ends with ENOBUFS and
// is armed again once the batch gave its buffers back.
constexpr std::size_t kBufferSize = 8 * 1024;
constexpr unsigned kMinBuffers = 64;
constexpr unsigned kMaxBuffers = 2048;
constexpr std::uint16_t kBufferGroup = 0;
constexpr std::uint64_t kGenerationMask = 0x3fffffff;
constexpr unsigned kBatchWaitUs = 50; // saturation: how long the first response waits for others

unsigned bufferCount(int connections)
{
    unsigned n = kMinBuffers;
    while (n < 2 * unsigned(connections) && n < kMaxBuffers)
        n *= 2;
    return n;
}

} // namespace

std::unique_ptr<LoadWorker> UringLoadWorker::create(const sockaddr_in &address, const std::string &request,
                                                    bool headRequest, const LoadOptions &options,
                                                    int firstConnection, int connectionCount)
{
    std::unique_ptr<UringLoadWorker> w(
        new UringLoadWorker(address, request, headRequest, options, firstConnection, connectionCount));
    if (!w->setUp(connectionCount))
        return nullptr;
    return w;
}

bool UringLoadWorker::allowed()
{
    // A kernel with the ring's flags (6.1) has provided-buffer rings (5.19)
    // and multishot receives (6.0); what can still refuse them is a seccomp
    // filter or a memory limit, so ask for both.
    UringQueue ring;
    UringBufferRing buffers;
    return ring.open(4) && buffers.open(ring, kBufferGroup, 1, kBufferSize);
}

bool UringLoadWorker::setUp(int connectionCount)
{
    // Per connection at most a connect poll or a receive, and a send.
    const unsigned entries = unsigned(std::min(2 * connectionCount + 16, 32768));
    if (!m_ring.open(entries) || !m_buffers.open(m_ring, kBufferGroup, bufferCount(connectionCount), kBufferSize))
        return false;
    m_generations.resize(std::size_t(connectionCount));
    m_armed.assign(std::size_t(connectionCount), false);
    m_receiveHeader.msg_controllen = CMSG_SPACE(sizeof(timespec));
    return true;
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

void UringLoadWorker::watch(Connection &c)
{
    ArrivalStamp::enable(c.fd);
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
    arm(c, true); // just connected: nothing is there yet
}

// Arms the connection's multishot receive; `pollFirst`: wait for bytes
// without a first attempt that could only fail.
void UringLoadWorker::arm(Connection &c, bool pollFirst)
{
    const std::size_t i = indexOf(c);
    if (m_armed[i] || c.fd < 0)
        return;
    io_uring_sqe *sqe = m_ring.next();
    if (!sqe)
        return; // the request timeout reports it
    sqe->opcode = IORING_OP_RECVMSG;
    sqe->fd = c.fd;
    sqe->addr = reinterpret_cast<std::uint64_t>(&m_receiveHeader);
    sqe->len = 1;
    sqe->ioprio = IORING_RECV_MULTISHOT | (pollFirst ? IORING_RECVSEND_POLL_FIRST : 0);
    sqe->flags = IOSQE_BUFFER_SELECT;
    sqe->buf_group = m_buffers.group();
    sqe->user_data = tag(c, Op::Receive);
    m_armed[i] = true;
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
    // completions, of an older generation, are then ignored, and the
    // buffers they name given back).
    shutdown(c.fd, SHUT_RDWR);
    const std::size_t i = indexOf(c);
    ++m_generations[i];
    m_armed[i] = false;
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

// A receive's result in `buffer` (a provided one: the header, the control
// messages, then the bytes).
void UringLoadWorker::gotBytes(Connection &c, const char *buffer, int result, std::uint64_t now, std::uint64_t lateNs)
{
    io_uring_recvmsg_out out;
    const std::size_t head = sizeof out + m_receiveHeader.msg_controllen;
    if (result < int(head)) {
        readFailed(c, now);
        return;
    }
    std::memcpy(&out, buffer, sizeof out);
    if (out.payloadlen == 0) {
        peerClosed(c, now);
        return;
    }
    msghdr control {};
    control.msg_control = const_cast<char *>(buffer + sizeof out);
    control.msg_controllen = out.controllen;
    received(c, buffer + head, std::min<std::size_t>(out.payloadlen, std::size_t(result) - head), now,
             ArrivalStamp::monotonic(ArrivalStamp::of(control), now, lateNs));
}

void UringLoadWorker::receiveDone(const io_uring_cqe &cqe, std::size_t i, bool current, std::uint64_t now,
                                  std::uint64_t lateNs)
{
    Connection &c = m_connections[i];
    const std::uint32_t generation = m_generations[i];
    if (cqe.flags & IORING_CQE_F_BUFFER) {
        const auto id = std::uint16_t(cqe.flags >> IORING_CQE_BUFFER_SHIFT);
        if (current)
            gotBytes(c, m_buffers.buffer(id), cqe.res, now, lateNs);
        m_buffers.recycle(id); // the bytes are parsed (the parser keeps what it needs)
    } else if (current && cqe.res == 0) {
        peerClosed(c, now);
    } else if (current && cqe.res < 0 && cqe.res != -ENOBUFS && cqe.res != -EINTR && cqe.res != -EAGAIN) {
        readFailed(c, now);
    }
    // The receive ended (out of buffers, or after an error or the close
    // handled above): arm it again if the same socket is still there.
    if (!current || (cqe.flags & IORING_CQE_F_MORE) || m_generations[i] != generation)
        return;
    m_armed[i] = false;
    if (c.state == State::Idle || c.state == State::Writing || c.state == State::Reading)
        arm(c, false);
}

void UringLoadWorker::completion(const io_uring_cqe &cqe, std::uint64_t now, std::uint64_t lateNs)
{
    const std::size_t i = std::size_t(cqe.user_data >> 32);
    Connection &c = m_connections[i];
    const bool current = c.fd >= 0 && ((cqe.user_data >> 2) & kGenerationMask) == (m_generations[i] & kGenerationMask);
    switch (Op(cqe.user_data & 3)) {
    case Op::Receive:
        receiveDone(cqe, i, current, now, lateNs); // also of a socket closed since: its buffer comes back
        return;
    case Op::Connect:
        if (current && c.state == State::Connecting) {
            int soError = cqe.res < 0 ? -cqe.res : 0;
            socklen_t len = sizeof soError;
            if (soError == 0)
                getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &soError, &len);
            connectDone(c, soError, now);
        }
        return;
    case Op::Send:
        if (current)
            sent(c, cqe.res, now);
        return;
    }
}

void UringLoadWorker::poll(std::uint64_t waitNs, bool batch)
{
    if (batch)
        m_ring.submitAndWait(waitNs, unsigned(m_connections.size()), kBatchWaitUs);
    else
        m_ring.submitAndWait(waitNs, 1, 0);
    const std::uint64_t now = monotonicNs();
    const std::uint64_t late = ArrivalStamp::realtimeNs(); // the same instant on the kernel's stamps' clock
    m_ring.drain([this, now, late](const io_uring_cqe &cqe) { completion(cqe, now, late); });
    m_buffers.publish();
}

} // namespace bs
