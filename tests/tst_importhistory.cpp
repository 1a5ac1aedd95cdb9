// Imports are histories too: the suite of an imported run comes from its
// tool and what it measured, never from the file's name; runs are ordered by
// the time and revision they record; a folder of whole runs (pytest-
// benchmark's storage, a series of go test outputs, real files under
// tests/data/importers/, see SOURCES.md) reads as a history in the core and
// through `benchscope-cli history`, and `--suite` sets the suite of imports.
#include "captureloader.h"
#include "capturereader.h"
#include "clirun.h"
#include "history.h"
#include "importerdata.h"
#include "importers/suiteidentity.h"

#include <QtTest>

#include <filesystem>

using importerdata::dataPath;

namespace {

const char *kStorage = "pytest-benchmark-storage";
const char *kGoSeries = "go-series";

std::vector<bs::Capture> loadAll(const std::vector<std::string> &files)
{
    std::vector<bs::Capture> captures;
    for (const std::string &f : files) {
        bs::LoadError error;
        auto c = bs::CaptureLoader::load(f, error);
        if (!c)
            qFatal("%s", error.toString().c_str());
        captures.push_back(std::move(*c));
    }
    return captures;
}

std::vector<const bs::Capture *> pointers(const std::vector<bs::Capture> &captures)
{
    std::vector<const bs::Capture *> list;
    for (const bs::Capture &c : captures)
        list.push_back(&c);
    return list;
}

std::string fileName(const std::string &path)
{
    return std::filesystem::path(path).filename().string();
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TstImportHistory : public QObject {
    Q_OBJECT

private slots:
    void suiteIdentityIsTheSetMeasured()
    {
        const bs::Suite one = bs::SuiteIdentity::of("go test", {"example.com/a"});
        QCOMPARE(one.id, std::string("go-test--example.com-a"));
        QCOMPARE(one.title, std::string("go test: example.com/a"));
        // The same set in any order, with repeats and blanks, is one suite.
        const bs::Suite ab = bs::SuiteIdentity::of("go test", {"example.com/b", "example.com/a"});
        QCOMPARE(bs::SuiteIdentity::of("go test", {"example.com/a", "", "example.com/b", "example.com/a"}).id, ab.id);
        QVERIFY2(ab.id.rfind("go-test--example.com-a-and-1-more-", 0) == 0, ab.id.c_str());
        QCOMPARE(ab.title, std::string("go test: example.com/a and example.com/b"));
        // Another set is another suite, though it starts with the same name.
        QVERIFY(bs::SuiteIdentity::of("go test", {"example.com/a", "example.com/c"}).id != ab.id);
        QVERIFY(bs::SuiteIdentity::of("pytest-benchmark", {"example.com/a"}).id != one.id);
        QCOMPARE(bs::SuiteIdentity::of("go test", {}).id, std::string("go-test"));
        QCOMPARE(bs::SuiteIdentity::of("t", {"a", "b", "c", "d"}).title, std::string("t: a and 3 more"));
    }

    void pytestStorageIsOneSuiteWithItsRunsRecorded()
    {
        const std::vector<std::string> files = bs::CaptureLoader::historyFiles(dataPath(kStorage));
        QCOMPARE(files.size(), std::size_t(30)); // LICENSE is not a run
        const std::vector<bs::Capture> runs = loadAll(files);
        for (const bs::Capture &c : runs) {
            QCOMPARE(c.suite.id, std::string("pytest-benchmark--tests-test_normal.py"));
            QCOMPARE(c.revision.id, std::string("5b78858eb718649a31fb93d8dc96ca2cee41a4cd"));
            QVERIFY(!c.capturedAt.empty());
        }
        QCOMPARE(runs.front().capturedAt, std::string("2015-08-15T00:01:46.250433+00:00"));
        QCOMPARE(runs.at(1).capturedAt, std::string("2015-08-15T00:01:51.557705"));
    }

    void pytestStorageHistoryFollowsTheRunsInTime()
    {
        const std::vector<bs::Capture> runs = loadAll(bs::CaptureLoader::historyFiles(dataPath(kStorage)));
        // Given newest first, the history still starts at the oldest run.
        std::vector<const bs::Capture *> given = pointers(runs);
        std::reverse(given.begin(), given.end());
        std::string error;
        const auto h = bs::History::build(given, {}, error);
        QVERIFY2(h, error.c_str());
        QCOMPARE(h->revisions().size(), std::size_t(30));
        QCOMPARE(fileName(h->revisions().front().sourcePath).substr(0, 5), std::string("0001_"));
        QCOMPARE(fileName(h->revisions().back().sourcePath).substr(0, 5), std::string("0030_"));
        // pytest-benchmark 2.5 saved no "param": the id is the name's "[0]", test_xfast_parametrized's case 0.
        const bs::HistorySeries *s = h->find("time", "test_xfast_parametrized", "0");
        QVERIFY(s);
        QCOMPARE(s->points.size(), std::size_t(30));
        // stats.median of 0001 and 0030 (the time pytest-benchmark's table
        // leads with), read from the files.
        QCOMPARE(s->points.front().value, 2.2016643907464864e-07);
        QCOMPARE(s->points.back().value, 2.2016379230260297e-07);
    }

    void goSeriesIsOrderedByItsCommitTimeThenRunTime()
    {
        const std::vector<std::string> files = bs::CaptureLoader::historyFiles(dataPath(kGoSeries));
        QCOMPARE(files.size(), std::size_t(4));
        const std::vector<bs::Capture> runs = loadAll(files);
        for (const bs::Capture &c : runs)
            QCOMPARE(c.suite.id, runs.front().suite.id);
        QVERIFY2(runs.front().suite.id.rfind("go-test--git.sr.ht-nelsam-gxui-interval-and-36-more-", 0) == 0,
                 runs.front().suite.id.c_str());
        std::string error;
        const auto h = bs::History::build(pointers(runs), {}, error);
        QVERIFY2(h, error.c_str());
        // By name 9086…07, 9086…08, b5bf…05, c1e7…06; by numerator_stamp, then runstamp:
        std::vector<std::string> order, dates, ran;
        for (const bs::HistoryRevision &r : h->revisions()) {
            order.push_back(r.revision.id);
            dates.push_back(r.revision.date);
            ran.push_back(r.capturedAt);
        }
        QCOMPARE(order, (std::vector<std::string>{"b5bfaf410a", "c1e7c518ae", "90860e0c31", "90860e0c31"}));
        QCOMPARE(dates.front(), std::string("2022-01-06T00:26:47+00:00"));
        QCOMPARE(ran.at(2), std::string("2022-01-07T21:32:12"));
        QCOMPARE(ran.at(3), std::string("2022-01-08T21:32:18"));
        // BenchmarkGonum_topo ran 25 times in b5bfaf410a; its first line reads 3119293067 build-real-ns/op.
        const bs::Capture &first = *captureOf(runs, "b5bfaf410a");
        const bs::CaseInfo *topo = first.caseInfo("gonum_topo");
        QVERIFY(topo);
        const bs::Result *r = nullptr;
        for (const bs::Participant &p : first.participants)
            r = r ? r : first.result(p.id, topo->id);
        QVERIFY(r);
        QCOMPARE(r->repetitions.size(), std::size_t(25));
        bool found = false;
        for (const auto &[id, v] : r->repetitions.front().metrics)
            found = found || v == 3119293067.0 || std::fabs(v - 3.119293067) < 1e-12;
        QVERIFY(found);
    }

    void perRunFoldersStayOneCapture()
    {
        // One benchmark per file, no time or revision recorded: a folder import.
        QVERIFY(bs::CaptureLoader::historyFiles(dataPath("go-folder/join")).empty());
        QVERIFY(bs::CaptureLoader::historyFiles(dataPath("oha-folder/20260101-000000-copies")).empty());
        QVERIFY(bs::CaptureLoader::historyFiles(dataPath("ab/folder/20261201-193000-nginx")).empty());
        QVERIFY(bs::CaptureLoader::historyFiles(dataPath("does-not-exist")).empty());
    }

    void historyCommandReadsImportFolders()
    {
        const CliRun py = CliRun::run({QStringLiteral("history"), q(dataPath(kStorage))});
        QCOMPARE(py.exitCode, 0);
        QVERIFY2(py.out.contains(QStringLiteral("History of pytest-benchmark: tests/test_normal.py (30 revisions)")),
                 qPrintable(py.out + py.err));
        const CliRun go = CliRun::run({QStringLiteral("history"), q(dataPath(kGoSeries)), QStringLiteral("--format"),
                                       QStringLiteral("json"), QStringLiteral("--case"), QStringLiteral("gonum_topo")});
        QCOMPARE(go.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(go.out.toUtf8()).object();
        QCOMPARE(root.value(QStringLiteral("revisions")).toArray().size(), 4);
        QCOMPARE(root.value(QStringLiteral("revisions")).toArray().at(0).toObject().value(QStringLiteral("id")).toString(),
                 QStringLiteral("b5bfaf410a"));
    }

    void suiteOptionSetsTheSuiteOfImports()
    {
        // A pytest-benchmark run and a go test run are of different suites...
        const QString py = q(dataPath(std::string(kStorage) + "/0001_b87b9aae14ff14a7887a6bbaa9731b9a8760555d_20150814_190343_uncommitted-changes.json"));
        const QString go = q(dataPath(std::string(kGoSeries) + "/b5bfaf410a-opt.20220105T213212.gz"));
        const CliRun mixed = CliRun::run({QStringLiteral("history"), py, go});
        QCOMPARE(mixed.exitCode, 1);
        QVERIFY2(mixed.err.contains(QStringLiteral("captures of different suites: pytest-benchmark--tests-test_normal.py (")),
                 qPrintable(mixed.err));
        // ...until --suite names one for both.
        const CliRun one = CliRun::run({QStringLiteral("history"), py, go, QStringLiteral("--suite"), QStringLiteral("mine")});
        QCOMPARE(one.exitCode, 0);
        QVERIFY2(one.out.contains(QStringLiteral("(2 revisions)")), qPrintable(one.out + one.err));

        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("run.json"));
        const CliRun conv = CliRun::run({QStringLiteral("convert"), py, QStringLiteral("--out"), out,
                                         QStringLiteral("--suite"), QStringLiteral("nightly")});
        QCOMPARE(conv.exitCode, 0);
        bs::LoadError error;
        const auto written = bs::CaptureReader::readFile(out.toStdString(), error);
        QVERIFY2(written, error.toString().c_str());
        QCOMPARE(written->suite.id, std::string("nightly"));
        QCOMPARE(written->revision.id, std::string("5b78858eb718649a31fb93d8dc96ca2cee41a4cd"));
        const CliRun noId = CliRun::run({QStringLiteral("convert"), py, QStringLiteral("--out"), out,
                                         QStringLiteral("--suite"), QString()});
        QCOMPARE(noId.exitCode, 2);
    }

private:
    static const bs::Capture *captureOf(const std::vector<bs::Capture> &runs, const std::string &revision)
    {
        for (const bs::Capture &c : runs)
            if (c.revision.id == revision)
                return &c;
        return nullptr;
    }
};

QTEST_GUILESS_MAIN(TstImportHistory)
#include "tst_importhistory.moc"
