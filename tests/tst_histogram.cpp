// Histogram layout, percentiles against an exact sort, merging.
#include "histogram.h"
#include "histogramrecorder.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using bs::Histogram;

class TestHistogram : public QObject {
    Q_OBJECT
private slots:
    void indexRoundTrip_data();
    void indexRoundTrip();
    void percentilesWithinPrecision_data();
    void percentilesWithinPrecision();
    void mergeAddsCounts();
    void recorderMatchesSparse();
    void largeValuesAreKept();
    void emptyHistogram();
    void packedBucketsKeepEveryBitOfTheirExtremes();
};

void TestHistogram::indexRoundTrip_data()
{
    QTest::addColumn<quint64>("value");
    QTest::newRow("zero") << quint64(0);
    QTest::newRow("one") << quint64(1);
    QTest::newRow("last exact value") << quint64(2047);
    QTest::newRow("first halved bucket") << quint64(2048);
    QTest::newRow("half a millisecond in ns") << quint64(535000);
    QTest::newRow("one second in ns") << quint64(1000000000);
    QTest::newRow("an hour in ns") << quint64(3600ULL * 1000000000ULL);
}

void TestHistogram::indexRoundTrip()
{
    QFETCH(quint64, value);
    const auto index = Histogram::indexFor(value);
    QVERIFY(Histogram::lowestEquivalent(index) <= value);
    QVERIFY(Histogram::highestEquivalent(index) >= value);
    // 3 significant digits: a bucket is at most 1/1024 of its values wide.
    const double width = double(Histogram::highestEquivalent(index) - Histogram::lowestEquivalent(index) + 1);
    QVERIFY(width <= std::max(1.0, double(value) / 1024.0 + 1));
}

void TestHistogram::percentilesWithinPrecision_data()
{
    QTest::addColumn<int>("distribution");
    QTest::newRow("uniform 0.1-10 ms") << 0;
    QTest::newRow("lognormal around 1 ms") << 1;
    QTest::newRow("bimodal with a 200 ms stall") << 2;
}

void TestHistogram::percentilesWithinPrecision()
{
    QFETCH(int, distribution);
    std::mt19937_64 rng(42 + distribution);
    std::vector<std::uint64_t> values;
    for (int i = 0; i < 100000; ++i) {
        double v = 0;
        if (distribution == 0)
            v = std::uniform_real_distribution<double>(1e5, 1e7)(rng);
        else if (distribution == 1)
            v = std::lognormal_distribution<double>(std::log(1e6), 0.5)(rng);
        else
            v = (i % 100 == 0) ? 2e8 : std::normal_distribution<double>(5e5, 5e4)(rng);
        values.push_back(std::uint64_t(std::max(1.0, v)));
    }
    // The sparse histogram from one (index, 1) pair per value, in the order
    // drawn: setBuckets sorts and merges them into what the recorder counts.
    std::vector<Histogram::Bucket> pairs;
    bs::HistogramRecorder rec;
    for (auto v : values) {
        pairs.emplace_back(Histogram::indexFor(v), 1);
        rec.record(v);
    }
    Histogram h;
    h.setBuckets(std::move(pairs));
    QCOMPARE(rec.toHistogram(), h);
    std::sort(values.begin(), values.end());
    for (double p : {1.0, 50.0, 90.0, 99.0, 99.9, 99.99, 100.0}) {
        const std::size_t rank = std::max<std::size_t>(1, std::size_t(std::ceil(p / 100.0 * values.size())));
        const double exact = double(values[rank - 1]);
        const double got = double(h.valueAtPercentile(p));
        QVERIFY2(std::fabs(got - exact) <= exact / 1024.0 + 1,
                 qPrintable(QStringLiteral("p%1: exact %2, histogram %3").arg(p).arg(exact).arg(got)));
    }
    QCOMPARE(h.totalCount(), std::uint64_t(values.size()));
}

void TestHistogram::mergeAddsCounts()
{
    bs::HistogramRecorder ra, rb;
    ra.record(100, 3);
    ra.record(5000, 1);
    rb.record(100, 2);
    rb.record(9000000, 4);
    Histogram a = ra.toHistogram(), b = rb.toHistogram();
    a.merge(b);
    QCOMPARE(a.totalCount(), std::uint64_t(10));
    QCOMPARE(a.buckets().size(), std::size_t(3));
    QCOMPARE(a.valueAtPercentile(50), std::uint64_t(100));
    QVERIFY(a.valueAtPercentile(100) >= 9000000);
}

void TestHistogram::recorderMatchesSparse()
{
    bs::HistogramRecorder a(1000), b(1000);
    a.record(10);
    b.record(10);
    b.record(20);
    a.add(b);
    QCOMPARE(a.totalCount(), std::uint64_t(3));
    const Histogram h = a.toHistogram();
    QCOMPARE(h.buckets().size(), std::size_t(2));
    QCOMPARE(h.buckets().front().second, std::uint64_t(2));
}

void TestHistogram::largeValuesAreKept()
{
    // Recorder sized for 1 ms, then a 30 s value: must grow, not drop.
    bs::HistogramRecorder rec(1000000);
    rec.record(30ULL * 1000000000ULL);
    const Histogram h = rec.toHistogram();
    QCOMPARE(h.totalCount(), std::uint64_t(1));
    QVERIFY(h.maxValue() >= 30ULL * 1000000000ULL);
}

void TestHistogram::packedBucketsKeepEveryBitOfTheirExtremes()
{
    // Steps of 1 and the widest, counts of 1 and 2^64 - 1: each varint length.
    const std::vector<Histogram::Bucket> buckets{{0, 1}, {1, UINT64_MAX}, {200, 128}, {16384, 1ULL << 35},
                                                 {Histogram::kMaxIndex, 2}};
    bs::PackedBuckets packed;
    for (const auto &[index, count] : buckets) {
        QVERIFY(packed.fits(index, count));
        packed.append(index, count);
    }
    QVERIFY(!packed.fits(Histogram::kMaxIndex, 1)); // not above the last
    QVERIFY(!packed.fits(Histogram::kMaxIndex + 1, 0)); // no zero count
    QCOMPARE(packed.size(), buckets.size());
    QCOMPARE(std::vector<Histogram::Bucket>(packed.begin(), packed.end()), buckets);
    QCOMPARE(packed.lastIndex(), Histogram::kMaxIndex);
    QVERIFY(packed.bytes() < buckets.size() * sizeof(Histogram::Bucket));
}

void TestHistogram::emptyHistogram()
{
    Histogram h;
    QVERIFY(h.isEmpty());
    QCOMPARE(h.valueAtPercentile(99), std::uint64_t(0));
    QCOMPARE(h.mean(), 0.0);
}

QTEST_GUILESS_MAIN(TestHistogram)
#include "tst_histogram.moc"
