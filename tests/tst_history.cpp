// The history of a suite: order of revisions, points per participant × case,
// and change points at the boundaries of the series' segments (a deliberate
// regression found, with its segments, shift and words; identical revisions
// never marked, small n said, the minimum change, a change at the end
// provisional, failed and flagged revisions not judged). Planted noisy
// histories: tst_changepoints.
#include "history.h"
#include "diffcaptures.h"

#include <QtTest>

#include <cmath>

#include <memory>

namespace {

// Wall times of one revision's three repetitions around `centre`: the same
// relative spread in every revision.
std::vector<double> around(double centre)
{
    return {centre * 0.99, centre, centre * 1.01};
}

// A history of gzip × text on "wall", one revision per centre, dated in order.
class Revisions {
public:
    explicit Revisions(const std::vector<double> &centres)
    {
        for (std::size_t i = 0; i < centres.size(); ++i)
            add(around(centres[i]));
    }

    bs::Capture &add(const std::vector<double> &wall, const std::vector<double> &throughput = {100, 100, 100})
    {
        auto c = std::make_unique<bs::Capture>(diffcaptures::suite());
        const std::string n = std::to_string(m_captures.size() + 1);
        c->revision = {"r" + n, "rev " + n, "2026-01-" + std::string(n.size() < 2 ? "0" : "") + n};
        c->capturedAt = c->revision.date + "T12:00:00Z";
        c->sourcePath = "rev" + n + ".json";
        diffcaptures::setResult(*c, "gzip", "text", {{"wall", wall}, {"throughput", throughput}});
        m_captures.push_back(std::move(c));
        return *m_captures.back();
    }

    bs::Capture &at(std::size_t i) { return *m_captures[i]; }

    std::vector<const bs::Capture *> pointers() const
    {
        std::vector<const bs::Capture *> list;
        for (const auto &c : m_captures)
            list.push_back(c.get());
        return list;
    }

    bs::History history(bs::History::Options options = {}) const
    {
        std::string error;
        auto h = bs::History::build(pointers(), options, error);
        if (!h)
            qFatal("history: %s", error.c_str());
        return *h;
    }

private:
    std::vector<std::unique_ptr<bs::Capture>> m_captures;
};

std::vector<const bs::HistoryStep *> changePoints(const bs::HistorySeries &s)
{
    std::vector<const bs::HistoryStep *> list;
    for (const bs::HistoryStep &st : s.steps)
        if (st.isChangePoint())
            list.push_back(&st);
    return list;
}

bool has(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

const bs::HistorySeries &wall(const bs::History &h)
{
    const bs::HistorySeries *s = h.find("wall", "gzip", "text");
    if (!s)
        qFatal("no wall series");
    return *s;
}

} // namespace

class TstHistory : public QObject {
    Q_OBJECT
private slots:
    void regressionIsFound()
    {
        // Wall time 40% up from revision 4 on: no single step of 3 vs 3
        // repetitions can show it, the runs of the two segments do.
        const bs::History h = Revisions({1.0, 1.0, 1.0, 1.4, 1.4, 1.4}).history();
        const bs::HistorySeries &s = wall(h);
        QCOMPARE(s.points.size(), std::size_t(6));
        const auto cps = changePoints(s);
        QCOMPARE(cps.size(), std::size_t(1));
        QCOMPARE(cps[0]->from, std::size_t(2));
        QCOMPARE(cps[0]->to, std::size_t(3));
        QCOMPARE(cps[0]->outcome, bs::StepOutcome::Worse);
        QVERIFY(!cps[0]->provisional);
        QCOMPARE(cps[0]->revisionsBefore, std::size_t(3));
        QCOMPARE(cps[0]->revisionsAfter, std::size_t(3));
        QVERIFY(cps[0]->cell->p && *cps[0]->cell->p <= 0.05);
        QCOMPARE(*cps[0]->pAdjusted, *cps[0]->cell->p); // the only boundary of the history
        QVERIFY(std::fabs(cps[0]->shift->pct - 40) < 1e-9); // every run ×1.4
        QVERIFY(cps[0]->shift->lowPct < 40 && cps[0]->shift->highPct > 40);
        QVERIFY2((cps[0]->reason.rfind("worse from rev 4 on: +40.0% [", 0) == 0), cps[0]->reason.c_str());
        QVERIFY2(has(cps[0]->reason, "(segments of 3 and 3 revisions, 9 vs 9 runs tested), p = "), cps[0]->reason.c_str());
        QVERIFY2(has(cps[0]->reason, "(BH-adjusted)"), cps[0]->reason.c_str());
        // Two segments at their levels, the spread of a flat one nil.
        QCOMPARE(s.segments.size(), std::size_t(2));
        QCOMPARE(s.segments[0].first, std::size_t(0));
        QCOMPARE(s.segments[0].last, std::size_t(2));
        QCOMPARE(s.segments[1].first, std::size_t(3));
        QCOMPARE(s.segments[1].revisions, std::size_t(3));
        QVERIFY(std::fabs(s.segments[1].level - 1.4) < 1e-9);
        QVERIFY(std::fabs(s.segments[0].high - s.segments[0].low) < 1e-9);
        // The Diff page of r3 → r4 alone (3 vs 3) cannot tell; the step says
        // so rather than disagree silently.
        QVERIFY2(has(cps[0]->reason, "; the two revisions alone (the Diff page) read ? too few samples (n=3 vs 3"),
                 cps[0]->reason.c_str());
        QCOMPARE(s.steps.size(), std::size_t(5));
    }

    void regressionAndFixAreBothFound()
    {
        // Worse at revision 3 and back, better than before, at revision 4:
        // the two steps cancel in a single split of the whole series.
        const bs::HistorySeries s = wall(Revisions({1.0, 1.0, 1.5, 0.7, 0.7, 0.7}).history());
        const auto cps = changePoints(s);
        QCOMPARE(cps.size(), std::size_t(2));
        QCOMPARE(cps[0]->to, std::size_t(2));
        QCOMPARE(cps[0]->outcome, bs::StepOutcome::Worse);
        QCOMPARE(cps[1]->to, std::size_t(3));
        QCOMPARE(cps[1]->outcome, bs::StepOutcome::Better);
    }

    void directionDecidesBetterOrWorse()
    {
        // Throughput (higher is better) down 40% is worse; wall unchanged.
        Revisions r({});
        for (int i = 0; i < 6; ++i)
            r.add(around(1.0), around(i < 3 ? 100 : 60));
        const bs::History h = r.history();
        QVERIFY(changePoints(wall(h)).empty());
        const bs::HistorySeries *t = h.find("throughput", "gzip", "text");
        QVERIFY(t);
        const auto cps = changePoints(*t);
        QCOMPARE(cps.size(), std::size_t(1));
        QCOMPARE(cps[0]->outcome, bs::StepOutcome::Worse);
        QCOMPARE(t->direction, bs::Direction::HigherIsBetter);
    }

    void identicalRevisionsAreNeverMarked()
    {
        // The same values in every revision, then the same set in a
        // different order each time.
        const bs::HistorySeries same = wall(Revisions(std::vector<double>(8, 1.0)).history());
        QVERIFY(changePoints(same).empty());
        for (const bs::HistoryStep &st : same.steps)
            QVERIFY2(st.outcome == bs::StepOutcome::NoChange || st.outcome == bs::StepOutcome::TooFewSamples,
                     st.reason.c_str());

        Revisions shuffled({});
        const std::vector<std::vector<double>> orders = {{1, 2, 3}, {3, 1, 2}, {2, 3, 1}, {1, 3, 2}, {3, 2, 1}, {2, 1, 3}};
        for (const auto &o : orders)
            shuffled.add(o);
        const bs::HistorySeries s = wall(shuffled.history());
        QVERIFY(changePoints(s).empty());
        QCOMPARE(s.steps.size(), std::size_t(5));
    }

    void singleStepOfThreeSaysSmallN()
    {
        const bs::HistorySeries s = wall(Revisions({1.0, 1.5}).history());
        QCOMPARE(s.steps.size(), std::size_t(1));
        QCOMPARE(s.steps[0].outcome, bs::StepOutcome::TooFewSamples);
        QVERIFY2(has(s.steps[0].reason, "n=3 vs 3 cannot reach p<0.05"), s.steps[0].reason.c_str());
        QVERIFY(!s.steps[0].pAdjusted); // no test of anything: not in the correction
        // Inside a segment, a step says so.
        const bs::HistorySeries flat = wall(Revisions({1.0, 1.0, 1.0}).history());
        QCOMPARE(flat.steps[1].outcome, bs::StepOutcome::NoChange);
        QCOMPARE(flat.steps[1].reason, std::string("inside a segment of 3 revisions"));
    }

    void changeAtTheEndIsProvisional()
    {
        // The last revision alone, every run of it 50% up.
        const bs::HistorySeries s = wall(Revisions({1.0, 1.0, 1.0, 1.0, 1.0, 1.5}).history());
        const auto cps = changePoints(s);
        QCOMPARE(cps.size(), std::size_t(1));
        QCOMPARE(cps[0]->to, std::size_t(5));
        QVERIFY(cps[0]->provisional);
        QVERIFY2(has(cps[0]->reason, "needs more revisions to confirm"),
                 cps[0]->reason.c_str());
    }

    void smallChangesAreNotAlerts()
    {
        // Established (ranges apart, many runs) but 2%: below the 5% default.
        Revisions r({});
        for (int i = 0; i < 8; ++i)
            r.add(i < 4 ? std::vector<double>{1.000, 1.001, 1.002, 1.003, 1.004}
                        : std::vector<double>{1.020, 1.021, 1.022, 1.023, 1.024});
        const bs::HistorySeries s = wall(r.history());
        QVERIFY(changePoints(s).empty());
        QCOMPARE(s.steps[3].outcome, bs::StepOutcome::BelowMinimum);
        QVERIFY2(has(s.steps[3].reason, "reaches below the minimum change of 5%"),
                 s.steps[3].reason.c_str());

        bs::History::Options options;
        options.changePoints.minChangePct = 1;
        const bs::History finer = r.history(options); // the change points point into it
        const auto cps = changePoints(wall(finer));
        QCOMPARE(cps.size(), std::size_t(1));
        QCOMPARE(cps[0]->to, std::size_t(4));
        QCOMPARE(cps[0]->outcome, bs::StepOutcome::Worse);
    }
    void orderIsByRevisionDateThenCaptureTime()
    {
        Revisions r({1.0, 1.1, 1.2, 1.3});
        r.at(0).revision.date = "2026-02-01"; // the newest revision, given first
        r.at(2).revision.date = "";           // dated by its capture time
        r.at(2).capturedAt = "2026-01-01T06:00:00Z";
        r.at(3).revision.date = "2026-01-01";
        r.at(3).capturedAt = "2026-01-01T09:00:00Z";
        const bs::History h = r.history();
        std::vector<std::size_t> inputs;
        for (const bs::HistoryRevision &rev : h.revisions())
            inputs.push_back(rev.input);
        // "2026-01-01" sorts before "2026-01-01T06:00:00Z" (compared as text).
        QCOMPARE(inputs, (std::vector<std::size_t>{3, 2, 1, 0}));
        QCOMPARE(h.revisions().front().revision.id, std::string("r4"));
        QCOMPARE(wall(h).points.front().value, 1.3);

        bs::History::Options user;
        user.order = {1, 0, 3, 2};
        const bs::History u = r.history(user);
        QCOMPARE(u.revisions()[0].revision.id, std::string("r2"));
        QCOMPARE(wall(u).points[0].value, 1.1);
        QCOMPARE(wall(u).points[3].value, 1.2);

        std::string error;
        user.order = {0, 0, 1, 2};
        QVERIFY(!bs::History::build(r.pointers(), user, error));
        QVERIFY2(has(error, "each of the 4 captures once"), error.c_str());
    }

    void pointsCarryRangeAndN()
    {
        Revisions r({});
        r.add({3.0, 1.0, 2.0, 5.0});
        const bs::HistoryPoint p = wall(r.history()).points[0];
        QCOMPARE(p.n, std::size_t(4));
        QCOMPARE(p.min, 1.0);
        QCOMPARE(p.max, 5.0);
        QCOMPARE(p.value, r.at(0).results[0].summary.at("wall").value);
        QVERIFY(p.usable());
    }

    void failedAndFlaggedRevisionsAreNotJudged()
    {
        Revisions r({1.0, 1.0, 1.0, 1.0, 1.4, 1.4, 1.4});
        diffcaptures::setResult(r.at(2), "gzip", "text", {}, bs::ResultStatus::ContractFailed, "wrong output");
        bs::Result &flagged = r.at(3).results[0];
        flagged.flags = {"failures"};
        flagged.reason = "12% of runs failed";
        const bs::HistorySeries s = wall(r.history());
        QCOMPARE(s.points[2].status, std::optional<bs::ResultStatus>(bs::ResultStatus::ContractFailed));
        QCOMPARE(s.points[2].problem, std::string("contract failed (wrong output)"));
        QVERIFY(s.points[3].flagged && s.points[3].hasValues() && !s.points[3].usable());
        QCOMPARE(s.points[3].problem, std::string("flagged: 12% of runs failed"));

        auto step = [&](std::size_t from, std::size_t to) -> const bs::HistoryStep * {
            for (const bs::HistoryStep &st : s.steps)
                if (st.from == from && st.to == to)
                    return &st;
            return nullptr;
        };
        for (auto [from, to] : {std::pair<std::size_t, std::size_t>{1, 2}, {2, 3}, {3, 4}}) {
            QVERIFY(step(from, to));
            QCOMPARE(step(from, to)->outcome, bs::StepOutcome::NotComparable);
        }
        QCOMPARE(step(2, 3)->reason, std::string("before: contract failed (wrong output); after: flagged: 12% of runs failed"));
        // The usable revisions either side are compared across the gap.
        QVERIFY(step(1, 4));
        QCOMPARE(step(1, 4)->outcome, bs::StepOutcome::Worse);
        QCOMPARE(changePoints(s).size(), std::size_t(1));
    }

    void anotherStatisticIsLeftOutAndSaid()
    {
        // Older captures giving the min (asv before 0.3), the newer the
        // median: 30% lower figures that are no step of the code.
        Revisions r({0.7, 0.7, 0.7, 1.0, 1.0, 1.0});
        for (std::size_t i = 0; i < 6; ++i)
            r.at(i).metrics[0].statistic = i < 3 ? "min" : "median";
        const bs::History h = r.history();
        const bs::HistorySeries &s = wall(h);
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(s.points[i].problem, std::string("statistic differs: min, not median"));
            QVERIFY(!s.points[i].usable());
        }
        QVERIFY(s.points[3].usable());
        QVERIFY(changePoints(s).empty());
        QVERIFY(std::any_of(h.notes().begin(), h.notes().end(),
                            [](const std::string &n) { return has(n, "3 of 6 captures give another statistic"); }));
    }

    void mixedSuitesAreAnError()
    {
        Revisions r({1.0, 1.0});
        r.at(1).suite.id = "other";
        std::string error;
        QVERIFY(!bs::History::build(r.pointers(), {}, error));
        QCOMPARE(error, std::string("captures of different suites: compressors (rev1.json), other (rev2.json)"));
        QVERIFY(!bs::History::build({}, {}, error));
    }
};

QTEST_GUILESS_MAIN(TstHistory)
#include "tst_history.moc"
