#include "epollloadworker.h"

#include "arrivalstamp.h"
#include "monotonicclock.h"

#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace bs {

namespace {

constexpr std::size_t kBufferSize = 64 * 1024;

} // namespace

EpollLoadWorker::~EpollLoadWorker()
{
    if (m_epoll >= 0)
        close(m_epoll);
}

void EpollLoadWorker::begin()
{
    m_epoll = epoll_create1(EPOLL_CLOEXEC);
    m_buffer.resize(kBufferSize);
}

void EpollLoadWorker::watch(Connection &c)
{
    epoll_event ev {};
    ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    ev.data.ptr = &c;
    epoll_ctl(m_epoll, EPOLL_CTL_ADD, c.fd, &ev);
    c.watchingWritable = true; // until connected
    ArrivalStamp::enable(c.fd);
}

void EpollLoadWorker::watchWritable(Connection &c, bool on)
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

void EpollLoadWorker::sendRequest(Connection &c, std::uint64_t now)
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

void EpollLoadWorker::readable(Connection &c, std::uint64_t now, bool peerClosedToo)
{
    char *buffer = m_buffer.data();
    iovec bytes{buffer, kBufferSize};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))];
    for (;;) {
        msghdr msg{};
        msg.msg_iov = &bytes;
        msg.msg_iovlen = 1;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        const ssize_t n = recvmsg(c.fd, &msg, 0);
        if (n > 0) {
            if (!received(c, buffer, std::size_t(n), now, ArrivalStamp::monotonic(ArrivalStamp::of(msg), now, m_realNow)))
                return;
            // A short read drained the socket: the next edge reports more,
            // unless the peer's close came with this edge (then read to EOF).
            if (std::size_t(n) < kBufferSize && !peerClosedToo)
                return;
        } else if (n == 0) {
            peerClosed(c, now);
            return;
        } else if (errno == EAGAIN) {
            return;
        } else if (errno != EINTR) {
            readFailed(c, now);
            return;
        }
    }
}

void EpollLoadWorker::poll(std::uint64_t waitNs, bool)
{
    epoll_event events[256];
    const timespec timeout {time_t(waitNs / 1000000000ULL), long(waitNs % 1000000000ULL)};
    const int n = epoll_pwait2(m_epoll, events, 256, &timeout, nullptr);
    const std::uint64_t now = monotonicNs();
    m_realNow = ArrivalStamp::realtimeNs(); // the same instant on the kernel's stamps' clock
    for (int i = 0; i < n; ++i) {
        Connection &c = *static_cast<Connection *>(events[i].data.ptr);
        const std::uint32_t e = events[i].events;
        if (c.state == State::Connecting) {
            if (!(e & (EPOLLOUT | EPOLLERR | EPOLLHUP)))
                continue;
            int soError = 0;
            socklen_t len = sizeof soError;
            getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &soError, &len);
            connectDone(c, soError, now);
            continue;
        }
        if (c.state == State::Writing && (e & EPOLLOUT))
            sendRequest(c, now);
        if (c.fd >= 0 && (e & (EPOLLIN | EPOLLRDHUP | EPOLLERR | EPOLLHUP)))
            readable(c, now, e & (EPOLLRDHUP | EPOLLHUP | EPOLLERR));
    }
}

} // namespace bs
