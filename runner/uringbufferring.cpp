#include "uringbufferring.h"

#include "uringqueue.h"

#include <sys/mman.h>

namespace bs {

UringBufferRing::~UringBufferRing()
{
    // The queue is closed first (its owner declares it last), which also
    // unregisters the ring.
    if (m_memory)
        munmap(m_memory, m_memoryBytes);
    if (m_ring)
        munmap(m_ring, m_ringBytes);
}

bool UringBufferRing::open(UringQueue &queue, std::uint16_t group, unsigned count, std::size_t size)
{
    m_ringBytes = count * sizeof(io_uring_buf);
    void *ring = mmap(nullptr, m_ringBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (ring == MAP_FAILED)
        return false;
    m_ring = static_cast<io_uring_buf *>(ring);
    m_memoryBytes = std::size_t(count) * size;
    void *memory = mmap(nullptr, m_memoryBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        return false;
    m_memory = static_cast<char *>(memory);
    m_size = size;
    m_mask = count - 1;
    m_group = group;
    io_uring_buf_reg reg {};
    reg.ring_addr = reinterpret_cast<std::uint64_t>(m_ring);
    reg.ring_entries = count;
    reg.bgid = group;
    if (!queue.registerBufferRing(reg))
        return false;
    for (unsigned id = 0; id < count; ++id)
        recycle(std::uint16_t(id));
    publish();
    return true;
}

void UringBufferRing::recycle(std::uint16_t id)
{
    io_uring_buf &b = m_ring[m_tail & m_mask];
    b.addr = reinterpret_cast<std::uint64_t>(buffer(id));
    b.len = unsigned(m_size);
    b.bid = id;
    ++m_tail;
}

void UringBufferRing::publish()
{
    __atomic_store_n(&m_ring[0].resv, m_tail, __ATOMIC_RELEASE);
}

} // namespace bs
