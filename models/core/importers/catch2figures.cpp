#include "catch2figures.h"

#include "capturebuilder.h"
#include "inputfailure.h"
#include "textline.h"

namespace bs {

Catch2Figures::Estimate Catch2Figures::Estimate::fromNanoseconds(double value, double low, double high,
                                                                 const TextLine &line)
{
    if (value < 0 || low < 0 || high < 0)
        throw InputFailure{line.place(), "a time cannot be negative"};
    return {value * 1e-9, low * 1e-9, high * 1e-9};
}

void Catch2Figures::define(CaptureBuilder &b)
{
    const auto lower = Direction::LowerIsBetter;
    b.defineMetric("time_mean", "Mean time", "s", lower, "Catch2's mean time per run of the benchmark body");
    b.defineMetric("time_mean_low", "Mean time (low bound)", "s", lower, "lower bound of the mean's bootstrap confidence interval");
    b.defineMetric("time_mean_high", "Mean time (high bound)", "s", lower, "upper bound of the mean's bootstrap confidence interval");
    b.defineMetric("time_stddev", "Time std. dev.", "s", lower, "standard deviation of the samples");
    b.setPrimary("time_mean");
    b.provenance().conditions.mode = "microbenchmark";
    b.caveat("Catch2 keeps no per-sample times: mean, its bounds and the std. dev. are stored once per result (n = 1)");
    b.caveat("iterations per sample, estimated duration and outlier counts are not imported");
    b.caveat("Catch2 prints its figures with 6 significant digits");
}

std::string Catch2Figures::store(CaptureBuilder &b, const std::string &participant, const std::string &testCase) const
{
    const std::string cs = b.caseId(name, testCase);
    b.setOnce(participant, cs, "time_mean", mean.value);
    b.setOnce(participant, cs, "time_mean_low", mean.low);
    b.setOnce(participant, cs, "time_mean_high", mean.high);
    b.setOnce(participant, cs, "time_stddev", stddev.value);
    if (outlierVariance)
        b.defineMetric("outlier_variance", "Outlier variance", "ratio", Direction::LowerIsBetter,
                       "share of the variance explained by outliers");
    b.setOnce(participant, cs, "outlier_variance", outlierVariance);
    std::string &all = b.provenance().conditions.extra["samples"];
    const std::string n = std::to_string(static_cast<long long>(samples));
    if (all.empty())
        all = n;
    else if ((", " + all + ",").find(", " + n + ",") == std::string::npos)
        all += ", " + n;
    b.result(participant, cs);
    return cs;
}

} // namespace bs
