// JMH, criterion.rs and BenchmarkDotNet imports over real outputs
// (tests/data/importers/{jmh,criterion-folder,benchmarkdotnet}/, see SOURCES.md):
// values read off the files by hand, in canonical units; malformed variants
// with errors naming the file and the place; folders.
#include "captureloader.h"
#include "fileio.h"
#include "importerdata.h"
#include "tempfolder.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>

using bs::Capture;
using namespace Qt::StringLiterals;
namespace fs = std::filesystem;

namespace {

using importerdata::dataPath;
using importerdata::hasCaveat;
using importerdata::readData;
using importerdata::resultByLabels;

const std::string kJmhAction = "jmh/benchmark-action_github-action-benchmark_jmh_output.json";
const std::string kJmhCasbin = "jmh/casbin_jcasbin_jmh-result.json";
const std::string kJmhFewIterations = "jmh/volodya-lombrozo_jmh-benchmark-action_parametrized.json";
const std::string kJmhTwoIterations = "jmh/volodya-lombrozo_jmh-benchmark-action_fast.json";
const std::string kBdnFull = "benchmarkdotnet/benchmark-action_github-action-benchmark_benchmarkdotnet.json";
const std::string kBdnBrief = "benchmarkdotnet/dotnet_BenchmarkDotNet_docs_IntroExportJson-report-brief.json";
const std::string kCriterion = "criterion-folder/target/criterion";
// criterion 0.3.6: one id measured three times in a run (SOURCES.md)
const std::string kCriterionRepeated = "criterion-repeated-id-folder/target/criterion";

} // namespace

class TestImportersPub : public QObject {
    Q_OBJECT
private slots:
    void init();
    void values_data();
    void values();
    void jmhProvenanceAndModes();
    void jmhQuotedNonFiniteScoreError();
    void benchmarkDotNetProvenance();
    void benchmarkDotNetFailedBenchmarkIsAnError();
    void benchmarkDotNetResultRowsAreTheRepetitions();
    void criterionTreeAndItsParts_data();
    void criterionTreeAndItsParts();
    void criterionThroughput();
    void criterionRepeatedIdIsItsOwnCase();
    void malformed_data();
    void malformed();
    void criterionMalformed_data();
    void criterionMalformed();
    void folderOfJmhRuns();
    void statisticLabels_data();
    void statisticLabels();
    void jmhGcFiguresAsJmhReportsThem_data();
    void jmhGcFiguresAsJmhReportsThem();

private:
    std::string copyCriterionTree();
    TempFolder m_tmp;
};

void TestImportersPub::init() { m_tmp.renew(); }

// The real tree, copied so that a test may break one file of it.
std::string TestImportersPub::copyCriterionTree()
{
    const fs::path to = fs::path(m_tmp.path()) / "criterion";
    fs::copy(dataPath(kCriterion), to, fs::copy_options::recursive);
    return to.string();
}

// One value per row: file, participant label, case label, metric, statistic
// ("value" of the representative repetition, "median", "max", "n", or "once"
// for a figure stored once), expected number in the canonical unit.
void TestImportersPub::values_data()
{
    QTest::addColumn<std::string>("file");
    QTest::addColumn<std::string>("participant");
    QTest::addColumn<std::string>("caseLabel");
    QTest::addColumn<std::string>("metric");
    QTest::addColumn<QString>("stat");
    QTest::addColumn<double>("expected");

    const std::string hello = "JMHSample_01_HelloWorld.wellHelloThere";
    QTest::newRow("jmh ops/s median of three iterations") << kJmhAction << hello << std::string("default") << std::string("throughput") << u"median"_s << 3.37651988895058E9;
    QTest::newRow("jmh one fork of three iterations") << kJmhAction << hello << std::string("default") << std::string("throughput") << u"n"_s << 3.0;
    QTest::newRow("jmh score error once") << kJmhAction << hello << std::string("default") << std::string("throughput.error") << u"once"_s << 1.4287985743935993E7;
    // The error belongs to JMH's score (its mean), which is kept beside it, not to the median of the iterations.
    QTest::newRow("jmh score once, JMH's mean") << kJmhAction << hello << std::string("default") << std::string("throughput.score") << u"once"_s << 3.3762388731228185E9;
    const std::string enforce = "BenchmarkEnforce.enforce";
    const std::string rbac = "dataScale=small, modelType=rbac, useCache=false";
    QTest::newRow("jmh ops/ms becomes ops/s") << kJmhCasbin << enforce << rbac << std::string("throughput") << u"median"_s << 21.00904195728958 * 1000;
    QTest::newRow("jmh ops/ms max") << kJmhCasbin << enforce << rbac << std::string("throughput") << u"max"_s << 24.119562527568988 * 1000;
    QTest::newRow("jmh single shot ms/op becomes s") << kJmhCasbin << std::string("BenchmarkMemory.measureMemory") << std::string("scenario=ACL") << std::string("single_shot_time") << u"median"_s << 0.3645893;
    // JMH 1.37 with one or two iterations: "scoreError" : "NaN"
    const std::string many = "XmlBenchmark.manyQueries";
    QTest::newRow("jmh NaN error: ms/op of one iteration") << kJmhFewIterations << many << std::string("impl=dom-xml, size=small") << std::string("time_per_op") << u"value"_s << 5.064982006075949e-3;
    QTest::newRow("jmh NaN error: one iteration") << kJmhFewIterations << many << std::string("impl=saxon, size=large") << std::string("time_per_op") << u"n"_s << 1.0;
    QTest::newRow("jmh NaN error: us/op median of two") << kJmhTwoIterations << std::string("XnavBenchmark.xpath") << std::string("default") << std::string("time_per_op") << u"median"_s << (8.868145528261346 + 8.88327964925808) / 2 * 1e-6;
    QTest::newRow("bdn result iterations from OriginalValues") << kBdnFull << std::string("Benchmarks.Fib10") << std::string("default") << std::string("time_per_op") << u"n"_s << 14.0;
    QTest::newRow("bdn median ns/op becomes s") << kBdnFull << std::string("Benchmarks.Fib10") << std::string("default") << std::string("time_per_op") << u"median"_s << 24.419498533010483e-9;
    QTest::newRow("bdn max of Fib20") << kBdnFull << std::string("Benchmarks.Fib20") << std::string("default") << std::string("time_per_op") << u"max"_s << 53.3868932723999e-9;
    QTest::newRow("bdn its mean once") << kBdnFull << std::string("Benchmarks.Fib10") << std::string("default") << std::string("time_mean") << u"once"_s << 24.4202085009643e-9;
    QTest::newRow("bdn brief mean once") << kBdnBrief << std::string("IntroJsonExport.Sleep10") << std::string("default") << std::string("time_mean") << u"once"_s << 10362283.085796878e-9;
    QTest::newRow("bdn brief p95 once") << kBdnBrief << std::string("IntroJsonExport.Sleep20") << std::string("default") << std::string("time_p95") << u"once"_s << 20416606.697718751e-9;
    QTest::newRow("bdn brief CI margin once") << kBdnBrief << std::string("IntroJsonExport.Sleep20") << std::string("default") << std::string("time_ci_margin") << u"once"_s << 21028.48309826323e-9;
    QTest::newRow("criterion 20 samples") << kCriterion << std::string("std_stable") << std::string("sort/100") << std::string("time_per_iter") << u"n"_s << 20.0;
    // sample 0 of sort/std_stable/100: 1219973 ns over 1823 iterations
    QTest::newRow("criterion fastest sample per iteration") << kCriterion << std::string("std_stable") << std::string("sort/100") << std::string("time_per_iter") << u"min"_s << 1219973.0 / 1823 * 1e-9;
    QTest::newRow("criterion median equals its median estimate") << kCriterion << std::string("std_stable") << std::string("sort/100") << std::string("time_per_iter") << u"median"_s << 2015.2127445602487e-9;
    QTest::newRow("criterion mean estimate once") << kCriterion << std::string("std_stable") << std::string("sort/100") << std::string("estimate_mean") << u"once"_s << 2143.2999815886083e-9;
    QTest::newRow("criterion mean CI upper once") << kCriterion << std::string("std_stable") << std::string("sort/100") << std::string("estimate_mean.ci_upper") << u"once"_s << 2628.2061034015633e-9;
    QTest::newRow("criterion bench_function") << kCriterion << std::string("sum 1000") << std::string("run") << std::string("time_per_iter") << u"n"_s << 20.0;
}

void TestImportersPub::values()
{
    QFETCH(std::string, file);
    QFETCH(std::string, participant);
    QFETCH(std::string, caseLabel);
    QFETCH(std::string, metric);
    QFETCH(QString, stat);
    QFETCH(double, expected);

    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(file), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result *r = resultByLabels(*c, participant, caseLabel);
    QVERIFY2(r, ("no result for " + participant + " / " + caseLabel).c_str());
    QCOMPARE(r->status, bs::ResultStatus::Ok);
    double actual = NAN;
    if (stat == u"once"_s) {
        QVERIFY2(r->once.count(metric), ("no once figure " + metric).c_str());
        actual = r->once.at(metric);
        QCOMPARE(r->summary.at(metric).n, std::size_t(1));
    } else {
        const auto it = r->summary.find(metric);
        QVERIFY2(it != r->summary.end(), ("no metric " + metric).c_str());
        const bs::MetricSummary &s = it->second;
        QVERIFY(!s.once);
        actual = stat == u"value"_s ? s.value : stat == u"median"_s ? s.median : stat == u"max"_s ? s.max
               : stat == u"min"_s ? s.min : double(s.n);
    }
    QVERIFY2(std::abs(actual - expected) <= 1e-9 * std::abs(expected),
             qPrintable(u"%1 != %2"_s.arg(actual, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestImportersPub::jmhProvenanceAndModes()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(kJmhCasbin), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->provenance.tools.at(0).name, std::string("jmh"));
    QCOMPARE(c->provenance.tools.at(0).version, std::string("1.37"));
    QCOMPARE(c->provenance.tools.at(1).name, std::string("Java HotSpot(TM) 64-Bit Server VM"));
    QCOMPARE(c->provenance.tools.at(1).version, std::string("17.0.8+9-LTS-211"));
    QCOMPARE(c->provenance.conditions.extra.at("forks"), std::string("1"));
    QCOMPARE(c->provenance.conditions.extra.at("measurementTime"), std::string("1 s"));
    QCOMPARE(c->provenance.conditions.repetitions, std::optional<int>(3));
    QCOMPARE(c->metric("throughput")->unit, std::string("ops/s"));
    QVERIFY(c->metric("throughput")->primary);
    QCOMPARE(c->metric("single_shot_time")->unit, std::string("s"));
    QCOMPARE(c->metric("single_shot_time")->direction, bs::Direction::LowerIsBetter);
    QCOMPARE(c->participants.size(), std::size_t(6)); // one per method
    // each class's parameters are its cases, in a tab of its own; another
    // class's cases are not expected of a method, so they have no result
    const bs::CaseInfo *acl = nullptr;
    for (const bs::CaseInfo &ci : c->cases)
        if (ci.label == "scenario=ACL")
            acl = &ci;
    QVERIFY(acl);
    QCOMPARE(acl->group, std::string("BenchmarkMemory"));
    QVERIFY(!resultByLabels(*c, "BenchmarkMemory.measureMemory", "dataScale=small, modelType=rbac, useCache=false"));
    QCOMPARE(c->results.size(), std::size_t(37)); // one per row, nothing missing within a class
    QVERIFY(hasCaveat(*c, "failed; such a benchmark is absent"));
}

// JMH writes the error it cannot compute as a quoted "NaN" (and would
// write "Infinity" likewise): no error margin, with a caveat, never a refusal.
void TestImportersPub::jmhQuotedNonFiniteScoreError()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(kJmhFewIterations), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->results.size(), std::size_t(33)); // every row of the file
    QVERIFY(!c->metric("time_per_op.error"));
    for (const bs::Result &r : c->results)
        QVERIFY(!r.once.count("time_per_op.error"));
    QVERIFY(hasCaveat(*c, "no error margin (scoreError \"NaN\""));
    for (const char *text : {"\"Infinity\"", "\"-Infinity\""}) {
        const std::string file = m_tmp.write(u"inf.json"_s, importerdata::replaced(QString::fromStdString(kJmhTwoIterations), "\"NaN\"", text).toStdString());
        auto inf = bs::CaptureLoader::load(file, error);
        QVERIFY2(inf, error.toString().c_str());
        QVERIFY(!inf->metric("time_per_op.error"));
        QVERIFY(hasCaveat(*inf, std::string("scoreError ") + text));
    }
    // A numeric error is still read.
    auto numeric = bs::CaptureLoader::load(dataPath(kJmhCasbin), error);
    QVERIFY2(numeric, error.toString().c_str());
    QVERIFY(numeric->metric("throughput.error"));
    QVERIFY(!hasCaveat(*numeric, "no error margin"));
}

void TestImportersPub::benchmarkDotNetProvenance()
{
    bs::LoadError error;
    auto full = bs::CaptureLoader::load(dataPath(kBdnFull), error);
    QVERIFY2(full, error.toString().c_str());
    QCOMPARE(full->provenance.tools.at(0).version, std::string("0.12.1"));
    QCOMPARE(full->provenance.machine.cpu, std::string("Intel Core i7-7820HQ CPU 2.90GHz (Kaby Lake)"));
    QCOMPARE(full->provenance.machine.cores, 8);
    QCOMPARE(full->provenance.tools.at(1).name, std::string(".NET Core"));
    QCOMPARE(full->provenance.tools.at(1).version, std::string("3.0.0 (CoreCLR 4.700.19.46205, CoreFX 4.700.19.46214)"));
    QCOMPARE(full->provenance.conditions.extra.at("ChronometerFrequency"), std::string("1000000000 Hz"));
    QCOMPARE(full->suite.title, std::string("Sample.Benchmarks-20200529-164431"));
    QVERIFY(full->metric("time_per_op")->primary);
    QVERIFY(hasCaveat(*full, "40 measurements of other stages")); // 20 pilot and jitting rows each
    QVERIFY(hasCaveat(*full, "OriginalValues are the repetitions"));

    auto brief = bs::CaptureLoader::load(dataPath(kBdnBrief), error);
    QVERIFY2(brief, error.toString().c_str());
    QCOMPARE(brief->provenance.tools.at(0).version, std::string("0.9.9.0"));
    QCOMPARE(brief->provenance.machine.cpu, std::string("Intel(R) Core(TM) i7-4702MQ CPU 2.20GHz")); // 0.9's {"Value": ...}
    QCOMPARE(brief->provenance.machine.cores, 8);
    QCOMPARE(brief->provenance.tools.at(1).name, std::string("MS.NET"));
    QCOMPARE(brief->provenance.tools.at(1).version, std::string("4.0.30319.42000"));
    QVERIFY(!brief->metric("time_per_op"));
    QVERIFY(brief->metric("time_mean")->primary);
    QCOMPARE(brief->metric("time_mean")->scope, bs::MetricScope::Result);
    for (const bs::Result &r : brief->results)
        QVERIFY(r.repetitions.empty());
    QVERIFY(hasCaveat(*brief, "statistics only"));
}

// A benchmark that threw has no statistics: an error, never a clean result.
void TestImportersPub::benchmarkDotNetFailedBenchmarkIsAnError()
{
    std::string text = readData(kBdnBrief);
    const std::string key = "\"Statistics\":{";
    const auto at = text.find(key, text.find("\"Sleep20\""));
    QVERIFY(at != std::string::npos);
    std::size_t end = at + key.size();
    for (int depth = 1; depth > 0; ++end)
        depth += text[end] == '{' ? 1 : text[end] == '}' ? -1 : 0;
    text.replace(at, end - at, "\"Statistics\":null");
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.write(u"brief.json"_s, text), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result *failed = resultByLabels(*c, "IntroJsonExport.Sleep20", "default");
    QVERIFY(failed);
    QCOMPARE(failed->status, bs::ResultStatus::Error);
    QVERIFY(failed->reason.find("no statistics") != std::string::npos);
    QCOMPARE(resultByLabels(*c, "IntroJsonExport.Sleep10", "default")->status, bs::ResultStatus::Ok);
}

// The published full report keeps only its jitting and pilot rows; with the
// workload pilot rows marked as result rows, those are the repetitions, each
// Nanoseconds ÷ Operations, and OriginalValues are not used.
void TestImportersPub::benchmarkDotNetResultRowsAreTheRepetitions()
{
    std::string text = readData(kBdnFull);
    const std::string pilot = "\"IterationStage\": \"Pilot\"";
    for (auto at = text.find(pilot); at != std::string::npos; at = text.find(pilot, at))
        text.replace(at, pilot.size(), "\"IterationStage\": \"Result\"");
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.write(u"full.json"_s, text), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result *fib10 = resultByLabels(*c, "Benchmarks.Fib10", "default");
    QVERIFY(fib10);
    QCOMPARE(fib10->repetitions.size(), std::size_t(16));
    QCOMPARE(fib10->repetitions.front().metrics.at("time_per_op"), 1354.0 / 16 * 1e-9); // first pilot row
    QVERIFY(hasCaveat(*c, "8 measurements of other stages")); // the jitting rows
    QVERIFY(!hasCaveat(*c, "OriginalValues"));
}

// The whole target/criterion tree, a group, one benchmark, one new/ folder.
void TestImportersPub::criterionTreeAndItsParts_data()
{
    QTest::addColumn<std::string>("folder");
    QTest::addColumn<int>("participants");
    QTest::addColumn<int>("benchmarks");
    QTest::addColumn<int>("missing"); // pairs of a group never run
    // std_stable and std_unstable over sort/100 and sort/10000; sum 1000 (case "run")
    QTest::newRow("target/criterion") << kCriterion << 3 << 5 << 0;
    QTest::newRow("target (its parent)") << std::string("criterion-folder/target") << 3 << 5 << 0;
    QTest::newRow("a group") << kCriterion + "/sort" << 2 << 4 << 0;
    QTest::newRow("a benchmark") << kCriterion + "/sort/std_unstable/10000" << 1 << 1 << 0;
    QTest::newRow("its new/ folder") << kCriterion + "/sort/std_unstable/10000/new" << 1 << 1 << 0;
}

void TestImportersPub::criterionTreeAndItsParts()
{
    QFETCH(std::string, folder);
    QFETCH(int, participants);
    QFETCH(int, benchmarks);
    QFETCH(int, missing);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(folder), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(int(c->participants.size()), participants);
    QCOMPARE(int(c->results.size()), benchmarks + missing);
    QCOMPARE(int(std::count_if(c->results.begin(), c->results.end(),
                               [](const bs::Result &r) { return r.status == bs::ResultStatus::Missing; })),
             missing);
    QCOMPARE(c->provenance.tools.at(0).name, std::string("criterion.rs"));
    QCOMPARE(c->provenance.conditions.repetitions, std::optional<int>(20));
    QCOMPARE(c->provenance.conditions.extra.at("sampling_mode"), std::string("Linear"));
    QVERIFY(hasCaveat(*c, "base/"));
    QVERIFY(!resultByLabels(*c, "sum 1000", "sort/100")); // of no group: not expected in sort's cases
    // every file read is hashed: benchmark.json, sample.json and estimates.json of each
    QCOMPARE(int(c->provenance.sourceHashes.size()), 3 * benchmarks);
    for (const auto &[name, hash] : c->provenance.sourceHashes)
        QVERIFY2(name.find("base") == std::string::npos, name.c_str());
    const bs::CaseInfo *sortCase = nullptr;
    for (const bs::CaseInfo &ci : c->cases)
        if (ci.label == "sort/10000")
            sortCase = &ci;
    QVERIFY(sortCase);
    QCOMPARE(sortCase->group, std::string("sort"));
}

// benchmark.json's Throughput gives a rate per sample.
void TestImportersPub::criterionThroughput()
{
    const std::string tree = copyCriterionTree();
    const std::string id = tree + "/sort/std_stable/100/new/benchmark.json";
    bs::LoadError error;
    std::string text = *bs::FileIO::readFile(id, error);
    text.replace(text.find("\"throughput\":null"), 17, "\"throughput\":{\"Elements\":100}");
    QVERIFY(bs::FileIO::writeAtomically(id, text, error));
    auto c = bs::CaptureLoader::load(tree + "/sort/std_stable/100", error);
    QVERIFY2(c, error.toString().c_str());
    const bs::MetricSummary &s = c->results.front().summary.at("elements_per_s");
    QCOMPARE(s.n, std::size_t(20));
    QVERIFY(std::abs(s.max - 100 / (1219973.0 / 1823 * 1e-9)) < 1e-6 * s.max); // the fastest sample
    QCOMPARE(c->metric("elements_per_s")->unit, std::string("ops/s"));
}

// criterion titles an id used again in one run "<id> #2", "<id> #3" (its
// folders "<name>_2", "<name>_3"): each is its own case, as criterion's report
// shows it; the same id twice without that suffix is still refused.
void TestImportersPub::criterionRepeatedIdIsItsOwnCase()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(kCriterionRepeated), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->cases.size(), std::size_t(3));
    // hash64/fnv1a #3 (512 bytes): 20 samples, the middle two 463.605186440678 and 463.6150651204282 ns.
    const bs::Result *third = resultByLabels(*c, "fnv1a", "hash64 #3");
    QVERIFY(third);
    const bs::MetricSummary &t = third->summary.at("time_per_iter");
    QCOMPARE(t.n, std::size_t(20));
    QVERIFY(std::abs(t.median - (463.605186440678 + 463.6150651204282) / 2 * 1e-9) < 1e-9 * t.median);
    QVERIFY(std::abs(t.max - 495.87120903954803e-9) < 1e-9 * t.max);
    // hash64/fnv1a (8 bytes): its fastest sample 1.972508154291385 ns is its fastest 8 bytes.
    const bs::MetricSummary &first = resultByLabels(*c, "fnv1a", "hash64")->summary.at("bytes_per_s");
    QVERIFY(std::abs(first.max - 8 / 1.972508154291385e-9) < 1e-9 * first.max);
    QVERIFY(resultByLabels(*c, "fnv1a", "hash64 #2"));

    const fs::path tree = fs::path(m_tmp.path()) / "repeated";
    fs::copy(dataPath(kCriterionRepeated), tree, fs::copy_options::recursive);
    const std::string id = (tree / "hash64/fnv1a_2/new/benchmark.json").string();
    std::string text = *bs::FileIO::readFile(id, error);
    text.replace(text.find("\"title\":\"hash64/fnv1a #2\""), 25, "\"title\":\"hash64/fnv1a\"");
    QVERIFY(bs::FileIO::writeAtomically(id, text, error));
    QVERIFY(!bs::CaptureLoader::load(tree.string(), error));
    QVERIFY2(QString::fromStdString(error.message).contains(u"a second benchmark named hash64/fnv1a"_s), error.toString().c_str());
}

void TestImportersPub::malformed_data()
{
    QTest::addColumn<std::string>("content");
    QTest::addColumn<QString>("place");   // expected LoadError.place (substring)
    QTest::addColumn<QString>("message"); // expected substring of the message

    auto from = [](const std::string &file, const std::string &find, const std::string &replace) {
        return importerdata::replaced(QString::fromStdString(file), find, replace).toStdString();
    };
    QTest::newRow("jmh truncated") << readData(kJmhAction).substr(0, 900) << u"line"_s << u"not valid JSON"_s;
    QTest::newRow("jmh score as a string") << from(kJmhAction, "3.376842765688582E9,\n                    3.37651988895058E9", "\"fast\",\n                    3.37651988895058E9")
                                           << u"$[0].primaryMetric.rawData[0][0]"_s << u"JMH JSON: expected a number, found a string"_s;
    QTest::newRow("jmh number out of range") << from(kJmhAction, "3.376842765688582E9,\n                    3.37651988895058E9", "1e999999,\n                    3.37651988895058E9")
                                             << u""_s << u"out of range"_s;
    QTest::newRow("jmh unknown mode") << from(kJmhAction, "\"mode\" : \"thrpt\"", "\"mode\" : \"fast\"") << u"$[0].mode"_s << u"unknown JMH mode"_s;
    QTest::newRow("jmh unknown unit") << from(kJmhAction, "\"scoreUnit\" : \"ops/s\"", "\"scoreUnit\" : \"furlongs\"") << u"$[0].primaryMetric.scoreUnit"_s << u"unknown primary score unit"_s;
    QTest::newRow("jmh score error of the wrong type") << from(kJmhAction, "\"scoreError\" : 1.4287985743935993E7", "\"scoreError\" : true")
                                                   << u"$[0].primaryMetric.scoreError"_s << u"expected a number"_s;
    QTest::newRow("jmh score error another string") << from(kJmhTwoIterations, "\"scoreError\": \"NaN\"", "\"scoreError\": \"about 3\"")
                                                  << u"$[0].primaryMetric.scoreError"_s << u"expected a number or JMH's \"NaN\""_s;
    QTest::newRow("jmh empty array") << std::string("[]") << u""_s << u"not a format"_s;
    QTest::newRow("bdn truncated") << readData(kBdnFull).substr(0, 2000) << u"line"_s << u"not valid JSON"_s;
    QTest::newRow("bdn nanoseconds as a string") << from(kBdnFull, "24.805462032556534,", "\"24.8\",")
                                                 << u"$.Benchmarks[0].Statistics.OriginalValues[0]"_s << u"BenchmarkDotNet JSON: expected a number"_s;
    QTest::newRow("bdn number out of range") << from(kBdnFull, "\"Operations\": 1,", "\"Operations\": 1e999999,") << u""_s << u"out of range"_s;
    QTest::newRow("bdn iteration mode not a string") << from(kBdnFull, "\"IterationMode\": \"Overhead\"", "\"IterationMode\": 3")
                                                     << u"$.Benchmarks[0].Measurements[0].IterationMode"_s << u"expected a string"_s;
    QTest::newRow("bdn benchmarks not objects") << std::string("{\"HostEnvironmentInfo\": {}, \"Benchmarks\": [3]}")
                                                << u"$.Benchmarks[0]"_s << u"expected an object"_s;
    QTest::newRow("bdn bad percentile key") << from(kBdnBrief, "\"P95\":10435620.51609375", "\"Q95\":10435620.51609375")
                                            << u"$.Benchmarks[0].Statistics.Percentiles.Q95"_s << u"percentile key"_s;
    QTest::newRow("empty file") << std::string() << u""_s << u"empty"_s;
}

void TestImportersPub::malformed()
{
    QFETCH(std::string, content);
    QFETCH(QString, place);
    QFETCH(QString, message);
    importerdata::checkError(m_tmp.write(u"input.json"_s, content), place, message);
}

// One file of a real tree broken: the error names that file and the place.
void TestImportersPub::criterionMalformed_data()
{
    QTest::addColumn<std::string>("file"); // under sort/std_stable/100/new/
    QTest::addColumn<std::string>("find");
    QTest::addColumn<std::string>("replace");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("message");
    QTest::newRow("sample.json truncated") << std::string("sample.json") << std::string("\"times\":[") << std::string("\"times\":[1,") << u""_s << u"holds 21 samples but iters 20"_s;
    QTest::newRow("iters not numbers") << std::string("sample.json") << std::string("\"iters\":[1823.0,") << std::string("\"iters\":[\"1823\",") << u"$.iters[0]"_s << u"expected a number"_s;
    QTest::newRow("zero iterations") << std::string("sample.json") << std::string("\"iters\":[1823.0,") << std::string("\"iters\":[0,") << u"$.iters[0]"_s << u"must be positive"_s;
    QTest::newRow("time out of range") << std::string("sample.json") << std::string("\"times\":[1219973.0,") << std::string("\"times\":[1e999999,") << u""_s << u"out of range"_s;
    QTest::newRow("estimates cut short") << std::string("estimates.json") << std::string("\"median\":") << std::string("") << u"line 1"_s << u"not valid JSON"_s;
    QTest::newRow("group_id missing") << std::string("benchmark.json") << std::string("\"group_id\"") << std::string("\"group\"") << u"$"_s << u"missing required field \"group_id\""_s;
    QTest::newRow("empty benchmark.json") << std::string("benchmark.json") << std::string() << std::string() << u""_s << u"the file is empty"_s;
}

void TestImportersPub::criterionMalformed()
{
    QFETCH(std::string, file);
    QFETCH(std::string, find);
    QFETCH(std::string, replace);
    QFETCH(QString, place);
    QFETCH(QString, message);
    const std::string tree = copyCriterionTree();
    const std::string path = tree + "/sort/std_stable/100/new/" + file;
    bs::LoadError error;
    std::string text = *bs::FileIO::readFile(path, error);
    if (find.empty())
        text.clear();
    else if (file == "estimates.json")
        text.resize(text.find(find)); // cut short just before it
    else
        text.replace(text.find(find), find.size(), replace);
    QVERIFY(bs::FileIO::writeAtomically(path, text, error));
    importerdata::checkError(tree, path, place, message);
}

// A folder of single-result JMH files opens as one capture, each file a run.
void TestImportersPub::folderOfJmhRuns()
{
    const std::string text = readData(kJmhAction);
    m_tmp.write(u"runs/hello__first.json"_s, text);
    m_tmp.write(u"runs/hello__second.json"_s, text);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.filePath(u"runs"_s), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->participants.size(), std::size_t(1));
    QCOMPARE(c->participants.front().id, std::string("hello"));
    QCOMPARE(c->cases.size(), std::size_t(2));
    QCOMPARE(c->results.front().repetitions.size(), std::size_t(3));
    QCOMPARE(c->results.front().summary.at("throughput").median, 3.37651988895058E9);
}

QTEST_GUILESS_MAIN(TestImportersPub)
// Every importer labels a figure as what it is (Metric::statistic): the
// tool's mean, median, sum or error margin, never shown as the median the
// tables take of repetitions; a figure that is one measurement says none.
void TestImportersPub::statisticLabels_data()
{
    QTest::addColumn<std::string>("file");
    QTest::addColumn<std::string>("metric");
    QTest::addColumn<std::string>("statistic");
    QTest::addColumn<QString>("labelSays");

    const std::string saved = "pytest-benchmark/autosave-stats-only.json";
    QTest::newRow("pytest saved: time is its median") << saved << std::string("time") << std::string("median") << u"median"_s;
    QTest::newRow("pytest saved: the mean apart") << saved << std::string("time_mean") << std::string("mean") << u"mean"_s;
    QTest::newRow("pytest saved: calls/s from the mean") << saved << std::string("ops") << std::string("mean") << u"mean"_s;
    QTest::newRow("pytest rounds: one round each") << std::string("pytest-benchmark/json-with-rounds.json") << std::string("time") << std::string() << u"Time per call"_s;
    QTest::newRow("jmh iterations: measurements") << kJmhAction << std::string("throughput") << std::string() << u"Throughput"_s;
    QTest::newRow("jmh score: its mean") << kJmhAction << std::string("throughput.score") << std::string("mean") << u"mean"_s;
    QTest::newRow("jmh error: a margin") << kJmhAction << std::string("throughput.error") << std::string("error") << u"error"_s;
    QTest::newRow("bdn brief mean") << kBdnBrief << std::string("time_mean") << std::string("mean") << u"Mean"_s;
    QTest::newRow("bdn brief median") << kBdnBrief << std::string("time_median") << std::string("median") << u"Median"_s;
    QTest::newRow("bdn brief CI margin") << kBdnBrief << std::string("time_ci_margin") << std::string("error") << u"error margin"_s;
    QTest::newRow("bdn full: iterations") << kBdnFull << std::string("time_per_op") << std::string() << u"Time/op"_s;
    QTest::newRow("criterion mean estimate") << kCriterion << std::string("estimate_mean") << std::string("mean") << u"mean"_s;
    QTest::newRow("criterion median estimate") << kCriterion << std::string("estimate_median") << std::string("median") << u"median"_s;
    QTest::newRow("criterion samples") << kCriterion << std::string("time_per_iter") << std::string() << u"Time/iteration"_s;
    QTest::newRow("google benchmark iterations") << std::string("google-benchmark/gbench/test1_run1.json") << std::string("real_time") << std::string() << u"Real time"_s;
}

void TestImportersPub::statisticLabels()
{
    QFETCH(std::string, file);
    QFETCH(std::string, metric);
    QFETCH(std::string, statistic);
    QFETCH(QString, labelSays);
    bs::LoadError error;
    const auto c = bs::CaptureLoader::load(dataPath(file), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Metric *m = c->metric(metric);
    QVERIFY2(m, metric.c_str());
    QCOMPARE(m->statistic, statistic);
    const QString shown = QString::fromStdString(bs::labelWithStatistic(*m));
    QVERIFY2(shown.contains(labelSays, Qt::CaseInsensitive), qPrintable(shown));
    if (!statistic.empty()) // a tool's figure is one sample, never n rounds
        for (const bs::Result &r : c->results)
            QVERIFY(!r.summary.count(metric) || r.summary.at(metric).n == 1);
}

// -prof gc: JMH sums gc.count and gc.time over the iterations and averages
// the rates; its score is kept as JMH reports it, whatever the iterations.
void TestImportersPub::jmhGcFiguresAsJmhReportsThem_data()
{
    QTest::addColumn<QList<double>>("iterations");
    QTest::newRow("three iterations") << QList<double>{3, 4, 5};
    QTest::newRow("one iteration") << QList<double>{7};
    QTest::newRow("five, with zeros") << QList<double>{0, 2, 0, 1, 9};
}

void TestImportersPub::jmhGcFiguresAsJmhReportsThem()
{
    QFETCH(QList<double>, iterations);
    double sum = 0, mean = 0;
    std::string raw;
    for (double v : iterations) {
        sum += v;
        raw += (raw.empty() ? "" : ", ") + std::to_string(v);
    }
    mean = sum / double(iterations.size());
    const std::string rate = std::to_string(mean * 1000);
    const std::string text = R"([{"jmhVersion": "1.37", "benchmark": "a.B.m", "mode": "avgt", "threads": 1, "forks": 1,
      "jvm": "java", "jvmArgs": [], "jdkVersion": "21", "vmName": "VM", "vmVersion": "21",
      "warmupIterations": 1, "warmupTime": "1 s", "warmupBatchSize": 1, "measurementIterations": 3,
      "measurementTime": "1 s", "measurementBatchSize": 1,
      "primaryMetric": {"score": 61.138, "scoreError": 10.24, "scoreConfidence": [50.898, 71.378],
        "scorePercentiles": {}, "scoreUnit": "ns/op", "rawData": [[)" + raw + R"(]]},
      "secondaryMetrics": {
        "gc.count": {"score": )" + std::to_string(sum) + R"(, "scoreError": "NaN", "scoreConfidence": [0, 0],
          "scorePercentiles": {}, "scoreUnit": "counts", "rawData": [[)" + raw + R"(]]},
        "gc.alloc.rate": {"score": )" + rate + R"(, "scoreError": "NaN", "scoreConfidence": [0, 0],
          "scorePercentiles": {}, "scoreUnit": "MB/sec", "rawData": [[)" + raw + R"(]]}}}])";
    bs::LoadError error;
    const auto c = bs::CaptureLoader::load(m_tmp.write(u"gc.json"_s, text), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result &r = c->results.front();
    QCOMPARE(c->metric("gc.count.score")->statistic, std::string("sum"));
    QVERIFY(std::abs(r.once.at("gc.count.score") - sum) < 1e-9);
    QCOMPARE(c->metric("gc.alloc.rate.score")->statistic, std::string("mean"));
    // The rate's score is the mean of its iterations (written 1000 times the raw values here), in the same unit.
    double repMean = 0;
    for (const bs::Repetition &rep : r.repetitions)
        repMean += rep.metrics.at("gc.alloc.rate") / double(r.repetitions.size());
    QVERIFY(std::abs(r.once.at("gc.alloc.rate.score") - repMean * 1000) <= 1e-9 * std::abs(repMean * 1000) + 1e-9);
    // The primary: JMH's score with its error, both as JMH means them.
    QCOMPARE(r.once.at("time_per_op.score"), 61.138e-9);
    QCOMPARE(r.once.at("time_per_op.error"), 10.24e-9);
    QCOMPARE(c->metric("time_per_op.score")->statistic, std::string("mean"));
    QVERIFY(QString::fromStdString(c->metric("gc.count")->label).contains(u"per iteration"_s));
    QCOMPARE(r.summary.at("gc.count").n, std::size_t(iterations.size()));
}

#include "tst_importers_pub.moc"
