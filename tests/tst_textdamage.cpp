// Damage to real outputs of every text importer (issue 27) and of the JSON
// formats of issue 43: every line in turn garbled (a number replaced by
// 1e999999, by 1x9, the line cut in half) and the file cut after every line.
// Each variant is refused with an error naming a line (a JSON file: its line
// and column, or the JSON path of the value refused) or not recognised as the
// format at all, or loads with a new caveat naming a line, or loads with
// figures identical to the intact file's.
// And long runs of blank lines (issue 26) through every text importer and the
// registry's detection: no recursion per character, no crash.
#include "folderimporter.h"
#include "importerdata.h"
#include "importerregistry.h"
#include "tempfolder.h"
#include "testshard.h"

#include <QtTest>

#include <cctype>
#include <numeric>

using namespace Qt::StringLiterals;
using importerdata::readData;

namespace {

enum class Damage { NumberHuge, NumberGarbled, LineHalved, FileCut };

struct Outcome {
    std::optional<bs::Capture> capture;
    bs::LoadError error;
    bool unrecognised = false;
};

Outcome load(const std::string &text)
{
    Outcome o;
    o.capture = bs::ImporterRegistry::instance().importText(text, "damaged.txt", o.error, &o.unrecognised);
    return o;
}

std::vector<std::string> splitLines(const std::string &text)
{
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto end = std::min(text.find('\n', start), text.size());
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::string joined(const std::vector<std::string> &lines, std::size_t count)
{
    std::string out;
    for (std::size_t i = 0; i < count && i < lines.size(); ++i)
        out += lines[i] + "\n";
    return out;
}

// The numbers of a line: a run of digits with an optional fraction, not part
// of a word ("h2c", "v2.13") or of a longer number.
std::vector<std::pair<std::size_t, std::size_t>> numbers(const std::string &line)
{
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const auto digit = [&](std::size_t k) { return k < line.size() && std::isdigit(static_cast<unsigned char>(line[k])); };
        if (!digit(i) || (i > 0 && (std::isalnum(static_cast<unsigned char>(line[i - 1])) || line[i - 1] == '.')))
            continue;
        std::size_t end = i;
        while (digit(end))
            ++end;
        if (end < line.size() && line[end] == '.' && digit(end + 1))
            for (++end; digit(end);)
                ++end;
        spans.emplace_back(i, end - i);
        i = end;
    }
    return spans;
}

std::uint64_t errorTotal(const bs::Repetition &rep)
{
    return std::accumulate(rep.errors.begin(), rep.errors.end(), std::uint64_t(0),
                           [](std::uint64_t sum, const auto &e) { return sum + e.second; });
}

// Why two captures' figures differ, or empty: results in order (status,
// once-only figures, flags, repetitions' metrics, histograms and error
// counts), the conditions and the tool.
std::string figureDifference(const bs::Capture &a, const bs::Capture &b)
{
    if (a.results.size() != b.results.size())
        return "a different number of results";
    if (!(a.provenance.conditions == b.provenance.conditions))
        return "different conditions";
    if (a.provenance.tools.front().name != b.provenance.tools.front().name)
        return "a different tool";
    for (std::size_t i = 0; i < a.results.size(); ++i) {
        const bs::Result &x = a.results[i], &y = b.results[i];
        if (x.status != y.status || x.once != y.once || x.flags != y.flags || x.repetitions.size() != y.repetitions.size())
            return "result " + std::to_string(i) + " differs (status, once-only figures, flags or repetitions)";
        for (std::size_t r = 0; r < x.repetitions.size(); ++r) {
            const bs::Repetition &p = x.repetitions[r], &q = y.repetitions[r];
            if (p.metrics != q.metrics)
                return "result " + std::to_string(i) + " has other metrics";
            if (!(p.histograms == q.histograms))
                return "result " + std::to_string(i) + " has other histograms";
            if (errorTotal(p) != errorTotal(q))
                return "result " + std::to_string(i) + " counts other errors";
        }
    }
    return {};
}

// A caveat of `damaged` that the intact capture does not have and that names a line.
bool hasNewCaveatNamingALine(const bs::Capture &damaged, const bs::Capture &intact)
{
    for (const std::string &c : damaged.provenance.caveats)
        if (c.find("line ") != std::string::npos
            && std::find(intact.provenance.caveats.begin(), intact.provenance.caveats.end(), c)
                == intact.provenance.caveats.end())
            return true;
    return false;
}

// The rule for one variant, or why it is broken.
std::string check(const std::string &variant, const bs::Capture &intact)
{
    const Outcome o = load(variant);
    if (!o.capture) {
        // A JSON file's place is its line and column, or the JSON path of the value refused.
        if (o.unrecognised || o.error.place.find("line ") != std::string::npos || o.error.place.rfind("$", 0) == 0)
            return {};
        return "refused without naming a line: " + o.error.toString();
    }
    if (hasNewCaveatNamingALine(*o.capture, intact))
        return {};
    const std::string why = figureDifference(*o.capture, intact);
    return why.empty() ? std::string() : "loaded without a caveat naming a line, but with " + why;
}

// A wrk report's optional done() JSON line: the report cut before it is the plain report.
std::size_t doneJsonLine(const std::vector<std::string> &lines)
{
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (lines[i].rfind("${", 0) == 0)
            return i;
    return lines.size();
}

} // namespace

class TestTextDamage : public QObject {
    Q_OBJECT

private slots:
    void damage_data();
    void damage();
    void issueExamples_data();
    void issueExamples();
    void longBlankRuns_data();
    void longBlankRuns();
    void blankRunsInAFolder();

private:
    TempFolder m_tmp;
};

// The files: tests/data/importers (measured here or carried over from public
// sources, see SOURCES.md there). A per-request log has no end to cut short,
// so its rows are cut (halved) but the file is not cut at lines; its first
// 30 lines stand for it.
// A JSON file's lines are not halved: a number cut short is another valid
// number, which no reader can tell (the parser refuses every other cut, and
// the file is cut after every line).
struct Sample {
    const char *label;
    const char *file;
    bool log;
    bool json = false;
    bool oneLine = false; // JSON on one line: no line to cut the file after
};
const Sample kSamples[] = {
    {"ab report", "ab/ab-nginx-root.txt", false},
    {"ab report with Length failures", "ab/ab-nginx-counter-keepalive.txt", false},
    {"ab report of 404s", "ab/ab-nginx-missing.txt", false},
    {"ab stopped by a refused connection", "ab/ab-refused.txt", false},
    {"ab -e percentile table", "ab/ab-nginx-root.csv", false},
    {"ab -g request log", "ab/ab-nginx-root.tsv", true},
    {"wrk2 report with spectrum", "wrk2/polis-mail-ru_2020-highload-dht_tests_stage4_allocGet.md", false},
    {"wrk report with percentiles", "local/wrk-nginx-latency.txt", false},
    {"wrk report with a done() JSON", "local/wrk-nginx-lua-done.txt", false},
    {"wrk report with a done() JSON of percentiles", "failures/wrk-root-done-p999.txt", false},
    {"hey report", "hey/hey-nginx-root.txt", false},
    {"hey report of 404s", "hey/hey-nginx-missing.txt", false},
    {"hey report with errors", "hey/hey-nginx-stopped-midrun.txt", false},
    {"hey report of refused connections", "hey/hey-refused.txt", false},
    {"hey -o csv", "hey/hey-nginx-root.csv", true},
    {"h2load report", "h2load/h2load-nginx-root.txt", false},
    {"h2load report of 404s", "h2load/h2load-nginx-missing.txt", false},
    {"h2load report stopped mid-run", "h2load/h2load-nginx-stopped-midrun.txt", false},
    {"h2load report of refused connections", "h2load/h2load-refused.txt", false},
    {"h2load --log-file", "h2load/h2load-nginx-root.log", true},
    {"Catch2 console report", "catch2/console.txt", false},
    {"public ab report with failures", "public/kamanashisroy_nginz_BENCHMARKING_ab.txt", false},
    {"public hey report", "public/hatoo_oha_README_hey.txt", false},
    {"public wrk report", "public/wg_wrk_README_wrk.txt", false},
    {"public h2load report of an older nghttp2", "public/nghttp2_nghttp2_h2load-howto_h2load.txt", false},
    {"k6 console summary (v1)", "k6-console/Pbasnal_Experiments_ComicApiOop_load-test-results.md", false},
    {"k6 console summary (legacy)", "k6-console/nordfjord_ocaml_webapp_test_express_README.md", false},
    {"k6 console summary (legacy) with a custom trend", "k6-console/grafana_k6-learn_custom-metrics.txt", false},
    {"k6 console summary (legacy) with p(99.9)", "k6-console/graphql-hive_graphql-gateways-benchmark_constant-vus-over-time_hive-router.txt", false},
    {"libtest bench output", "libtest/benchmark-action_github-action-benchmark_cargo_output.txt", false},
    {"libtest bench output with decimals", "libtest/benchmark-action_github-action-benchmark_cargo_output3.txt", false},
    {"libtest bench lines alone", "libtest/benchmark-action_github-action-benchmark_cargo_output2.txt", false},
    {"criterion bencher output", "libtest/benchmark-action_github-action-benchmark_criterion_output.txt", false},
    {"libtest bench output with MB/s", "libtest/maciejhirsz_logos_README_bench.txt", false},
    {"libtest bench output with MB/s, 48 benches", "libtest/arthurprs_metrohash-rs_README_bench.txt", false},
    {"wrk2 report with Req/Sec -nan", "public/akoutmos_prom_ex_README_wrk2-nan.txt", false},
    {"Benchmark.js text", "benchmarkjs/benchmark-action_github-action-benchmark_benchmarkjs_output.txt", false},
    {"Benchmark.js text in a comment block", "benchmarkjs/Turfjs_turf_packages_turf-ellipse_bench.js.txt", false},
    {"criterion.rs console text", "criterion-console/CJP10_object-pool_BENCHMARK.md", false},
    {"criterion.rs console text, --verbose", "criterion-console/bheisler_criterion.rs_book_command_line_output_verbose.txt", false},
    {"criterion.rs console text with change blocks", "criterion-console/local_criterion-0.3.6_throughput_second-run.txt", false},
    {"criterion.rs console text in a README, us and long names", "criterion-console/dropbox_fast_rsync_README.md", false},
    {"pyperf JSON, pretty-printed", "pyperf/psf_pyperf_tests_telco.json", false, true},
    {"pyperf JSON of three benchmarks", "pyperf/psf_pyperf_tests_mult_list_py37_tags.json", false, true},
    {"pyperf JSON of --track-memory", "pyperf/psf_pyperf_tests_track_memory.json", false, true, true},
    {"perf JSON, format version 5", "pyperf/psf_perf_tests_telco_format5.json", false, true},
    {"perf JSON, format version 6", "pyperf/psf_perf_doc_outliers_format6.json", false, true, true},
    {"public Catch2 v2.11 console report", "catch2/benchmark-action_github-action-benchmark_catch2_output_v2.txt", false},
    {"Catch2 console report with wrapped names", "catch2/console-long-names.txt", false},
    {"Catch2 v3 console report", "catch2/v3/console-3.7.1.txt", false},
    {"Catch2 console table alone (Catch2's docs)", "catch2/catchorg_Catch2_docs_benchmarks_console.txt", false},
    {"Dart benchmark_harness text", "dart/gonuit_dart_objectid_README_benchmark.txt", false},
    {"Dart benchmark_harness text, one name three times", "dart/Dundee_benchmarksgame_fannkuchredux-dart-about.txt", false},
    {"go-wrk report with percentiles", "go-wrk/tsliwowicz_go-wrk_README_output.txt", false},
    {"go-wrk report, 2022 layout", "go-wrk/tsliwowicz_go-wrk_README_output_2022.txt", false},
    {"benchmark-ips text with Comparison", "benchmark-ips/evanphx_benchmark-ips_README.txt", false},
    {"benchmark-ips text, 2015 layout", "benchmark-ips/evanphx_benchmark-ips_README_2015.txt", false},
    {"benchmark-ips text, two runs", "benchmark-ips/fastruby_fast-ruby_README_raise-vs-e2mmap.txt", false},
    {"benchmark-ips text, wrapped label", "benchmark-ips/fastruby_fast-ruby_README_constantize.txt", false},
    {"benchmark-ips text, \" in …s\" on one line of two", "benchmark-ips/fastruby_fast-ruby_README_bsearch-vs-find.txt", false},
    {"benchmark-ips text, labels with trailing spaces", "benchmark-ips/fastruby_fast-ruby_README_slice-native.txt", false},
    {"Ruby Benchmark.bm tables under titles", "ruby-benchmark/petergoldstein_dalli_Performance.md", false},
    {"Ruby Benchmark.bm tables in a README", "ruby-benchmark/pygments_pygments.rb_README.md", false},
    {"Ruby Benchmark.bm with a crash line", "ruby-benchmark/cloocher_xmlhasher_README.md", false},
    {"Ruby Benchmark.bmbm, three runs", "ruby-benchmark/ruby-concurrency_concurrent-ruby_examples_benchmark_structs.rb.txt", false},
    {"Ruby Benchmark.bmbm with footnotes", "ruby-benchmark/ruby-concurrency_concurrent-ruby_docs-source_actor_main.md", false},
    {"Ruby Benchmark docs in comments, >total: and >avg:", "ruby-benchmark/ruby_benchmark_lib_benchmark.rb.txt", false},
    {"oha console text", "oha-text/retrokiller543_tosic-http_axum-bench_README.txt", false},
    {"vitest bench --outputJson", "vitest/local_vitest-3.2.7_sort.bench.json", false, true},
    {"vitest json reporter with samples", "vitest/antoine-coulon_skott_packages_skott_test_benchmark_result.json", false, true},
    {"vitest 1 bench --outputJson", "vitest/local_vitest-1.6.1_sort.bench.json", false, true},
    {"BenchmarkTools Trial", "benchmarktools/ChrNikEsc_Mlogit.jl_benchmark_results.json", false, true, true},
    {"BenchmarkTools TrialEstimates in groups", "benchmarktools/JuliaExtremes_ExtendedExtremes.jl_benchmark_results.TRIMMED.json",
     false, true, true},
    {"asv results version 2",
     "asv/conda_conda-benchmarks/results/Daniels-MBP.monotreme.club/c9aa8ff6-conda-py3.10-conda-libmamba-solver-conda-package-handling2.0.2.json",
     false, true, true},
    {"asv results version 1", "asv/airspeed-velocity_asv_test_example_results/cheetah/fcf8c079-py2.7-Cython-numpy1.8.json",
     false, true},
    {"asv results version 1, a failure and a skip",
     "asv/airspeed-velocity_asv_test_example_results/cheetah/22b920c6-py2.7-Cython-numpy1.8.json", false, true},
};

void TestTextDamage::damage_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("log");
    QTest::addColumn<int>("damage");
    const std::pair<Damage, const char *> kinds[] = {{Damage::NumberHuge, "each number as 1e999999"},
                                                     {Damage::NumberGarbled, "each number as 1x9"},
                                                     {Damage::LineHalved, "each line cut in half"},
                                                     {Damage::FileCut, "cut after each line"}};
    std::size_t row = 0;
    for (const Sample &s : kSamples)
        for (const auto &[kind, words] : kinds)
            if (!((s.log || s.oneLine) && kind == Damage::FileCut) && !(s.json && kind == Damage::LineHalved)
                && testshard::mine(row++))
                QTest::newRow((std::string(s.label) + ", " + words).c_str())
                    << QString::fromUtf8(s.file) << s.log << int(kind);
}

void TestTextDamage::damage()
{
    QFETCH(QString, file);
    QFETCH(bool, log);
    QFETCH(int, damage);
    std::vector<std::string> lines = splitLines(readData(file));
    if (log)
        lines.resize(std::min<std::size_t>(lines.size(), 30));
    const Outcome intact = load(joined(lines, lines.size()));
    QVERIFY2(intact.capture, intact.error.toString().c_str());
    const std::size_t json = doneJsonLine(lines);
    const Outcome plain = load(joined(lines, json));

    std::vector<std::string> broken;
    std::size_t variants = 0;
    const auto verify = [&](const std::string &text, const bs::Capture &against, const std::string &what) {
        ++variants;
        const std::string why = check(text, against);
        if (!why.empty() && broken.size() < 5)
            broken.push_back(what + ": " + why);
    };
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string where = "line " + std::to_string(i + 1) + " \"" + lines[i].substr(0, 50) + "\"";
        if (Damage(damage) == Damage::FileCut) {
            if (i + 1 < lines.size())
                verify(joined(lines, i + 1), i + 1 <= json && plain.capture ? *plain.capture : *intact.capture,
                       "cut after " + where);
            continue;
        }
        std::vector<std::string> variant = lines;
        if (Damage(damage) == Damage::LineHalved) {
            variant[i] = lines[i].substr(0, lines[i].size() / 2);
            verify(joined(variant, variant.size()), *intact.capture, where + " cut in half");
            continue;
        }
        const std::string by = Damage(damage) == Damage::NumberHuge ? "1e999999" : "1x9";
        for (const auto &[at, length] : numbers(lines[i])) {
            variant[i] = lines[i].substr(0, at) + by + lines[i].substr(at + length);
            verify(joined(variant, variant.size()), *intact.capture,
                   where + " with \"" + lines[i].substr(at, length) + "\" as " + by);
        }
    }
    QVERIFY(variants > 0);
    std::string all;
    for (const std::string &b : broken)
        all += "\n  " + b;
    QVERIFY2(broken.empty(), all.c_str());
}

// The classes of issue 27, each in one real file: a garbled field is an
// error naming its line; a report cut after its figures loads with a caveat
// and without the figures it lost; one cut before them is refused.
void TestTextDamage::issueExamples_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("find");    // the text damaged
    QTest::addColumn<QString>("replace"); // its replacement; "<cut>" cuts the file before it
    QTest::addColumn<bool>("refused");
    QTest::addColumn<QString>("words");   // in the error, or in a caveat
    QTest::addColumn<QString>("absent");  // a metric the damaged file must not have
    const QString ab = u"ab/ab-nginx-root.txt"_s, wrk2 = u"wrk2/polis-mail-ru_2020-highload-dht_tests_stage4_allocGet.md"_s;
    const QString hey = u"hey/hey-nginx-root.txt"_s, h2 = u"h2load/h2load-nginx-root.txt"_s;
    QTest::newRow("ab percentile 1e999999") << ab << u"  95%      8"_s << u"  95%      1e999999"_s << true
                                            << u"expected a count (digits only), found \"1e999999\""_s << QString();
    QTest::newRow("ab percentile 1e5") << ab << u"  95%      8"_s << u"  95%  1e5"_s << true
                                       << u"expected a count (digits only), found \"1e5\""_s << QString();
    QTest::newRow("ab percentile 19x") << ab << u"  95%      8"_s << u"  95%  19x"_s << true
                                       << u"expected a count (digits only), found \"19x\""_s << QString();
    QTest::newRow("wrk requests line garbled") << wrk2 << u"119714 requests in 1.00m, 10.16MB read"_s
                                               << u"119714 requests in 1.00m; 10.16MB read"_s << true
                                               << u"expected \"<n> requests in <duration>, <size> read\""_s << QString();
    QTest::newRow("wrk threads line garbled") << wrk2 << u"1 threads and 64 connections"_s
                                              << u"1 threads and 64 conections"_s << true
                                              << u"expected \"<n> threads and <n> connections\""_s << QString();
    QTest::newRow("wrk2 spectrum row garbled") << wrk2 << u"0.822     0.200000"_s << u"0.822     0.2OOOOO"_s << true
                                               << u"expected a number, found \"0.2OOOOO\""_s << QString();
    QTest::newRow("hey percentile row garbled") << hey << u"95% in 0.0080 secs"_s << u"95% in 0.0080 sec"_s << true
                                                << u"expected a latency row"_s << QString();
    QTest::newRow("h2load requests line garbled") << h2 << u"3000 done,"_s << u"3000 dome,"_s << true
                                                  << u"expected \"requests: {} total"_s << QString();
    QTest::newRow("hey cut before the status codes") << hey << u"Status code distribution:"_s << u"<cut>"_s << false
                                                     << u"the hey report is cut short: it ends at line"_s << u"requests"_s;
    QTest::newRow("ab cut after Transfer rate") << ab << u"Connection Times (ms)"_s << u"<cut>"_s << false
                                                << u"the ab report is cut short: it ends at line"_s << u"latency_p50"_s;
    QTest::newRow("ab cut inside its header") << ab << u"Server Software:"_s << u"<cut>"_s << true
                                              << u"the ab report ends here, before its fields"_s << QString();
    QTest::newRow("wrk cut after Requests/sec") << wrk2 << u"Transfer/sec:"_s << u"<cut>"_s << false
                                                << u"before the \"Transfer/sec:\" line"_s << u"transfer_rate"_s;
}

void TestTextDamage::issueExamples()
{
    QFETCH(QString, file);
    QFETCH(QString, find);
    QFETCH(QString, replace);
    QFETCH(bool, refused);
    QFETCH(QString, words);
    QFETCH(QString, absent);
    std::string text = readData(file);
    const auto at = text.find(find.toStdString());
    QVERIFY(at != std::string::npos);
    if (replace == u"<cut>"_s)
        text.resize(at);
    else
        text.replace(at, find.size(), replace.toStdString());
    const bool cut = replace == u"<cut>"_s;
    const auto newlines = std::count(text.begin(), cut ? text.end() : text.begin() + at, '\n');
    const std::string line = "line " + std::to_string(cut ? newlines : newlines + 1); // the damaged or the last line
    const Outcome o = load(text);
    if (refused) {
        QVERIFY(!o.capture);
        QCOMPARE(QString::fromStdString(o.error.place), QString::fromStdString(line));
        QVERIFY2(QString::fromStdString(o.error.message).contains(words), o.error.toString().c_str());
        return;
    }
    QVERIFY2(o.capture, o.error.toString().c_str());
    const auto &caveats = o.capture->provenance.caveats;
    QVERIFY(std::any_of(caveats.begin(), caveats.end(), [&](const std::string &c) {
        return c.find(words.toStdString()) != std::string::npos && c.find(line + ",") != std::string::npos;
    }));
    QVERIFY(!o.capture->results.front().repetitions.front().metrics.count(absent.toStdString()));
    QVERIFY(o.capture->results.front().repetitions.front().metrics.count("rps"));
}

void TestTextDamage::longBlankRuns_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("run");
    std::size_t row = 0;
    const auto add = [&row](const std::string &name, const QString &file, const QString &run) {
        if (testshard::mine(row++))
            QTest::newRow(name.c_str()) << file << run;
    };
    add("the issue's text: hello, 40,000 newlines, x", QString(), u"\n"_s);
    add("the issue's text with whitespace lines", QString(), u" \t\n"_s);
    add("the issue's text with CRLF lines", QString(), u"\r\n"_s);
    for (const Sample &s : kSamples) {
        add(std::string(s.label) + ", blank lines inserted", QString::fromUtf8(s.file), u"\n"_s);
        add(std::string(s.label) + ", whitespace lines inserted", QString::fromUtf8(s.file), u"   \n"_s);
    }
}

// 40,000 blank lines at the start, after the first line, in the middle and
// at the end: the registry detects and the importer reads (or refuses with a
// line) without recursion; a crash would end the test.
void TestTextDamage::longBlankRuns()
{
    QFETCH(QString, file);
    QFETCH(QString, run);
    std::string blank;
    for (int i = 0; i < 40000; ++i)
        blank += run.toStdString();
    if (file.isEmpty()) {
        const Outcome o = load("hello\n" + blank + "x");
        QVERIFY(!o.capture);
        QVERIFY(o.unrecognised);
        return;
    }
    const std::vector<std::string> lines = splitLines(readData(file));
    for (const std::size_t at : {std::size_t(0), std::size_t(1), lines.size() / 2, lines.size()}) {
        const std::string text = joined(lines, at) + blank + joined(std::vector(lines.begin() + at, lines.end()), lines.size());
        const Outcome o = load(text);
        QVERIFY2(o.capture || o.unrecognised || o.error.place.find("line ") != std::string::npos,
                 o.error.toString().c_str());
    }
}

// The same text through a folder import (every file of the folder goes through the registry).
void TestTextDamage::blankRunsInAFolder()
{
    if (!testshard::mine(0))
        QSKIP("run in the first shard");
    m_tmp.renew();
    std::string text = readData("wrk2/polis-mail-ru_2020-highload-dht_tests_stage4_allocGet.md");
    text.insert(text.find("Requests/sec:"), std::string(40000, '\n'));
    m_tmp.write(u"results/wrk2-root.txt"_s, text);
    m_tmp.write(u"results/hello.txt"_s, "hello\n" + std::string(40000, '\n') + "x");
    bs::LoadError error;
    auto c = bs::FolderImporter::import(m_tmp.filePath(u"results"_s), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->results.size(), std::size_t(1));
}

QTEST_GUILESS_MAIN(TestTextDamage)
#include "tst_textdamage.moc"
