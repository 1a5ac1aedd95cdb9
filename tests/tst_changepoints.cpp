// Change points on planted histories generated here with a fixed seed:
// pure noise gives none (per series and overall), an outlier run gives
// none, outlier runs clustered in a few revisions (at the start, in the
// middle, at the end) give none, a step is found at its revision ±1, and on a mixed history steps
// of 8% or more are found (recall ≥ 0.9) and few found are false
// (precision ≥ 0.95). Also the pieces: PELT, Benjamini–Hochberg and the
// Hodges–Lehmann interval on small cases worked by hand.
#include "benjaminihochberg.h"
#include "history.h"
#include "hodgeslehmann.h"
#include "pelt.h"
#include "plantedhistory.h"

#include <QtTest>

#include <cmath>
#include <memory>
#include <random>

using namespace planted;

class TstChangePoints : public QObject {
    Q_OBJECT
private slots:
    void peltFindsTheMeanChanges()
    {
        const std::vector<double> x = {0, 0.1, -0.1, 0, 5, 5.1, 4.9, 5, 5, 1, 1.1, 0.9};
        QCOMPARE(bs::Pelt::changes(x, 1.0, 1), (std::vector<std::size_t>{4, 9}));
        QCOMPARE(bs::Pelt::changes(x, 1.0, 3), (std::vector<std::size_t>{4, 9}));
        // A penalty above what either change saves: none.
        QVERIFY(bs::Pelt::changes(x, 1000.0, 1).empty());
        QVERIFY(bs::Pelt::changes({1.0}, 0.1, 1).empty());
        QVERIFY(bs::Pelt::changes(std::vector<double>(50, 3.0), 1e-9, 1).empty());
        // One value far off: a segment of its own only when segments of one may be.
        const std::vector<double> blip = {0, 0.1, -0.1, 0, 9, 0, 0.1, -0.1, 0.05, 0};
        QCOMPARE(bs::Pelt::changes(blip, 1.0, 1), (std::vector<std::size_t>{4, 5}));
        QVERIFY(bs::Pelt::changes(blip, 1.0, 2).size() != 2 || bs::Pelt::changes(blip, 1.0, 2)[1] - bs::Pelt::changes(blip, 1.0, 2)[0] >= 2);
        QCOMPARE(bs::Pelt::changes({0, 0, 5, 5}, 0.1, 2), (std::vector<std::size_t>{2}));
        QVERIFY(bs::Pelt::changes({0, 0, 5}, 0.1, 2).empty());
    }

    void benjaminiHochbergAdjusts()
    {
        // By hand: sorted 0.01, 0.02, 0.03, 0.5 (m = 4): 0.04, 0.04, 0.04, 0.5.
        const std::vector<double> adj = bs::BenjaminiHochberg::adjust({0.03, 0.5, 0.01, 0.02});
        QCOMPARE(adj.size(), std::size_t(4));
        QVERIFY(std::fabs(adj[0] - 0.04) < 1e-12);
        QVERIFY(std::fabs(adj[1] - 0.5) < 1e-12);
        QVERIFY(std::fabs(adj[2] - 0.04) < 1e-12);
        QVERIFY(std::fabs(adj[3] - 0.04) < 1e-12);
        QVERIFY(bs::BenjaminiHochberg::adjust({}).empty());
        QCOMPARE(bs::BenjaminiHochberg::adjust({0.9, 0.8}), (std::vector<double>{0.9, 0.9}));
    }

    void hodgesLehmannShiftAndInterval()
    {
        // Differences of {1,2,3} and {11,12,13}: 8..12, median 10; n = 3 vs 3
        // cannot reach 95% (minimum p = 0.1): the interval is every difference.
        const bs::HodgesLehmannResult small = bs::HodgesLehmann::estimate({1, 2, 3}, {11, 12, 13}, 0.95);
        QCOMPARE(small.shift, 10.0);
        QCOMPARE(small.low, 8.0);
        QCOMPARE(small.high, 12.0);
        // Hollander & Wolfe's table: n = m = 10 at 95% cuts C = 24 differences each side
        // (P(U <= 23) = 0.0216, P(U <= 24) = 0.0262 > 0.025).
        QCOMPARE(bs::HodgesLehmann::cut(10, 10, 0.95), std::size_t(24));
        std::vector<double> a, b;
        for (int i = 0; i < 10; ++i) {
            a.push_back(i);
            b.push_back(i + 100);
        }
        const bs::HodgesLehmannResult r = bs::HodgesLehmann::estimate(a, b, 0.95);
        QCOMPARE(r.shift, 100.0);
        QVERIFY(r.low < 100 && r.low > 90 && r.high > 100 && r.high < 110);
        QVERIFY(std::fabs((100 - r.low) - (r.high - 100)) < 1e-9); // symmetric samples, symmetric interval
        // One outlier does not move it.
        b.back() = 1e6;
        QCOMPARE(bs::HodgesLehmann::estimate(a, b, 0.95).shift, 100.0);
    }

    void pureNoiseGivesNone_data()
    {
        QTest::addColumn<double>("cv");
        QTest::addColumn<double>("outliers");
        QTest::addColumn<unsigned>("seed");
        QTest::newRow("cv 1%") << 0.01 << 0.0 << 11u;
        QTest::newRow("cv 3%, 1 in 20 runs x1.5") << 0.03 << 0.05 << 12u;
        QTest::newRow("cv 5%, 1 in 20 runs x1.5") << 0.05 << 0.05 << 13u;
        QTest::newRow("cv 5%, another seed") << 0.05 << 0.05 << 14u;
    }

    void pureNoiseGivesNone()
    {
        QFETCH(double, cv);
        QFETCH(double, outliers);
        QFETCH(unsigned, seed);
        Plan plan;
        plan.cv = {cv};
        plan.outlierShare = outliers;
        const Planted h(plan, seed);
        for (std::size_t s = 0; s < plan.series; ++s)
            QVERIFY2(h.found(s).empty(), qPrintable(QStringLiteral("case c%1").arg(s)));
        QCOMPARE(changePointCount(*h.history), std::size_t(0));
    }

    void anOutlierRunMakesNone()
    {
        // Quiet runs (CV 1%), one run in twenty ×1.5: the medians do not move.
        Plan plan;
        plan.revisions = 60;
        plan.series = 4;
        plan.cv = {0.01};
        plan.outlierShare = 0.05;
        const Planted h(plan, 21);
        QCOMPARE(changePointCount(*h.history), std::size_t(0));
        for (const bs::HistorySeries &s : h.history->series())
            QCOMPARE(s.segments.size(), std::size_t(1)); // nothing to cut at all
    }

    void clusteredOutlierRunsMakeNone_data()
    {
        QTest::addColumn<std::size_t>("first");
        QTest::addColumn<std::size_t>("revisions");
        QTest::addColumn<std::size_t>("runs");
        QTest::addColumn<unsigned>("seed");
        QTest::newRow("end: last 4 revisions, 2 of 5 runs") << std::size_t(296) << std::size_t(4) << std::size_t(2) << 51u;
        QTest::newRow("end: last 6 revisions, 2 of 5 runs") << std::size_t(294) << std::size_t(6) << std::size_t(2) << 52u;
        QTest::newRow("end: last 10 revisions, 2 of 5 runs") << std::size_t(290) << std::size_t(10) << std::size_t(2) << 53u;
        QTest::newRow("end: last 8 revisions, 1 of 5 runs") << std::size_t(292) << std::size_t(8) << std::size_t(1) << 54u;
        QTest::newRow("start: first 6 revisions, 2 of 5 runs") << std::size_t(0) << std::size_t(6) << std::size_t(2) << 55u;
        QTest::newRow("start: first 10 revisions, 2 of 5 runs") << std::size_t(0) << std::size_t(10) << std::size_t(2) << 56u;
        QTest::newRow("middle: 6 revisions, 2 of 5 runs") << std::size_t(150) << std::size_t(6) << std::size_t(2) << 57u;
        QTest::newRow("middle: 10 revisions, 2 of 5 runs") << std::size_t(150) << std::size_t(10) << std::size_t(2) << 58u;
    }

    void clusteredOutlierRunsMakeNone()
    {
        // Outlier runs (×1.5) put together in a few successive revisions, a
        // minority of each revision's runs, in every series at CV 1%, 3%
        // and 5% besides one run in twenty ×1.5 at random elsewhere: they
        // lift those revisions' medians and pooled runs as a step would
        // (without setting them aside, PELT cut segments around them), but
        // the other runs did not move, so no change point and no segment.
        QFETCH(std::size_t, first);
        QFETCH(std::size_t, revisions);
        QFETCH(std::size_t, runs);
        QFETCH(unsigned, seed);
        Plan plan;
        plan.series = 12;
        plan.cv = {0.01, 0.03, 0.05};
        plan.outlierShare = 0.05;
        for (std::size_t s = 0; s < plan.series; ++s)
            plan.clusters.push_back({s, first, revisions, runs});
        const Planted h(plan, seed);
        for (std::size_t s = 0; s < plan.series; ++s)
            QVERIFY2(h.found(s).empty(), qPrintable(QStringLiteral("case c%1 (cv %2%): a change point at r%3")
                                                        .arg(s)
                                                        .arg(plan.cv[s % plan.cv.size()] * 100)
                                                        .arg(h.found(s).empty() ? 0 : h.found(s)[0] + 1)));
        // Nor a segment of the cluster's revisions: the outlier runs are set
        // aside, not their revisions, which still count with their other runs.
        // (A segment of one revision is judged by its runs alone: loneOutlier.)
        for (const bs::HistorySeries &s : h.history->series())
            for (std::size_t k = 1; k < s.segments.size(); ++k)
                QVERIFY2(s.segments[k].revisions == 1 || s.segments[k - 1].revisions == 1 ||s.segments[k].first + 1 < first || s.segments[k].first > first + revisions + 1,
                         qPrintable(QStringLiteral("%1: a segment from r%2").arg(QString::fromStdString(s.caseId))
                                        .arg(s.segments[k].first + 1)));
    }

    void aStepIsFoundAtItsRevision_data()
    {
        QTest::addColumn<std::size_t>("at");
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("cv");
        QTest::newRow("+10% at 137, cv 3%") << std::size_t(137) << 1.10 << 0.03;
        QTest::newRow("-8% at 40, cv 3%") << std::size_t(40) << 0.92 << 0.03;
        QTest::newRow("+50% at 290, cv 5%") << std::size_t(290) << 1.5 << 0.05;
        QTest::newRow("+6% at 200, cv 1%") << std::size_t(200) << 1.06 << 0.01;
    }

    void aStepIsFoundAtItsRevision()
    {
        QFETCH(std::size_t, at);
        QFETCH(double, factor);
        QFETCH(double, cv);
        Plan plan;
        plan.series = 3;
        plan.cv = {cv};
        plan.outlierShare = 0.05;
        plan.steps = {{1, at, factor}};
        const Planted h(plan, 31);
        QVERIFY(h.found(0).empty());
        QVERIFY(h.found(2).empty());
        const std::vector<std::size_t> found = h.found(1);
        QCOMPARE(found.size(), std::size_t(1));
        QVERIFY2(found[0] + 1 >= at && found[0] <= at + 1, qPrintable(QString::number(found[0])));
        const bs::HistorySeries &s = *h.history->find("wall", "p", "c1");
        const bs::HistoryStep *cp = nullptr;
        for (const bs::HistoryStep &st : s.steps)
            if (st.isChangePoint())
                cp = &st;
        QCOMPARE(cp->outcome, factor > 1 ? bs::StepOutcome::Worse : bs::StepOutcome::Better);
        // The interval holds the planted change; the words say it all.
        const double planted = (factor - 1) * 100;
        QVERIFY2(cp->shift->lowPct <= planted + 1 && planted - 1 <= cp->shift->highPct, cp->reason.c_str());
        QVERIFY(cp->pAdjusted && *cp->pAdjusted <= 0.05);
        QVERIFY2(cp->reason.rfind(std::string(factor > 1 ? "worse" : "better") + " from r", 0) == 0, cp->reason.c_str());
        QVERIFY2(cp->reason.find("(BH-adjusted)") != std::string::npos, cp->reason.c_str());
        QCOMPARE(cp->provisional, plan.revisions - at < 3);
        // Two segments, drawn at their levels.
        QCOMPARE(s.segments.size(), std::size_t(2));
        QVERIFY(std::fabs(s.segments[1].level / s.segments[0].level - factor) < 0.02);
    }

    void mixedHistoryRecallAndPrecision()
    {
        // 48 series at CV 1%, 3%, 5% with outliers; 40 steps of 3–50% at
        // random revisions (at least 15 apart and from either end).
        Plan plan;
        plan.series = 48;
        plan.cv = {0.01, 0.03, 0.05};
        plan.outlierShare = 0.05;
        Noise pick(41);
        while (plan.steps.size() < 40) {
            const std::size_t s = std::size_t(pick.uniform() * double(plan.series));
            const std::size_t at = 15 + std::size_t(pick.uniform() * double(plan.revisions - 30));
            const double size = 0.03 + pick.uniform() * 0.47;
            bool apart = true;
            for (const Step &o : plan.steps)
                apart = apart && (o.series != s || (o.at > at ? o.at - at : at - o.at) >= 15);
            if (apart)
                plan.steps.push_back({s, at, pick.uniform() < 0.5 ? 1 + size : 1 / (1 + size)});
        }
        const Planted h(plan, 42);
        std::size_t found = 0, right = 0, big = 0, bigFound = 0;
        for (std::size_t s = 0; s < plan.series; ++s) {
            const std::vector<std::size_t> at = h.found(s);
            found += at.size();
            for (std::size_t f : at) {
                const bool planted = std::any_of(plan.steps.begin(), plan.steps.end(), [&](const Step &st) {
                    return st.series == s && f + 1 >= st.at && f <= st.at + 1;
                });
                right += planted ? 1 : 0;
            }
        }
        for (const Step &st : plan.steps) {
            if (std::fabs(std::log(st.factor)) < std::log(1.08))
                continue;
            ++big;
            const std::vector<std::size_t> at = h.found(st.series);
            bigFound += std::any_of(at.begin(), at.end(), [&](std::size_t f) { return f + 1 >= st.at && f <= st.at + 1; });
        }
        const double precision = double(right) / double(std::max<std::size_t>(found, 1));
        const double recall = double(bigFound) / double(big);
        qInfo("found %zu, right %zu (precision %.3f); steps >= 8%%: %zu of %zu (recall %.3f)", found, right, precision,
              bigFound, big, recall);
        QVERIFY(big >= 25);
        QVERIFY2(precision >= 0.95, qPrintable(QString::number(precision)));
        QVERIFY2(recall >= 0.9, qPrintable(QString::number(recall)));
    }
};

QTEST_GUILESS_MAIN(TstChangePoints)
#include "tst_changepoints.moc"
