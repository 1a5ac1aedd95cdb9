// The before/after diff: the verdict rule on hand-computed samples, matching
// of participants, cases and metrics (nothing dropped), cells that cannot
// be compared, the geometric mean, and every provenance warning.
#include "capturediff.h"
#include "diffcaptures.h"

#include <QtTest>

#include <cmath>
#include <functional>

using Values = QList<double>;
Q_DECLARE_METATYPE(bs::DiffVerdict)
Q_DECLARE_METATYPE(bs::Direction)
Q_DECLARE_METATYPE(bs::DiffRule)

namespace {

std::vector<double> vec(const Values &v)
{
    return {v.begin(), v.end()};
}

const bs::DiffCell *findCell(const bs::CaptureDiff &d, const std::string &p, const std::string &k, const std::string &m)
{
    for (const bs::DiffCell &c : d.cells())
        if (c.participant == p && c.caseId == k && c.metric == m)
            return &c;
    return nullptr;
}

bs::CaptureDiff::Options only(const std::string &metric, double alpha = 0.05)
{
    bs::CaptureDiff::Options o;
    o.alpha = alpha;
    o.metrics = {metric};
    return o;
}

} // namespace

class TstCaptureDiff : public QObject {
    Q_OBJECT

private slots:
    void verdict_data();
    void verdict();
    void figures();
    void pText_data();
    void pText();
    void matchedCellsInOrder();
    void unmatchedRowsAreListedNotDropped();
    void notComparable_data();
    void notComparable();
    void metricMeasuredOnNeitherSideHasNoRow();
    void cellNeitherSideMeasuredHasNoRow_data();
    void cellNeitherSideMeasuredHasNoRow();
    void onceFigureIsOneSample();
    void flaggedSideIsNeverBetter();
    void latencyPercentileAcrossRepetitions();
    void deliberateRegressionIsWorse();
    void zeroSpreadWithDeclaredScopes_data();
    void zeroSpreadWithDeclaredScopes();
    void geometricMean();
    void sentence_data();
    void sentence();
    void provenance_data();
    void provenance();
    void sameProvenanceHasNoWarnings();
};

void TstCaptureDiff::verdict_data()
{
    using V = bs::DiffVerdict;
    using D = bs::Direction;
    using R = bs::DiffRule;
    QTest::addColumn<Values>("before");
    QTest::addColumn<Values>("after");
    QTest::addColumn<D>("direction");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<R>("rule");
    QTest::addColumn<V>("verdict");
    QTest::addColumn<double>("p");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("qualifier");

    const Values low{100, 101, 102, 103, 104}, high{110, 111, 112, 113, 114};
    for (R rule : {R::UTest, R::Disjoint}) {
        const QString r = QString::fromLatin1(bs::ruleName(rule)) + QStringLiteral(": ");
        QTest::addRow("%sclear improvement (throughput up)", qPrintable(r))
            << low << high << D::HigherIsBetter << 0.05 << rule << V::Better << 2.0 / 252 << "p = 0.0079, ranges apart" << "";
        QTest::addRow("%sclear regression (throughput down)", qPrintable(r))
            << high << low << D::HigherIsBetter << 0.05 << rule << V::Worse << 2.0 / 252 << "p = 0.0079, ranges apart" << "";
        QTest::addRow("%slower is better: time down is better", qPrintable(r))
            << high << low << D::LowerIsBetter << 0.05 << rule << V::Better << 2.0 / 252 << "p = 0.0079, ranges apart" << "";
        QTest::addRow("%slower is better: time up is worse", qPrintable(r))
            << low << high << D::LowerIsBetter << 0.05 << rule << V::Worse << 2.0 / 252 << "p = 0.0079, ranges apart" << "";
        // p = 1/18 by enumeration: above alpha by either rule.
        QTest::addRow("%soverlapping ranges, p above alpha", qPrintable(r))
            << Values{100, 105, 110, 115, 120} << Values{112, 118, 125, 130, 135} << D::HigherIsBetter << 0.05 << rule
            << V::NoChange << 1.0 / 18 << "p = 0.056 > 0.05" << "";
        QTest::addRow("%sidentical samples", qPrintable(r))
            << low << low << D::HigherIsBetter << 0.05 << rule << V::NoChange << 1.0 << "p = 1 > 0.05" << "";
        // One value copied onto every repetition looks exactly like this: not five samples.
        QTest::addRow("%szero spread on both sides, ranges apart", qPrintable(r))
            << Values{5, 5, 5, 5, 5} << Values{6, 6, 6, 6, 6} << D::HigherIsBetter << 0.05 << rule << V::TooFewSamples
            << 2.0 / 252
            << "zero spread on both sides (all 5 vs all 5 equal): maybe one figure copied onto every repetition, not "
               "tested as many samples"
            << "";
        QTest::addRow("%szero spread on one side only", qPrintable(r))
            << Values{5, 5, 5, 5, 5} << Values{6, 7, 8, 9, 10} << D::HigherIsBetter << 0.05 << rule << V::Better
            << 2.0 / 252 << "p = 0.0079, ranges apart" << "";
        QTest::addRow("%sn=1 vs n=1", qPrintable(r)) << Values{100} << Values{200} << D::HigherIsBetter << 0.05 << rule
                                                   << V::TooFewSamples << 1.0 << "n=1 vs 1 cannot reach p<0.05; minimum p = 1" << "";
        QTest::addRow("%sn=3 vs 3 fully separated", qPrintable(r))
            << Values{1, 2, 3} << Values{4, 5, 6} << D::HigherIsBetter << 0.05 << rule << V::TooFewSamples << 0.1
            << "n=3 vs 3 cannot reach p<0.05; minimum p = 0.1" << "";
        QTest::addRow("%sn=3 vs 3 with alpha 0.1", qPrintable(r))
            << Values{1, 2, 3} << Values{4, 5, 6} << D::HigherIsBetter << 0.1 << rule << V::Better << 0.1
            << "p = 0.1, ranges apart" << "";
        QTest::addRow("%sunequal n, 3 vs 4: minimum p 2/35 > 0.05", qPrintable(r))
            << Values{1, 2, 3} << Values{4, 5, 6, 7} << D::HigherIsBetter << 0.05 << rule << V::TooFewSamples << 2.0 / 35
            << "n=3 vs 4 cannot reach p<0.05; minimum p = 0.057" << "";
        QTest::addRow("%sunequal n, 4 vs 5, time up", qPrintable(r))
            << Values{1, 2, 3, 4} << Values{5, 6, 7, 8, 9} << D::LowerIsBetter << 0.05 << rule << V::Worse << 2.0 / 126
            << "p = 0.016, ranges apart" << "";
        QTest::addRow("%sstricter alpha than n allows", qPrintable(r))
            << low << high << D::HigherIsBetter << 0.001 << rule << V::TooFewSamples << 2.0 / 252
            << "n=5 vs 5 cannot reach p<0.001; minimum p = 0.0079" << "";
    }
    // p ≤ alpha with overlapping ranges: the U test establishes the change
    // and says the ranges overlap; the disjoint rule does not.
    const Values tiesBefore{1, 2, 2, 3, 4}, tiesAfter{3, 4, 5, 5, 6}; // p = 10/252 with ties
    const Values touchBefore{1, 2, 3, 4, 5}, touchAfter{5, 6, 7, 8, 9}; // p = 4/252, touching at 5
    QTest::newRow("u-test: ties, p below alpha, ranges overlap")
        << tiesBefore << tiesAfter << D::HigherIsBetter << 0.05 << R::UTest << V::Better << 10.0 / 252
        << "p = 0.04, ranges overlap" << "ranges overlap";
    QTest::newRow("disjoint: ties, p below alpha, ranges overlap")
        << tiesBefore << tiesAfter << D::HigherIsBetter << 0.05 << R::Disjoint << V::NoChange << 10.0 / 252
        << "ranges overlap (disjoint rule), p = 0.04" << "";
    QTest::newRow("u-test: ranges touching at one value, time up")
        << touchBefore << touchAfter << D::LowerIsBetter << 0.05 << R::UTest << V::Worse << 4.0 / 252
        << "p = 0.016, ranges overlap" << "ranges overlap";
    QTest::newRow("disjoint: ranges touching at one value")
        << touchBefore << touchAfter << D::HigherIsBetter << 0.05 << R::Disjoint << V::NoChange << 4.0 / 252
        << "ranges overlap (disjoint rule), p = 0.016" << "";
    // One outlier run on each side: the ranges overlap, the ranks do not hide the shift.
    QTest::newRow("u-test: an outlier run each side")
        << Values{100, 101, 102, 103, 104, 105, 106, 107, 108, 130} << Values{90, 110, 111, 112, 113, 114, 115, 116, 117, 118}
        << D::HigherIsBetter << 0.05 << R::UTest << V::Better << 0.01854337612851545 // 2·P(U ≤ 19), by enumeration
        << "p = 0.019, ranges overlap" << "ranges overlap";
}

void TstCaptureDiff::verdict()
{
    QFETCH(Values, before);
    QFETCH(Values, after);
    QFETCH(bs::Direction, direction);
    QFETCH(double, alpha);
    QFETCH(bs::DiffRule, rule);
    QFETCH(bs::DiffVerdict, verdict);
    QFETCH(double, p);
    QFETCH(QString, reason);
    QFETCH(QString, qualifier);
    const bs::DiffCell c = bs::CaptureDiff::judge(vec(before), vec(after), direction, alpha, rule);
    QCOMPARE(bs::verdictName(c.verdict), bs::verdictName(verdict));
    QVERIFY(c.p.has_value());
    QVERIFY2(std::fabs(*c.p - p) < 1e-9, qPrintable(QString::number(*c.p, 'g', 12)));
    QCOMPARE(QString::fromStdString(c.reason), reason);
    QCOMPARE(QString::fromStdString(c.qualifier), qualifier);
    // The verdict's text carries the qualifier of a change, the reason otherwise.
    const QString phrase = QString::fromStdString(bs::verdictPhrase(c));
    QVERIFY(phrase.startsWith(QString::fromUtf8(bs::verdictSymbol(verdict))));
    const bool change = verdict == bs::DiffVerdict::Better || verdict == bs::DiffVerdict::Worse;
    if (change)
        QCOMPARE(phrase.contains(QStringLiteral("(")), !qualifier.isEmpty());
    else
        QVERIFY(phrase.contains(reason));
    QCOMPARE(c.before->n, std::size_t(before.size()));
    QCOMPARE(c.after->n, std::size_t(after.size()));
    // weigh() is the same rule without the words (the change-point search's).
    const bs::DiffCell weighed = bs::CaptureDiff::weigh(vec(before), vec(after), direction, alpha, rule);
    QCOMPARE(bs::verdictName(weighed.verdict), bs::verdictName(verdict));
    QCOMPARE(*weighed.p, *c.p);
    QCOMPARE(weighed.deltaPct, c.deltaPct);
    QVERIFY(weighed.reason.empty());
    QVERIFY(weighed.qualifier.empty());
}

void TstCaptureDiff::figures()
{
    const bs::DiffCell c = bs::CaptureDiff::judge({100, 104, 102, 101, 103}, {110, 111, 112, 113, 114, 115},
                                                  bs::Direction::HigherIsBetter, 0.05, bs::DiffRule::UTest);
    QCOMPARE(c.before->median, 102.0);
    QCOMPARE(c.before->min, 100.0);
    QCOMPARE(c.before->max, 104.0);
    QCOMPARE(c.after->median, 112.5); // even n: mean of the middle two
    QCOMPARE(c.after->n, std::size_t(6));
    QVERIFY(std::fabs(*c.deltaPct - 10.5 / 102 * 100) < 1e-9);
    QVERIFY(std::fabs(*c.ratio - 112.5 / 102) < 1e-12);
    QCOMPARE(*c.u, 0.0);
    QVERIFY(c.exactP);
    QVERIFY(std::fabs(c.minimumP - 2.0 / 462) < 1e-12);
    QCOMPARE(c.verdict, bs::DiffVerdict::Better);

    const bs::DiffCell zero = bs::CaptureDiff::judge({0, 0, 0}, {1, 1, 1}, bs::Direction::LowerIsBetter, 0.05, bs::DiffRule::UTest);
    QVERIFY(!zero.deltaPct);
    QVERIFY(!zero.ratio);
}

void TstCaptureDiff::pText_data()
{
    QTest::addColumn<double>("p");
    QTest::addColumn<QString>("text");
    QTest::newRow("2/252") << 2.0 / 252 << "0.0079";
    QTest::newRow("0.1") << 0.1 << "0.1";
    QTest::newRow("1") << 1.0 << "1";
    QTest::newRow("2/35") << 2.0 / 35 << "0.057";
    QTest::newRow("0.69") << 0.6904761904 << "0.69";
    QTest::newRow("tiny") << 1e-7 << "<0.0001";
}

void TstCaptureDiff::pText()
{
    QFETCH(double, p);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(bs::CaptureDiff::pText(p)), text);
}

void TstCaptureDiff::matchedCellsInOrder()
{
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    for (bs::Capture *c : {&before, &after})
        for (const char *p : {"gzip", "zstd"})
            for (const char *k : {"text", "binary"})
                diffcaptures::setResult(*c, p, k, {{"wall", {1, 2, 3, 4, 5}}});
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("wall"));
    QCOMPARE(d.cells().size(), std::size_t(4));
    // Case by case, participants within.
    QCOMPARE(d.cells()[0].caseId, "text");
    QCOMPARE(d.cells()[0].participant, "gzip");
    QCOMPARE(d.cells()[1].participant, "zstd");
    QCOMPARE(d.cells()[2].caseId, "binary");
    QCOMPARE(d.cells()[2].caseLabel, "binary input");
    QCOMPARE(d.cells()[2].caseGroup, "inputs");
    for (const bs::DiffCell &c : d.cells()) {
        QCOMPARE(c.presence, bs::DiffPresence::Both);
        QCOMPARE(c.verdict, bs::DiffVerdict::NoChange);
    }
    QVERIFY(d.addedParticipants().empty() && d.removedParticipants().empty());
    QVERIFY(d.addedCases().empty() && d.removedCases().empty());
    QVERIFY(d.warnings().empty());
    // Every metric when none is named: only "wall" was measured.
    QCOMPARE(bs::CaptureDiff::compare(before, after, {}).cells().size(), std::size_t(4));
    QCOMPARE(bs::CaptureDiff::compare(before, after, {}).metrics().size(), std::size_t(3));
}

void TstCaptureDiff::unmatchedRowsAreListedNotDropped()
{
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    // zstd and the binary case and latency_p99 only before; xz, a json case
    // and a ratio metric only after.
    after.participants[1] = {"xz", "xz", "", "5.4.1", false, {}};
    after.cases[1] = {"json", "json input", "inputs", ""};
    after.metrics[2] = {"ratio", "Ratio", "ratio", bs::Direction::HigherIsBetter, false, ""};
    diffcaptures::setResult(before, "gzip", "text", {{"wall", {1, 2, 3, 4, 5}}, {"latency_p99", {1, 1, 1, 1, 1}}});
    diffcaptures::setResult(before, "zstd", "text", {{"wall", {1, 2, 3, 4, 5}}});
    diffcaptures::setResult(before, "gzip", "binary", {{"wall", {1, 2, 3, 4, 5}}});
    diffcaptures::setResult(after, "gzip", "text", {{"wall", {1, 2, 3, 4, 5}}, {"ratio", {3, 3, 3, 3, 3}}});
    diffcaptures::setResult(after, "xz", "text", {{"wall", {6, 7, 8, 9, 10}}});
    diffcaptures::setResult(after, "xz", "json", {{"wall", {6, 7, 8, 9, 10}}});

    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, {});
    QCOMPARE(d.removedParticipants(), std::vector<std::string>{"zstd"});
    QCOMPARE(d.addedParticipants(), std::vector<std::string>{"xz"});
    QCOMPARE(d.removedCases(), std::vector<std::string>{"binary"});
    QCOMPARE(d.addedCases(), std::vector<std::string>{"json"});
    QCOMPARE(d.removedMetrics(), std::vector<std::string>{"latency_p99"});
    QCOMPARE(d.addedMetrics(), std::vector<std::string>{"ratio"});

    const bs::DiffCell *same = findCell(d, "gzip", "text", "wall");
    QVERIFY(same);
    QCOMPARE(same->presence, bs::DiffPresence::Both);

    struct Expect {
        const char *p, *k, *m;
        bs::DiffPresence presence;
        const char *reason;
        bool before, after;
    };
    const Expect expected[] = {
        {"zstd", "text", "wall", bs::DiffPresence::OnlyBefore, "only in before (removed participant)", true, false},
        {"xz", "text", "wall", bs::DiffPresence::OnlyAfter, "only in after (added participant)", false, true},
        {"gzip", "binary", "wall", bs::DiffPresence::OnlyBefore, "only in before (removed case)", true, false},
        {"xz", "json", "wall", bs::DiffPresence::OnlyAfter, "only in after (added participant)", false, true},
        {"gzip", "text", "latency_p99", bs::DiffPresence::OnlyBefore, "only in before (removed metric)", true, false},
        {"gzip", "text", "ratio", bs::DiffPresence::OnlyAfter, "only in after (added metric)", false, true},
    };
    for (const Expect &e : expected) {
        const bs::DiffCell *c = findCell(d, e.p, e.k, e.m);
        QVERIFY2(c, e.reason);
        QCOMPARE(c->presence, e.presence);
        QCOMPARE(c->verdict, bs::DiffVerdict::NotComparable);
        QCOMPARE(c->reason, e.reason);
        QCOMPARE(c->before.has_value(), e.before);
        QCOMPARE(c->after.has_value(), e.after);
        QVERIFY(!c->p);
    }
    QCOMPARE(findCell(d, "xz", "text", "wall")->after->median, 8.0);
    // Matched plus the six above; nothing else (no value anywhere, no row).
    QCOMPARE(d.cells().size(), std::size_t(7));
}

void TstCaptureDiff::notComparable_data()
{
    QTest::addColumn<int>("beforeStatus"); // -1: no result at all
    QTest::addColumn<QString>("beforeReason");
    QTest::addColumn<int>("afterStatus");
    QTest::addColumn<QString>("expected");
    const int ok = int(bs::ResultStatus::Ok);
    QTest::newRow("before failed the contract")
        << int(bs::ResultStatus::ContractFailed) << "wrong body" << ok << "before: contract failed (wrong body)";
    QTest::newRow("after missing") << ok << "" << int(bs::ResultStatus::Missing) << "after: missing";
    QTest::newRow("no result before") << -1 << "" << ok << "before: no result";
    QTest::newRow("both sides")
        << int(bs::ResultStatus::Error) << "" << int(bs::ResultStatus::Unsupported)
        << "before: error; after: unsupported";
}

void TstCaptureDiff::notComparable()
{
    QFETCH(int, beforeStatus);
    QFETCH(QString, beforeReason);
    QFETCH(int, afterStatus);
    QFETCH(QString, expected);
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    const std::vector<double> values{1, 2, 3, 4, 5};
    if (beforeStatus >= 0) {
        const auto status = bs::ResultStatus(beforeStatus);
        diffcaptures::setResult(before, "gzip", "text",
                                status == bs::ResultStatus::Ok ? std::map<std::string, std::vector<double>>{{"wall", values}}
                                                               : std::map<std::string, std::vector<double>>{},
                                status, beforeReason.toStdString());
    }
    const auto status = bs::ResultStatus(afterStatus);
    diffcaptures::setResult(after, "gzip", "text",
                            status == bs::ResultStatus::Ok ? std::map<std::string, std::vector<double>>{{"wall", values}}
                                                           : std::map<std::string, std::vector<double>>{},
                            status);
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("wall"));
    const bs::DiffCell *c = findCell(d, "gzip", "text", "wall");
    QVERIFY(c);
    QCOMPARE(c->presence, bs::DiffPresence::Both);
    QCOMPARE(c->verdict, bs::DiffVerdict::NotComparable);
    QCOMPARE(QString::fromStdString(c->reason), expected);
    QVERIFY(!c->p);
    QCOMPARE(c->before.has_value(), beforeStatus == int(bs::ResultStatus::Ok));
    QCOMPARE(c->after.has_value(), afterStatus == int(bs::ResultStatus::Ok));
    // Cells with no result on either side are no rows.
    QCOMPARE(d.cells().size(), std::size_t(1));
}

void TstCaptureDiff::metricMeasuredOnNeitherSideHasNoRow()
{
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    diffcaptures::setResult(before, "gzip", "text", {{"wall", {1, 2, 3, 4, 5}}});
    diffcaptures::setResult(after, "gzip", "text", {{"wall", {1, 2, 3, 4, 5}}, {"throughput", {9, 9, 9, 9, 9}}});
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("latency_p99"));
    QVERIFY(!findCell(d, "gzip", "text", "latency_p99"));
    // Measured on one side only: kept, and says which side has nothing.
    const bs::CaptureDiff t = bs::CaptureDiff::compare(before, after, only("throughput"));
    const bs::DiffCell *c = findCell(t, "gzip", "text", "throughput");
    QVERIFY(c);
    QCOMPARE(c->reason, "before: no values of this metric");

    // A different canonical unit is not compared.
    after.metrics[1].unit = "req/s";
    diffcaptures::setResult(before, "gzip", "text", {{"throughput", {9, 9, 9, 9, 9}}});
    const bs::CaptureDiff u = bs::CaptureDiff::compare(before, after, only("throughput"));
    QCOMPARE(findCell(u, "gzip", "text", "throughput")->reason, "unit differs: before B/s, after req/s");

    // Nor are two stated statistics that differ (asv's min before 0.3, its
    // median since); an unstated one (each value a measurement) is compared.
    after.metrics[1].unit = before.metrics[1].unit;
    before.metrics[1].statistic = "min";
    after.metrics[1].statistic = "median";
    const bs::CaptureDiff st = bs::CaptureDiff::compare(before, after, only("throughput"));
    QCOMPARE(findCell(st, "gzip", "text", "throughput")->reason, "statistic differs: before min, after median");
    QCOMPARE(findCell(st, "gzip", "text", "throughput")->verdict, bs::DiffVerdict::NotComparable);
    before.metrics[1].statistic.clear();
    const bs::CaptureDiff same = bs::CaptureDiff::compare(before, after, only("throughput"));
    QVERIFY(findCell(same, "gzip", "text", "throughput")->verdict != bs::DiffVerdict::NotComparable);
}

// A result not run (missing) or not applicable (unsupported), or none, on
// both sides: nothing was measured, so no row (a multi-package Go file's
// other packages' benchmarks). Measured or failed on a side: a row.
void TstCaptureDiff::cellNeitherSideMeasuredHasNoRow_data()
{
    QTest::addColumn<int>("beforeStatus"); // -1: no result at all
    QTest::addColumn<int>("afterStatus");
    QTest::addColumn<bool>("row");
    const int none = -1, ok = int(bs::ResultStatus::Ok), unsupported = int(bs::ResultStatus::Unsupported),
              missing = int(bs::ResultStatus::Missing), error = int(bs::ResultStatus::Error),
              contract = int(bs::ResultStatus::ContractFailed);
    QTest::newRow("unsupported on both sides") << unsupported << unsupported << false;
    QTest::newRow("missing on both sides") << missing << missing << false;
    QTest::newRow("missing before, unsupported after") << missing << unsupported << false;
    QTest::newRow("no result before, unsupported after") << none << unsupported << false;
    QTest::newRow("unsupported before, measured after") << unsupported << ok << true;
    QTest::newRow("measured before, missing after") << ok << missing << true;
    QTest::newRow("error on both sides") << error << error << true;
    QTest::newRow("contract failed before, unsupported after") << contract << unsupported << true;
}

void TstCaptureDiff::cellNeitherSideMeasuredHasNoRow()
{
    QFETCH(int, beforeStatus);
    QFETCH(int, afterStatus);
    QFETCH(bool, row);
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    auto set = [](bs::Capture &c, int status) {
        if (status < 0)
            return;
        const auto s = bs::ResultStatus(status);
        diffcaptures::setResult(c, "gzip", "text",
                                s == bs::ResultStatus::Ok ? std::map<std::string, std::vector<double>>{{"wall", {1, 2, 3}}}
                                                          : std::map<std::string, std::vector<double>>{},
                                s);
    };
    set(before, beforeStatus);
    set(after, afterStatus);
    // Another cell measured on both sides, so the diff is not empty.
    diffcaptures::setResult(before, "zstd", "text", {{"wall", {1, 2, 3}}});
    diffcaptures::setResult(after, "zstd", "text", {{"wall", {1, 2, 3}}});
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("wall"));
    QCOMPARE(findCell(d, "gzip", "text", "wall") != nullptr, row);
    QVERIFY(findCell(d, "zstd", "text", "wall"));
    QCOMPARE(d.cells().size(), std::size_t(row ? 2 : 1));
}

void TstCaptureDiff::onceFigureIsOneSample()
{
    // Ten repetitions of wall time, and a CPU mean the tool gave once per result.
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    before.metrics[1].scope = after.metrics[1].scope = bs::MetricScope::Result;
    const std::vector<double> fast{1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9};
    std::vector<double> slow;
    for (double v : fast)
        slow.push_back(v + 5);
    diffcaptures::setResult(before, "gzip", "text", {{"wall", fast}});
    diffcaptures::setResult(after, "gzip", "text", {{"wall", slow}});
    before.results.front().once["throughput"] = 100;
    after.results.front().once["throughput"] = 102;
    bs::Summarizer::summarize(before);
    bs::Summarizer::summarize(after);
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, {});
    const bs::DiffCell *once = findCell(d, "gzip", "text", "throughput");
    QVERIFY(once);
    QCOMPARE(once->before->n, std::size_t(1));
    QCOMPARE(once->after->n, std::size_t(1));
    QVERIFY(once->before->once && once->after->once);
    QCOMPARE(once->verdict, bs::DiffVerdict::TooFewSamples);
    QVERIFY2(once->reason.rfind("one figure per side measured once (n = 1)", 0) == 0, once->reason.c_str());
    QCOMPARE(findCell(d, "gzip", "text", "wall")->verdict, bs::DiffVerdict::Worse); // the repetitions still count
}

void TstCaptureDiff::flaggedSideIsNeverBetter()
{
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    diffcaptures::setResult(before, "gzip", "text", {{"wall", {10, 11, 12, 13, 14}}});
    diffcaptures::setResult(after, "gzip", "text", {{"wall", {1, 2, 3, 4, 5}}});
    after.results.front().flags = {"failures"};
    after.results.front().reason = "3 of 5 runs failed (3× exit code 1)";
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("wall"));
    const bs::DiffCell *c = findCell(d, "gzip", "text", "wall");
    QVERIFY(c);
    QCOMPARE(c->verdict, bs::DiffVerdict::NotComparable);
    QCOMPARE(c->reason, std::string("after flagged: 3 of 5 runs failed (3× exit code 1)"));
    QVERIFY(c->before && c->after); // the figures are still shown
}

void TstCaptureDiff::latencyPercentileAcrossRepetitions()
{
    // Each repetition's p99 is one sample; p99 went up in every repetition.
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    diffcaptures::setResult(before, "gzip", "text",
                            {{"wall", {1, 2, 3, 4, 5}}, {"latency_p99", {0.0021, 0.0019, 0.0020, 0.0022, 0.0018}}});
    diffcaptures::setResult(after, "gzip", "text",
                            {{"wall", {1, 2, 3, 4, 5}}, {"latency_p99", {0.0031, 0.0029, 0.0035, 0.0030, 0.0028}}});
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("latency_p99"));
    const bs::DiffCell *c = findCell(d, "gzip", "text", "latency_p99");
    QVERIFY(c);
    QCOMPARE(c->verdict, bs::DiffVerdict::Worse);
    QCOMPARE(c->before->median, 0.0020);
    QCOMPARE(c->after->median, 0.0030);
    QVERIFY(std::fabs(*c->deltaPct - 50) < 1e-9);
    QVERIFY(std::fabs(*c->p - 2.0 / 252) < 1e-12);
}

void TstCaptureDiff::deliberateRegressionIsWorse()
{
    // The same case name, a slower compression level after.
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    after.provenance.conditions.extra["level"] = "9";
    diffcaptures::setResult(before, "gzip", "text", {{"wall", {0.0419, 0.0414, 0.0692, 0.0421, 0.0417}}});
    diffcaptures::setResult(after, "gzip", "text", {{"wall", {0.1058, 0.1030, 0.1190, 0.1041, 0.1066}}});
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("wall"));
    const bs::DiffCell *c = findCell(d, "gzip", "text", "wall");
    QCOMPARE(c->verdict, bs::DiffVerdict::Worse);
    QVERIFY(*c->deltaPct > 100);
    QCOMPARE(d.warnings().size(), std::size_t(1));
    QCOMPARE(d.warnings()[0].text(), "condition level: before \"1\", after \"9\"");
    // 0.1058 / 0.0419 = 2.525
    QCOMPARE(QString::fromStdString(d.summary("wall").sentence(d.summary("wall").overall)),
             QStringLiteral("after is 2.53× slower over 1 established cell of 1 compared"));
}

void TstCaptureDiff::zeroSpreadWithDeclaredScopes_data()
{
    QTest::addColumn<bool>("beforeDeclares");
    QTest::addColumn<bool>("afterDeclares");
    QTest::addColumn<bs::DiffVerdict>("verdict");
    QTest::addColumn<QString>("reason");
    // Allocations counted on every run (Go's allocs/op): 18 on each of six runs, then 1.
    QTest::newRow("both captures declare the scope") << true << true << bs::DiffVerdict::Better
                                                     << "p = 0.0022, ranges apart";
    QTest::newRow("before declares none") << false << true << bs::DiffVerdict::TooFewSamples
                                          << "zero spread on both sides (all 6 vs all 6 equal): maybe one figure "
                                             "copied onto every repetition, not tested as many samples";
    QTest::newRow("after declares none") << true << false << bs::DiffVerdict::TooFewSamples
                                         << "zero spread on both sides (all 6 vs all 6 equal): maybe one figure "
                                            "copied onto every repetition, not tested as many samples";
}

void TstCaptureDiff::zeroSpreadWithDeclaredScopes()
{
    QFETCH(bool, beforeDeclares);
    QFETCH(bool, afterDeclares);
    QFETCH(bs::DiffVerdict, verdict);
    QFETCH(QString, reason);
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    before.metrics[0].scopeDeclared = beforeDeclares;
    after.metrics[0].scopeDeclared = afterDeclares;
    diffcaptures::setResult(before, "gzip", "text", {{"wall", {18, 18, 18, 18, 18, 18}}});
    diffcaptures::setResult(after, "gzip", "text", {{"wall", {1, 1, 1, 1, 1, 1}}});
    bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("wall"));
    const bs::DiffCell *c = findCell(d, "gzip", "text", "wall");
    QVERIFY(c);
    QCOMPARE(c->verdict, verdict);
    QCOMPARE(QString::fromStdString(c->reason), reason);
    // A new alpha decides again by the same rule.
    d.setAlpha(0.01);
    QCOMPARE(findCell(d, "gzip", "text", "wall")->verdict, verdict);
}

void TstCaptureDiff::geometricMean()
{
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    before.cases.push_back({"rows", "rows", "db", ""});
    before.cases.push_back({"join", "join", "db", ""});
    after.cases = before.cases;
    // inputs: ratios 2 (better) and 0.5 (worse); db: 1.21 (no change, p > 0.05)
    // and a 3 vs 3 cell (too few samples, left out); an added participant
    // (not comparable, left out).
    diffcaptures::setResult(before, "gzip", "text", {{"throughput", {10, 10.1, 10.2, 10.3, 10.4}}});
    diffcaptures::setResult(after, "gzip", "text", {{"throughput", {20, 20.2, 20.4, 20.6, 20.8}}});
    diffcaptures::setResult(before, "gzip", "binary", {{"throughput", {10, 10.1, 10.2, 10.3, 10.4}}});
    diffcaptures::setResult(after, "gzip", "binary", {{"throughput", {5, 5.05, 5.1, 5.15, 5.2}}});
    diffcaptures::setResult(before, "gzip", "rows", {{"throughput", {9, 10, 11, 12, 13}}});
    diffcaptures::setResult(after, "gzip", "rows", {{"throughput", {11, 12.1, 13.31, 14, 15}}});
    diffcaptures::setResult(before, "gzip", "join", {{"throughput", {1, 1, 1}}});
    diffcaptures::setResult(after, "gzip", "join", {{"throughput", {3, 3, 3}}});
    after.participants.push_back({"xz", "xz", "", "", false, {}});
    diffcaptures::setResult(after, "xz", "text", {{"throughput", {50, 50, 50, 50, 50}}});

    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, only("throughput"));
    QCOMPARE(findCell(d, "gzip", "rows", "throughput")->verdict, bs::DiffVerdict::NoChange);
    QCOMPARE(findCell(d, "gzip", "join", "throughput")->verdict, bs::DiffVerdict::TooFewSamples);
    const bs::DiffSummary s = d.summary("throughput");
    QCOMPARE(s.metric.id, "throughput");
    QCOMPARE(s.groups.size(), std::size_t(2));
    QCOMPARE(s.groups[0].group, "inputs");
    QCOMPARE(s.groups[0].cells, std::size_t(2));
    QVERIFY(std::fabs(s.groups[0].ratio - 1.0) < 1e-12);
    QCOMPARE(s.groups[1].group, "db");
    QCOMPARE(s.groups[0].compared, std::size_t(2));
    // Only established cells are summarised; the no-change cell is counted
    // as compared.
    QCOMPARE(s.groups[1].cells, std::size_t(0));
    QCOMPARE(s.groups[1].compared, std::size_t(1));
    QCOMPARE(s.groups[1].ratio, 1.0);
    QCOMPARE(s.sentence(s.groups[1]), "no established change over 1 compared cell");
    QCOMPARE(s.overall.cells, std::size_t(2));
    QCOMPARE(s.overall.compared, std::size_t(3));
    QVERIFY(std::fabs(s.overall.ratio - std::sqrt(2 * 0.5)) < 1e-12);
    QCOMPARE(s.sentence(s.overall), "after is the same (1.00×) over 2 established cells of 3 compared");
    QCOMPARE(d.summary("wall").overall.cells, std::size_t(0));
}

void TstCaptureDiff::sentence_data()
{
    QTest::addColumn<QString>("unit");
    QTest::addColumn<bool>("higherIsBetter");
    QTest::addColumn<double>("ratio");
    QTest::addColumn<QString>("text");
    QTest::newRow("time down is faster") << "s" << false << 0.8 << "after is 1.25× faster over 4 established cells of 6 compared";
    QTest::newRow("time up is slower") << "s" << false << 1.23 << "after is 1.23× slower over 4 established cells of 6 compared";
    QTest::newRow("rate up is faster") << "req/s" << true << 2.0 << "after is 2.00× faster over 4 established cells of 6 compared";
    QTest::newRow("rate down is slower") << "ops/s" << true << 0.5 << "after is 2.00× slower over 4 established cells of 6 compared";
    QTest::newRow("bytes down is lower, better") << "B" << false << 1 / 1.1 << "after is 1.10× lower (better) over 4 established cells of 6 compared";
    QTest::newRow("ratio up is higher, better") << "ratio" << true << 1.3 << "after is 1.30× higher (better) over 4 established cells of 6 compared";
    QTest::newRow("no difference") << "s" << false << 1.001 << "after is the same (1.00×) over 4 established cells of 6 compared";
}

void TstCaptureDiff::sentence()
{
    QFETCH(QString, unit);
    QFETCH(bool, higherIsBetter);
    QFETCH(double, ratio);
    QFETCH(QString, text);
    bs::DiffSummary s;
    s.metric.unit = unit.toStdString();
    s.metric.direction = higherIsBetter ? bs::Direction::HigherIsBetter : bs::Direction::LowerIsBetter;
    QCOMPARE(QString::fromStdString(s.sentence({"", ratio, 4, 6})), text);
    QCOMPARE(s.sentence({"", 1, 0, 3}), "no established change over 3 compared cells");
    QCOMPARE(s.sentence({"", 1, 0, 0}), "no cells with a verdict to summarize");
}

void TstCaptureDiff::provenance_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("text");
    QTest::newRow("suite") << "suite" << "suite: before \"compressors\", after \"other\"";
    QTest::newRow("CPU") << "cpu" << "machine CPU: before \"AMD EPYC\", after \"Intel Xeon\"";
    QTest::newRow("cores") << "cores" << "machine cores: before 2, after 8";
    QTest::newRow("memory") << "memory" << "machine memory: before 24 GiB, after 32 GiB";
    QTest::newRow("OS") << "os" << "machine OS: before \"Debian 12\", after \"Debian 13\"";
    QTest::newRow("host name") << "hostname" << "machine host name: before \"vm\", after \"laptop\"";
    QTest::newRow("tool version") << "tool" << "tool python3: before \"3.11.7\", after \"3.13.1\"";
    QTest::newRow("tool only after") << "tool added" << "tool zstd: before not stated, after \"1.5.4\"";
    QTest::newRow("tool only before") << "tool removed" << "tool gzip: before \"1.12\", after not stated";
    QTest::newRow("participant runtime") << "runtime" << "participant gzip runtime: before not stated, after \"glibc 2.36\"";
    QTest::newRow("participant version") << "version" << "participant zstd version: before \"1.5.4\", after \"1.5.6\"";
    QTest::newRow("mode") << "mode" << "mode: before \"command\", after \"saturation\"";
    QTest::newRow("connections") << "connections" << "connections: before 64, after 128";
    QTest::newRow("warm-up") << "warmup" << "warm-up: before 1 s, after 5 s";
    QTest::newRow("duration") << "duration" << "duration: before 10 s, after not stated";
    QTest::newRow("rate") << "rate" << "rate: before 1,000 req/s, after 2,000 req/s";
    QTest::newRow("repetitions") << "repetitions" << "repetitions: before 5, after 3";
    QTest::newRow("run order") << "order" << "run order: before \"abba\", after \"sequential\"";
    QTest::newRow("server CPU set") << "cpuserver" << "server CPU set: before \"0\", after \"0-1\"";
    QTest::newRow("client CPU set") << "cpuclient" << "client CPU set: before \"1\", after not stated";
    QTest::newRow("latency correction") << "corrected" << "latency correction: before corrected, after not corrected";
    QTest::newRow("extra condition") << "extra" << "condition level: before \"1\", after \"9\"";
}

void TstCaptureDiff::provenance()
{
    QFETCH(QString, change);
    QFETCH(QString, text);
    const bs::Capture before = diffcaptures::suite();
    bs::Capture after = before;
    bs::Provenance &p = after.provenance;
    const std::map<QString, std::function<void()>> changes = {
        {QStringLiteral("suite"), [&] { after.suite.id = "other"; }},
        {QStringLiteral("cpu"), [&] { p.machine.cpu = "Intel Xeon"; }},
        {QStringLiteral("cores"), [&] { p.machine.cores = 8; }},
        {QStringLiteral("memory"), [&] { p.machine.memoryBytes = 32.0 * 1024 * 1024 * 1024; }},
        {QStringLiteral("os"), [&] { p.machine.os = "Debian 13"; }},
        {QStringLiteral("hostname"), [&] { p.machine.hostname = "laptop"; }},
        {QStringLiteral("tool"), [&] { p.tools[1].version = "3.13.1"; }},
        {QStringLiteral("tool added"), [&] { p.tools.push_back({"zstd", "1.5.4", "participant"}); }},
        {QStringLiteral("tool removed"), [&] { p.tools.erase(p.tools.begin()); }},
        {QStringLiteral("runtime"), [&] { after.participants[0].runtime = "glibc 2.36"; }},
        {QStringLiteral("version"), [&] { after.participants[1].version = "1.5.6"; }},
        {QStringLiteral("mode"), [&] { p.conditions.mode = "saturation"; }},
        {QStringLiteral("connections"), [&] { p.conditions.connections = 128; }},
        {QStringLiteral("warmup"), [&] { p.conditions.warmupSeconds = 5; }},
        {QStringLiteral("duration"), [&] { p.conditions.durationSeconds.reset(); }},
        {QStringLiteral("rate"), [&] { p.conditions.rate = 2000; }},
        {QStringLiteral("repetitions"), [&] { p.conditions.repetitions = 3; }},
        {QStringLiteral("order"), [&] { p.conditions.runOrder = "sequential"; }},
        {QStringLiteral("cpuserver"), [&] { p.conditions.cpuSetServer = "0-1"; }},
        {QStringLiteral("cpuclient"), [&] { p.conditions.cpuSetClient.clear(); }},
        {QStringLiteral("corrected"), [&] { p.conditions.latencyCorrected = false; }},
        {QStringLiteral("extra"), [&] { p.conditions.extra["level"] = "9"; }},
    };
    changes.at(change)();
    const std::vector<bs::ProvenanceWarning> w = bs::ProvenanceDiff::compare(before, after);
    QCOMPARE(w.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(w[0].text()), text);
    // And the diff carries it.
    QCOMPARE(bs::CaptureDiff::compare(before, after, {}).warnings().size(), std::size_t(1));
}

void TstCaptureDiff::sameProvenanceHasNoWarnings()
{
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    // A new revision and new source hashes are the point of a diff, not a warning.
    after.revision = {"r2", "level 9", "2026-01-02"};
    after.provenance.sourceHashes["input"] = "abc";
    // The two halves of an ABBA pair name each other.
    before.provenance.conditions.extra["paired_with"] = "x.after.json.gz (after)";
    after.provenance.conditions.extra["paired_with"] = "x.before.json.gz (before)";
    QVERIFY(bs::ProvenanceDiff::compare(before, after).empty());
}

QTEST_GUILESS_MAIN(TstCaptureDiff)
#include "tst_capturediff.moc"
