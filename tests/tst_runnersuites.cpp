// benchscope-run's suite features against the test server:
// connection levels, declared coverage, restarts per repetition, the size
// metric, split summary and raw files, source hashes, --case and two
// revisions in ABBA order; which figures go where, and the version command's folder.
#include "capturetables.h"
#include "clirun.h"
#include "runnerharness.h"

#include <QDir>
#include <QJsonArray>
#include <QtTest>

#include <set>

class TestRunnerSuites : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void connectionLevelsBecomeCases();
    void caseOptionPicksALevel();
    void declaredCoverageIsKept();
    void restartGivesSamplesPerRepetition();
    void sizeMetricIsTheFileSize();
    void splitRawRoundTripsAndSummaryOpensAlone();
    void sourceHashesGoIntoProvenance();
    void revisionsRunInAbbaOrderAndDiff();
    void restartFiguresStayOnRestartedRepetitions();
    void onlyMeasuredMetricsAreDeclared();
    void versionCommandRunsWhereTheParticipantStarts();

private:
    RunnerHarness m_h;
};

using namespace Qt::StringLiterals;

namespace {

QJsonObject helloCase(const QString &id = u"hello"_s)
{
    return {{u"id"_s, id}, {u"path"_s, u"/"_s}, {u"expect"_s, QJsonObject {{u"status"_s, 200}, {u"body"_s, u"hello"_s}}}};
}

QJsonObject suite(const QJsonArray &participants, const QJsonObject &settings, const QJsonArray &cases)
{
    return {{u"suite"_s, QJsonObject {{u"id"_s, u"features"_s}}},
            {u"settings"_s, settings},
            {u"participants"_s, participants},
            {u"cases"_s, cases}};
}

QJsonObject quick(QJsonObject settings = {})
{
    settings[u"duration_s"_s] = 0.2;
    settings[u"warmup_s"_s] = 0;
    if (!settings.contains(u"repetitions"_s))
        settings[u"repetitions"_s] = 1;
    return settings;
}

QJsonObject running(const QString &id, quint16 port)
{
    return {{u"id"_s, id}, {u"url"_s, QStringLiteral("http://127.0.0.1:%1").arg(port)}};
}

const bs::Result *find(const bs::Capture &c, const std::string &participant, const std::string &caseId)
{
    return c.result(participant, caseId);
}

} // namespace

void TestRunnerSuites::initTestCase()
{
    QVERIFY(m_h.valid());
}

void TestRunnerSuites::cleanup()
{
    m_h.stopServers();
}

void TestRunnerSuites::connectionLevelsBecomeCases()
{
    const quint16 port = m_h.startServer({});
    QVERIFY(port);
    const auto run = m_h.run(m_h.writeSuite(suite({running(u"srv"_s, port)},
                                                  quick({{u"connections"_s, QJsonArray {2, 5}}}), {helloCase()})));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.capture, qPrintable(run.errors));
    const bs::Capture &c = *run.capture;
    QCOMPARE(c.cases.size(), std::size_t(2));
    QCOMPARE(c.cases[0].id, std::string("hello-c2"));
    QCOMPARE(c.cases[0].label, std::string("hello \u00b7 2 concurrent"));
    QCOMPARE(c.cases[0].group, std::string("2 concurrent"));
    QCOMPARE(c.cases[1].id, std::string("hello-c5"));
    QCOMPARE(c.cases[1].group, std::string("5 concurrent"));
    QCOMPARE(c.provenance.conditions.extra.at("connection_levels"), std::string("2,5"));
    QVERIFY(!c.provenance.conditions.connections);
    for (const char *id : {"hello-c2", "hello-c5"}) {
        const bs::Result *r = find(c, "srv", id);
        QVERIFY(r && r->status == bs::ResultStatus::Ok && r->repetitions.size() == 1);
        const auto &m = r->repetitions[0].metrics;
        QVERIFY(m.at("latency_p90") <= m.at("latency_p95") && m.at("latency_p95") <= m.at("latency_p99"));
    }
    // One fresh connection per contract check, then 2 and 5 kept alive.
    QCOMPARE(RunnerHarness::ask(port, "/__connections"), 2L + 2 + 5);

    const quint16 other = m_h.startServer({});
    const auto byWorkload = m_h.run(m_h.writeSuite(suite(
        {running(u"srv"_s, other)}, quick({{u"connections"_s, QJsonArray {1, 3}}, {u"level_tabs"_s, u"workload"_s}}),
        {helloCase()})));
    QVERIFY2(byWorkload.capture, qPrintable(byWorkload.errors));
    QCOMPARE(byWorkload.capture->caseGroups(), std::vector<std::string> {"hello"});
}

void TestRunnerSuites::caseOptionPicksALevel()
{
    const quint16 port = m_h.startServer({});
    QJsonObject levelled = helloCase();
    levelled[u"connections"_s] = QJsonArray {1, 4};
    const QString file = m_h.writeSuite(suite({running(u"srv"_s, port)}, quick(), {levelled, helloCase(u"plain"_s)}));
    const auto run = m_h.run(file, {u"--case"_s, u"hello-c4"_s});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.capture, qPrintable(run.errors));
    QCOMPARE(run.capture->cases.size(), std::size_t(1));
    QCOMPARE(run.capture->cases[0].id, std::string("hello-c4"));
    QCOMPARE(RunnerHarness::ask(port, "/__connections"), 1L + 4);

    const auto both = m_h.run(file, {u"--case"_s, u"hello"_s, u"--quiet"_s});
    QVERIFY2(both.capture, qPrintable(both.errors));
    QCOMPARE(both.capture->cases.size(), std::size_t(2)); // a base id names all its levels
    QCOMPARE(m_h.run(file, {u"--case"_s, u"nothing"_s}).exitCode, 2);
    QCOMPARE(m_h.run(file, {u"--connections"_s, u"3"_s}).exitCode, 2); // levels are chosen with --case
}

void TestRunnerSuites::declaredCoverageIsKept()
{
    const quint16 a = m_h.startServer({});
    const quint16 b = m_h.startServer({});
    QJsonObject dash = running(u"a"_s, a);
    dash[u"unsupported"_s] = QJsonObject {{u"parse"_s, u"returns the input instead of a stripped copy"_s}};
    QJsonObject gap = running(u"b"_s, b);
    gap[u"missing"_s] = QJsonObject {{u"parse"_s, u"cannot express this route"_s}};
    const auto run = m_h.run(m_h.writeSuite(suite({dash, gap}, quick(), {helloCase(), helloCase(u"parse"_s)})));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.capture, qPrintable(run.errors));
    const bs::Capture &c = *run.capture;
    const bs::Result *u = find(c, "a", "parse");
    QCOMPARE(int(u->status), int(bs::ResultStatus::Unsupported));
    QCOMPARE(u->reason, std::string("returns the input instead of a stripped copy"));
    const bs::Result *m = find(c, "b", "parse");
    QCOMPARE(int(m->status), int(bs::ResultStatus::Missing));
    QCOMPARE(m->reason, std::string("cannot express this route"));
    QVERIFY(u->repetitions.empty() && m->repetitions.empty());
    for (const bs::ContractCheck &k : c.contracts)
        QVERIFY2(k.caseId != "parse", k.participant.c_str()); // not even checked
    QCOMPARE(int(find(c, "a", "hello")->status), int(bs::ResultStatus::Ok));
    QCOMPARE(int(find(c, "b", "hello")->status), int(bs::ResultStatus::Ok));
}

void TestRunnerSuites::restartGivesSamplesPerRepetition()
{
    const quint16 port = RunnerHarness::freePort();
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
    const QJsonObject participant {
        {u"id"_s, u"srv"_s},
        {u"start"_s, QJsonObject {{u"command"_s, QJsonArray {m_h.bin(u"benchscope-testserver"_s), u"--port"_s, QString::number(port)}}}},
        {u"url"_s, url},
        {u"ready"_s, QJsonObject {{u"url"_s, QString(url + u"/__count"_s)}}},
    };
    const auto run = m_h.run(m_h.writeSuite(suite({participant}, quick({{u"restart"_s, true}, {u"repetitions"_s, 3}}),
                                                  {helloCase()})));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.capture, qPrintable(run.errors));
    const bs::Result *r = find(*run.capture, "srv", "hello");
    QCOMPARE(r->repetitions.size(), std::size_t(3));
    std::set<double> startups;
    for (const bs::Repetition &rep : r->repetitions) {
        for (const char *m : {"startup_s", "first_response_s", "shutdown_s"})
            QVERIFY2(rep.metrics.count(m) && rep.metrics.at(m) > 0 && rep.metrics.at(m) < 5, m);
        startups.insert(rep.metrics.at("startup_s"));
    }
    QCOMPARE(startups.size(), std::size_t(3)); // one sample per start, not one value copied
    QCOMPARE(r->summary.at("startup_s").n, std::size_t(3));
    int starts = 0;
    for (const QJsonObject &e : run.events)
        starts += e.value(u"phase"_s).toString() == u"start"_s;
    QCOMPARE(starts, 1 + 3); // the contract check's, then one per repetition
    QCOMPARE(run.capture->provenance.conditions.extra.at("restart"), std::string("every repetition"));
}

void TestRunnerSuites::sizeMetricIsTheFileSize()
{
    const QJsonObject participant {{u"id"_s, u"sh"_s}};
    const QJsonObject file {{u"id"_s, u"file"_s}, {u"kind"_s, u"command"_s}, {u"runs"_s, 2}, {u"warmup_runs"_s, 0},
                            {u"command"_s, QJsonArray {u"sh"_s, u"-c"_s, u"head -c 12345 /dev/zero > out.bin"_s}},
                            {u"size_path"_s, u"out.bin"_s}};
    const QJsonObject folder {{u"id"_s, u"folder"_s}, {u"kind"_s, u"command"_s}, {u"runs"_s, 1}, {u"warmup_runs"_s, 0},
                              {u"command"_s, QJsonArray {u"sh"_s, u"-c"_s,
                                                         u"mkdir -p pkg/sub && head -c 1000 /dev/zero > pkg/a && head -c 24 /dev/zero > pkg/sub/b"_s}},
                              {u"size_path"_s, u"pkg"_s}};
    const QJsonObject absent {{u"id"_s, u"absent"_s}, {u"kind"_s, u"command"_s}, {u"runs"_s, 1}, {u"warmup_runs"_s, 0},
                              {u"command"_s, QJsonArray {u"true"_s}}, {u"size_path"_s, u"no-such-file"_s}};
    const auto run = m_h.run(m_h.writeSuite(suite({participant}, {}, {file, folder, absent})));
    QVERIFY2(run.capture, qPrintable(run.errors));
    const bs::Result *f = find(*run.capture, "sh", "file");
    QCOMPARE(f->repetitions.size(), std::size_t(2));
    for (const bs::Repetition &rep : f->repetitions)
        QCOMPARE(rep.metrics.at("size"), 12345.0);
    QCOMPARE(QFileInfo(m_h.path(u"out.bin"_s)).size(), 12345); // relative to the suite file
    QCOMPARE(find(*run.capture, "sh", "folder")->repetitions.at(0).metrics.at("size"), 1024.0);
    const bs::Result *a = find(*run.capture, "sh", "absent");
    QCOMPARE(int(a->status), int(bs::ResultStatus::Error));
    QVERIFY2(a->reason.find("no-such-file") != std::string::npos, a->reason.c_str());
    QCOMPARE(run.capture->metric("size")->unit, std::string("B"));
}

void TestRunnerSuites::splitRawRoundTripsAndSummaryOpensAlone()
{
    const quint16 port = m_h.startServer({});
    const auto run = m_h.run(m_h.writeSuite(suite({running(u"srv"_s, port)}, quick({{u"repetitions"_s, 3}}), {helloCase()})),
                             {u"--split-raw"_s});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.capture, qPrintable(run.errors));
    const QString summary = m_h.outPath();
    const QString raw = summary.chopped(int(strlen(".json.gz"))) + u".raw.json.gz"_s;
    QVERIFY(QFileInfo::exists(raw));
    const bs::Result *joined = find(*run.capture, "srv", "hello");
    QCOMPARE(joined->repetitions.size(), std::size_t(3));
    QVERIFY(!bs::CaptureReader::summaryOnly(*run.capture));
    const double median = joined->summary.at("rps").median;

    QVERIFY(QFile::remove(raw));
    bs::LoadError error;
    const auto alone = bs::CaptureReader::readFile(summary.toStdString(), error);
    QVERIFY2(alone, error.toString().c_str());
    QVERIFY(bs::CaptureReader::summaryOnly(*alone));
    QCOMPARE(alone->warnings.size(), std::size_t(1));
    QVERIFY2(alone->warnings[0].find("summary only") != std::string::npos, alone->warnings[0].c_str());
    const bs::Result *r = find(*alone, "srv", "hello");
    QVERIFY(r->repetitions.empty());
    QCOMPARE(int(r->status), int(bs::ResultStatus::Ok));
    QCOMPARE(r->summary.at("rps").median, median);
    QCOMPARE(r->summary.at("rps").n, std::size_t(3));
    QCOMPARE(bs::CaptureTables::statusText(r), std::string()); // tables show the stored figure, not "missing"
}

void TestRunnerSuites::sourceHashesGoIntoProvenance()
{
    QFile source(m_h.path(u"handler.src"_s));
    QVERIFY(source.open(QIODevice::WriteOnly));
    source.write("abc");
    source.close();
    QJsonObject s = suite({QJsonObject {{u"id"_s, u"sh"_s}}}, {},
                          {QJsonObject {{u"id"_s, u"t"_s}, {u"kind"_s, u"command"_s}, {u"runs"_s, 1}, {u"command"_s, QJsonArray {u"true"_s}}}});
    s[u"sources"_s] = QJsonArray {u"handler.src"_s};
    const auto run = m_h.run(m_h.writeSuite(s));
    QVERIFY2(run.capture, qPrintable(run.errors));
    QCOMPARE(run.capture->provenance.sourceHashes.at("handler.src"),
             std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")); // sha256("abc")
    s[u"sources"_s] = QJsonArray {u"missing.src"_s};
    const auto bad = m_h.run(m_h.writeSuite(s));
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.errors.contains(u"$.sources[0]"_s), qPrintable(bad.errors));
}

void TestRunnerSuites::revisionsRunInAbbaOrderAndDiff()
{
    // Two "builds" of one server: the same command, each at its own port.
    const quint16 before = RunnerHarness::freePort();
    const quint16 after = RunnerHarness::freePort();
    const QJsonObject participant {
        {u"id"_s, u"srv"_s},
        {u"start"_s, QJsonObject {{u"command"_s, QJsonArray {m_h.bin(u"benchscope-testserver"_s), u"--port"_s, u"{port}"_s}}}},
        {u"url"_s, u"http://127.0.0.1:{port}"_s},
    };
    QJsonObject s = suite({participant}, quick({{u"repetitions"_s, 4}}), {helloCase()});
    s[u"revisions"_s] = QJsonArray {
        QJsonObject {{u"name"_s, u"before"_s}, {u"id"_s, u"9c8c206f"_s}, {u"vars"_s, QJsonObject {{u"port"_s, QString::number(before)}}}},
        QJsonObject {{u"name"_s, u"after"_s}, {u"id"_s, u"4c9cf2f4"_s}, {u"vars"_s, QJsonObject {{u"port"_s, QString::number(after)}}}},
    };
    const auto run = m_h.run(m_h.writeSuite(s));
    QCOMPARE(run.exitCode, 0);
    QStringList order;
    for (const QJsonObject &e : run.events)
        if (e.value(u"phase"_s).toString() == u"repetition"_s)
            order << e.value(u"participant"_s).toString();
    QCOMPARE(order.join(u' '), u"srv@before srv@after srv@after srv@before srv@before srv@after srv@after srv@before"_s);
    const QJsonArray outs = run.events.back().value(u"outs"_s).toArray();
    QCOMPARE(outs.size(), 2);
    const QString a = outs[0].toString();
    const QString b = outs[1].toString();
    QVERIFY2(a.endsWith(u".before.json.gz"_s) && b.endsWith(u".after.json.gz"_s), qPrintable(a + u' ' + b));
    for (const QString &path : {a, b}) {
        bs::LoadError error;
        const auto c = bs::CaptureReader::readFile(path.toStdString(), error);
        QVERIFY2(c, error.toString().c_str());
        QCOMPARE(c->participants.size(), std::size_t(1));
        QCOMPARE(c->participants[0].id, std::string("srv"));
        QCOMPARE(c->results.at(0).repetitions.size(), std::size_t(4));
        QCOMPARE(c->revision.id, std::string(path == a ? "9c8c206f" : "4c9cf2f4"));
        const auto &extra = c->provenance.conditions.extra;
        QCOMPARE(extra.at("revision_order"), std::string("before, after, after, before, before, after, after, before"));
        QVERIFY(extra.at("paired_with").find(path == a ? ".after.json.gz (after)" : ".before.json.gz (before)") != std::string::npos);
    }
    const CliRun diff = CliRun::run({u"diff"_s, a, b});
    QCOMPARE(diff.exitCode, 0);
    QVERIFY2(diff.out.contains(u"srv"_s), qPrintable(diff.out + diff.err));
}

void TestRunnerSuites::restartFiguresStayOnRestartedRepetitions()
{
    // A command case is not restarted for: its runs must not carry the last restart's figures.
    const quint16 port = RunnerHarness::freePort();
    const QJsonObject participant {
        {u"id"_s, u"srv"_s},
        {u"start"_s, QJsonObject {{u"command"_s, QJsonArray {m_h.bin(u"benchscope-testserver"_s), u"--port"_s, QString::number(port)}}}},
        {u"url"_s, QStringLiteral("http://127.0.0.1:%1").arg(port)},
    };
    const QJsonObject command {{u"id"_s, u"cmd"_s}, {u"kind"_s, u"command"_s}, {u"runs"_s, 2}, {u"warmup_runs"_s, 0},
                               {u"command"_s, QJsonArray {u"sh"_s, u"-c"_s, u"true"_s}}};
    const auto run = m_h.run(m_h.writeSuite(suite({participant}, quick({{u"restart"_s, true}, {u"repetitions"_s, 2}}),
                                                  {helloCase(), command})));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.capture, qPrintable(run.errors));
    const bs::Result *hello = find(*run.capture, "srv", "hello");
    QCOMPARE(hello->repetitions.size(), std::size_t(2));
    for (const bs::Repetition &rep : hello->repetitions)
        for (const char *m : {"startup_s", "first_response_s", "shutdown_s"})
            QVERIFY2(rep.metrics.count(m), m);
    const bs::Result *cmd = find(*run.capture, "srv", "cmd");
    QCOMPARE(int(cmd->status), int(bs::ResultStatus::Ok));
    QCOMPARE(cmd->repetitions.size(), std::size_t(2));
    QVERIFY(cmd->once.empty());
    for (const bs::Repetition &rep : cmd->repetitions) {
        QVERIFY(rep.metrics.count("wall_time"));
        for (const char *m : {"startup_s", "first_response_s", "shutdown_s"})
            QVERIFY2(!rep.metrics.count(m), m);
    }
}

void TestRunnerSuites::onlyMeasuredMetricsAreDeclared()
{
    const QJsonObject command {{u"id"_s, u"t"_s}, {u"kind"_s, u"command"_s}, {u"runs"_s, 2}, {u"warmup_runs"_s, 0},
                               {u"command"_s, QJsonArray {u"sh"_s, u"-c"_s, u"true"_s}}};
    const auto commands = m_h.run(m_h.writeSuite(suite({QJsonObject {{u"id"_s, u"sh"_s}}}, {}, {command})));
    QVERIFY2(commands.capture, qPrintable(commands.errors));
    const bs::Capture &c = *commands.capture;
    QVERIFY(c.metric("wall_time") && c.metric("wall_time")->primary);
    QVERIFY(c.metric("peak_rss") && c.metric("cpu_time_s"));
    for (const char *m : {"startup_s", "first_response_s", "shutdown_s", "rps", "size"})
        QVERIFY2(!c.metric(m), m);
    const CliRun inspect = CliRun::run({u"inspect"_s, m_h.outPath()});
    QCOMPARE(inspect.exitCode, 0);
    QVERIFY2(inspect.out.contains(u"Wall time"_s), qPrintable(inspect.out));
    QVERIFY2(!inspect.out.contains(u"Start-up time"_s), qPrintable(inspect.out));

    // A server the runner did not start has no start-up, CPU time or RSS of its own.
    const quint16 port = m_h.startServer({});
    const auto http = m_h.run(m_h.writeSuite(suite({running(u"srv"_s, port)}, quick(), {helloCase()})));
    QVERIFY2(http.capture, qPrintable(http.errors));
    QVERIFY(http.capture->metric("rps") && http.capture->metric("latency_p99"));
    for (const char *m : {"startup_s", "peak_rss", "cpu_time_s", "wall_time"})
        QVERIFY2(!http.capture->metric(m), m);
}

void TestRunnerSuites::versionCommandRunsWhereTheParticipantStarts()
{
    // The runner's own folder is the test's, not the suite's: relative paths only resolve in the right one.
    QVERIFY(QDir().mkpath(m_h.path(u"sub"_s)));
    for (const auto &[file, text] : {std::pair {u"version.txt"_s, "suite folder 1.0\n"}, std::pair {u"sub/version.txt"_s, "start cwd 2.0\n"}}) {
        QFile f(m_h.path(file));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    const QJsonArray version {u"sh"_s, u"-c"_s, u"cat version.txt"_s};
    const quint16 port = RunnerHarness::freePort();
    const QJsonObject started {
        {u"id"_s, u"srv"_s},
        {u"start"_s, QJsonObject {{u"command"_s, QJsonArray {m_h.bin(u"benchscope-testserver"_s), u"--port"_s, QString::number(port)}},
                                  {u"cwd"_s, u"sub"_s}}},
        {u"url"_s, QStringLiteral("http://127.0.0.1:%1").arg(port)},
        {u"version_command"_s, version},
    };
    const quint16 other = RunnerHarness::freePort();
    const QJsonObject startedHere {
        {u"id"_s, u"here"_s},
        {u"start"_s, QJsonObject {{u"command"_s, QJsonArray {m_h.bin(u"benchscope-testserver"_s), u"--port"_s, QString::number(other),
                                                       u"--count-file"_s, u"count.txt"_s}}}},
        {u"url"_s, QStringLiteral("http://127.0.0.1:%1").arg(other)},
        {u"version_command"_s, version},
    };
    const QJsonObject plain {{u"id"_s, u"sh"_s}, {u"version_command"_s, version}};
    const auto run = m_h.run(m_h.writeSuite(suite({started, startedHere, plain}, quick(), {helloCase()})));
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.capture, qPrintable(run.errors));
    QCOMPARE(run.capture->participant("srv")->version, std::string("start cwd 2.0"));
    QCOMPARE(run.capture->participant("here")->version, std::string("suite folder 1.0"));
    QVERIFY(QFileInfo::exists(m_h.path(u"count.txt"_s))); // its start command ran there too
    QCOMPARE(run.capture->participant("sh")->version, std::string("suite folder 1.0"));
    QVERIFY(!QFileInfo::exists(u"version.txt"_s)); // not found by luck in the runner's folder
}

QTEST_GUILESS_MAIN(TestRunnerSuites)
#include "tst_runnersuites.moc"
