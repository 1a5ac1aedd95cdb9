#include "arrivalstamp.h"

#include <cstring>
#include <ctime>

namespace bs {

void ArrivalStamp::enable(int fd)
{
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
}

std::uint64_t ArrivalStamp::realtimeNs()
{
    timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return std::uint64_t(ts.tv_sec) * 1000000000ULL + std::uint64_t(ts.tv_nsec);
}

std::uint64_t ArrivalStamp::of(const msghdr &msg)
{
    for (const cmsghdr *h = CMSG_FIRSTHDR(&msg); h;
         h = CMSG_NXTHDR(const_cast<msghdr *>(&msg), const_cast<cmsghdr *>(h)))
        if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_TIMESTAMPNS) {
            timespec ts;
            std::memcpy(&ts, CMSG_DATA(h), sizeof ts);
            return std::uint64_t(ts.tv_sec) * 1000000000ULL + std::uint64_t(ts.tv_nsec);
        }
    return 0;
}

std::uint64_t ArrivalStamp::monotonic(std::uint64_t stamp, std::uint64_t monotonicNow, std::uint64_t realtimeNow)
{
    if (!stamp || stamp > realtimeNow || realtimeNow - stamp > monotonicNow)
        return monotonicNow;
    return monotonicNow - (realtimeNow - stamp);
}

} // namespace bs
