#pragma once

#include <cstdio>
#include <cstdlib>

// A test whose rows take long (every line of every sample damaged in turn)
// runs as several ctest entries (benchscope_add_test(... SHARDS N)), each
// with BENCHSCOPE_SHARD=K/N: it keeps the rows whose number modulo N is
// K - 1, so that under ASan no entry nears the time limit and `ctest -j`
// runs them side by side. Without the variable every row is run.
namespace testshard {

inline bool mine(std::size_t row)
{
    const char *set = std::getenv("BENCHSCOPE_SHARD");
    unsigned k = 1, n = 1;
    if (!set || std::sscanf(set, "%u/%u", &k, &n) != 2 || n == 0 || k == 0 || k > n)
        return true;
    return row % n == k - 1;
}

} // namespace testshard
