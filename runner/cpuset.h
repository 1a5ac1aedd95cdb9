#pragma once

#include <sched.h>

#include <optional>
#include <string>

namespace bs {

// A CPU list as taskset writes it ("1", "0-3", "0,2"), for sched_setaffinity.
class CpuSet {
public:
    static std::optional<CpuSet> parse(const std::string &text, std::string &error);
    static CpuSet allOnline();

    // Pins the calling thread (and what it later forks) to these CPUs.
    bool applyToSelf(std::string &error) const;
    int count() const { return CPU_COUNT(&m_set); }

private:
    cpu_set_t m_set {};
};

} // namespace bs
