// Numbers at the edges of their types: histogram bucket indices past the
// last bucket and counts that add up past 2^64 are refused with the place;
// values near DBL_MAX (or far apart) never turn into ∞ in a median, a ratio,
// a change or a sentence.
#include "captureloader.h"
#include "capturediff.h"
#include "fileio.h"
#include "histogram.h"
#include "mannwhitney.h"
#include "sourcedata.h"
#include "summarizer.h"
#include "unitformat.h"

#include <QtTest>

#include <cfloat>
#include <cmath>

namespace {

using sourcedata::replaced;

std::string validCapture()
{
    return sourcedata::text("tests/data/capture/valid.json");
}


const char *kBuckets = "\"buckets\": [\n        1024,\n        3,\n        2000,\n        1\n       ]";

// valid.json with every result's repetitions replaced by ten of `rps` values
// from `base` down in steps of `step`.
bs::Capture withValues(double base, double step)
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::loadBytes(validCapture(), "valid.json", error);
    if (!c)
        qFatal("%s", error.toString().c_str());
    for (bs::Result &r : c->results) {
        r.repetitions.clear();
        for (int i = 0; i < 10; ++i) {
            bs::Repetition rep;
            rep.metrics["rps"] = base - i * step;
            r.repetitions.push_back(rep);
        }
    }
    bs::Summarizer::summarize(*c);
    return std::move(*c);
}

bool finiteText(const std::string &s)
{
    return s.find("inf") == std::string::npos && s.find("nan") == std::string::npos
        && s.find("∞") == std::string::npos;
}

} // namespace

class TestStatsOverflow : public QObject {
    Q_OBJECT
private slots:
    void lastBucketIndexIsTheLargestValue();
    void badBucketsAreRefusedWithThePlace_data();
    void badBucketsAreRefusedWithThePlace();
    void pooledCountsPast64BitsAreRefused();
    void medianNearDblMaxIsFinite();
    void diffNeverShowsInfinity_data();
    void diffNeverShowsInfinity();
    void mannWhitneyNearDblMax();
    void hugeNumbersAreShownWhole();
};

void TestStatsOverflow::lastBucketIndexIsTheLargestValue()
{
    QCOMPARE(bs::Histogram::indexFor(UINT64_MAX), bs::Histogram::kMaxIndex);
    QCOMPARE(bs::Histogram::highestEquivalent(bs::Histogram::kMaxIndex), UINT64_MAX);
    bs::Histogram::Check check;
    QVERIFY(check.add(bs::Histogram::kMaxIndex, 1, 0));
    QCOMPARE(check.failedAt(), -1L);
    QVERIFY(!check.add(bs::Histogram::kMaxIndex + 1, 1, 2));
    QCOMPARE(check.failedAt(), 2L);
}

void TestStatsOverflow::badBucketsAreRefusedWithThePlace_data()
{
    QTest::addColumn<QString>("buckets");
    QTest::addColumn<QString>("element");
    QTest::addColumn<QString>("message");
    QTest::newRow("index one past the last") << QStringLiteral("[1024, 3, 56320, 1]") << QStringLiteral("[2]")
                                             << QStringLiteral("bucket index 56320 is above 56319");
    QTest::newRow("index 2^32 - 1") << QStringLiteral("[4294967295, 1]") << QStringLiteral("[0]")
                                    << QStringLiteral("bucket index 4294967295");
    QTest::newRow("counts past 2^64") << QStringLiteral("[1024, 18446744073709551615, 2000, 1]")
                                      << QStringLiteral("[3]") << QStringLiteral("more than 2^64 - 1");
    QTest::newRow("two halves of 2^64") << QStringLiteral("[1, 9223372036854775808, 2, 9223372036854775808]")
                                        << QStringLiteral("[3]") << QStringLiteral("more than 2^64 - 1");
}

void TestStatsOverflow::badBucketsAreRefusedWithThePlace()
{
    QFETCH(QString, buckets);
    QFETCH(QString, element);
    QFETCH(QString, message);
    const std::string text = replaced(validCapture(), kBuckets, "\"buckets\": " + buckets.toStdString());
    bs::LoadError error;
    QVERIFY(!bs::CaptureLoader::loadBytes(text, "in.json", error));
    QCOMPARE(QString::fromStdString(error.place),
             QStringLiteral("$.results[0].repetitions[1].histograms.latency.buckets") + element);
    QVERIFY2(error.message.find(message.toStdString()) != std::string::npos, error.toString().c_str());
}

void TestStatsOverflow::pooledCountsPast64BitsAreRefused()
{
    // Each repetition's histogram fits; pooled, as percentiles pool them, they would wrap.
    const std::string half = "\"buckets\": [1024, 9223372036854775808]";
    std::string text = replaced(validCapture(), kBuckets, half);
    text = replaced(text, "\"p99\": 0.003\n     }",
                    "\"p99\": 0.003\n     }, \"histograms\": {\"latency\": {\"unit\": \"ns\", " + half + "}}");
    bs::LoadError error;
    QVERIFY(!bs::CaptureLoader::loadBytes(text, "in.json", error));
    QCOMPARE(QString::fromStdString(error.place), QStringLiteral("$.results[0].repetitions[1].histograms.latency"));
    QVERIFY2(error.message.find("more than 2^64 - 1") != std::string::npos, error.toString().c_str());
}

void TestStatsOverflow::medianNearDblMaxIsFinite()
{
    std::vector<double> values;
    for (int i = 0; i < 10; ++i)
        values.push_back(DBL_MAX - i * 1e300);
    const double m = bs::Summarizer::median(values);
    QVERIFY(std::isfinite(m));
    QVERIFY(m <= values[4] && m >= values[5]);
    QCOMPARE(bs::Summarizer::median({-DBL_MAX, DBL_MAX}), 0.0);
    QCOMPARE(bs::Summarizer::median({1, 2}), 1.5);
    // Read from a capture, too.
    std::string text = validCapture();
    for (const char *rps : {"\"rps\": 100,", "\"rps\": 120,", "\"rps\": 110,"})
        text = replaced(text, rps, "\"rps\": 1.7976931348623157e308,");
    bs::LoadError error;
    auto c = bs::CaptureLoader::loadBytes(text, "in.json", error);
    QVERIFY2(c, error.toString().c_str());
    QVERIFY(std::isfinite(c->results[0].summary.at("rps").median));
}

void TestStatsOverflow::diffNeverShowsInfinity_data()
{
    QTest::addColumn<double>("before");
    QTest::addColumn<double>("beforeStep");
    QTest::addColumn<double>("after");
    QTest::addColumn<double>("afterStep");
    QTest::addColumn<bool>("ratio");
    QTest::newRow("both near DBL_MAX") << DBL_MAX << 1e300 << DBL_MAX / 2 << 1e300 << true;
    QTest::newRow("tiny to DBL_MAX") << 1e-300 << 1e-302 << DBL_MAX << 1e300 << false;
    QTest::newRow("DBL_MAX to tiny") << DBL_MAX << 1e300 << 1e-300 << 1e-302 << false;
    QTest::newRow("subnormal to one") << 1e-310 << 1e-312 << 1.0 << 0.01 << false;
}

void TestStatsOverflow::diffNeverShowsInfinity()
{
    QFETCH(double, before);
    QFETCH(double, beforeStep);
    QFETCH(double, after);
    QFETCH(double, afterStep);
    QFETCH(bool, ratio);
    const bs::Capture b = withValues(before, beforeStep);
    const bs::Capture a = withValues(after, afterStep);
    const bs::CaptureDiff diff = bs::CaptureDiff::compare(b, a, {});
    int cells = 0;
    for (const bs::DiffCell &cell : diff.cells()) {
        if (!cell.before || !cell.after)
            continue;
        ++cells;
        QVERIFY(std::isfinite(cell.before->median) && std::isfinite(cell.after->median));
        QCOMPARE(cell.ratio.has_value(), ratio);
        if (cell.ratio)
            QVERIFY(std::isfinite(*cell.ratio) && *cell.ratio > 0);
        if (cell.deltaPct)
            QVERIFY(std::isfinite(*cell.deltaPct));
        QVERIFY(cell.p && *cell.p >= 0 && *cell.p <= 1);
    }
    QVERIFY(cells > 0);
    const bs::DiffSummary s = diff.summary("rps");
    QVERIFY(std::isfinite(s.overall.ratio));
    const std::string sentence = s.sentence(s.overall);
    QVERIFY2(finiteText(sentence), sentence.c_str());
}

void TestStatsOverflow::mannWhitneyNearDblMax()
{
    std::vector<double> a, b;
    for (int i = 0; i < 10; ++i) {
        a.push_back(DBL_MAX - i * 1e300);
        b.push_back(-DBL_MAX + i * 1e300);
    }
    const bs::MannWhitneyResult r = bs::MannWhitney::test(a, b);
    QVERIFY(std::isfinite(r.p) && r.p > 0 && r.p < 0.001);
    QVERIFY(std::isfinite(r.u));
}

void TestStatsOverflow::hugeNumbersAreShownWhole()
{
    // DBL_MAX has 309 digits: all of them shown, none cut off by a buffer.
    const std::string s = bs::UnitFormat::plain(DBL_MAX);
    QCOMPARE(s.size(), std::size_t(309 + 102));
    QVERIFY(s.rfind("179,769,313,486,231,570,", 0) == 0);
    QCOMPARE(bs::UnitFormat::plain(-1e300).size(), std::size_t(1 + 301 + 100));
}

QTEST_GUILESS_MAIN(TestStatsOverflow)
#include "tst_statsoverflow.moc"
