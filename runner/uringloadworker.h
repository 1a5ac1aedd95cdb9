#pragma once

#include "loadworker.h"
#include "uringbufferring.h"
#include "uringqueue.h"

#include <sys/socket.h>

#include <memory>

namespace bs {

// The LoadWorker's engine on io_uring. Every connection keeps one
// multishot receive armed (so a server's close of an idle connection is
// seen, as with epoll), which takes its buffers from a ring shared by the
// connections, so a response costs no submission; a request is a queued
// send with no completion unless it fails; one io_uring_enter per loop
// submits the batch's sends and reaps every response that arrived. In
// saturation the loop waits for all connections' responses or kBatchWaitUs
// after the first, so it wakes once per batch, not once per response; the
// latency is timed by the kernel's arrival timestamp of the response
// (SO_TIMESTAMPNS, which the multishot receive puts before the bytes), so
// that wait is not in it.
class UringLoadWorker : public LoadWorker {
public:
    // nullptr when the kernel refuses a ring or its provided buffers (the
    // caller uses epoll then).
    static std::unique_ptr<LoadWorker> create(const sockaddr_in &address, const std::string &request,
                                              bool headRequest, const LoadOptions &options,
                                              int firstConnection, int connectionCount);
    // Whether this kernel allows what create() needs.
    static bool allowed();
    const char *io() const override { return "io_uring"; }

private:
    using LoadWorker::LoadWorker;
    bool setUp(int connectionCount);

    void begin() override;
    void watch(Connection &c) override;
    void awaitConnect(Connection &c) override;
    void awaitBytes(Connection &c) override;
    void sendRequest(Connection &c, std::uint64_t now) override;
    void beforeClose(Connection &c) override;
    void poll(std::uint64_t waitNs, bool batch) override;

    enum class Op : std::uint64_t { Connect, Send, Receive };
    std::size_t indexOf(const Connection &c) const { return std::size_t(&c - m_connections.data()); }
    std::uint64_t tag(const Connection &c, Op op) const;
    void arm(Connection &c, bool pollFirst);
    void completion(const io_uring_cqe &cqe, std::uint64_t now, std::uint64_t lateNs);
    void receiveDone(const io_uring_cqe &cqe, std::size_t i, bool current, std::uint64_t now, std::uint64_t lateNs);
    void gotBytes(Connection &c, const char *buffer, int result, std::uint64_t now, std::uint64_t lateNs);
    void sent(Connection &c, int result, std::uint64_t now);

    std::vector<std::uint32_t> m_generations; // per connection: counts closed sockets, so late completions are known
    std::vector<bool> m_armed; // per connection: its socket's multishot receive is armed
    msghdr m_receiveHeader {}; // what every receive asks for: no address, room for the timestamp
    UringBufferRing m_buffers;
    UringQueue m_ring; // last: closed first, so nothing is written to a buffer after it is unmapped
};

} // namespace bs
