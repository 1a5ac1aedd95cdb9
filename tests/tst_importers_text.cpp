// The text formats of issue 43 read by their own importers: Dart's
// benchmark_harness, go-wrk, Ruby's benchmark-ips, Ruby's stdlib Benchmark
// (bm/bmbm) and oha's console text,
// over real outputs from public repositories (tests/data/importers/SOURCES.md).
// Values were read off the files by hand; damaged variants are refused at
// their line or named in a caveat (tst_textdamage runs every line of these files).
#include "captureloader.h"
#include "importerdata.h"
#include "importerregistry.h"
#include "tempfolder.h"

#include <QtTest>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::hasCaveat;
using importerdata::loadSample;

const QString kDartObjectId = u"dart/gonuit_dart_objectid_README_benchmark.txt"_s;
const QString kDartGame = u"dart/Dundee_benchmarksgame_fannkuchredux-dart-about.txt"_s;
const QString kDartHarness = u"dart/dart-lang_benchmark_harness_README_output.txt"_s;
const QString kGoWrk = u"go-wrk/tsliwowicz_go-wrk_README_output.txt"_s;
const QString kGoWrk2022 = u"go-wrk/tsliwowicz_go-wrk_README_output_2022.txt"_s;
const QString kIps = u"benchmark-ips/evanphx_benchmark-ips_README.txt"_s;
const QString kIps2015 = u"benchmark-ips/evanphx_benchmark-ips_README_2015.txt"_s;
const QString kIpsConstantize = u"benchmark-ips/fastruby_fast-ruby_README_constantize.txt"_s;
const QString kIpsRaise = u"benchmark-ips/fastruby_fast-ruby_README_raise-vs-e2mmap.txt"_s;
const QString kIpsBsearch = u"benchmark-ips/fastruby_fast-ruby_README_bsearch-vs-find.txt"_s;
const QString kIpsSlice = u"benchmark-ips/fastruby_fast-ruby_README_slice-native.txt"_s;
const QString kRbDalli = u"ruby-benchmark/petergoldstein_dalli_Performance.md"_s;
const QString kRbPygments = u"ruby-benchmark/pygments_pygments.rb_README.md"_s;
const QString kRbXmlHasher = u"ruby-benchmark/cloocher_xmlhasher_README.md"_s;
const QString kRbStructs = u"ruby-benchmark/ruby-concurrency_concurrent-ruby_examples_benchmark_structs.rb.txt"_s;
const QString kRbActor = u"ruby-benchmark/ruby-concurrency_concurrent-ruby_docs-source_actor_main.md"_s;
const QString kRbDocs = u"ruby-benchmark/ruby_benchmark_lib_benchmark.rb.txt"_s;
const QString kOhaAxum = u"oha-text/retrokiller543_tosic-http_axum-bench_README.txt"_s;
const QString kOhaTosic = u"oha-text/retrokiller543_tosic-http_tosic-http-bench_README.txt"_s;
const QString kOhaActix = u"oha-text/retrokiller543_tosic-http_actix-web-bench_README.txt"_s;

} // namespace

class TestImportersText : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }
    void values_data();
    void values();
    void rubyBenchmarkTables();
    void rubyBenchmarkLeftOut();
    void rubyBenchmarkHostileLabels();
    void dartRunsAndCaveats();
    void goWrkPercentilesLeftOut();
    void ipsMarginAndComparison();
    void ohaTextAsOhaJson();
    void malformed_data();
    void malformed();

private:
    static void addRubyBenchmarkRows();
    TempFolder m_tmp;
};

void TestImportersText::values_data()
{
    importerdata::addValueColumns();
    // "ObjectId() → (RunTime): 0.28017946395452636 us.", "ObjectId == ObjectId → (RunTime): 0.08761381094863427 us."
    importerdata::addValueRows(kDartObjectId, u"Dart"_s,
                               {{"ObjectId() →", "time", 0.28017946395452636e-6},
                                {"ObjectId == ObjectId →", "time", 0.08761381094863427e-6},
                                {"ObjectId.hashCode →", "time", 1.0, "n"}});
    // "Template(RunTime): 4996000.0 us." three times (n=10, 11, 12 of fannkuch-redux)
    importerdata::addValueRows(kDartGame, u"Dart"_s,
                               {{"Template", "time", 3.0, "n"}, {"Template", "time", 897.849, "max"},
                                {"Template", "time", 64.428, "median"}});
    importerdata::addValueRows(kDartHarness, u"Dart"_s, {{"Template", "time", 0.1568472448997197e-6}});
    // "Requests/sec:\t\t43940.79", "Transfer/sec:\t\t5.24MB", "Fastest Request:\t98µs", "Avg Req Time:\t\t46.608ms",
    // "Slowest Request:\t398.431ms", "stddev:\t\t\t    29.744ms", "439977 requests in 10.012950719s, 52.45MB read"
    importerdata::addValueRows(kGoWrk, u"localhost:8080"_s,
                               {{"/plaintext", "rps", 43940.79}, {"/plaintext", "transfer_rate", 5.24 * 1024 * 1024},
                                {"/plaintext", "latency_min", 98e-6}, {"/plaintext", "latency_mean", 46.608e-3},
                                {"/plaintext", "latency_max", 398.431e-3}, {"/plaintext", "latency_stdev", 29.744e-3},
                                {"/plaintext", "requests", 439977.0}, {"/plaintext", "bytes", 52.45 * 1024 * 1024}});
    // the 2022 layout: "Avg Req Time:\t\t0.0347ms" before "Fastest Request:\t0.0340ms"
    importerdata::addValueRows(kGoWrk2022, u"192.168.1.118:8080"_s,
                               {{"/json", "rps", 28787.47}, {"/json", "latency_mean", 0.0347e-3},
                                {"/json", "latency_min", 0.0340e-3}, {"/json", "latency_max", 0.0421e-3},
                                {"/json", "requests", 142470.0}, {"/json", "transfer_rate", 3.95 * 1024 * 1024}});
    // "addition     36.209M (± 2.8%) i/s   (27.62 ns/i) -    182.253M in   5.037433s" with Comparison
    // "addition: 34666931.3 i/s" (4 % apart: the line's figure kept), "addition2     36.552M (± 7.8%)" with
    // "addition2: 36558904.5 i/s" (within 0.1 %: the Comparison's), a label on its own line above "36.164M (± 5.8%)".
    importerdata::addValueRows(kIps, u"benchmark-ips"_s,
                               {{"addition", "ips", 36.209e6}, {"addition", "margin", 2.8},
                                {"addition", "iterations", 182.253e6}, {"addition2", "ips", 36558904.5},
                                {"addition-test-long-label", "ips", 36135428.8},
                                {"addition-test-long-label", "margin", 5.8}, {"addition3", "ips", 36.639e6},
                                {"addition2", "ips", 1.0, "n"}});
    // 2015: "addition3    23.958M (±10.1%) i/s -    115.064M", "addition3: 23958619.8 i/s - 1.00x slower"
    importerdata::addValueRows(kIps2015, u"benchmark-ips"_s,
                               {{"addition2", "ips", 24011974.8}, {"addition2", "margin", 9.5},
                                {"addition2", "iterations", 114.246e6}, {"addition3", "ips", 23958619.8},
                                {"addition3", "margin", 10.1}, {"addition-test-long-label", "ips", 5014756.0},
                                {"addition-test-long-label", "iterations", 24.545e6}});
    // "using an if statement" on its own line above "8.124M (± 1.8%) i/s -     41.357M in   5.092437s"
    importerdata::addValueRows(kIpsConstantize, u"ruby 2.7.3p183"_s,
                               {{"using an if statement", "ips", 8123851.3}, {"using an if statement", "margin", 1.8},
                                {"using an if statement", "iterations", 41.357e6},
                                {"String#constantize", "ips", 2462371.2}, {"String#constantize", "margin", 2.4}});
    // two runs in one block: "Ruby exception: Kernel#raise:   617446.2 i/s", "… 617.446k (± 7.9%) i/s -      3.082M"
    importerdata::addValueRows(kIpsRaise, u"ruby 2.2.3p173"_s,
                               {{"Ruby exception: Kernel#raise", "ips", 617446.2},
                                {"Ruby exception: Kernel#raise", "margin", 7.9},
                                {"Ruby exception: Kernel#raise", "iterations", 3.082e6},
                                {"Custom exception: E2MM#Raise", "ips", 29004.8},
                                {"Custom exception: E2MM#Raise", "iterations", 145.964e3}});
    // benchmark-ips 2.1: " in …s" only on a run whose time strayed 5 % from the target:
    // "find      0.184  (± 0.0%) i/s -      1.000  in   5.434758s", "bsearch    577.301k (± 6.6%) i/s -      2.913M";
    // Comparison "bsearch:   577300.7 i/s" (the finer figure), "find:        0.2 i/s" (0.184 kept).
    importerdata::addValueRows(kIpsBsearch, u"ruby 2.2.0p0"_s,
                               {{"find", "ips", 0.184}, {"find", "margin", 0.0}, {"find", "iterations", 1.0},
                                {"bsearch", "ips", 577300.7}, {"bsearch", "margin", 6.6},
                                {"bsearch", "iterations", 2.913e6}});
    // Labels given with trailing spaces: "Hash#native-slice   :  2539515.5 i/s" is the report line's
    // "Hash#native-slice         2.540M (± 1.5%) i/s -     12.822M in   5.049955s".
    importerdata::addValueRows(kIpsSlice, u"ruby 2.5.3p105"_s,
                               {{"Hash#native-slice", "ips", 2539515.5}, {"Hash#native-slice", "margin", 1.5},
                                {"Array#each", "ips", 1613665.5}, {"Array#each_w/_object", "ips", 1352851.8},
                                {"Hash#select-include", "ips", 760944.2}, {"Hash#select-include", "margin", 0.9},
                                {"Hash#select-include", "iterations", 3.817e6}});
    // "Success rate:\t100.00%", "Total:\t5.9440 secs", "Slowest:\t0.0148 secs", "Fastest:\t0.0006 secs",
    // "Average:\t0.0015 secs", "Requests/sec:\t3364.7592", "Total data:\t38.28 MiB", "Size/sec:\t6.44 MiB",
    // "99.90% in 0.0071 secs", "[200] 20000 responses"
    importerdata::addValueRows(kOhaAxum, u"oha"_s,
                               {{"run", "rps", 3364.7592}, {"run", "success_rate", 1.0}, {"run", "latency_max", 0.0148},
                                {"run", "latency_min", 0.0006}, {"run", "latency_mean", 0.0015},
                                {"run", "bytes", 38.28 * 1024 * 1024}, {"run", "transfer_rate", 6.44 * 1024 * 1024},
                                {"run", "latency_p10", 0.0014}, {"run", "latency_p99_9", 0.0071},
                                {"run", "latency_p99_99", 0.0142}, {"run", "requests", 20000.0}});
    importerdata::addValueRows(kOhaTosic, u"oha"_s,
                               {{"run", "rps", 4472.2547}, {"run", "latency_p99_99", 0.0363},
                                {"run", "latency_max", 0.0367}, {"run", "bytes", 43.24 * 1024 * 1024}});
    importerdata::addValueRows(kOhaActix, u"oha"_s, {{"run", "rps", 4393.6538}, {"run", "latency_p50", 0.0011}});
    addRubyBenchmarkRows();
}

// Ruby's Benchmark: a label is a participant, a table a case titled by the
// line above it, each figure one run (n = 1), the real in parentheses.
void TestImportersText::addRubyBenchmarkRows()
{
    // line 15 "set:plain:memcache-client         1.860000   0.310000   2.170000 (  2.188030)" under line 12
    // "Testing 1.8.5 with ruby 1.9.3p0 (…)"; line 42 "incr:ruby:dalli  0.270000 0.100000 0.370000 (0.547618)"
    const char *memcache = "Testing 1.8.5 with ruby 1.9.3p0 (2011-10-30 revision 33570) [x86_64-darwin11.2.0]";
    const char *dalli = "Testing 2.0.0 with ruby 1.9.3p125 (2012-02-16 revision 34643) [x86_64-darwin11.3.0]";
    importerdata::addValueRows(kRbDalli, u"set:plain:memcache-client"_s,
                               {{memcache, "real_time", 2.188030}, {memcache, "user_time", 1.86},
                                {memcache, "system_time", 0.31}, {memcache, "total_cpu_time", 2.17},
                                {memcache, "real_time", 1.0, "n"}});
    importerdata::addValueRows(kRbDalli, u"incr:ruby:dalli"_s,
                               {{dalli, "real_time", 0.547618}, {dalli, "system_time", 0.1}});
    // the same labels under "Iterations: 50" (line 90) and "Iterations: 10" (lines 99, 100)
    importerdata::addValueRows(kRbPygments, u"pygments popen (process already started)"_s,
                               {{"Iterations: 50", "real_time", 0.272975}, {"Iterations: 50", "user_time", 0.01},
                                {"Iterations: 10", "real_time", 0.676515}});
    importerdata::addValueRows(kRbPygments, u"pygments popen (process already started 2)"_s,
                               {{"Iterations: 10", "system_time", 0.01}, {"Iterations: 10", "real_time", 0.674189}});
    // labels wider than their column: line 77 "activesupport(nokogiri) 12.650000   0.250000  12.900000 ( 12.908073)"
    const char *large = "Converting large xml from file to Hash:";
    importerdata::addValueRows(kRbXmlHasher, u"activesupport(nokogiri)"_s,
                               {{large, "real_time", 12.908073}, {large, "total_cpu_time", 12.9},
                                {"Converting small xml from text to Hash:", "real_time", 0.089466}});
    // bmbm: the measured rows, not the rehearsal's (line 58 "… 2.030000 (  2.052071)", line 92 "… (  1.006201)")
    importerdata::addValueRows(kRbStructs, u"create mutable struct"_s,
                               {{"Object creation...", "real_time", 2.032391}, {"Object creation...", "user_time", 2.02},
                                {"Object creation...", "system_time", 0.01}});
    importerdata::addValueRows(kRbStructs, u"iterate over immutable struct"_s,
                               {{"Enumeration...", "real_time", 0.955633}, {"Enumeration...", "total_cpu_time", 0.95}});
    // bmbm under "### JRUBY" and "### MRI 2.1.0", the label's inner spaces kept (lines 200, 218)
    importerdata::addValueRows(kRbActor, u"50000 1000 celluloid"_s,
                               {{"JRUBY", "real_time", 18.272}, {"JRUBY", "user_time", 15.93}});
    importerdata::addValueRows(kRbActor, u"50000    2 concurrent"_s, {{"MRI 2.1.0", "real_time", 3.822688}});
    // Benchmark's own docs, in comments: unlabelled rows (line 53), bmbm (line 97), with >total:/>avg: (line 117)
    importerdata::addValueRows(kRbDocs, u"row 2"_s, {{"The result: (line 51)", "real_time", 0.998261}});
    importerdata::addValueRows(kRbDocs, u"sort!"_s, {{"The result: (line 91)", "real_time", 1.460465}});
    importerdata::addValueRows(kRbDocs, u"for:"_s,
                               {{"The result: (line 116)", "real_time", 0.952039}, {"Generates: (line 163)", "real_time", 0.970493}});
}

void TestImportersText::values() { importerdata::checkValueRow(); }

// The ± is a relative standard deviation, not a range; a Comparison figure
// far from its report line is named; the warm-up is not imported.
void TestImportersText::ipsMarginAndComparison()
{
    const Capture c = loadSample(kIps);
    QCOMPARE(c.metric("margin")->unit, std::string("%"));
    QCOMPARE(c.metric("ips")->statistic, std::string("mean"));
    QCOMPARE(c.metric("ips")->scope, bs::MetricScope::Result);
    QCOMPARE(c.metric("ips")->direction, bs::Direction::HigherIsBetter);
    QVERIFY(hasCaveat(c, "standard deviation in percent of i/s, not a range"));
    QVERIFY(hasCaveat(c, "the Comparison's i/s at line 18 differs from the report line's (line 8)"));
    QCOMPARE(c.cases.size(), std::size_t(4));
    QVERIFY(!hasCaveat(c, "does not end with a full Comparison"));
    const Capture raise = loadSample(kIpsRaise);
    QCOMPARE(raise.cases.size(), std::size_t(4));
    QCOMPARE(raise.provenance.tools.back().version, std::string("2.2.3p173 (2015-08-18 revision 51636) [x86_64-darwin14]"));
    QVERIFY(hasCaveat(raise, "line 1 \"$ ruby -v code/general/raise-vs-e2mmap.rb\""));
    // Every Comparison label padded before its colon finds its report line.
    const Capture slice = loadSample(kIpsSlice);
    QCOMPARE(slice.cases.size(), std::size_t(4));
    QVERIFY(!hasCaveat(slice, "which has no report line"));
    QVERIFY(!hasCaveat(slice, "does not end with a full Comparison"));
    // A Comparison figure that agrees within the two roundings is no disagreement.
    QVERIFY(!hasCaveat(loadSample(kIpsBsearch), "differs from the report line's"));
}

// A table is a case titled by the line above it (a title used twice
// carries its table's line), a label a participant: one of one table has
// no result in another. Seconds, lower is better, real time first.
void TestImportersText::rubyBenchmarkTables()
{
    const Capture dalli = loadSample(kRbDalli);
    QCOMPARE(dalli.cases.size(), std::size_t(2));
    QCOMPARE(dalli.participants.size(), std::size_t(18));
    QCOMPARE(dalli.results.size(), std::size_t(18));
    QCOMPARE(dalli.primaryMetric()->id, std::string("real_time"));
    for (const char *id : {"real_time", "user_time", "system_time", "total_cpu_time"}) {
        QCOMPARE(dalli.metric(id)->unit, std::string("s"));
        QCOMPARE(dalli.metric(id)->direction, bs::Direction::LowerIsBetter);
    }
    QVERIFY(!importerdata::resultByLabels(dalli, "incr:ruby:dalli", dalli.cases.front().label.c_str()));
    QCOMPARE(dalli.provenance.tools.front().name, std::string("Ruby Benchmark"));
    QVERIFY(hasCaveat(dalli, "each row is one run of its report's block (n = 1)"));
    QVERIFY(hasCaveat(dalli, "a file cut short after a whole row cannot be told (this one ends at line 42)"));
    QVERIFY(!hasCaveat(dalli, "not read"));
    const Capture pygments = loadSample(kRbPygments);
    QCOMPARE(pygments.participants.size(), std::size_t(3));
    QCOMPARE(pygments.results.size(), std::size_t(6));
    const Capture docs = loadSample(kRbDocs);
    QCOMPARE(docs.cases.size(), std::size_t(7));
    QCOMPARE(docs.cases.front().label, std::string("The result: (line 51)"));
    QCOMPARE(docs.cases.back().label, std::string("Generates: (line 246)"));
    for (const bs::Result &r : docs.results)
        QCOMPARE(r.repetitions.size(), std::size_t(1));
}

// bmbm's rehearsal is warm-up, Benchmark.bm's ">total:"/">avg:" rows are
// computed, lines outside a table are Benchmark.measure's, a footnote or a
// crash message in a table is no row: none is read, each is named.
void TestImportersText::rubyBenchmarkLeftOut()
{
    const Capture structs = loadSample(kRbStructs);
    QVERIFY(hasCaveat(structs, "a bmbm rehearsal (line 55 and 2 more) is its warm-up, not a measurement"));
    QCOMPARE(structs.results.size(), std::size_t(15));
    const Capture docs = loadSample(kRbDocs);
    for (const bs::Participant &p : docs.participants)
        QVERIFY2(p.label.find("total") == std::string::npos && p.label.find("avg") == std::string::npos, p.label.c_str());
    QVERIFY(hasCaveat(docs, "\">avg:\" print; line 120 and 3 more) are not measurements"));
    QVERIFY(hasCaveat(docs, "rows outside a table (line 31 and 1 more;"));
    const Capture actor = loadSample(kRbActor);
    QVERIFY(hasCaveat(actor, "line 202 \"    50000 1500 celluloid   19.440000"));
    QVERIFY(hasCaveat(actor, "the bmbm table at line 183 has 7 of its rehearsal's 8 rows: \"50000 1500 celluloid\" "
                             "(rehearsed at line 191)"));
    QVERIFY(!importerdata::resultByLabels(actor, "50000 1500 celluloid", "JRUBY"));
    const Capture xml = loadSample(kRbXmlHasher);
    QVERIFY(hasCaveat(xml, "line 76 \"activesupport(libxml)   # Segmentation fault\""));
    QVERIFY(!importerdata::resultByLabels(xml, "activesupport(libxml)", "Converting large xml from file to Hash:"));
    // bmbm cut inside its measured rows: the rehearsal tells what is missing
    bs::LoadError error;
    const auto cut = bs::ImporterRegistry::instance().importText(
        importerdata::cutBefore(kRbStructs, "create settable struct    2.030000").toStdString(), "cut.txt", error);
    QVERIFY2(cut, error.toString().c_str());
    QCOMPARE(cut->results.size(), std::size_t(3));
    QVERIFY(hasCaveat(*cut, "the bmbm table at line 55 has 3 of its rehearsal's 5 rows: \"create settable struct\" "
                            "(rehearsed at line 59) and any after it are missing"));
}

// Labels are kept as written (escaping is for where they are shown), a
// megabyte long one too; a label as wide as its column runs into a user
// time of 100 s or more; a file's one untitled table is "run".
void TestImportersText::rubyBenchmarkHostileLabels()
{
    const std::string hostile = "Al\x1b[2J\xc2\x9bpha <script>alert(1)</script>";
    const std::string huge(1 << 20, 'x');
    const std::string text = "      user     system      total        real\n" + hostile
        + "  1.000000   0.000000   1.000000 (  1.000000)\n" + huge + "  2.000000   0.000000   2.000000 (  2.000000)\n"
        + "reader:126.391000   0.000000 126.391000 (126.500000)\n";
    bs::LoadError error;
    const auto c = bs::ImporterRegistry::instance().importText(text, "hostile.txt", error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->cases.size(), std::size_t(1));
    QCOMPARE(c->cases.front().label, std::string("run"));
    QCOMPARE(c->participants.size(), std::size_t(3));
    QCOMPARE(c->participants[0].label, hostile);
    QCOMPARE(c->participants[1].label, huge);
    QCOMPARE(c->participants[2].label, std::string("reader:"));
    QCOMPARE(importerdata::resultByLabels(*c, "reader:", "run")->repetitions.front().metrics.at("user_time"), 126.391);
    const auto titled = bs::ImporterRegistry::instance().importText("## <b>" + hostile + "</b>\n" + text, "t.txt", error);
    QVERIFY2(titled, error.toString().c_str());
    QCOMPARE(titled->cases.front().label, "<b>" + hostile + "</b>");
}

// oha's console text reads into the ids oha's JSON gives, through one mapping.
void TestImportersText::ohaTextAsOhaJson()
{
    const Capture text = loadSample(kOhaAxum);
    const Capture json = loadSample(u"oha/unknown-repo_id2616016724_README_example1.json"_s);
    for (const char *id : {"rps", "latency_mean", "latency_p99_9", "success_rate", "transfer_rate", "bytes"}) {
        QVERIFY2(text.metric(id) && json.metric(id), id);
        QCOMPARE(text.metric(id)->unit, json.metric(id)->unit);
        QCOMPARE(text.metric(id)->direction, json.metric(id)->direction);
    }
    QCOMPARE(text.participants.front().label, json.participants.front().label);
    QCOMPARE(text.provenance.conditions.durationSeconds, std::optional<double>(5.944));
    QCOMPARE(text.suite.title, std::string("oha"));
    QVERIFY(!hasCaveat(text, "not read ("));
    QVERIFY(!hasCaveat(text, "rows are missing"));
    QCOMPARE(text.results.front().status, bs::ResultStatus::Ok);
}

// A name printed three times is three runs of one benchmark, said in a
// caveat; the program's own headings are named as not read; the run time is
// of one exercise() (10 runs by default), not divided.
void TestImportersText::dartRunsAndCaveats()
{
    const Capture game = loadSample(kDartGame);
    QCOMPARE(game.cases.size(), std::size_t(1));
    QVERIFY(hasCaveat(game, "\"Template\" is printed 3 times"));
    QVERIFY(hasCaveat(game, "divide by 10 for one run()"));
    QCOMPARE(game.metric("time")->direction, bs::Direction::LowerIsBetter);
    const Capture objectId = loadSample(kDartObjectId);
    QCOMPARE(objectId.cases.size(), std::size_t(9));
    QVERIFY(hasCaveat(objectId, "3 lines not read"));
    QVERIFY(hasCaveat(objectId, "line 1 \"Constructors:\""));
    QCOMPARE(objectId.suite.title, std::string("benchmark_harness: Dart"));
}

// go-wrk's percentile lines are not latency percentiles (see the importer),
// so none is imported, and a caveat says why.
void TestImportersText::goWrkPercentilesLeftOut()
{
    const Capture c = loadSample(kGoWrk);
    QVERIFY(!c.metric("latency_p99"));
    QVERIFY(!c.metric("latency_p50"));
    QVERIFY(hasCaveat(c, "so \"99%\" is the 0.99th percentile"));
    QCOMPARE(c.provenance.conditions.connections, std::optional<int>(2048));
    QCOMPARE(c.provenance.conditions.durationSeconds, std::optional<double>(10));
    QCOMPARE(c.results.front().status, bs::ResultStatus::Ok);
    const Capture old = loadSample(kGoWrk2022);
    QVERIFY(!hasCaveat(old, "percentile"));
    QVERIFY(!hasCaveat(old, "not read ("));
}

void TestImportersText::malformed_data()
{
    importerdata::addErrorColumns();
    const auto from = importerdata::replaced;
    QTest::newRow("dart unit unknown") << u"d.txt"_s << from(kDartObjectId, "0.28017946395452636 us.", "0.28017946395452636 sec.")
                                       << u"line 2"_s << u"expected \"ObjectId() →(RunTime): <number> us.\""_s;
    QTest::newRow("dart number garbled") << u"d.txt"_s << from(kDartGame, "64428000.0", "64428O00.0")
                                         << u"line 2"_s << u"expected a number"_s;
    QTest::newRow("dart only the program's output") << u"d.txt"_s << QByteArray("Constructors:\nTemplate(RunTime): \n")
                                                    << u"line 2"_s << u"expected \"Template(RunTime): <number> us.\""_s;
    QTest::newRow("go-wrk rate garbled") << u"g.txt"_s << from(kGoWrk, "43940.79", "43,940.79")
                                         << u"line 4"_s << u"expected a number"_s;
    QTest::newRow("go-wrk duration unit") << u"g.txt"_s << from(kGoWrk, "46.608ms", "46.608mx")
                                          << u"line 7"_s << u"expected a Go duration"_s;
    QTest::newRow("go-wrk requests line") << u"g.txt"_s << from(kGoWrk, "52.45MB read", "52.45MB")
                                          << u"line 3"_s << u"expected \"<n> requests in <duration>, <size> read\""_s;
    QTest::newRow("ips margin garbled") << u"i.txt"_s << from(kIps2015, "(± 9.5%)", "(± 9.5x)")
                                        << u"line 9"_s << u"expected \"<label> <n> (±<n>%) i/s"_s;
    QTest::newRow("ips label without figures") << u"i.txt"_s << from(kIps2015, "                         5.014M (± 9.1%) i/s -     24.545M\n", "")
                                               << u"line 11"_s << u"a label without its figures"_s;
    QTest::newRow("ips layouts mixed") << u"i.txt"_s << from(kIps2015, "i/s -    114.246M", "i/s  (41.65 ns/i) -    114.246M")
                                       << u"line 9"_s << u"another layout than line 8's"_s;
    QTest::newRow("ips no report line") << u"i.txt"_s << importerdata::cutBefore(kIps2015, "-------------------------------------------------")
                                        << u"line 6"_s << u"the benchmark-ips report ends here"_s;
    QTest::newRow("oha time unit") << u"o.txt"_s << from(kOhaAxum, "0.0148 secs", "0.0148 sex")
                                   << u"line 4"_s << u"expected a time"_s;
    QTest::newRow("oha success rate above 100 %") << u"o.txt"_s << from(kOhaAxum, "100.00%", "190.00%")
                                                  << u"line 2"_s << u"a success rate outside"_s;
    QTest::newRow("oha status row") << u"o.txt"_s << from(kOhaAxum, "[200] 20000 responses", "[200] 20000 replies")
                                    << u"line 43"_s << u"expected \"[<status>] <n> responses\""_s;
    QTest::newRow("oha percentile row") << u"o.txt"_s << from(kOhaAxum, "99.90% in 0.0071 secs", "99.90% at 0.0071 secs")
                                        << u"line 34"_s << u"expected a percentile row"_s;
    QTest::newRow("oha cut before Requests/sec") << u"o.txt"_s << importerdata::cutBefore(kOhaAxum, "  Requests/sec")
                                                 << u"line 6"_s << u"the oha report ends here"_s;
    QTest::newRow("ruby benchmark figure garbled") << u"r.txt"_s << from(kRbDalli, "1.860000", "1.86O000")
                                                  << u"line 15"_s << u"expected a time in seconds"_s;
    QTest::newRow("ruby benchmark negative time") << u"r.txt"_s << from(kRbDalli, "(  2.188030)", "( -2.188030)")
                                                  << u"line 15"_s << u"found \"-2.188030\""_s;
    QTest::newRow("ruby bmbm row not the rehearsal's")
        << u"r.txt"_s << from(kRbStructs, "create frozen struct      0.190000", "create frozen strukt      0.190000")
        << u"line 65"_s << u"where the rehearsal has \"create frozen struct\" (line 57)"_s;
    QTest::newRow("ruby bmbm row more than the rehearsal")
        << u"r.txt"_s
        << from(kRbStructs, "(  0.695010)\n", "(  0.695010)\ncreate extra struct   0.100000   0.000000   0.100000 (  0.100000)\n")
        << u"line 69"_s << u"a row more than the rehearsal at line 55 has"_s;
    QTest::newRow("ruby bmbm cut in its rehearsal")
        << u"r.txt"_s << importerdata::cutBefore(kRbStructs, "-------------------------------------------------- total: 5.080000sec")
        << u"line 60"_s << u"the Ruby Benchmark report ends here, before the measured table after the bmbm rehearsal at line 55"_s;
    QTest::newRow("go-wrk cut before its requests") << u"g.txt"_s << importerdata::cutBefore(kGoWrk, "439977 requests")
                                                    << u"line 2"_s << u"the go-wrk report ends here"_s;
}

void TestImportersText::malformed() { importerdata::checkErrorRow(m_tmp); }

QTEST_GUILESS_MAIN(TestImportersText)
#include "tst_importers_text.moc"
