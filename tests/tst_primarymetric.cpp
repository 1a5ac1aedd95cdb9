// What a capture leads with follows what it measured (PrimaryMetric): over
// every bundled capture, and over captures made to differ in one thing.
#include "captureloader.h"
#include "capturereader.h"
#include "capturewriter.h"
#include "capturetables.h"
#include "columnranking.h"
#include "primarymetric.h"
#include "samplecapture.h"
#include "summarizer.h"
#include "tablebuilder.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <set>

namespace {

struct Sample {
    QString path;
    bs::Capture capture;
};

std::vector<Sample> samples(const QString &under)
{
    std::vector<Sample> out;
    for (auto &[path, capture] : samplecapture::all(under))
        out.push_back({path, std::move(capture)});
    return out;
}

bool okEverywhere(const bs::Capture &c, const std::string &metricId, bool onRepetitions)
{
    bool any = false;
    for (const bs::Result &r : c.results) {
        if (r.status != bs::ResultStatus::Ok || (onRepetitions && r.repetitions.empty()))
            continue;
        any = true;
        const bool has = onRepetitions ? std::any_of(r.repetitions.begin(), r.repetitions.end(),
                                                     [&](const bs::Repetition &rep) { return rep.metrics.count(metricId); })
                                       : r.summary.count(metricId) > 0;
        if (!has)
            return false;
    }
    return any;
}

// The repetition whose `metricId` is the lower median of the result's.
int lowerMedianRun(const bs::Result &r, const std::string &metricId)
{
    std::vector<std::size_t> runs;
    for (std::size_t i = 0; i < r.repetitions.size(); ++i)
        if (r.repetitions[i].metrics.count(metricId))
            runs.push_back(i);
    std::stable_sort(runs.begin(), runs.end(), [&](std::size_t a, std::size_t b) {
        return r.repetitions[a].metrics.at(metricId) < r.repetitions[b].metrics.at(metricId);
    });
    return runs.empty() ? 0 : int(runs[(runs.size() - 1) / 2]);
}

bs::Metric metric(const char *id, const char *unit, bs::Direction d, bool primary = false)
{
    bs::Metric m;
    m.id = m.label = id;
    m.unit = unit;
    m.direction = d;
    m.primary = primary;
    return m;
}

bs::Result result(const char *participant, const char *caseId, const std::vector<std::map<std::string, double>> &runs)
{
    bs::Result r;
    r.participant = participant;
    r.caseId = caseId;
    r.status = bs::ResultStatus::Ok;
    for (const auto &values : runs) {
        bs::Repetition rep;
        rep.metrics = values;
        r.repetitions.push_back(rep);
    }
    return r;
}

// An HTTP capture the runner would write (rps marked primary), three runs
// whose req/s and p99 medians are different runs.
bs::Capture httpCapture(const std::string &mode)
{
    bs::Capture c;
    c.provenance.conditions.mode = mode;
    const auto lower = bs::Direction::LowerIsBetter;
    c.metrics = {metric("rps", "req/s", bs::Direction::HigherIsBetter, true), metric("latency_p50", "s", lower),
                 metric("latency_p99", "s", lower), metric("startup_s", "s", lower), metric("wall_time", "s", lower)};
    c.cases = {{"get", "GET /", "", ""}};
    c.participants = {{"a", "A", "", "", false, {}}};
    c.results = {result("a", "get",
                        {{{"rps", 1000}, {"latency_p50", 0.001}, {"latency_p99", 0.009}},
                         {{"rps", 1001}, {"latency_p50", 0.002}, {"latency_p99", 0.003}},
                         {{"rps", 999}, {"latency_p50", 0.003}, {"latency_p99", 0.005}}})};
    return c;
}

} // namespace

class TestPrimaryMetric : public QObject {
    Q_OBJECT
private slots:
    void everySampleFollowsTheRule();
    void localSamplesLeadWithWhatTheyMeasured();
    void fixedRateLeadsWithLatency();
    void startupSuitePicksRunsByStartup();
    void costSuiteLeadsWithTheCost();
    void commandInHttpSuitePicksByItsTime();
    void headlineLeadsCaseTables();
    void spreadMetricsAreNotRanked();
    void valuelessColumnsLeftOut();
    void declaredPrimaryWins();
};

void TestPrimaryMetric::everySampleFollowsTheRule()
{
    const std::vector<Sample> all = samples({});
    QVERIFY2(all.size() >= 20, qPrintable(QString::number(all.size())));
    for (const Sample &s : all) {
        const bs::Capture &c = s.capture;
        const QString where = s.path;
        const auto marked = std::count_if(c.metrics.begin(), c.metrics.end(), [](const bs::Metric &m) { return m.primary; });
        QVERIFY2(marked == 1, qPrintable(where));
        const bs::PrimaryMetric rule(c);
        QVERIFY2(rule.primary() == c.primaryMetric(), qPrintable(where));
        const std::string primary = c.primaryMetric()->id;
        if (c.provenance.conditions.mode == "fixed-rate" && c.metric("latency_p99"))
            QVERIFY2(primary == "latency_p99", qPrintable(where + QStringLiteral(": ") + QString::fromStdString(primary)));
        else if (okEverywhere(c, "size", false))
            QVERIFY2(primary == "size", qPrintable(where));
        else if (okEverywhere(c, "startup_s", true))
            QVERIFY2(primary == "startup_s", qPrintable(where));
        // Each row is one real run: the lower median of the metric that picks it,
        // the primary wherever the result measures it on its repetitions.
        for (const bs::Result &r : c.results) {
            if (r.repetitions.empty())
                continue;
            const std::string by = rule.forResult(r);
            const bool measuresPrimary = std::any_of(r.repetitions.begin(), r.repetitions.end(),
                                                     [&](const bs::Repetition &rep) { return rep.metrics.count(primary); });
            if (measuresPrimary)
                QVERIFY2(by == primary, qPrintable(where + QStringLiteral(": ") + QString::fromStdString(r.caseId)));
            QVERIFY2(r.representative == lowerMedianRun(r, by),
                     qPrintable(where + QStringLiteral(": ") + QString::fromStdString(r.participant + " / " + r.caseId)));
        }
    }
}

void TestPrimaryMetric::localSamplesLeadWithWhatTheyMeasured()
{
    // The local set holds a fixed-rate, a start-up and an install capture
    // (sample-data/local/make-*.sh): each leads with what it is about.
    std::set<std::string> seen;
    for (const Sample &s : samples(QStringLiteral("local"))) {
        const bs::Capture &c = s.capture;
        const std::string primary = c.primaryMetric()->id;
        if (c.provenance.conditions.mode == "fixed-rate")
            seen.insert("fixed-rate:" + primary);
        if (c.provenance.conditions.extra.count("restart"))
            seen.insert("restart:" + primary);
        if (c.provenance.conditions.mode == "command" && c.metric("size"))
            seen.insert("cost:" + primary);
        if (c.provenance.conditions.mode == "saturation" && !c.provenance.conditions.extra.count("restart"))
            QVERIFY2(primary == "rps", qPrintable(s.path));
    }
    QVERIFY(seen.count("fixed-rate:latency_p99"));
    QVERIFY(seen.count("restart:startup_s"));
    QVERIFY(seen.count("cost:size"));
    QCOMPARE(int(seen.size()), 3); // nothing else in those kinds
}

void TestPrimaryMetric::fixedRateLeadsWithLatency()
{
    bs::Capture saturation = httpCapture("saturation");
    bs::Summarizer::summarize(saturation);
    QCOMPARE(saturation.primaryMetric()->id, std::string("rps"));
    QCOMPARE(saturation.results[0].representative, 0); // 1000 is the median req/s

    bs::Capture fixed = httpCapture("fixed-rate");
    bs::Summarizer::summarize(fixed);
    QCOMPARE(fixed.primaryMetric()->id, std::string("latency_p99"));
    QCOMPARE(fixed.results[0].representative, 2); // 5 ms is the median p99
    QCOMPARE(fixed.results[0].summary.at("rps").value, 999.0);
    // The table says so, and All cases opens on it.
    QCOMPARE(bs::TableBuilder::allCases(fixed).columns[1].metric->id, std::string("latency_p99"));
}

void TestPrimaryMetric::startupSuitePicksRunsByStartup()
{
    bs::Capture c = httpCapture("saturation");
    c.results[0].repetitions[0].metrics["startup_s"] = 0.5;
    c.results[0].repetitions[1].metrics["startup_s"] = 0.9;
    c.results[0].repetitions[2].metrics["startup_s"] = 0.7;
    bs::Summarizer::summarize(c);
    QCOMPARE(c.primaryMetric()->id, std::string("startup_s"));
    QCOMPARE(c.results[0].representative, 2);
    // Start-up measured once per participant is no start-up suite.
    bs::Capture once = httpCapture("saturation");
    once.results[0].once["startup_s"] = 0.5;
    bs::Summarizer::summarize(once);
    QCOMPARE(once.primaryMetric()->id, std::string("rps"));
}

void TestPrimaryMetric::costSuiteLeadsWithTheCost()
{
    const auto make = [](bool unsized) {
        bs::Capture c;
        c.provenance.conditions.mode = "command";
        const auto lower = bs::Direction::LowerIsBetter;
        c.metrics = {metric("wall_time", "s", lower, true), metric("size", "B", lower)};
        c.cases = {{"installed", "Installed", "", ""}, {"install", "npm ci", "", ""}};
        c.participants = {{"a", "A", "", "", false, {}}};
        c.results = {result("a", "installed", {{{"wall_time", 0.005}, {"size", 3000}}}),
                     result("a", "install", {{{"wall_time", 9}, {"size", 4000}}, {{"wall_time", 8}, {"size", 5000}}})};
        if (unsized) {
            c.cases.push_back({"build", "Build", "", ""});
            c.results.push_back(result("a", "build", {{{"wall_time", 1}}}));
        }
        bs::Summarizer::summarize(c);
        return c;
    };
    const bs::Capture sizes = make(false);
    QCOMPARE(sizes.primaryMetric()->id, std::string("size"));
    QCOMPARE(sizes.results[1].representative, 0); // 4,000 B, the lower of the two sizes
    // One case without a size: a suite of timed commands, led by their time.
    const bs::Capture timed = make(true);
    QCOMPARE(timed.primaryMetric()->id, std::string("wall_time"));
    QCOMPARE(timed.results[1].representative, 1); // 8 s, the lower of the two times
}

void TestPrimaryMetric::commandInHttpSuitePicksByItsTime()
{
    bs::Capture c = httpCapture("saturation");
    c.cases.push_back({"cmd", "command", "", ""});
    c.results.push_back(result("a", "cmd", {{{"wall_time", 3}, {"peak_rss", 10}}, {{"wall_time", 1}, {"peak_rss", 30}},
                                            {{"wall_time", 2}, {"peak_rss", 20}}}));
    // Listed before wall_time: the command's time picks its run all the same.
    c.metrics.insert(c.metrics.begin() + 1, metric("peak_rss", "B", bs::Direction::LowerIsBetter));
    bs::Summarizer::summarize(c);
    QCOMPARE(c.primaryMetric()->id, std::string("rps"));
    QCOMPARE(bs::PrimaryMetric(c).forResult(c.results[1]), std::string("wall_time"));
    QCOMPARE(c.results[1].representative, 2);
}

void TestPrimaryMetric::headlineLeadsCaseTables()
{
    for (const Sample &s : samples(QStringLiteral("local"))) {
        const bs::Capture &c = s.capture;
        const std::vector<bs::Metric> headline = bs::CaptureTables::headlineMetrics(c);
        QVERIFY2(!headline.empty() && std::any_of(headline.begin(), headline.end(),
                                                   [&](const bs::Metric &m) { return m.primary; }),
                 qPrintable(s.path));
        const std::vector<bs::Metric> order = bs::CaptureTables::tableMetrics(c);
        QCOMPARE(order.size(), c.metrics.size());
        for (std::size_t i = 0; i < headline.size(); ++i)
            QCOMPARE(order[i].id, headline[i].id);
        std::set<std::string> ids;
        for (const bs::Metric &m : headline)
            ids.insert(m.id);
        const std::string primary = c.primaryMetric()->id;
        // The percentiles beside throughput, throughput beside latency,
        // the three start-up figures together, a command's time beside its cost.
        if (primary == "rps" || primary == "latency_p99")
            for (const char *id : {"rps", "latency_p50", "latency_p90", "latency_p95", "latency_p99"})
                QVERIFY2(ids.count(id), qPrintable(s.path + QStringLiteral(": ") + QLatin1String(id)));
        if (primary == "startup_s")
            for (const char *id : {"startup_s", "first_response_s", "shutdown_s"})
                QVERIFY2(ids.count(id), qPrintable(s.path + QStringLiteral(": ") + QLatin1String(id)));
        if (primary == "size")
            QVERIFY(ids.count("wall_time"));
    }
}

void TestPrimaryMetric::spreadMetricsAreNotRanked()
{
    const auto lower = bs::Direction::LowerIsBetter;
    for (const char *id : {"margin", "time_stderr", "time_ci_margin", "bench.score.error", "latency_stdev", "time_stddev"})
        QVERIFY2(!bs::ColumnRanking::ranked(metric(id, "s", lower)), id);
    for (const char *id : {"errors", "rps", "latency_p99", "wall_time", "time_mean"})
        QVERIFY2(bs::ColumnRanking::ranked(metric(id, "s", lower)), id);
    bs::Metric plusMinus = metric("spread", "%", lower);
    plusMinus.label = "± spread";
    QVERIFY(!bs::ColumnRanking::ranked(plusMinus));
    // In the bundled microbenchmark capture: ops/s ranked, its margin not.
    bool seen = false;
    for (const Sample &s : samples(QStringLiteral("local"))) {
        if (!s.capture.metric("margin"))
            continue;
        seen = true;
        const bs::Table t = bs::TableBuilder::caseTable(s.capture, s.capture.cases.front().id);
        for (std::size_t col = 0; col < t.columnCount(); ++col) {
            if (t.columns[col].kind != bs::ColumnKind::Value)
                continue;
            QCOMPARE(t.ranked(col) > 0, t.columns[col].metric->id != "margin");
            for (std::size_t row = 0; row < t.rowCount(); ++row)
                if (t.columns[col].metric->id == "margin")
                    QCOMPARE(t.rank(row, col), 0);
        }
    }
    QVERIFY(seen);
}

void TestPrimaryMetric::valuelessColumnsLeftOut()
{
    // A command case in a suite of HTTP cases has no latency: the columns
    // it reads n/a in are left out, one a status explains stays.
    bs::Capture c = httpCapture("saturation");
    c.cases.push_back({"cmd", "command", "", ""});
    c.results.push_back(result("a", "cmd", {{{"wall_time", 1}}}));
    c.participants.push_back({"b", "B", "", "", false, {}});
    bs::Result failed;
    failed.participant = "b";
    failed.caseId = "get";
    failed.status = bs::ResultStatus::Error;
    c.results.push_back(failed);
    bs::Summarizer::summarize(c);
    const bs::Table cmd = bs::TableBuilder::caseTable(c, "cmd");
    std::vector<std::string> captions;
    for (std::size_t col : cmd.shownColumns())
        captions.push_back(cmd.columns[col].name);
    QCOMPARE(captions, (std::vector<std::string>{"Participant", "wall_time", "n"}));
    QCOMPARE(cmd.human().header.size(), std::size_t(3));
    QCOMPARE(cmd.machine().header.size(), std::size_t(1 + 5 + 1));
    // Every column of the HTTP case shows: a value, or an error to see.
    const bs::Table get = bs::TableBuilder::caseTable(c, "get");
    for (std::size_t col = 0; col < get.columnCount(); ++col) {
        const bs::Metric *m = get.columns[col].metric;
        const bool unmeasured = m && (m->id == "wall_time" || m->id == "startup_s");
        QCOMPARE(get.valueless(col), unmeasured);
    }
    // Over the rows asked: B alone (an error) leaves every column in.
    for (std::size_t col = 0; col < get.columnCount(); ++col)
        QVERIFY(!get.valueless(col, {1}));
}

void TestPrimaryMetric::declaredPrimaryWins()
{
    bs::Capture c = httpCapture("fixed-rate");
    c.suite.id = "s";
    c.provenance.conditions.extra["primary_metric"] = "rps";
    bs::Summarizer::summarize(c);
    QCOMPARE(c.primaryMetric()->id, std::string("rps"));
    QCOMPARE(c.results[0].representative, 0);
    // Written and read back: still declared, and the primary its summaries were picked by.
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("declared.json")).toStdString();
    bs::LoadError error;
    QVERIFY2(bs::CaptureWriter::write(c, path, error), error.toString().c_str());
    auto back = bs::CaptureReader::readFile(path, error);
    QVERIFY2(back, error.toString().c_str());
    QCOMPARE(bs::PrimaryMetric::declared(*back), std::string("rps"));
    QCOMPARE(back->primaryMetric()->id, std::string("rps"));
    QCOMPARE(back->results[0].representative, 0);
    // Undeclared, the same file leads with latency; a declaration of no metric is an error at its place.
    QFile file(QString::fromStdString(path));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    file.close();
    for (const auto &[declaration, place] : {std::pair{QByteArray("\"primary_metric\":\"nope\""), std::string("$.provenance.conditions.extra.primary_metric")},
                                             std::pair{QByteArray(), std::string()}}) {
        QByteArray edited = text;
        edited.replace("\"primary_metric\":\"rps\"", declaration.isEmpty() ? QByteArray("\"declared_elsewhere\":\"rps\"") : declaration);
        QVERIFY(edited != text);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(edited);
        file.close();
        auto read = bs::CaptureReader::readFile(path, error);
        if (!place.empty()) {
            QVERIFY(!read);
            QCOMPARE(error.place, place);
            QVERIFY2(error.message.find("nope") != std::string::npos, error.message.c_str());
        } else {
            QVERIFY2(read, error.toString().c_str());
            QCOMPARE(read->primaryMetric()->id, std::string("latency_p99"));
        }
    }
}

QTEST_GUILESS_MAIN(TestPrimaryMetric)
#include "tst_primarymetric.moc"
