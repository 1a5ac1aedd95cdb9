// The harness formats of issue 43 over real outputs from public
// repositories (tests/data/importers/SOURCES.md): Benchmark.js text, pyperf
// JSON and criterion.rs's console text. Values were read off the files by hand; damaged variants
// are refused at their line (or JSON path) or named in a caveat
// (tst_textdamage runs every line of these files).
#include "captureloader.h"
#include "importerdata.h"
#include "importers/importerregistry.h"
#include "tempfolder.h"

#include <QtTest>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::hasCaveat;
using importerdata::loadSample;

const QString kBenchmarkJs = u"benchmarkjs/benchmark-action_github-action-benchmark_benchmarkjs_output.txt"_s;
// Benchmark.js lines kept in a source file's comment block, each after " * "
const QString kBenchmarkJsTurfEllipse = u"benchmarkjs/Turfjs_turf_packages_turf-ellipse_bench.js.txt"_s;
const QString kBenchmarkJsTurfBbox = u"benchmarkjs/Turfjs_turf_packages_turf-bbox-polygon_bench.ts.txt"_s;
const QString kPyperfTelco = u"pyperf/psf_pyperf_tests_telco.json"_s;
const QString kPyperfTags = u"pyperf/psf_pyperf_tests_mult_list_py37_tags.json"_s;
// perf's formats before 1.0 (version 5: "common_metadata" and "samples"; version 6), and a
// pyperformance file whose one run's date is in the file's metadata
const QString kPyperf5 = u"pyperf/psf_perf_tests_telco_format5.json"_s;
const QString kPyperf6 = u"pyperf/psf_perf_doc_outliers_format6.json"_s;
const QString kPyperfCommonDate = u"pyperf/python_pyperformance_doc_html5lib.json.gz"_s;
// pyperf timeit --track-memory: "unit": "byte", each value a peak in bytes, not a time per loop
const QString kPyperfMemory = u"pyperf/psf_pyperf_tests_track_memory.json"_s;
const QString kCriterion = u"criterion-console/CJP10_object-pool_BENCHMARK.md"_s;
const QString kCriterionVerbose = u"criterion-console/bheisler_criterion.rs_book_command_line_output_verbose.txt"_s;
// criterion 0.3.6 run a second time with throughputs: each change against the first run is a block
const QString kCriterionChange = u"criterion-console/local_criterion-0.3.6_throughput_second-run.txt"_s;
// a README's blocks of criterion 0.3 output: long names on their own line, "us", GiB/s and MiB/s
const QString kCriterionReadme = u"criterion-console/dropbox_fast_rsync_README.md"_s;

} // namespace

class TestImportersBench : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }
    void values_data();
    void values();
    void benchmarkJsMarginIsRelative();
    void benchmarkJsMarkLeftOut();
    void pyperfRunsAndProvenance();
    void criterionConsole();
    void criterionChangeBlocksAndProgress();
    void malformed_data();
    void malformed();

private:
    TempFolder m_tmp;
};

void TestImportersBench::values_data()
{
    importerdata::addValueColumns();
    // "fib(10) x 1,431,759 ops/sec ±0.74% (93 runs sampled)", "… x 81.61 ops/sec ±1.70% (69 runs sampled)"
    importerdata::addValueRows(kBenchmarkJs, u"Benchmark.js"_s,
                               {{"fib(10)", "ops", 1431759.0}, {"fib(10)", "margin", 0.74}, {"fib(10)", "samples", 93.0},
                                {"fib(20)", "ops", 12146.0}, {"fib(10)", "ops", 1.0, "n"},
                                {"createObjectBuffer with 200 comments", "ops", 81.61},
                                {"createObjectBuffer with 200 comments", "samples", 69.0}});
    // "calculate_signature/fast_rsync::Signature::calculate/4194304" above "time:   [1.0639 ms 1.0696 ms 1.0775 ms]"
    importerdata::addValueRows(kCriterionReadme, u"criterion"_s,
                               {{"calculate_signature/fast_rsync::Signature::calculate/4194304", "estimate_typical", 1.0696e-3},
                                {"calculate_signature/fast_rsync::Signature::calculate/4194304", "bytes_per_s",
                                 3.6519 * 1024 * 1024 * 1024},
                                {"calculate_signature/librsync::whole::signature/4194304", "bytes_per_s.ci_lower",
                                 675.28 * 1024 * 1024},
                                {"apply/fast_rsync::apply/4194304", "estimate_typical", 284.20e-6},
                                {"apply/librsync::whole::patch/4194304", "estimate_typical.ci_upper", 408.79e-6},
                                {"diff (pathological)/librsync::whole::delta/16384", "estimate_typical", 50.185e-3}});
    // three runs of one value: 7360512, 7364608, 7380992 bytes (not divided by the 32768 loops)
    importerdata::addValueRows(kPyperfMemory, u"cpython 3.6.3"_s,
                               {{"timeit", "memory", 7364608.0}, {"timeit", "memory", 3.0, "n"},
                                {"timeit", "memory", 7380992.0, "max"}});
    // " * turf-ellipse - 64 steps x 179,814 ops/sec ±2.23% (85 runs sampled)": the "* " left out of the name
    importerdata::addValueRows(kBenchmarkJsTurfEllipse, u"Benchmark.js"_s,
                               {{"turf-ellipse - 8 steps", "ops", 1691641.0}, {"turf-ellipse - 64 steps", "ops", 179814.0},
                                {"turf-ellipse - 64 steps", "margin", 2.23}, {"turf-ellipse - 256 steps", "samples", 87.0}});
    importerdata::addValueRows(kBenchmarkJsTurfBbox, u"Benchmark.js"_s,
                               {{"turf-bbox-polygon", "ops", 3885828.0}, {"turf-bbox-polygon", "margin", 1.2}});
    // telco: 40 runs of 3 values (s per loop) after a calibration run: 120 repetitions.
    importerdata::addValueRows(kPyperfTelco, u"cpython 3.5.1"_s,
                               {{"telco", "time", 120.0, "n"}, {"telco", "time", 0.022503604250232456, "median"},
                                {"telco", "time", 0.02292071737429069, "max"},
                                {"telco", "time", 0.022503473124743323}});
    // three timeit benchmarks of 20 runs of 3 values, names in each benchmark's metadata.
    importerdata::addValueRows(kPyperfTags, u"cpython 3.7.9"_s,
                               {{"[1]*1000", "time", 60.0, "n"}, {"[1,2]*1000", "time", 5.582461792386084e-06, "max"},
                                {"[1,2,3]*1000", "time", 60.0, "n"}});
    // The same telco run in perf's version 5 (the 1.0 file above was converted from it): 40 runs
    // of 3 "samples" after a calibration run.
    importerdata::addValueRows(kPyperf5, u"cpython 3.5.1"_s,
                               {{"telco", "time", 120.0, "n"}, {"telco", "time", 0.022503604250232456, "median"},
                                {"telco", "time", 0.02292071737429069, "max"}});
    // timeit in version 6: 20 runs of 3 values, the middle two 4.251247955444626e-06 and 4.252617004318893e-06.
    importerdata::addValueRows(kPyperf6, u"cpython 3.5.2"_s,
                               {{"timeit", "time", 60.0, "n"},
                                {"timeit", "time", (4.251247955444626e-06 + 4.252617004318893e-06) / 2, "median"},
                                {"timeit", "time", 6.0230210574552245e-06, "max"}});
    // html5lib: one run of 50 values, the middle two 0.2326805640477687 and 0.23270169005263597.
    importerdata::addValueRows(kPyperfCommonDate, u"cpython 3.5.2"_s,
                               {{"html5lib", "time", 50.0, "n"},
                                {"html5lib", "time", (0.2326805640477687 + 0.23270169005263597) / 2, "median"}});
    // criterion 0.2 under cargo bench: "pulling_from_pool/4096  time:   [10.008 ns 10.013 ns 10.020 ns]",
    // a long name alone above "time:   [10.004 ns 10.005 ns 10.007 ns]", µs written "us".
    importerdata::addValueRows(kCriterion, u"criterion"_s,
                               {{"pulling_from_pool/4096", "estimate_typical", 10.013e-9},
                                {"pulling_from_pool/4096", "estimate_typical.ci_lower", 10.008e-9},
                                {"pulling_from_pool/4096", "estimate_typical.ci_upper", 10.020e-9},
                                {"pulling_from_pool/131072", "estimate_typical", 10.005e-9},
                                {"alloc/33554432", "estimate_typical", 2.9828e-6},
                                {"alloc/4096", "estimate_typical", 1.0, "n"}});
    // "checksum/adler/65536    time:   [175.96 µs 187.93 µs 202.29 µs]", "thrpt:  [308.97 MiB/s 332.57
    // MiB/s 355.20 MiB/s]", then its change block ("time:   [+1.6844% +11.969% +22.045%] …", not figures);
    // "parse/u32 from str      time:   [3.4812 µs 3.7492 µs 4.0870 µs]" at 266.73 Melem/s.
    importerdata::addValueRows(kCriterionChange, u"criterion"_s,
                               {{"checksum/adler/65536", "estimate_typical", 187.93e-6},
                                {"checksum/adler/65536", "estimate_typical.ci_upper", 202.29e-6},
                                {"checksum/adler/65536", "bytes_per_s", 332.57 * 1024 * 1024},
                                {"checksum/adler/64", "bytes_per_s.ci_lower", 341.82 * 1024 * 1024},
                                {"parse/u32 from str", "estimate_typical", 3.7492e-6},
                                {"parse/u32 from str", "elements_per_s", 266.73e6}});
    // --verbose, with a throughput: "thrpt:  [391.34 MiB/s 395.17 MiB/s 398.51 MiB/s]"
    importerdata::addValueRows(kCriterionVerbose, u"criterion"_s,
                               {{"alloc", "estimate_typical", 2.5306e-3},
                                {"alloc", "bytes_per_s", 395.17 * 1024 * 1024},
                                {"alloc", "bytes_per_s.ci_upper", 398.51 * 1024 * 1024}});
}

void TestImportersBench::values() { importerdata::checkValueRow(); }

// The ± is a relative margin in percent, not a range: no bounds are made
// of it, and a line that is not a benchmark's is named.
void TestImportersBench::benchmarkJsMarginIsRelative()
{
    const Capture c = loadSample(kBenchmarkJs);
    QCOMPARE(c.metric("margin")->unit, std::string("%"));
    QCOMPARE(c.metric("ops")->statistic, std::string("mean"));
    QCOMPARE(c.metric("ops")->scope, bs::MetricScope::Result);
    QVERIFY(hasCaveat(c, "relative margin of error in percent, not a range"));
    QVERIFY(hasCaveat(c, "line 4 \"this x line should be ignored\""));
    QCOMPARE(c.cases.size(), std::size_t(3));
    QCOMPARE(c.suite.title, std::string("Benchmark.js")); // not "Benchmark.js: Benchmark.js"
}

void TestImportersBench::benchmarkJsMarkLeftOut()
{
    const Capture c = loadSample(kBenchmarkJsTurfEllipse);
    QCOMPARE(c.cases.size(), std::size_t(3));
    QCOMPARE(c.cases.front().label, std::string("turf-ellipse - 8 steps"));
    QVERIFY(hasCaveat(c, "every benchmark's line starts with \"*\""));
    QVERIFY(hasCaveat(c, "line 5 \" * Benchmark Results\""));
    QVERIFY(!hasCaveat(loadSample(kBenchmarkJs), "every benchmark's line starts with"));
    // A mark only some lines carry is part of their names.
    bs::LoadError error;
    const auto mixed = bs::ImporterRegistry::instance().importText(
        "* a x 1,000 ops/sec \u00b11.00% (90 runs sampled)\nb x 2,000 ops/sec \u00b11.00% (90 runs sampled)\n",
        "mixed.txt", error);
    QVERIFY2(mixed, error.toString().c_str());
    QCOMPARE(mixed->cases.front().label, std::string("* a"));
    QVERIFY(!hasCaveat(*mixed, "every benchmark's line starts with"));
}

void TestImportersBench::pyperfRunsAndProvenance()
{
    const Capture c = loadSample(kPyperfTelco);
    QCOMPARE(c.provenance.tools.front().name, std::string("pyperf"));
    QCOMPARE(c.provenance.tools.front().version, std::string("0.8.2"));
    QCOMPARE(c.provenance.machine.hostname, std::string("selma"));
    QCOMPARE(c.capturedAt, std::string("2016-10-21T03:14:19.670631"));
    QVERIFY(hasCaveat(c, "44 warm-up value(s) and 1 calibration run(s) without values were left out"));
    // A benchmark's metadata over the file's: each timeit benchmark names itself.
    const Capture tags = loadSample(kPyperfTags);
    QCOMPARE(tags.cases.size(), std::size_t(3));
    // perf's version 5 keeps everything in the benchmark's "common_metadata"; version 6 as 1.0.
    const Capture v5 = loadSample(kPyperf5);
    QCOMPARE(v5.provenance.tools.front().version, std::string("0.8.2"));
    QCOMPARE(v5.provenance.machine.hostname, std::string("selma"));
    QCOMPARE(v5.capturedAt, std::string("2016-10-21T03:14:19.670631"));
    QVERIFY(hasCaveat(v5, "format version 5"));
    QVERIFY(hasCaveat(v5, "44 warm-up value(s) and 1 calibration run(s)"));
    const Capture v6 = loadSample(kPyperf6);
    QCOMPARE(v6.provenance.tools.front().version, std::string("0.9.7"));
    QCOMPARE(v6.capturedAt, std::string("2017-03-16T16:30:01.974791"));
    QVERIFY(hasCaveat(v6, "format version 6"));
    // One run: pyperf keeps its date with the file's metadata, and it is still the capture time.
    QCOMPARE(loadSample(kPyperfCommonDate).capturedAt, std::string("2017-04-13T16:25:59.289760"));
}

// Every benchmark of the file, grouped by its name's first part; the change
// against the saved baseline and the outliers are named as not imported.
void TestImportersBench::criterionConsole()
{
    const Capture c = loadSample(kCriterion);
    QCOMPARE(c.cases.size(), std::size_t(75));
    QCOMPARE(c.cases.front().group, std::string("pulling_from_pool"));
    QVERIFY(hasCaveat(c, "change against its saved baseline"));
    QVERIFY(hasCaveat(c, "2 lines not read")); // the Markdown fences
    QCOMPARE(c.metric("estimate_typical")->scope, bs::MetricScope::Result);
    const Capture verbose = loadSample(kCriterionVerbose);
    QCOMPARE(verbose.cases.size(), std::size_t(1));
    QVERIFY(!hasCaveat(verbose, "not read (")); // progress, outliers and intervals are criterion's own lines
}

// With a throughput criterion prints its change as a block, whose "time:" and
// "thrpt:" lines in % are not a benchmark's; a log that kept the progress
// lines without their carriage returns glues the name to them.
void TestImportersBench::criterionChangeBlocksAndProgress()
{
    const Capture c = loadSample(kCriterionChange);
    QCOMPARE(c.cases.size(), std::size_t(3));
    QCOMPARE(c.cases.front().group, std::string("checksum"));
    QVERIFY(hasCaveat(c, "2 lines not read")); // the two lines that go on criterion 0.3's warnings
    // The same lines as such logs show them (seen in public CI logs; derived here from the file):
    // the name glued after the cut progress text, alone above its time or before it on one line,
    // and a line whose carriage returns a terminal would have overwritten.
    QByteArray text = QByteArray::fromStdString(importerdata::readData(kCriterionChange));
    text.replace("Benchmarking parse/u32 from str: Analyzing\nparse/u32 from str      time:",
                 "Benchmarking parse/u32 from str: Analyzparse/u32 from str\n                        time:");
    text.replace("Benchmarking checksum/adler/65536: Analyzing\nchecksum/adler/65536    time:",
                 "Benchmarking checksum/adler/65536: Collecting 20 samples in estimachecksum/adler/65536    time:");
    text.replace("Benchmarking checksum/adler/64: Analyzing\nchecksum/adler/64", "Benchmarking checksum/adler/64: Analyzing\rchecksum/adler/64");
    bs::LoadError error;
    const auto glued = bs::CaptureLoader::load(m_tmp.write(u"glued.txt"_s, text.toStdString()), error);
    QVERIFY2(glued, error.toString().c_str());
    QCOMPARE(glued->cases.size(), std::size_t(3));
    for (const bs::CaseInfo &ci : c.cases)
        QVERIFY2(glued->caseInfo(ci.id) && glued->caseInfo(ci.id)->label == ci.label, ci.label.c_str());
    // A "time:" line in percent outside a change block is still refused.
    text.replace("                 change:\n", "");
    QVERIFY(!bs::CaptureLoader::load(m_tmp.write(u"nochange.txt"_s, text.toStdString()), error));
    QVERIFY2(QString::fromStdString(error.message).contains(u"expected"_s), error.toString().c_str());
}

void TestImportersBench::malformed_data()
{
    importerdata::addErrorColumns();
    const auto from = importerdata::replaced;
    QTest::newRow("benchmark.js ops garbled") << u"b.txt"_s << from(kBenchmarkJs, "1,431,759 ops", "1,43,759 ops")
                                              << u"line 1"_s << u"digits grouped by commas"_s;
    QTest::newRow("benchmark.js margin without %") << u"b.txt"_s << from(kBenchmarkJs, "±0.74%", "±0.74")
                                                   << u"line 1"_s << u"ops/sec ±<n>% (<n> runs sampled)"_s;
    QTest::newRow("benchmark.js no samples") << u"b.txt"_s << from(kBenchmarkJs, "(93 runs", "(0 runs")
                                             << u"line 1"_s << u"without samples"_s;
    QTest::newRow("benchmark.js twice") << u"b.txt"_s << from(kBenchmarkJs, "fib(20)", "fib(10)")
                                        << u"line 2"_s << u"a second time"_s;
    QTest::newRow("criterion unknown unit") << u"c.txt"_s << from(kCriterion, "[10.008 ns 10.013 ns", "[10.008 ns 10.013 nz")
                                            << u"line 2"_s << u"expected a time unit"_s;
    QTest::newRow("criterion estimate outside its interval") << u"c.txt"_s << from(kCriterion, "[10.008 ns 10.013 ns", "[10.018 ns 10.013 ns")
                                                             << u"line 2"_s << u"outside its confidence interval"_s;
    QTest::newRow("criterion time line cut") << u"c.txt"_s << from(kCriterion, "10.013 ns 10.020 ns]", "10.013 ns")
                                             << u"line 2"_s << u"expected \"<name> time: [<low>"_s;
    QTest::newRow("criterion throughput unit") << u"c.txt"_s << from(kCriterionVerbose, "391.34 MiB/s", "391.34 MiB/h")
                                               << u"line 6"_s << u"expected a throughput unit"_s;
    QTest::newRow("pyperf negative value") << u"p.json"_s << from(kPyperfTelco, "0.022752201875846367", "-0.02")
                                           << u"$.benchmarks[0].runs[1].values[0]"_s << u"a negative value"_s;
    QTest::newRow("pyperf unknown unit") << u"p.json"_s << from(kPyperfTags, "\"unit\": \"second\"", "\"unit\": \"lightyear\"")
                                         << u"$.metadata.unit"_s << u"expected \"second\""_s;
    QTest::newRow("pyperf benchmark without a name") << u"p.json"_s << from(kPyperfTelco, "\"name\": \"telco\"", "\"title\": \"telco\"")
                                                     << u"$.benchmarks[0]"_s << u"without a \"name\""_s;
}

void TestImportersBench::malformed() { importerdata::checkErrorRow(m_tmp); }

QTEST_GUILESS_MAIN(TestImportersBench)
#include "tst_importers_bench.moc"
