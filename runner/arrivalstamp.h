#pragma once

#include <sys/socket.h>

#include <cstdint>

namespace bs {

// When received bytes arrived, by the kernel's stamp on them (SO_TIMESTAMPNS,
// on the wall clock), brought to the runner's monotonic clock: both client
// engines measure a response's latency to its arrival, not to the moment
// their loop got to it, and tell a response that arrived before its request
// was written (LoadWorker, "early_response").
namespace ArrivalStamp {

// Asks the kernel to stamp the bytes that arrive on socket `fd`.
void enable(int fd);
// The wall clock now, the stamps' clock (read next to monotonicNs()).
std::uint64_t realtimeNs();
// The stamp among a received message's control messages, or 0.
std::uint64_t of(const msghdr &msg);
// On the monotonic clock: `monotonicNow` - (`realtimeNow` - `stamp`), for
// two readings of the clocks at one instant; `monotonicNow` when there is
// no stamp or it is later than `realtimeNow`.
std::uint64_t monotonic(std::uint64_t stamp, std::uint64_t monotonicNow, std::uint64_t realtimeNow);

} // namespace ArrivalStamp

} // namespace bs
