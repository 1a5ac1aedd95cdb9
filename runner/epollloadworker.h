#pragma once

#include "loadworker.h"

namespace bs {

// The LoadWorker's engine where io_uring is not available: an
// edge-triggered epoll loop, a send per request and a recvmsg per readable
// event (about 2.1 system calls per request), the bytes' arrival from the
// kernel's stamp on them (ArrivalStamp).
class EpollLoadWorker : public LoadWorker {
public:
    EpollLoadWorker(const sockaddr_in &address, const std::string &request, bool headRequest,
                    const LoadOptions &options, int firstConnection, int connectionCount)
        : LoadWorker(address, request, headRequest, options, firstConnection, connectionCount) { }
    ~EpollLoadWorker() override;
    const char *io() const override { return "epoll"; }

private:
    void begin() override;
    void watch(Connection &c) override;
    void awaitConnect(Connection &) override { } // EPOLLOUT is watched from the start
    void awaitBytes(Connection &c) override { watchWritable(c, false); }
    void sendRequest(Connection &c, std::uint64_t now) override;
    void poll(std::uint64_t waitNs, bool batch) override;

    void watchWritable(Connection &c, bool on);
    void readable(Connection &c, std::uint64_t now, bool peerClosed);

    int m_epoll = -1;
    std::vector<char> m_buffer;
    std::uint64_t m_realNow = 0; // the wall clock when the last poll returned
};

} // namespace bs
