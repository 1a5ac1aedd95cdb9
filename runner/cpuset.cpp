#include "cpuset.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace bs {

std::optional<CpuSet> CpuSet::parse(const std::string &text, std::string &error)
{
    CpuSet s;
    CPU_ZERO(&s.m_set);
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = text.find(',', pos);
        const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        const std::size_t dash = item.find('-');
        char *end1 = nullptr;
        char *end2 = nullptr;
        const long lo = std::strtol(item.c_str(), &end1, 10);
        long hi = lo;
        bool ok = !item.empty() && end1 != item.c_str();
        if (ok && dash != std::string::npos) {
            hi = std::strtol(item.c_str() + dash + 1, &end2, 10);
            ok = *end2 == '\0' && end2 != item.c_str() + dash + 1 && end1 == item.c_str() + dash;
        } else if (ok) {
            ok = *end1 == '\0';
        }
        if (!ok || lo < 0 || hi < lo || hi >= CPU_SETSIZE) {
            error = "expected a CPU list like \"1\", \"0-3\" or \"0,2\", found \"" + text + "\"";
            return std::nullopt;
        }
        for (long c = lo; c <= hi; ++c)
            CPU_SET(int(c), &s.m_set);
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    return s;
}

CpuSet CpuSet::allOnline()
{
    CpuSet s;
    CPU_ZERO(&s.m_set);
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    for (long c = 0; c < n && c < CPU_SETSIZE; ++c)
        CPU_SET(int(c), &s.m_set);
    return s;
}

bool CpuSet::applyToSelf(std::string &error) const
{
    if (sched_setaffinity(0, sizeof m_set, &m_set) != 0) {
        error = std::string("sched_setaffinity: ") + std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace bs
