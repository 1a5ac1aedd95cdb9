// The JSON formats of benchmark harnesses of issue 43 over real outputs
// (tests/data/importers/SOURCES.md): vitest bench, Julia's BenchmarkTools
// and airspeed velocity (asv). Values were read off the files by hand;
// damaged variants are refused at their JSON path (tst_textdamage damages
// every line of these files too).
#include "captureloader.h"
#include "clirun.h"
#include "importerdata.h"
#include "tempfolder.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::dataPath;
using importerdata::hasCaveat;
using importerdata::loadSample;
using importerdata::resultByLabels;

// vitest 3.2.7 --outputJson, measured here; vitest's older json reporter (skott)
const QString kVitest = u"vitest/local_vitest-3.2.7_sort.bench.json"_s;
const QString kVitestLegacy = u"vitest/antoine-coulon_skott_packages_skott_test_benchmark_result.json"_s;
// the same sort.bench.ts under vitest 1.6.1 (no "median", no "samples") and 2.1.9 ("samples": [])
const QString kVitest1 = u"vitest/local_vitest-1.6.1_sort.bench.json"_s;
const QString kVitest2 = u"vitest/local_vitest-2.1.9_sort.bench.json"_s;

// BenchmarkTools: a Trial as JSON.print writes it, TrialEstimates as save() does (one trimmed)
const QString kJuliaTrial = u"benchmarktools/ChrNikEsc_Mlogit.jl_benchmark_results.json"_s;
const QString kJuliaEstimate = u"benchmarktools/ChrNikEsc_Mlogit.jl_benchmark_results_2025-03-24-10-19-07_93548.json"_s;
const QString kJuliaGroups = u"benchmarktools/JuliaExtremes_ExtendedExtremes.jl_benchmark_results.TRIMMED.json"_s;
const QString kJuliaBenchmarkAction = u"benchmarktools/benchmark-action_github-action-benchmark_julia_output.json"_s;

// asv: version 2 (conda-benchmarks) and version 1 (asv's own example results)
const QString kAsvMachine = u"asv/conda_conda-benchmarks/results/Daniels-MBP.monotreme.club"_s;
const QString kAsv2 = kAsvMachine + u"/c9aa8ff6-conda-py3.10-conda-libmamba-solver-conda-package-handling2.0.2.json"_s;
const QString kAsv2Early = kAsvMachine + u"/2abc88b8-conda-py3.10-conda-libmamba-solver-conda-package-handling2.0.2.json"_s;
const QString kAsvEnv = u"conda-py3.10-conda-libmamba-solver-conda-package-handling2.0.2"_s;
const QString kAsv1Machine = u"asv/airspeed-velocity_asv_test_example_results/cheetah"_s;
const QString kAsv1 = kAsv1Machine + u"/fcf8c079-py2.7-Cython-numpy1.8.json"_s;
const QString kAsv1Skip = kAsv1Machine + u"/22b920c6-py2.7-Cython-numpy1.8.json"_s;
const QString kAsv1Started = kAsv1Machine + u"/13dd6571-py2.7-Cython-numpy1.8.json"_s;
const QString kAsv1Ram = kAsv1Machine + u"/05d283b9-py2.7-Cython-numpy1.8.json"_s;
// asv 1's environment, named as asv names it from the file's python and requirements ({"numpy": "1.8"})
const QString kAsv1Env = u"py2.7-numpy1.8"_s;

} // namespace

class TestImportersHarnessJson : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }
    void values_data();
    void values();
    void vitestGroupsAndSamples();
    void benchmarkToolsTrialsAndGroups();
    void asvParamsUnitsAndRevision();
    void asvFailedAndSkippedApart();
    void asvFolderIsAHistory();
    void malformed_data();
    void malformed();

private:
    void addJuliaAndAsvRows();
    TempFolder m_tmp;
};

void TestImportersHarnessJson::values_data()
{
    importerdata::addValueColumns();
    // "JSON round trip": hz 12623.452112301808, mean 0.07921763326732788 ms, rme 29.119380682206852,
    // sampleCount 2525, median 0.02969600000005812 ms, p999 8.707116999999926 ms.
    importerdata::addValueRows(kVitest, u"vitest"_s,
                               {{"JSON round trip", "ops", 12623.452112301808},
                                {"JSON round trip", "time_mean", 0.07921763326732788 / 1000},
                                {"JSON round trip", "margin", 29.119380682206852},
                                {"JSON round trip", "samples", 2525.0},
                                {"JSON round trip", "time_median", 0.02969600000005812 / 1000},
                                {"JSON round trip", "time_p999", 8.707116999999926 / 1000},
                                {"JSON round trip", "ops", 1.0, "n"},
                                {"Float64Array sort", "ops", 11377.801954169476},
                                {"Array.prototype.sort", "time_min", 0.1297140000001491 / 1000}});
    // webpack: ten samples 864.07 … 947.59 ms, the middle two 882.3265839964151 and 895.3289999961853.
    importerdata::addValueRows(kVitestLegacy, u"vitest"_s,
                               {{"webpack", "time", 10.0, "n"},
                                {"webpack", "time", (882.3265839964151 + 895.3289999961853) / 2 / 1000, "median"},
                                {"webpack", "time", 947.5948750004172 / 1000, "max"},
                                {"webpack", "ops", 1.1143040045014707},
                                {"knex", "margin", 1.0470396609025399},
                                {"knex", "samples", 10.0},
                                {"effect", "time_p75", 3055.3853750005364 / 1000}});
    // vitest 1.6.1: "JSON round trip" hz 48432.58854141689, mean 0.02064725487767095 ms, p999
    // 0.1895239999998921 ms, rme 0.9459346991429967, sampleCount 9687; no median.
    importerdata::addValueRows(kVitest1, u"vitest"_s,
                               {{"JSON round trip", "ops", 48432.58854141689},
                                {"JSON round trip", "time_mean", 0.02064725487767095 / 1000},
                                {"JSON round trip", "time_p999", 0.1895239999998921 / 1000},
                                {"JSON round trip", "margin", 0.9459346991429967},
                                {"Float64Array sort", "samples", 16090.0}});
    // vitest 2.1.9 writes "samples": [] beside "sampleCount": 4626 (Array.prototype.sort, median
    // 0.09567749999996522 ms): the figures are read, the empty list is not a count of samples.
    importerdata::addValueRows(kVitest2, u"vitest"_s,
                               {{"Array.prototype.sort", "time_median", 0.09567749999996522 / 1000},
                                {"Array.prototype.sort", "samples", 4626.0},
                                {"Array.prototype.sort", "ops", 9251.220307152493}});
    addJuliaAndAsvRows();
}

void TestImportersHarnessJson::addJuliaAndAsvRows()
{
    // Mlogit: one Trial of 312 times (ns), the middle two 1.6460923e7 and 1.6463418e7, the slowest
    // 3.9926045e7 with the most GC, 2.4624193e7; memory 20139464, allocs 93636.
    importerdata::addValueRows(kJuliaTrial, u"BenchmarkTools"_s,
                               {{"mlogit", "time", 312.0, "n"},
                                {"mlogit", "time", (1.6460923e7 + 1.6463418e7) / 2 * 1e-9, "median"},
                                {"mlogit", "time", 3.9926045e7 * 1e-9, "max"},
                                {"mlogit", "gc_time", 2.4624193e7 * 1e-9, "max"},
                                {"mlogit", "memory", 20139464.0},
                                {"mlogit", "allocs", 93636.0}});
    importerdata::addValueRows(kJuliaEstimate, u"Julia 1.11.1"_s,
                               {{"benchmark", "time_estimate", 1.2157862e7 * 1e-9}, {"benchmark", "allocs", 93548.0}});
    importerdata::addValueRows(kJuliaGroups, u"Julia 1.12.5"_s,
                               {{"fit_mle/EGP_Power_n2000", "time_estimate", 2.240767925e8 * 1e-9},
                                {"fit_mle/EGP_Power_n2000", "gc_time_estimate", 7.628865e6 * 1e-9},
                                {"fit_mle/EGP_Power_n2000", "memory", 40456008.0},
                                {"construction/EGP_Power", "time_estimate", 39.0 * 1e-9},
                                {"workflow/pcp_fit_and_quantile", "allocs", 22504703.0}});
    // github-action-benchmark's fixture: save() of BenchmarkTools 1.0.0 on Julia 1.7.0-rc3, group "fib"
    // of TrialEstimates "10" (time 246.03846153846155 ns) and "20" (31028.0 ns), no memory.
    importerdata::addValueRows(kJuliaBenchmarkAction, u"Julia 1.7.0-rc3"_s,
                               {{"fib/10", "time_estimate", 246.03846153846155e-9},
                                {"fib/20", "time_estimate", 31028.0e-9},
                                {"fib/20", "memory", 0.0}});
    // conda-benchmarks c9aa8ff6: a plain timing, a param of two values, two params of 5 × 2
    // (the last varying fastest: (1, 0.0), (1, 0.25), …), peak memory, a track_ in "speedup".
    importerdata::addValueRows(kAsv2, kAsvEnv,
                               {{"subdir_data.TimeSubdirData.time_load_json", "time", 0.9168149789329618},
                                {"subdir_data.TimeSubdirData.time_load_json", "time", 1.0, "n"},
                                {"time_create_numpy_mkl('libmamba')", "time", 1.647578457952477},
                                {"conda_install.TimeInstall.time_explicit_install(1, 0.25)", "time", 8.3096793750301},
                                {"conda_install.TimeInstall.time_explicit_install(2, 0.0)", "time", 1.6271729581058025},
                                {"peakmem_create_python('classic')", "peak_memory", 372555776.0},
                                {"extract.TrackSuite.track_streaming_versus_handling", "track_speedup", 1.1976894838985443}});
    // asv's example fcf8c079 (version 1): a value, and a param list with values 1, 4, null.
    importerdata::addValueRows(kAsv1, kAsv1Env,
                               {{"time_quantity.time_quantity_array_conversion", "time", 0.15283851623535155},
                                {"time_other.time_parameterized(2)", "time", 4.0},
                                {"time_units.mem_unit", "time", 344.0}});
}

void TestImportersHarnessJson::values() { importerdata::checkValueRow(); }

// Nested groups are the case path, grouped by their first key; a Trial's
// samples are repetitions, memory and allocations once; save()'s header
// gives the versions.
void TestImportersHarnessJson::benchmarkToolsTrialsAndGroups()
{
    const Capture trial = loadSample(kJuliaTrial);
    QCOMPARE(trial.metric("time")->scope, bs::MetricScope::Repetition);
    QCOMPARE(trial.metric("memory")->scope, bs::MetricScope::Result);
    QVERIFY(hasCaveat(trial, "312 samples are the repetitions"));
    const Capture groups = loadSample(kJuliaGroups);
    QCOMPARE(groups.cases.size(), std::size_t(11));
    const auto censored = std::find_if(groups.cases.begin(), groups.cases.end(), [](const bs::CaseInfo &ci) {
        return ci.label == "fit_mle/EGP_Power_censored_n500";
    });
    QVERIFY(censored != groups.cases.end());
    QCOMPARE(censored->group, std::string("fit_mle"));
    QCOMPARE(groups.provenance.tools.front().version, std::string("1.6.3"));
    QCOMPARE(groups.participants.front().runtime, std::string("Julia 1.12.5"));
    QVERIFY(hasCaveat(groups, "11 TrialEstimate(s)"));
    QVERIFY(hasCaveat(groups, "minimum, median or mean"));
    QVERIFY(!hasCaveat(groups, "Trial(s)")); // estimates only: no word of trials
}

// The commit and its date are the revision, the first benchmark's start the
// capture time; a combination asv has no value for is missing, with why.
void TestImportersHarnessJson::asvParamsUnitsAndRevision()
{
    const Capture c = loadSample(kAsv2);
    QCOMPARE(c.revision.id, std::string("c9aa8ff6e365692e55961fa7477f06c3f0fc5178"));
    QCOMPARE(c.revision.date, std::string("2023-01-06T10:21:30Z")); // "date": 1673000490000
    QCOMPARE(c.capturedAt, std::string("2023-01-06T22:00:00Z"));   // the least started_at, 1673042400809
    QCOMPARE(c.provenance.machine.cpu, std::string("Apple M1 Pro"));
    QCOMPARE(c.provenance.machine.cores, 10);
    QCOMPARE(c.metric("track_speedup")->unit, std::string("speedup"));
    QCOMPARE(c.metric("peak_memory")->unit, std::string("B"));
    QCOMPARE(c.metric("time")->statistic, std::string("median"));
    QVERIFY(c.provenance.sourceHashes.count("benchmarks.json"));
    // Version 1, beside asv's example benchmarks.json: the env is named as asv names it.
    const Capture v1 = loadSample(kAsv1);
    QCOMPARE(v1.revision.date, std::string("2013-04-28T05:38:39Z")); // 1367127519000
    QVERIFY(v1.capturedAt.empty());
    QCOMPARE(v1.participants.front().runtime, std::string("python 2.7"));
    QVERIFY(resultByLabels(v1, kAsv1Env, u"time_other.time_parameterized(3)"_s)->status == bs::ResultStatus::Missing);
    // 13dd6571 has Cython among its requirements (null: any version), and v1's "started_at" map.
    const Capture started = loadSample(kAsv1Started);
    QCOMPARE(started.participants.front().label, std::string("py2.7-Cython-numpy1.8"));
    QCOMPARE(started.capturedAt, std::string("1970-01-01T00:00:00Z")); // "started_at": {…: 1} (asv's test data)
    // asv's example machine.json writes "ram" as a number of bytes.
    QCOMPARE(loadSample(kAsv1Ram).provenance.machine.memoryBytes, 8804682956.8);
    // asv before 0.3 recorded the best of the repeats, not the median, and wrote no "benchmark_version".
    QCOMPARE(v1.metric("time")->statistic, std::string("median")); // fcf8c079 has "benchmark_version"
    QCOMPARE(started.metric("time")->statistic, std::string("min"));
    QVERIFY(hasCaveat(started, "the minimum of its repeats"));
    QVERIFY(!hasCaveat(started, "is the median of its samples"));
    QVERIFY(!hasCaveat(v1, "the minimum of its repeats"));
    QVERIFY(loadSample(kAsv2).metric("time")->statistic == "median"); // version 2 (asv 0.5 on)
}

// asv writes null for a benchmark that failed and NaN for one skipped;
// each missing result says which, and the caveat counts both.
void TestImportersHarnessJson::asvFailedAndSkippedApart()
{
    // c9aa8ff6's time_extract: [1.71…, null, 4.03…, NaN, …] over 5 × 2 × 2 combinations.
    const Capture c = loadSample(kAsv2);
    const QString extract = u"extract.TimeExtract.time_extract"_s;
    const bs::Result *failed = resultByLabels(c, kAsvEnv, extract + u"(1, '.conda', 'rust')"_s);
    const bs::Result *skipped = resultByLabels(c, kAsvEnv, extract + u"(1, '.tar.bz2', 'rust')"_s);
    QVERIFY(failed && skipped);
    QCOMPARE(failed->status, bs::ResultStatus::Missing);
    QCOMPARE(failed->reason, std::string("asv recorded no value: the benchmark failed (null)"));
    QCOMPARE(skipped->status, bs::ResultStatus::Missing);
    QVERIFY2(skipped->reason.find("skipped (NaN") != std::string::npos, skipped->reason.c_str());
    QVERIFY(hasCaveat(c, "10 benchmark(s) or parameter combination(s) have no value: 5 failed (asv's null), 5 skipped (asv's NaN)"));
    // Version 1, asv's own example: "time_AAA_failure": null, "time_AAA_skip": NaN.
    const Capture v1 = loadSample(kAsv1Skip);
    QCOMPARE(resultByLabels(v1, kAsv1Env, u"time_AAA_failure"_s)->reason, std::string("asv recorded no value: the benchmark failed (null)"));
    QVERIFY(resultByLabels(v1, kAsv1Env, u"time_AAA_skip"_s)->reason.find("skipped (NaN") != std::string::npos);
    QVERIFY(hasCaveat(v1, "1 failed (asv's null), 1 skipped (asv's NaN)"));
    // A file without a bare NaN: every null is a failure.
    QVERIFY(hasCaveat(loadSample(kAsv2Early), "1 failed (asv's null), 0 skipped (asv's NaN)"));
}

// A machine folder (machine.json beside the results) is one history in
// commit-date order, whatever the files' names; `history` reads it.
void TestImportersHarnessJson::asvFolderIsAHistory()
{
    const std::vector<std::string> files = bs::CaptureLoader::historyFiles(dataPath(kAsvMachine));
    QCOMPARE(files.size(), std::size_t(3));
    const CliRun r = CliRun::run({u"history"_s, QString::fromStdString(dataPath(kAsvMachine))});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const qsizetype first = r.out.indexOf(u"2abc88b8"_s), second = r.out.indexOf(u"0ad602b1"_s),
                    third = r.out.indexOf(u"c9aa8ff6"_s);
    QVERIFY2(first >= 0 && first < second && second < third, qPrintable(r.out));
    // asv's results/ (benchmarks.json beside one machine folder) is that machine's history.
    const std::string root = std::filesystem::path(dataPath(kAsvMachine)).parent_path().string();
    QVERIFY(bs::CaptureLoader::historyFiles(root) == files);
    // Two environments (with and without Cython among the requirements) are two suites, as asv
    // keeps them apart; --suite follows both as one, each environment a participant.
    const QString v1Dir = QString::fromStdString(dataPath(kAsv1Machine));
    const CliRun two = CliRun::run({u"history"_s, v1Dir});
    QVERIFY(two.exitCode != 0);
    QVERIFY2(two.err.contains(u"asv--py2.7-cython-numpy1.8"_s) && two.err.contains(u"asv--py2.7-numpy1.8"_s), qPrintable(two.err));
    const CliRun v1 = CliRun::run({u"history"_s, v1Dir, u"--suite"_s, u"asv-cheetah"_s});
    QVERIFY2(v1.exitCode == 0, qPrintable(v1.err));
    QVERIFY2(v1.out.contains(u"(5 revisions)"_s), qPrintable(v1.out));
    QVERIFY2(v1.out.indexOf(u"13dd6571"_s) < v1.out.indexOf(u"22b920c6"_s), qPrintable(v1.out));
}

// Each benchmark is a case in its describe block's group; without raw
// samples every figure is given once, with them the samples are repetitions.
void TestImportersHarnessJson::vitestGroupsAndSamples()
{
    const Capture c = loadSample(kVitest);
    QCOMPARE(c.cases.size(), std::size_t(3));
    const bs::CaseInfo *sort = c.caseInfo(c.cases.at(1).id);
    QCOMPARE(sort->label, std::string("Array.prototype.sort"));
    QCOMPARE(sort->group, std::string("sort.bench.ts > sort 1000 numbers"));
    QCOMPARE(c.metric("ops")->scope, bs::MetricScope::Result);
    QCOMPARE(c.metric("margin")->unit, std::string("%"));
    QVERIFY(!c.metric("time"));
    QVERIFY(hasCaveat(c, "relative margin of error in percent, not a range"));
    QVERIFY(hasCaveat(c, "keeps no raw samples"));
    QVERIFY(!loadSample(kVitest1).metric("time_median")); // vitest 1 writes no median
    QVERIFY(hasCaveat(loadSample(kVitest2), "keeps no raw samples"));
    const Capture legacy = loadSample(kVitestLegacy);
    QCOMPARE(legacy.cases.front().group, std::string("skott benchmark"));
    QCOMPARE(legacy.metric("time")->scope, bs::MetricScope::Repetition);
    QVERIFY(hasCaveat(legacy, "raw samples the file keeps are the repetitions"));
}

void TestImportersHarnessJson::malformed_data()
{
    importerdata::addErrorColumns();
    const auto from = importerdata::replaced;
    QTest::newRow("vitest hz as a string") << u"v.json"_s << from(kVitest, "\"hz\": 12623.452112301808", "\"hz\": \"fast\"")
                                           << u"$.files[0].groups[0].benchmarks[0].hz"_s << u"expected a number"_s;
    QTest::newRow("vitest negative time") << u"v.json"_s << from(kVitest, "\"min\": 0.026779999999689608", "\"min\": -1")
                                          << u"$.files[0].groups[0].benchmarks[0].min"_s << u"a negative time"_s;
    QTest::newRow("vitest mean above max") << u"v.json"_s << from(kVitest, "\"max\": 12.065343999999868", "\"max\": 0.05")
                                           << u"$.files[0].groups[0].benchmarks[0].mean"_s << u"outside the benchmark's min"_s;
    QTest::newRow("vitest benchmark twice") << u"v.json"_s << from(kVitest, "\"name\": \"Float64Array sort\"", "\"name\": \"Array.prototype.sort\"")
                                            << u"$.files[0].groups[1].benchmarks[1].name"_s << u"a second time"_s;
    QTest::newRow("vitest group without a name") << u"v.json"_s << from(kVitest, "\"fullName\": \"sort.bench.ts\"", "\"fullName\": \"\"")
                                                 << u"$.files[0].groups[0].fullName"_s << u"empty"_s;
    QTest::newRow("julia gctimes short") << u"j.json"_s << from(kJuliaTrial, "\"gctimes\":[0.0,0.0,", "\"gctimes\":[0.0,")
                                         << u"$[1].data.mlogit[1].gctimes"_s << u"311 GC times for 312 times"_s;
    QTest::newRow("julia negative time") << u"j.json"_s << from(kJuliaTrial, "\"times\":[1.1120454e7", "\"times\":[-1.0")
                                         << u"$[1].data.mlogit[1].times[0]"_s << u"a negative time"_s;
    QTest::newRow("julia tune.json parameters") << u"j.json"_s << from(kJuliaEstimate, "[[\"TrialEstimate\",", "[[\"Parameters\",")
                                                << u"$[1][0]"_s << u"tuning parameters"_s;
    QTest::newRow("julia a judgement") << u"j.json"_s << from(kJuliaEstimate, "[[\"TrialEstimate\",", "[[\"TrialJudgement\",")
                                       << u"$[1][0]"_s << u"which is not read"_s;
    QTest::newRow("julia memory as a fraction") << u"j.json"_s << from(kJuliaGroups, "\"memory\":8870352", "\"memory\":8870352.5")
                                                << u"$[1][0][1].data.fit_mle[1].data.EGP_Power_censored_n500[1].memory"_s << u""_s;
    QTest::newRow("asv one result for two params") << u"a.json"_s
        << from(kAsv2, "[[0.1446945209754631, 1.647578457952477], [[\"'classic'\"", "[[0.1446945209754631], [[\"'classic'\"")
        << u"$.results.time_create_numpy_mkl"_s << u"1 results for 2 parameter combinations"_s;
    QTest::newRow("asv negative time") << u"a.json"_s << from(kAsv2, "0.9168149789329618", "-0.9")
                                       << u"$.results.subdir_data.TimeSubdirData.time_load_json[0][0]"_s << u"a negative Time"_s;
    QTest::newRow("asv no result column") << u"a.json"_s << from(kAsv2, "\"result_columns\": [\"result\", ", "\"result_columns\": [\"value\", ")
                                          << u"$.result_columns"_s << u"no \"result\" column"_s;
    QTest::newRow("asv kind unknown without benchmarks.json") << u"a.json"_s
        << from(kAsv1, "\"time_quantity.time_quantity_ufunc_sin\"", "\"quantity.ufunc_sin\"")
        << u"$.results.quantity.ufunc_sin"_s << u"kind"_s;
    QTest::newRow("asv machine.json alone") << u"machine.json"_s << QByteArray::fromStdString(importerdata::readData(kAsvMachine + u"/machine.json"_s))
                                            << u""_s << u"this is asv's machine.json"_s;
}

void TestImportersHarnessJson::malformed() { importerdata::checkErrorRow(m_tmp); }

QTEST_GUILESS_MAIN(TestImportersHarnessJson)
#include "tst_importers_harnessjson.moc"
