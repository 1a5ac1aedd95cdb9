#include "httpexchange.h"

#include "arrivalstamp.h"
#include "httpresponseparser.h"
#include "monotonicclock.h"

#include <fcntl.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace bs {

namespace {

HttpExchange::Response failure(const char *kind, const std::string &text)
{
    HttpExchange::Response r;
    r.errorKind = kind;
    r.error = text;
    return r;
}

// Waits for `events` on fd until `deadline`; the events that came, 0 on
// timeout (an error of poll itself: as if they came, so that the following
// call reports it).
short waitFor(int fd, short events, std::uint64_t deadline)
{
    for (;;) {
        const std::uint64_t now = monotonicNs();
        if (now >= deadline)
            return 0;
        pollfd p {fd, events, 0};
        const int rc = poll(&p, 1, int((deadline - now) / 1000000 + 1));
        if (rc > 0)
            return p.revents;
        if (rc < 0 && errno != EINTR)
            return events;
    }
}

HttpExchange::Response earlyResponse()
{
    return failure("early_response", "the server answered before the request was fully written");
}

class Socket {
public:
    Socket() : m_fd(socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) { }
    ~Socket()
    {
        if (m_fd >= 0)
            close(m_fd);
    }
    int fd() const { return m_fd; }

private:
    int m_fd;
};

} // namespace

HttpExchange::Response HttpExchange::perform(const HttpTarget &target, const std::string &requestBytes,
                                             bool headRequest, double timeoutSeconds)
{
    const std::uint64_t deadline = monotonicNs() + std::uint64_t(timeoutSeconds * 1e9);
    Socket s;
    if (s.fd() < 0)
        return failure("connect_refused", std::string("socket: ") + std::strerror(errno));
    const int one = 1;
    setsockopt(s.fd(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(s.fd(), reinterpret_cast<const sockaddr *>(&target.address()), sizeof(sockaddr_in)) != 0
        && errno != EINPROGRESS)
        return failure("connect_refused", std::string("connect: ") + std::strerror(errno));
    if (!waitFor(s.fd(), POLLOUT, deadline))
        return failure("connect_timeout", "connect: timed out");
    int soError = 0;
    socklen_t len = sizeof soError;
    getsockopt(s.fd(), SOL_SOCKET, SO_ERROR, &soError, &len);
    if (soError != 0)
        return failure(soError == ECONNREFUSED ? "connect_refused" : "reset",
                       std::string("connect: ") + std::strerror(soError));

    ArrivalStamp::enable(s.fd());
    const std::uint64_t writing = monotonicNs();
    std::size_t written = 0;
    while (written < requestBytes.size()) {
        const ssize_t n = send(s.fd(), requestBytes.data() + written, requestBytes.size() - written, MSG_NOSIGNAL);
        if (n > 0) {
            written += std::size_t(n);
        } else if (n < 0 && errno == EAGAIN) {
            const short came = waitFor(s.fd(), POLLOUT | POLLIN, deadline);
            char byte;
            if ((came & POLLIN) && recv(s.fd(), &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0)
                return earlyResponse();
            if (!came)
                return failure("timeout", "sending the request timed out");
        } else if (n < 0 && errno != EINTR) {
            return failure("reset", std::string("send: ") + std::strerror(errno));
        }
    }

    HttpResponseParser parser;
    parser.reset(headRequest);
    parser.setKeepBody(true);
    char buffer[16384];
    iovec bytes{buffer, sizeof buffer};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))];
    for (;;) {
        msghdr msg{};
        msg.msg_iov = &bytes;
        msg.msg_iovlen = 1;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        const ssize_t n = recvmsg(s.fd(), &msg, 0);
        const std::uint64_t now = monotonicNs();
        HttpResponseParser::State state;
        if (n > 0 && ArrivalStamp::monotonic(ArrivalStamp::of(msg), now, ArrivalStamp::realtimeNs()) < writing)
            return earlyResponse();
        if (n > 0) {
            std::size_t consumed = 0;
            state = parser.feed(buffer, std::size_t(n), consumed);
            if (state == HttpResponseParser::State::Complete && consumed != std::size_t(n))
                return failure("parse", "bytes after the end of the response");
        } else if (n == 0) {
            state = parser.finishOnClose();
            if (state == HttpResponseParser::State::Incomplete)
                return failure("eof", "the server closed the connection without answering");
            if (state == HttpResponseParser::State::Error)
                return failure("eof", parser.errorMessage());
        } else if (errno == EAGAIN) {
            if (!waitFor(s.fd(), POLLIN, deadline))
                return failure("timeout", "no complete response within the timeout");
            continue;
        } else if (errno == EINTR) {
            continue;
        } else {
            return failure("reset", std::string("recv: ") + std::strerror(errno));
        }
        if (state == HttpResponseParser::State::Error)
            return failure("parse", parser.errorMessage());
        if (state == HttpResponseParser::State::Complete) {
            Response r;
            r.ok = true;
            r.status = parser.status();
            r.contentType = parser.contentType();
            r.body = parser.body();
            return r;
        }
    }
}

} // namespace bs
