// Google Benchmark cases for Benchscope's importer tests: one whose run
// reports an error, one that works, with three repetitions. (Debian's Google
// Benchmark 1.7.1 crashes aggregating repetitions with an error among them,
// so AlwaysFails runs once.)
#include <benchmark/benchmark.h>

#include <numeric>
#include <vector>

static void AlwaysFails(benchmark::State &state)
{
    for (auto _ : state) {
        state.SkipWithError("cannot open the input");
        break;
    }
}
BENCHMARK(AlwaysFails);

static void Works(benchmark::State &state)
{
    std::vector<int> v(1000);
    for (auto _ : state) {
        std::iota(v.begin(), v.end(), 0);
        benchmark::DoNotOptimize(v.data());
    }
}
BENCHMARK(Works)->Repetitions(3);

BENCHMARK_MAIN();
