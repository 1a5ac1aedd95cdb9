#pragma once

#include <cstdint>
#include <ctime>

namespace bs {

// CLOCK_MONOTONIC in nanoseconds: the runner's only clock for intervals.
inline std::uint64_t monotonicNs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::uint64_t(ts.tv_sec) * 1000000000ULL + std::uint64_t(ts.tv_nsec);
}

} // namespace bs
