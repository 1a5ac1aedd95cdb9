// Reading, writing and refusing captures (format version 1).
#include "captureloader.h"
#include "capturereader.h"
#include "capturewriter.h"
#include "fileio.h"
#include "summarizer.h"
#include "tempfolder.h"

#include <QtTest>

namespace {
std::string dataFile(const char *name)
{
    return QFINDTESTDATA(QStringLiteral("data/capture/") + QString::fromUtf8(name)).toStdString();
}
} // namespace

class TestCaptureReader : public QObject {
    Q_OBJECT
private slots:
    void readsValidCapture();
    void gzipIsToldByContentNotName();
    void joinsSummaryWithRawFile();
    void roundTrip_data();
    void roundTrip();
    void badInput_data();
    void badInput();
    void summaryWithoutItsRawFileOpensAlone();
    void rawFilesBesideTheirSummaryAreNotOpenedTwice();
    void foldersOfCapturesAreToldByContent();
    void storedSummaryDisagreementIsWarned();
    void onceFiguresAndFlags();
    void writeIsAtomicAndLeavesNoTemporary();
    void gzipBrokenPastTheFirstWindowsSaysWhatZlibSays();
};

void TestCaptureReader::readsValidCapture()
{
    bs::LoadError error;
    auto c = bs::CaptureReader::readFile(dataFile("valid.json"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->suite.id, std::string("tiny"));
    QCOMPARE(c->participants.size(), std::size_t(2));
    QCOMPARE(c->cases.size(), std::size_t(2));
    QCOMPARE(c->primaryMetric()->id, std::string("rps"));
    const bs::Result *a = c->result("a", "hello");
    QVERIFY(a);
    // rps 100, 120, 110 -> median 110 is repetition 2; its p99 (0.001) is the row's p99.
    QCOMPARE(a->representative, 2);
    QCOMPARE(a->summary.at("rps").value, 110.0);
    QCOMPARE(a->summary.at("rps").min, 100.0);
    QCOMPARE(a->summary.at("rps").max, 120.0);
    QCOMPARE(a->summary.at("p99").value, 0.001);
    QCOMPARE(a->summary.at("p99").median, 0.002);
    QCOMPARE(a->repetitions[2].errors.at("timeout"), std::uint64_t(2));
    QCOMPARE(a->repetitions[1].histograms.at("latency").totalCount(), std::uint64_t(4));
    QCOMPARE(c->result("a", "db")->status, bs::ResultStatus::Unsupported);
    QCOMPARE(c->result("b", "db")->status, bs::ResultStatus::ContractFailed);
    QCOMPARE(c->contracts.size(), std::size_t(1));
    QCOMPARE(c->provenance.conditions.latencyCorrected, std::optional<bool>(false));
    QVERIFY(c->warnings.empty());
}

void TestCaptureReader::gzipIsToldByContentNotName()
{
    QTemporaryDir dir;
    const QString renamed = dir.filePath(QStringLiteral("capture.data"));
    QVERIFY(QFile::copy(QString::fromStdString(dataFile("valid.json.gz")), renamed));
    bs::LoadError error;
    auto c = bs::CaptureReader::readFile(renamed.toStdString(), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->suite.id, std::string("tiny"));
}

void TestCaptureReader::joinsSummaryWithRawFile()
{
    bs::LoadError error;
    auto split = bs::CaptureReader::readFile(dataFile("split.json"), error);
    QVERIFY2(split, error.toString().c_str());
    auto whole = bs::CaptureReader::readFile(dataFile("valid.json"), error);
    QVERIFY(whole);
    QVERIFY(*split == *whole);
    QCOMPARE(split->result("a", "hello")->summary.at("rps").value, 110.0);
}

void TestCaptureReader::roundTrip_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("splitRaw");
    QTest::newRow("one gzip file") << QStringLiteral("out.json.gz") << false;
    QTest::newRow("plain json") << QStringLiteral("out.json") << false;
    QTest::newRow("summary and raw file") << QStringLiteral("out.json.gz") << true;
}

void TestCaptureReader::roundTrip()
{
    QFETCH(QString, name);
    QFETCH(bool, splitRaw);
    bs::LoadError error;
    auto original = bs::CaptureReader::readFile(dataFile("valid.json"), error);
    QVERIFY(original);
    QTemporaryDir dir;
    const std::string path = dir.filePath(name).toStdString();
    bs::LoadError message;
    bs::CaptureWriter::Options options;
    options.splitRaw = splitRaw;
    QVERIFY2(bs::CaptureWriter::write(*original, path, options, message), message.toString().c_str());
    auto back = bs::CaptureReader::readFile(path, error);
    QVERIFY2(back, error.toString().c_str());
    QVERIFY(*back == *original);
    QVERIFY(back->warnings.empty());
    QCOMPARE(QFileInfo::exists(dir.filePath(QStringLiteral("out.raw.json.gz"))), splitRaw);
    {
        auto bytes = bs::FileIO::readFile(path, error);
        QVERIFY(bytes);
        QCOMPARE(bs::FileIO::isGzip(*bytes), name.endsWith(QLatin1String(".gz")));
    }
}

void TestCaptureReader::badInput_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const char *file, const char *place, const char *message) {
        QTest::newRow(name) << QString::fromUtf8(file) << QString::fromUtf8(place) << QString::fromUtf8(message);
    };
    row("truncated gzip", "bad-truncated.json.gz", "compressed byte", "truncated gzip");
    row("not gzip and not json", "bad-not-json.txt", "byte 0", "not gzip and not JSON");
    row("empty file", "bad-empty.json", "", "the file is empty");
    row("json syntax error", "bad-syntax.json", "line 12, column", "not valid JSON");
    row("wrong type", "bad-wrong-type.json", "$.results[0].repetitions[1].metrics.rps", "expected a number, found a string");
    row("NaN as a string", "bad-nan-string.json", "$.results[1].repetitions[0].metrics.rps", "expected a number");
    row("missing required field", "bad-missing-field.json", "$", "missing required field \"metrics\"");
    row("missing suite id", "bad-missing-suite-id.json", "$.suite", "missing required field \"id\"");
    row("unknown major version", "bad-version.json", "$.format_version", "unknown major format version 2");
    row("duplicate participant id", "bad-duplicate-participant.json", "$.participants[2].id", "duplicate participant id \"a\"");
    row("duplicate case id", "bad-duplicate-case.json", "$.cases[2].id", "duplicate case id \"db\"");
    row("duplicate result", "bad-duplicate-result.json", "$.results[4]", "duplicate result");
    row("unknown participant", "bad-unknown-participant.json", "$.results[1].participant", "unknown participant \"gamma\"");
    row("unknown case", "bad-unknown-case.json", "$.results[1].case", "unknown case \"nope\"");
    row("unknown metric", "bad-unknown-metric.json", "$.results[1].repetitions[0].metrics.latency", "unknown metric \"latency\"");
    row("negative error count", "bad-negative-count.json", "$.results[0].repetitions[2].errors.timeout", "whole number of at least 0");
    row("negative throughput", "bad-negative-metric.json", "$.results[1].repetitions[0].metrics.rps", "cannot be negative");
    row("unknown status", "bad-status.json", "$.results[1].status", "expected one of ok");
    row("ok without repetitions", "bad-ok-without-repetitions.json", "$.results[1]", "has no repetitions");
    row("negative histogram count", "bad-histogram.json", "$.results[0].repetitions[1].histograms.latency.buckets[1]", "non-negative integer");
    row("two primary metrics", "bad-two-primaries.json", "$.metrics", "more than one metric");
    row("unknown direction", "bad-direction.json", "$.metrics[1].better", "expected \"higher\" or \"lower\"");
    row("raw file sha256 mismatch", "bad-raw-sha256.json", "$.raw.sha256", "has sha256");
    row("once-measured metric in a repetition", "bad-once-in-repetition.json",
        "$.results[0].repetitions[0].metrics.startup", "is measured once (scope \"participant\")");
    row("a metric both once and repeated", "bad-once-and-repetitions.json", "$.results[0].once.p99",
        "both measured once and in the repetitions");
    row("unknown scope", "bad-scope.json", "$.metrics[1].scope", "expected \"repetition\", \"result\" or \"participant\"");
    row("file that does not exist", "no-such-file.json", "", "file not found");
}

void TestCaptureReader::badInput()
{
    QFETCH(QString, file);
    QFETCH(QString, place);
    QFETCH(QString, message);
    const QString dir = QFileInfo(QString::fromStdString(dataFile("valid.json"))).absolutePath();
    const std::string path = QString(dir + QLatin1Char('/') + file).toStdString();
    bs::LoadError error;
    auto c = bs::CaptureReader::readFile(path, error);
    QVERIFY2(!c, "a bad file was accepted");
    const QString text = QString::fromStdString(error.toString());
    QVERIFY2(text.contains(file), qPrintable(text));
    QVERIFY2(QString::fromStdString(error.place).startsWith(place), qPrintable(text));
    QVERIFY2(text.contains(message), qPrintable(text));
}

// `benchscope dir/*.json.gz` on a split capture: the raw file is read with
// its summary, not opened again (where it would be an error).
void TestCaptureReader::rawFilesBesideTheirSummaryAreNotOpenedTwice()
{
    const std::vector<std::string> kept = bs::CaptureLoader::withoutJoinedRawFiles(
        {"a/run.raw.json.gz", "a/run.json.gz", "a/../a/plain.json", "a/plain.raw.json.gz", "b/lone.raw.json.gz",
         "b/run.raw.json.gz"});
    QCOMPARE(kept, (std::vector<std::string>{"a/run.json.gz", "a/../a/plain.json", "b/lone.raw.json.gz",
                                             "b/run.raw.json.gz"}));
    // A raw file alone is still refused, saying what to open instead.
    QTemporaryDir dir;
    const std::string summary = dir.filePath(QStringLiteral("split.json.gz")).toStdString();
    bs::LoadError error;
    auto c = bs::CaptureReader::readFile(dataFile("valid.json"), error);
    QVERIFY2(c, error.toString().c_str());
    bs::CaptureWriter::Options options;
    options.splitRaw = true;
    QVERIFY2(bs::CaptureWriter::write(*c, summary, options, error), error.toString().c_str());
    QCOMPARE(bs::CaptureWriter::rawPathFor(summary), dir.filePath(QStringLiteral("split.raw.json.gz")).toStdString());
    QVERIFY(!bs::CaptureLoader::load(bs::CaptureWriter::rawPathFor(summary), error));
    QVERIFY2(error.message.find("open the summary capture") != std::string::npos, error.message.c_str());
}

// A history folder lists its captures; a folder of another tool's per-run
// outputs (oha JSON) lists none, so it is imported as one capture.
void TestCaptureReader::foldersOfCapturesAreToldByContent()
{
    const std::string source = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString();
    const std::vector<std::string> history = bs::CaptureLoader::capturesInFolder(source + "/sample-data/history");
    QCOMPARE(history.size(), std::size_t(6));
    QVERIFY(history.front().find("wordfreq-r1.json.gz") != std::string::npos);
    QVERIFY(bs::CaptureLoader::capturesInFolder(source + "/tests/data/importers/oha-folder/20260101-000000-copies").empty());
    QVERIFY(bs::CaptureLoader::capturesInFolder(source + "/no/such/folder").empty());
}

void TestCaptureReader::summaryWithoutItsRawFileOpensAlone()
{
    bs::LoadError error;
    auto c = bs::CaptureReader::readFile(dataFile("bad-raw-missing.json"), error);
    QVERIFY2(c, error.toString().c_str());
    QVERIFY(bs::CaptureReader::summaryOnly(*c));
    QCOMPARE(c->warnings.size(), std::size_t(1));
    QVERIFY2(c->warnings[0].find("summary only: raw-repetitions file") != std::string::npos, c->warnings[0].c_str());
    QVERIFY2(c->warnings[0].find("no-such.raw.json.gz") != std::string::npos, c->warnings[0].c_str());
    const bs::Result *r = c->result("a", "hello");
    QVERIFY(r && r->repetitions.empty());
    QCOMPARE(r->summary.at("rps").value, 110.0); // as stored in the summary
}

void TestCaptureReader::storedSummaryDisagreementIsWarned()
{
    bs::LoadError error;
    auto c = bs::CaptureReader::readFile(dataFile("summary-disagrees.json"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->warnings.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(c->warnings[0]).contains(QLatin1String("median 999 vs 110")));
    // The recomputed figure is what is shown.
    QCOMPARE(c->result("a", "hello")->summary.at("rps").value, 110.0);
}

void TestCaptureReader::onceFiguresAndFlags()
{
    bs::LoadError error;
    auto c = bs::CaptureReader::readFile(dataFile("once.json"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(int(c->metric("startup")->scope), int(bs::MetricScope::Participant));
    const bs::Result *a = c->result("a", "hello");
    QCOMPARE(a->once.at("startup"), 0.25);
    const bs::MetricSummary &s = a->summary.at("startup");
    QCOMPARE(s.n, std::size_t(1)); // one figure, not one per each of the 3 repetitions
    QVERIFY(s.once);
    QCOMPARE(a->summary.at("rps").n, std::size_t(3));
    const bs::Result *b = c->result("b", "hello");
    QCOMPARE(b->flags, std::vector<std::string>{"failures"});
    QCOMPARE(int(b->status), int(bs::ResultStatus::Ok));

    // Written and read back unchanged, as format 1.1.
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("once.json")).toStdString();
    bs::LoadError message;
    QVERIFY2(bs::CaptureWriter::write(*c, path, {}, message), message.toString().c_str());
    auto back = bs::CaptureReader::readFile(path, error);
    QVERIFY2(back, error.toString().c_str());
    QVERIFY(*back == *c);
    auto bytes = bs::FileIO::readFile(path, error);
    QVERIFY(bytes && bytes->find("\"format_version\":\"1.1\"") != std::string::npos);

    // A 1.0 capture with one value on every repetition reads as it is, with zero spread said.
    auto old = bs::CaptureReader::readFile(dataFile("valid.json"), error);
    QVERIFY(old);
    bs::Result copied = *old->result("a", "hello");
    for (bs::Repetition &rep : copied.repetitions)
        rep.metrics["p99"] = 0.002;
    bs::Summarizer::summarize(copied, "rps");
    QVERIFY(copied.summary.at("p99").zeroSpread());
    QVERIFY(!copied.summary.at("rps").zeroSpread());
}

void TestCaptureReader::writeIsAtomicAndLeavesNoTemporary()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("c.json.gz")).toStdString();
    bs::LoadError message;
    QVERIFY(bs::FileIO::writeAtomically(path, "old", message));
    QVERIFY(bs::FileIO::writeAtomically(path, "new content", message));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    bs::LoadError error;
    QCOMPARE(*bs::FileIO::readFile(path, error), std::string("new content"));
    // A folder that does not exist: a clear error, nothing written.
    QVERIFY(!bs::FileIO::writeAtomically(dir.filePath(QStringLiteral("no/such/dir/c.json")).toStdString(), "x", message));
    QVERIFY(QString::fromStdString(message.message).contains(QLatin1String("cannot create a temporary file")));
}

QTEST_GUILESS_MAIN(TestCaptureReader)
#include "tst_capturereader.moc"

// ISA-L inflates; at a fault found after many 64 KiB windows were parsed,
// zlib reads the stream again and names it as it always did.
void TestCaptureReader::gzipBrokenPastTheFirstWindowsSaysWhatZlibSays()
{
    bs::LoadError error;
    auto text = bs::FileIO::readMaybeGzip(dataFile("valid.json"), error);
    QVERIFY2(text, error.toString().c_str());
    // Whitespace after every comma: many windows of decoded text.
    std::string json;
    for (char ch : *text)
        json += ch == ',' ? ",\n" + std::string(std::size_t(60000 + json.size() % 977), ' ') : std::string(1, ch);
    QVERIFY(json.size() > 10 * 65536);
    const std::string gz = bs::FileIO::gzip(json);
    TempFolder dir;
    dir.renew();
    auto read = [&](const std::string &bytes, bs::LoadError &e) {
        return bs::CaptureReader::readFile(dir.write(QStringLiteral("c.json.gz"), bytes), e);
    };
    QVERIFY2(read(gz, error), error.toString().c_str());
    // Two members, the second starting mid-window, read as one stream.
    QVERIFY2(read(bs::FileIO::gzip(json.substr(0, 200001)) + bs::FileIO::gzip(json.substr(200001)), error),
             error.toString().c_str());

    std::string badCrc = gz, badSize = gz;
    badCrc[gz.size() - 8] ^= 1;
    badSize[gz.size() - 1] ^= 1;
    const struct {
        std::string bytes, place, message;
    } cases[] = {
        {gz.substr(0, gz.size() - 3), "compressed byte " + std::to_string(gz.size() - 3), "truncated gzip"},
        {badCrc, "compressed byte ", "corrupt gzip data: incorrect data check"},
        {badSize, "compressed byte ", "corrupt gzip data: incorrect length check"},
        {gz + "xyz", "compressed byte " + std::to_string(gz.size()), "data after the end of the gzip stream"},
    };
    for (const auto &c : cases) {
        QVERIFY(!read(c.bytes, error));
        QVERIFY2(error.place.rfind(c.place, 0) == 0, error.toString().c_str());
        QVERIFY2(error.message.find(c.message) != std::string::npos, error.toString().c_str());
    }
}
