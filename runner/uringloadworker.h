#pragma once

#include "loadworker.h"
#include "uringqueue.h"

#include <sys/socket.h>
#include <sys/uio.h>

#include <memory>

namespace bs {

// The LoadWorker's engine on io_uring. Every connection keeps one receive
// pending (so a server's close of an idle connection is seen, as with
// epoll); a request is a queued send with no completion unless it fails;
// one io_uring_enter per loop submits the batch's sends and reaps every
// response that arrived. In saturation the loop waits for all connections'
// responses or kBatchWaitUs after the first, so it wakes once per batch,
// not once per response; the latency is timed by the kernel's arrival
// timestamp of the response (SO_TIMESTAMPNS), so that wait is not in it.
class UringLoadWorker : public LoadWorker {
public:
    // nullptr when the kernel refuses a ring (the caller uses epoll then).
    static std::unique_ptr<LoadWorker> create(const sockaddr_in &address, const std::string &request,
                                              bool headRequest, const LoadOptions &options,
                                              int firstConnection, int connectionCount);
    const char *io() const override { return "io_uring"; }

private:
    using LoadWorker::LoadWorker;

    // A connection's receive: the memory its pending receive writes, which
    // must live until that receive completes, even past its socket's close
    // (then it is retired, and freed on that completion or with the ring).
    struct Receive {
        std::size_t connection = 0;
        bool retired = false;
        bool pending = false;
        bool filled = false; // the last one filled the buffer
        std::vector<char> buffer;
        iovec iov {};
        msghdr msg {};
        alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))] {};
    };

    void begin() override;
    void watch(Connection &c) override;
    void awaitConnect(Connection &c) override;
    void awaitBytes(Connection &c) override;
    void sendRequest(Connection &c, std::uint64_t now) override;
    void beforeClose(Connection &c) override;
    void poll(std::uint64_t waitNs, bool batch) override;

    enum class Op : std::uint64_t { Connect, Send, Receive };
    std::size_t indexOf(const Connection &c) const { return std::size_t(&c - m_connections.data()); }
    std::uint64_t tag(const Connection &c, Op op) const; // a connect's or send's
    std::uint64_t tag(const Receive &r) const;
    void completion(const io_uring_cqe &cqe, std::uint64_t now, std::uint64_t lateNs);
    void sent(Connection &c, int result, std::uint64_t now);
    void gotBytes(Connection &c, int result, std::uint64_t now, std::uint64_t lateNs);

    std::vector<std::uint32_t> m_generations; // per connection: counts closed sockets, so late completions are known
    std::vector<std::unique_ptr<Receive>> m_receives; // per connection
    std::vector<std::unique_ptr<Receive>> m_retired;
    UringQueue m_ring; // last: closed first, so nothing is written to a Receive after it is freed
};

} // namespace bs
