#pragma once

// A tiny HTTP server inside a test, on 127.0.0.1 only (an ephemeral port),
// that misbehaves in one way: it answers every request twice (the second
// answer is one for a request not yet written: a client that took it would
// pipeline without knowing it), or it answers with two Content-Length
// headers (that differ, or that agree). A thread per connection; it counts
// the requests it read whole.
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

class TinyHttpServer {
public:
    enum class Mode { AnswersTwice, TwoLengths, SameLengthTwice };

    explicit TinyHttpServer(Mode mode)
        : m_mode(mode)
    {
        m_listen = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        if (bind(m_listen, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || listen(m_listen, 64) != 0
            || getsockname(m_listen, reinterpret_cast<sockaddr *>(&a), &len) != 0)
            return;
        m_port = ntohs(a.sin_port);
        m_acceptor = std::thread([this] { acceptLoop(); });
    }
    ~TinyHttpServer()
    {
        m_stop = true;
        if (m_acceptor.joinable())
            m_acceptor.join();
        for (std::thread &t : m_connections)
            t.join();
        close(m_listen);
    }
    TinyHttpServer(const TinyHttpServer &) = delete;
    TinyHttpServer &operator=(const TinyHttpServer &) = delete;

    unsigned short port() const { return m_port; }
    std::uint64_t requestsRead() const { return m_requests; }

private:
    bool readable(int fd) const
    {
        for (;;) {
            if (m_stop)
                return false;
            pollfd p{fd, POLLIN, 0};
            if (poll(&p, 1, 20) > 0)
                return true;
        }
    }

    void acceptLoop()
    {
        while (readable(m_listen)) {
            const int fd = accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd >= 0)
                m_connections.emplace_back([this, fd] { serve(fd); });
        }
    }

    void serve(int fd)
    {
        const std::string body = "hello";
        const std::string answer = m_mode == Mode::TwoLengths
            ? "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 50\r\n\r\n" + body
            : m_mode == Mode::SameLengthTwice ? "HTTP/1.1 200 OK\r\nContent-Length: 5\r\ncontent-length: 5\r\n\r\n" + body
                                              : "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n" + body;
        std::string in;
        char buf[4096];
        while (readable(fd)) {
            const ssize_t n = recv(fd, buf, sizeof buf, 0);
            if (n <= 0)
                break;
            in.append(buf, std::size_t(n));
            for (std::size_t end; (end = in.find("\r\n\r\n")) != std::string::npos;) {
                in.erase(0, end + 4);
                ++m_requests;
                for (int i = 0; i < (m_mode == Mode::AnswersTwice ? 2 : 1); ++i)
                    if (send(fd, answer.data(), answer.size(), MSG_NOSIGNAL) < 0)
                        break;
            }
        }
        close(fd);
    }

    Mode m_mode;
    int m_listen = -1;
    unsigned short m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<std::uint64_t> m_requests{0};
    std::thread m_acceptor;
    std::vector<std::thread> m_connections; // only the acceptor adds to it, joined before it is read
};
