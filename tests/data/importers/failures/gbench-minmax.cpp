// Google Benchmark with user statistics min and max beside the built-in
// mean, median, stddev and cv (issue 43: the caveat names every aggregate
// it leaves out).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <numeric>
#include <vector>

static void Sums(benchmark::State &state)
{
    std::vector<int> v(1000);
    std::iota(v.begin(), v.end(), 0);
    for (auto _ : state)
        benchmark::DoNotOptimize(std::accumulate(v.begin(), v.end(), 0));
}
BENCHMARK(Sums)
    ->Repetitions(3)
    ->ComputeStatistics("min", [](const std::vector<double> &v) { return *std::min_element(v.begin(), v.end()); })
    ->ComputeStatistics("max", [](const std::vector<double> &v) { return *std::max_element(v.begin(), v.end()); });

BENCHMARK_MAIN();
