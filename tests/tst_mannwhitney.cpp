// Two-sided Mann–Whitney U: exact p against published tables (and, for
// ties, against a by-hand enumeration of all splits), the normal
// approximation against the formula, and the smallest reachable p. Exact p
// against scipy's figures, and the cached no-ties distribution against the
// direct dynamic programming and a brute-force count of all splits.
#include "mannwhitney.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

using Values = QList<double>;

class TstMannWhitney : public QObject {
    Q_OBJECT

private slots:
    void exactAndApproximate_data();
    void exactAndApproximate();
    void minimumP_data();
    void minimumP();
    void emptySample();
    void scipyExact_data();
    void scipyExact();
    void cachedAgreesWithDynamicProgramming();
    void cachedFromSeveralThreads();
    void agreesWithAllSplits();
    void uAndTiesOfLargerSamples();
};

namespace {

// The doubled ranks of a sample of n1 + n2 distinct values: 2, 4, …, 2N.
std::vector<long> distinctDoubledRanks(std::size_t n)
{
    std::vector<long> doubled(n);
    for (std::size_t i = 0; i < n; ++i)
        doubled[i] = long(2 * (i + 1));
    return doubled;
}

// exactP over distinct ranks for the U value u: the first sample holds the
// u + n1(n1+1)/2 rank sum, here doubled.
double directP(std::size_t n1, std::size_t n2, std::size_t u)
{
    return bs::MannWhitney::exactP(distinctDoubledRanks(n1 + n2), n1, long(2 * u + n1 * (n1 + 1)));
}

// Whether the cached figure equals the direct one exactly (QCOMPARE on
// doubles would allow a near one); prints both when not.
bool sameP(std::size_t n1, std::size_t n2, std::size_t u)
{
    const double cached = bs::MannWhitney::exactPWithoutTies(n1, n2, u), direct = directP(n1, n2, u);
    if (cached != direct)
        qWarning("%zu vs %zu, U = %zu: cached p = %.17g, direct %.17g", n1, n2, u, cached, direct);
    return cached == direct;
}

// U of a against b (ties count one half), counted pair by pair.
double pairsU(const std::vector<double> &a, const std::vector<double> &b)
{
    double u = 0;
    for (double x : a)
        for (double y : b)
            u += x > y ? 1 : (x == y ? 0.5 : 0);
    return u;
}

// The two-sided exact p by trying every way to split the pooled values into
// n1 and n2: 2·min(#(U <= u), #(U >= u)) / C(N, n1).
double allSplitsP(const std::vector<double> &a, const std::vector<double> &b)
{
    std::vector<double> pooled(a);
    pooled.insert(pooled.end(), b.begin(), b.end());
    const double u = pairsU(a, b);
    double atMost = 0, atLeast = 0, total = 0;
    for (std::uint32_t mask = 0; mask < (1u << pooled.size()); ++mask) {
        std::vector<double> x, y;
        for (std::size_t i = 0; i < pooled.size(); ++i)
            ((mask >> i) & 1u ? x : y).push_back(pooled[i]);
        if (x.size() != a.size())
            continue;
        const double v = pairsU(x, y);
        total += 1;
        atMost += v <= u ? 1 : 0;
        atLeast += v >= u ? 1 : 0;
    }
    return std::min(1.0, 2 * std::min(atMost, atLeast) / total);
}

} // namespace

void TstMannWhitney::exactAndApproximate_data()
{
    QTest::addColumn<Values>("a");
    QTest::addColumn<Values>("b");
    QTest::addColumn<double>("u");
    QTest::addColumn<double>("p");
    QTest::addColumn<bool>("exact");
    QTest::addColumn<bool>("ties");

    // Fully separated samples reach the smallest p: 2 / C(n1+n2, n1).
    QTest::newRow("five vs five fully separated: 2/252")
        << Values{1, 2, 3, 4, 5} << Values{6, 7, 8, 9, 10} << 0.0 << 2.0 / 252 << true << false;
    QTest::newRow("the same, the other way round: U = n1·n2, same p")
        << Values{6, 7, 8, 9, 10} << Values{1, 2, 3, 4, 5} << 25.0 << 2.0 / 252 << true << false;
    QTest::newRow("three vs three fully separated: 0.1")
        << Values{1, 2, 3} << Values{4, 5, 6} << 0.0 << 0.1 << true << false;
    QTest::newRow("four vs five fully separated: 2/126")
        << Values{1, 2, 3, 4} << Values{5, 6, 7, 8, 9} << 0.0 << 2.0 / 126 << true << false;
    // Table for n1 = n2 = 5: P(U <= 2) = (1 + 1 + 2) / 252.
    QTest::newRow("five vs five, U = 2: 8/252")
        << Values{1, 2, 3, 4, 7} << Values{5, 6, 8, 9, 10} << 2.0 << 8.0 / 252 << true << false;
    // Table for n1 = n2 = 4: P(U <= 6) = 24 / 70.
    QTest::newRow("four vs four interleaved, U = 6: 48/70")
        << Values{1, 3, 5, 7} << Values{2, 4, 6, 8} << 6.0 << 48.0 / 70 << true << false;
    QTest::newRow("one vs one: p = 1") << Values{1} << Values{2} << 0.0 << 1.0 << true << false;
    QTest::newRow("identical samples: U = n1·n2/2, p = 1")
        << Values{1, 2, 3, 4, 5} << Values{1, 2, 3, 4, 5} << 12.5 << 1.0 << true << true;
    QTest::newRow("every value equal: p = 1")
        << Values{5, 5, 5} << Values{5, 5, 5, 5} << 6.0 << 1.0 << true << true;
    // With ties: exact permutation distribution of the mid-rank sums,
    // counted by hand over all C(10,5) = 252 and C(9,4) = 126 splits.
    QTest::newRow("ties across the samples: 10/252")
        << Values{1, 2, 2, 3, 4} << Values{3, 4, 5, 5, 6} << 2.0 << 10.0 / 252 << true << true;
    QTest::newRow("ties, unequal n: 8/126")
        << Values{10, 12, 12, 14} << Values{12, 15, 16, 16, 18} << 2.0 << 8.0 / 126 << true << true;
    QTest::newRow("ranges touching at one value: 4/252")
        << Values{1, 2, 3, 4, 5} << Values{5, 6, 7, 8, 9} << 0.5 << 4.0 / 252 << true << true;

    // Normal approximation, continuity corrected: 30 vs 30 without ties,
    // U = 190, mean 450, variance 30·30·61/12 = 4575.
    Values a, b, c, d;
    for (int i = 0; i < 30; ++i) {
        a << i;
        b << i + 10.5;
    }
    QTest::newRow("thirty vs thirty: normal approximation")
        << a << b << 190.0 << std::erfc((260 - 0.5) / std::sqrt(4575.0) / std::sqrt(2.0)) << false << false;
    // 15 vs 15 in pairs of equal values (N = 30 > 20 with ties): U = 41,
    // tie correction Σ(t³−t) over the pooled groups.
    for (int i = 0; i < 15; ++i) {
        c << i / 2;
        d << i / 2 + 3;
    }
    QTest::newRow("fifteen vs fifteen with ties: approximation with tie correction")
        << c << d << 41.0 << 0.0030651585508770854 << false << true;
}

void TstMannWhitney::exactAndApproximate()
{
    QFETCH(Values, a);
    QFETCH(Values, b);
    QFETCH(double, u);
    QFETCH(double, p);
    QFETCH(bool, exact);
    QFETCH(bool, ties);
    const bs::MannWhitneyResult r = bs::MannWhitney::test({a.begin(), a.end()}, {b.begin(), b.end()});
    QCOMPARE(r.n1, std::size_t(a.size()));
    QCOMPARE(r.n2, std::size_t(b.size()));
    QCOMPARE(r.u, u);
    QVERIFY2(std::fabs(r.p - p) < 1e-9, qPrintable(QStringLiteral("p = %1, expected %2").arg(r.p, 0, 'g', 12).arg(p, 0, 'g', 12)));
    QCOMPARE(r.exact, exact);
    QCOMPARE(r.ties, ties);
    QVERIFY(r.p >= r.minimumP - 1e-12);
}

void TstMannWhitney::minimumP_data()
{
    QTest::addColumn<int>("n1");
    QTest::addColumn<int>("n2");
    QTest::addColumn<double>("minimum");
    QTest::newRow("1 vs 1: no test possible") << 1 << 1 << 1.0;
    QTest::newRow("2 vs 2: 2/6") << 2 << 2 << 2.0 / 6;
    QTest::newRow("3 vs 3: 0.1, cannot reach 0.05") << 3 << 3 << 0.1;
    QTest::newRow("3 vs 4: 2/35, still above 0.05") << 3 << 4 << 2.0 / 35;
    QTest::newRow("4 vs 4: 2/70, below 0.05") << 4 << 4 << 2.0 / 70;
    QTest::newRow("5 vs 5: 2/252") << 5 << 5 << 2.0 / 252;
    QTest::newRow("10 vs 10: 2/184756") << 10 << 10 << 2.0 / 184756;
    QTest::newRow("an empty side: 1") << 0 << 5 << 1.0;
}

void TstMannWhitney::minimumP()
{
    QFETCH(int, n1);
    QFETCH(int, n2);
    QFETCH(double, minimum);
    QVERIFY(std::fabs(bs::MannWhitney::minimumP(std::size_t(n1), std::size_t(n2)) - minimum) < 1e-12);
    QVERIFY(std::fabs(bs::MannWhitney::minimumP(std::size_t(n2), std::size_t(n1)) - minimum) < 1e-12);
}

void TstMannWhitney::emptySample()
{
    const bs::MannWhitneyResult r = bs::MannWhitney::test({}, {1, 2, 3});
    QCOMPARE(r.p, 1.0);
    QCOMPARE(r.minimumP, 1.0);
}

void TstMannWhitney::scipyExact_data()
{
    QTest::addColumn<Values>("a");
    QTest::addColumn<Values>("b");
    QTest::addColumn<double>("u");
    QTest::addColumn<double>("p");
    // scipy 1.10.1 (Debian python3-scipy), run here:
    // scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method='exact')
    // gives statistic (U of a) and pvalue as below.
    QTest::newRow("6 vs 7") << Values{1.1, 2.3, 3.2, 4.8, 7.5, 9.0} << Values{2.0, 5.1, 6.4, 8.2, 10.3, 11.7, 12.9}
                            << 10.0 << 0.13752913752913754;
    QTest::newRow("5 vs 8") << Values{3, 8, 12, 17, 20} << Values{1, 5, 6, 9, 10, 14, 15, 19} << 24.0
                            << 0.6216006216006216;
    QTest::newRow("8 vs 8") << Values{10.2, 11.5, 9.8, 12.1, 10.9, 11.1, 13.4, 9.5}
                            << Values{12.8, 13.9, 11.8, 14.2, 12.5, 15.1, 13.1, 14.7} << 5.0 << 0.0029526029526029526;
    QTest::newRow("7 vs 9") << Values{0.51, 0.47, 0.55, 0.49, 0.53, 0.50, 0.52}
                            << Values{0.48, 0.46, 0.45, 0.44, 0.54, 0.43, 0.42, 0.41, 0.40} << 56.0
                            << 0.007867132867132868;
    QTest::newRow("12 vs 18") << Values{1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144}
                              << Values{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61} << 137.0
                              << 0.23159793151428915;
}

void TstMannWhitney::scipyExact()
{
    QFETCH(Values, a);
    QFETCH(Values, b);
    QFETCH(double, u);
    QFETCH(double, p);
    const bs::MannWhitneyResult r = bs::MannWhitney::test({a.begin(), a.end()}, {b.begin(), b.end()});
    QVERIFY(r.exact);
    QVERIFY(!r.ties);
    QCOMPARE(r.u, u);
    QVERIFY2(std::fabs(r.p - p) <= 1e-13 * p, qPrintable(QStringLiteral("p = %1, scipy %2").arg(r.p, 0, 'g', 17).arg(p, 0, 'g', 17)));
}

// The cached distribution must give the very same p (not just a near one) as
// the dynamic programming it replaced: every U for small sizes, a few U up to
// the exact limit.
void TstMannWhitney::cachedAgreesWithDynamicProgramming()
{
    for (std::size_t n1 = 1; n1 <= 10; ++n1)
        for (std::size_t n2 = 1; n2 <= 10; ++n2)
            for (std::size_t u = 0; u <= n1 * n2; ++u)
                QVERIFY(sameP(n1, n2, u));
    const std::pair<std::size_t, std::size_t> large[] = {{25, 25}, {1, 49}, {20, 30}, {30, 20}, {17, 33}, {5, 45}};
    for (const auto &[n1, n2] : large)
        for (std::size_t u : {std::size_t(0), std::size_t(1), n1 * n2 / 4, n1 * n2 / 2, n1 * n2 - 1, n1 * n2})
            QVERIFY(sameP(n1, n2, u));
}

// Threads filling the cache at once each read the right figures.
void TstMannWhitney::cachedFromSeveralThreads()
{
    std::vector<int> wrong(4, 0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < wrong.size(); ++t)
        threads.emplace_back([t, &wrong] {
            for (std::size_t n1 = 11; n1 <= 16; ++n1)
                for (std::size_t n2 = 11 + t % 2; n2 <= 16; ++n2)
                    wrong[t] += !sameP(n1, n2, n1 * n2 / 3);
        });
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(wrong, std::vector<int>(4, 0));
}

// test() against a brute-force count over every split, with distinct values
// (the cached path) and with ties from few distinct values (the dynamic
// programming over mid-ranks).
void TstMannWhitney::agreesWithAllSplits()
{
    std::mt19937 rng(7);
    for (int levels : {1000000, 4, 2})
        for (std::size_t n1 = 1; n1 <= 7; ++n1)
            for (std::size_t n2 = 1; n2 <= 7; ++n2) {
                std::vector<double> a(n1), b(n2);
                for (double &v : a)
                    v = double(rng() % unsigned(levels));
                for (double &v : b)
                    v = double(rng() % unsigned(levels)) + 0.5 * double(levels > 2);
                const bs::MannWhitneyResult r = bs::MannWhitney::test(a, b);
                const double expected = allSplitsP(a, b);
                QCOMPARE(r.u, pairsU(a, b));
                QVERIFY2(std::fabs(r.p - expected) < 1e-12,
                         qPrintable(QStringLiteral("%1 vs %2, %3 levels: p = %4, all splits %5")
                                        .arg(n1).arg(n2).arg(levels).arg(r.p, 0, 'g', 17).arg(expected, 0, 'g', 17)));
            }
}

// U and whether there are ties, read off the sorted samples in one merge,
// against counting every pair, past the exact limits too (the normal
// approximation's U), in any order of the values.
void TstMannWhitney::uAndTiesOfLargerSamples()
{
    std::mt19937 rng(11);
    for (int levels : {1000000, 50, 3})
        for (std::size_t n1 : {1, 9, 24, 40})
            for (std::size_t n2 : {1, 13, 30}) {
                std::vector<double> a(n1), b(n2);
                for (double &v : a)
                    v = double(rng() % unsigned(levels));
                for (double &v : b)
                    v = double(rng() % unsigned(levels));
                std::vector<double> pooled(a);
                pooled.insert(pooled.end(), b.begin(), b.end());
                std::sort(pooled.begin(), pooled.end());
                const bool ties = std::adjacent_find(pooled.begin(), pooled.end()) != pooled.end();
                const bs::MannWhitneyResult r = bs::MannWhitney::test(a, b);
                QCOMPARE(r.u, pairsU(a, b));
                QCOMPARE(r.ties, ties);
                std::sort(a.begin(), a.end());
                std::sort(b.begin(), b.end());
                const bs::MannWhitneyResult sorted = bs::MannWhitney::testSorted(a, b);
                QCOMPARE(sorted.u, r.u);
                QCOMPARE(sorted.p, r.p);
            }
}

QTEST_GUILESS_MAIN(TstMannWhitney)
#include "tst_mannwhitney.moc"
