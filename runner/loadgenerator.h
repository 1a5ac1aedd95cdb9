#pragma once

#include "loadresult.h"

#include <netinet/in.h>

#include <functional>
#include <string>

namespace bs {

// Runs the client threads (LoadWorker) for one warm-up or repetition, polls
// their progress from the calling thread, and merges their counts and
// histograms at the end.
class LoadGenerator {
public:
    // Called about once a second with the time since the start and the
    // responses so far; also asked, every 50 ms, whether to stop early.
    using Progress = std::function<void(double elapsedSeconds, std::uint64_t responses)>;
    using ShouldStop = std::function<bool()>;

    // The I/O the client threads will use: "io_uring" (where the kernel
    // allows a ring, unless `io` asks for epoll) or "epoll".
    static const char *resolvedIo(ClientIo io);
    // Why the kernel refuses the io_uring engine ("Operation not
    // permitted", ...), or empty when it allows it.
    static const std::string &uringRefusal();

    static LoadResult run(const sockaddr_in &address, const std::string &request, bool headRequest,
                          const LoadOptions &options, const Progress &progress, const ShouldStop &shouldStop);
};

} // namespace bs
