#include "rubybenchmarktable.h"

#include "inputfailure.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace bs {

namespace {

const std::size_t kMaxSummaries = 3;

// Benchmark's docs label them ">total:" and ">avg:"; a row is only taken
// for one when its label says so and its figures are computed ones.
bool summaryLabel(std::string label)
{
    std::transform(label.begin(), label.end(), label.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    static const char *const kWords[] = {"total", "avg", "average", "mean", "sum"};
    return std::any_of(std::begin(kWords), std::end(kWords),
                       [&](const char *word) { return label.find(word) != std::string::npos; });
}

// Whether `row` is the sum or the mean of rows[0, m) in every column.
bool summaryOf(const std::vector<RubyBenchmarkRow> &rows, std::size_t m, const RubyBenchmarkRow &row)
{
    bool sum = true, mean = true;
    for (std::size_t c = 0; c < row.seconds.size(); ++c) {
        double total = 0, slack = 0;
        for (std::size_t i = 0; i < m; ++i) {
            total += rows[i].seconds[c];
            slack += rows[i].rounding[c];
        }
        const double own = row.rounding[c] + 1e-12 * (1 + total);
        sum = sum && std::abs(row.seconds[c] - total) <= slack + own;
        mean = mean && std::abs(row.seconds[c] - total / double(m)) <= slack / double(m) + own;
    }
    return sum || mean;
}

} // namespace

std::size_t RubyBenchmarkTable::measured() const
{
    const std::size_t n = rows.size();
    if (rehearsal || n < 3)
        return n;
    for (std::size_t k = std::min(kMaxSummaries, n - 2); k > 0; --k)
        if (std::all_of(rows.end() - std::ptrdiff_t(k), rows.end(), [&](const RubyBenchmarkRow &r) {
                return summaryLabel(r.label) && summaryOf(rows, n - k, r);
            }))
            return n - k;
    return n;
}

void RubyBenchmarkTable::checkRehearsal() const
{
    if (!rehearsal)
        return;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (i >= rehearsalRows.size())
            throw InputFailure{rows[i].line.place(), "a row more than the rehearsal at " + rehearsal->place()
                                                         + " has (bmbm measures the rehearsal's rows again, in order)"};
        if (rows[i].label != rehearsalRows[i].label)
            throw InputFailure{rows[i].line.place(), "the row \"" + rows[i].label + "\" where the rehearsal has \""
                                                         + rehearsalRows[i].label + "\" (" + rehearsalRows[i].line.place()
                                                         + "); bmbm measures the rehearsal's rows again, in order"};
    }
}

} // namespace bs
