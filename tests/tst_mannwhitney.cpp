// Two-sided Mann–Whitney U: exact p against published tables (and, for
// ties, against a by-hand enumeration of all splits), the normal
// approximation against the formula, and the smallest reachable p.
#include "mannwhitney.h"

#include <QtTest>

#include <cmath>

using Values = QList<double>;

class TstMannWhitney : public QObject {
    Q_OBJECT

private slots:
    void exactAndApproximate_data();
    void exactAndApproximate();
    void minimumP_data();
    void minimumP();
    void emptySample();
};

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

QTEST_GUILESS_MAIN(TstMannWhitney)
#include "tst_mannwhitney.moc"
