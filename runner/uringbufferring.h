#pragma once

#include <linux/io_uring.h>

#include <cstddef>
#include <cstdint>

namespace bs {

class UringQueue;

// A ring of provided buffers (IORING_REGISTER_PBUF_RING, Linux 5.19): the
// kernel picks a free buffer for each receive that completes, so one
// multishot receive per connection stays armed without a buffer of its own
// waiting in it. A buffer a completion named is given back with recycle()
// and handed to the kernel again at publish().
class UringBufferRing {
public:
    UringBufferRing() = default;
    ~UringBufferRing();
    UringBufferRing(const UringBufferRing &) = delete;
    UringBufferRing &operator=(const UringBufferRing &) = delete;

    // `count` (a power of two, at most 32768) buffers of `size` bytes as
    // group `group` of `queue`; false (errno set) when the kernel refuses.
    bool open(UringQueue &queue, std::uint16_t group, unsigned count, std::size_t size);

    std::uint16_t group() const { return m_group; }
    std::size_t bufferSize() const { return m_size; }
    const char *buffer(std::uint16_t id) const { return m_memory + std::size_t(id) * m_size; }
    // Queues buffer `id` to be given back; publish() gives the queued ones.
    void recycle(std::uint16_t id);
    void publish();

private:
    // The ring's entries; the tail the kernel reads is the first entry's
    // `resv` (io_uring_buf_ring overlays them; its flexible array is not
    // used because in C++ the kernel header's empty-struct trick moves it
    // to offset 8).
    io_uring_buf *m_ring = nullptr;
    std::size_t m_ringBytes = 0;
    char *m_memory = nullptr;
    std::size_t m_memoryBytes = 0;
    std::size_t m_size = 0;
    unsigned m_mask = 0;
    std::uint16_t m_tail = 0; // the tail the kernel will see at the next publish()
    std::uint16_t m_group = 0;
};

} // namespace bs
