#pragma once

#include <linux/io_uring.h>

#include <cstdint>
#include <ctime>

namespace bs {

// A minimal io_uring (raw system calls, no liburing): one submission and one
// completion ring, used by one thread. Created disabled, so that the thread
// that calls enable() (the load worker's) becomes its only submitter and
// completions' task work runs only when that thread waits (DEFER_TASKRUN):
// a batch of sends and the reaping of every response that arrived cost one
// system call.
class UringQueue {
public:
    UringQueue() = default;
    ~UringQueue();
    UringQueue(const UringQueue &) = delete;
    UringQueue &operator=(const UringQueue &) = delete;

    // Sets up a ring of at least `entries` submission slots; false (errno
    // set) if the kernel refuses: no io_uring, a seccomp filter, old kernel.
    bool open(unsigned entries);
    // Makes the calling thread the ring's submitter; false if it cannot.
    bool enable();
    // Registers a ring of provided buffers (see UringBufferRing); false
    // (errno set) if the kernel refuses.
    bool registerBufferRing(const io_uring_buf_reg &reg);

    // A zeroed submission slot, submitting the queued ones first when the
    // ring is full; nullptr if even that fails.
    io_uring_sqe *next();
    // Submits what is queued and waits until `minComplete` completions
    // arrived, or one did and `minWaitUs` passed, or `timeoutNs` passed
    // (0: do not wait).
    void submitAndWait(std::uint64_t timeoutNs, unsigned minComplete, unsigned minWaitUs);
    // Calls f(const io_uring_cqe &) for each completion, then frees them.
    template <typename F>
    void drain(F &&f)
    {
        unsigned head = *m_cqHead;
        const unsigned tail = __atomic_load_n(m_cqTail, __ATOMIC_ACQUIRE);
        for (; head != tail; ++head)
            f(m_cqes[head & m_cqMask]);
        __atomic_store_n(m_cqHead, head, __ATOMIC_RELEASE);
    }

private:
    int enter(unsigned toSubmit, unsigned minComplete, unsigned flags, const void *arg, std::size_t argSize);

    int m_fd = -1;
    void *m_rings = nullptr;
    std::size_t m_ringsSize = 0;
    io_uring_sqe *m_sqes = nullptr;
    std::size_t m_sqesSize = 0;
    unsigned *m_sqHead = nullptr;
    unsigned *m_sqTail = nullptr;
    unsigned m_sqMask = 0;
    unsigned m_sqEntries = 0;
    bool m_minWait = false; // the kernel can wait for several completions with a bound
    unsigned *m_cqHead = nullptr;
    unsigned *m_cqTail = nullptr;
    unsigned m_cqMask = 0;
    io_uring_cqe *m_cqes = nullptr;
};

} // namespace bs
