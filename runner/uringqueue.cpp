#include "uringqueue.h"

#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace bs {

namespace {

template <typename T>
T *at(void *base, std::uint32_t offset)
{
    return reinterpret_cast<T *>(static_cast<char *>(base) + offset);
}

// IORING_FEAT_MIN_TIMEOUT (Linux 6.12), newer than some distributions' headers.
constexpr unsigned kFeatureMinTimeout = 1U << 15;

} // namespace

UringQueue::~UringQueue()
{
    if (m_sqes)
        munmap(m_sqes, m_sqesSize);
    if (m_rings)
        munmap(m_rings, m_ringsSize);
    if (m_fd >= 0)
        close(m_fd); // cancels whatever is still pending
}

bool UringQueue::open(unsigned entries)
{
    io_uring_params p {};
    p.flags = IORING_SETUP_R_DISABLED | IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN
        | IORING_SETUP_SUBMIT_ALL;
    m_fd = int(syscall(__NR_io_uring_setup, entries, &p));
    if (m_fd < 0)
        return false;
    if (!(p.features & IORING_FEAT_SINGLE_MMAP) || !(p.features & IORING_FEAT_EXT_ARG)
        || !(p.features & IORING_FEAT_NODROP)) {
        errno = ENOSYS; // a kernel older than 5.11: the epoll loop serves
        return false;
    }
    m_ringsSize = std::max<std::size_t>(p.sq_off.array + p.sq_entries * sizeof(unsigned),
                                        p.cq_off.cqes + p.cq_entries * sizeof(io_uring_cqe));
    void *rings = mmap(nullptr, m_ringsSize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, m_fd,
                       IORING_OFF_SQ_RING);
    if (rings == MAP_FAILED)
        return false;
    m_rings = rings;
    m_sqesSize = p.sq_entries * sizeof(io_uring_sqe);
    void *sqes = mmap(nullptr, m_sqesSize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, m_fd,
                      IORING_OFF_SQES);
    if (sqes == MAP_FAILED)
        return false;
    m_sqes = static_cast<io_uring_sqe *>(sqes);
    m_sqHead = at<unsigned>(m_rings, p.sq_off.head);
    m_sqTail = at<unsigned>(m_rings, p.sq_off.tail);
    m_sqMask = *at<unsigned>(m_rings, p.sq_off.ring_mask);
    m_sqEntries = p.sq_entries;
    m_minWait = p.features & kFeatureMinTimeout;
    unsigned *array = at<unsigned>(m_rings, p.sq_off.array);
    for (unsigned i = 0; i < m_sqEntries; ++i)
        array[i] = i; // slot i of the ring is always SQE i
    m_cqHead = at<unsigned>(m_rings, p.cq_off.head);
    m_cqTail = at<unsigned>(m_rings, p.cq_off.tail);
    m_cqMask = *at<unsigned>(m_rings, p.cq_off.ring_mask);
    m_cqes = at<io_uring_cqe>(m_rings, p.cq_off.cqes);
    return true;
}

bool UringQueue::enable()
{
    return syscall(__NR_io_uring_register, m_fd, IORING_REGISTER_ENABLE_RINGS, nullptr, 0) == 0;
}

bool UringQueue::registerBufferRing(const io_uring_buf_reg &reg)
{
    return syscall(__NR_io_uring_register, m_fd, IORING_REGISTER_PBUF_RING, &reg, 1) == 0;
}

int UringQueue::enter(unsigned toSubmit, unsigned minComplete, unsigned flags, const void *arg,
                      std::size_t argSize)
{
    return int(syscall(__NR_io_uring_enter, m_fd, toSubmit, minComplete, flags, arg, argSize));
}

io_uring_sqe *UringQueue::next()
{
    const unsigned tail = *m_sqTail;
    if (tail - __atomic_load_n(m_sqHead, __ATOMIC_ACQUIRE) >= m_sqEntries) {
        submitAndWait(0, 0, 0);
        if (tail - __atomic_load_n(m_sqHead, __ATOMIC_ACQUIRE) >= m_sqEntries)
            return nullptr;
    }
    io_uring_sqe *sqe = &m_sqes[tail & m_sqMask];
    std::memset(sqe, 0, sizeof *sqe);
    __atomic_store_n(m_sqTail, tail + 1, __ATOMIC_RELEASE);
    return sqe;
}

void UringQueue::submitAndWait(std::uint64_t timeoutNs, unsigned minComplete, unsigned minWaitUs)
{
    __kernel_timespec ts {std::int64_t(timeoutNs / 1000000000ULL), std::int64_t(timeoutNs % 1000000000ULL)};
    io_uring_getevents_arg arg {};
    arg.sigmask_sz = _NSIG / 8;
    arg.ts = reinterpret_cast<std::uint64_t>(&ts);
    // With DEFER_TASKRUN, completions are posted only while the thread is
    // in here with GETEVENTS: so always ask, even when not waiting.
    // Waiting for more than one completion needs a kernel that gives up on
    // that after minWaitUs (6.12's min_wait_usec, in the field older
    // headers call pad); without it one completion ends the wait.
    if (m_minWait && minWaitUs > 0)
        arg.pad = minWaitUs;
    else
        minComplete = 1;
    if (timeoutNs == 0)
        minComplete = 0;
    for (;;) {
        const unsigned queued = *m_sqTail - __atomic_load_n(m_sqHead, __ATOMIC_ACQUIRE);
        const int rc = enter(queued, minComplete, IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG, &arg, sizeof arg);
        if (rc >= 0 || errno != EINTR)
            return; // ETIME: the timeout passed; EBUSY: completions to reap first
    }
}

} // namespace bs
