// The capture writer writes only what the reader reads back (issue 26): the
// reader's limits (InputLimits) are checked first, and a split pair on disk
// always matches, whoever wrote last.
#include "captureloader.h"
#include "capturewriter.h"
#include "clirun.h"
#include "inputlimits.h"
#include "tempfolder.h"

#include <QtTest>

#include <atomic>
#include <thread>

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string source(const char *path)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/" + path;
}

// benchscope-cli with one environment variable set (a limit lowered).
CliRun cliWith(const char *variable, const char *value, const QStringList &args)
{
    qputenv(variable, value);
    CliRun r = CliRun::run(args);
    qunsetenv(variable);
    return r;
}

} // namespace

class TestWriterLimits : public QObject {
    Q_OBJECT

private slots:
    void init() { m_tmp.renew(); }

    void convertRefusesMoreRepetitionsThanTheReaderReads();
    void convertRefusesADocumentBeyondTheReadersLimit();
    void writerRefusesTheRepetitionLimitInProcess();
    void concurrentSplitWritersLeaveAMatchingPair();

private:
    TempFolder m_tmp;
};

void TestWriterLimits::convertRefusesMoreRepetitionsThanTheReaderReads()
{
    // hyperfine's output (sample-data/imports, measured) has 5 runs per command.
    for (const char *split : {"", "--split-raw"}) {
        const std::string out = m_tmp.filePath(QStringLiteral("h.json.gz"));
        QStringList args{QStringLiteral("convert"), q(source("sample-data/imports/hyperfine-gzip.json")),
                         QStringLiteral("--out"), q(out)};
        if (*split)
            args << QString::fromLatin1(split);
        const CliRun r = cliWith("BENCHSCOPE_MAX_REPETITIONS", "4", args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("$.results[0].repetitions: 5 repetitions")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("BENCHSCOPE_MAX_REPETITIONS")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("not written")), qPrintable(r.err));
        QVERIFY(QDir(q(m_tmp.path())).isEmpty());
        // Within the limit, the same file converts and reads back.
        const CliRun ok = cliWith("BENCHSCOPE_MAX_REPETITIONS", "5", args);
        QCOMPARE(ok.exitCode, 0);
        bs::LoadError error;
        QVERIFY2(bs::CaptureLoader::load(out, error), error.toString().c_str());
        m_tmp.renew();
    }
}

void TestWriterLimits::convertRefusesADocumentBeyondTheReadersLimit()
{
    // A folder of 1000 oha runs (a published example, tests/data/importers/oha)
    // reads within 1 MiB per file; the capture of all of them takes more.
    const std::string run = source("tests/data/importers/oha/unknown-repo_id2616016724_README_example1.json");
    QFile in(q(run));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const std::string bytes = in.readAll().toStdString();
    for (int i = 0; i < 1000; ++i)
        m_tmp.write(QStringLiteral("runs/run%1.json").arg(i), bytes);
    const std::string out = m_tmp.filePath(QStringLiteral("all.json"));
    const QStringList args{QStringLiteral("convert"), q(m_tmp.filePath(QStringLiteral("runs"))), QStringLiteral("--out"),
                           q(out)};
    const CliRun r = cliWith("BENCHSCOPE_MAX_DOCUMENT_MB", "1", args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("BENCHSCOPE_MAX_DOCUMENT_MB")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("not written")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(q(out)));
    QCOMPARE(CliRun::run(args).exitCode, 0);
    QVERIFY(QFileInfo::exists(q(out)));
}

void TestWriterLimits::writerRefusesTheRepetitionLimitInProcess()
{
    bs::LoadError error;
    auto capture = bs::CaptureLoader::load(source("tests/data/capture/valid.json"), error);
    QVERIFY2(capture, error.toString().c_str());
    const std::uint64_t limit = bs::InputLimits::current().repetitions;
    const auto measured = std::find_if(capture->results.begin(), capture->results.end(),
                                       [](const bs::Result &r) { return !r.repetitions.empty(); });
    QVERIFY(measured != capture->results.end());
    bs::Result &r = *measured;
    r.repetitions.resize(std::size_t(limit) + 1, r.repetitions.front());
    const std::string out = m_tmp.filePath(QStringLiteral("big.json.gz"));
    QVERIFY(!bs::CaptureWriter::write(*capture, out, error));
    QCOMPARE(error.place, "$.results[" + std::to_string(measured - capture->results.begin()) + "].repetitions");
    QVERIFY(QDir(q(m_tmp.path())).isEmpty());
    r.repetitions.resize(std::size_t(limit));
    QVERIFY2(bs::CaptureWriter::write(*capture, out, error), error.toString().c_str());
    QVERIFY2(bs::CaptureLoader::load(out, error), error.toString().c_str());
}

void TestWriterLimits::concurrentSplitWritersLeaveAMatchingPair()
{
    bs::LoadError error;
    auto a = bs::CaptureLoader::load(source("tests/data/capture/valid.json"), error);
    auto b = bs::CaptureLoader::load(source("tests/data/capture/split.json"), error);
    QVERIFY2(a && b, error.toString().c_str());
    // The two pairs differ in both files: another revision, and every
    // repetition started a second later.
    b->revision.id = "other";
    for (bs::Result &r : b->results)
        for (bs::Repetition &rep : r.repetitions)
            rep.startedAt = "2026-12-01T00:00:01Z";
    const std::string out = m_tmp.filePath(QStringLiteral("run.json.gz"));
    bs::CaptureWriter::Options split;
    split.splitRaw = true;
    for (int round = 0; round < 40; ++round) {
        std::atomic<int> failed{0};
        auto writer = [&](const bs::Capture &c) {
            bs::LoadError e;
            for (int i = 0; i < 3; ++i)
                if (!bs::CaptureWriter::write(c, out, split, e))
                    ++failed;
        };
        std::thread first(writer, std::cref(*a)), second(writer, std::cref(*b));
        first.join();
        second.join();
        QCOMPARE(failed.load(), 0);
        auto read = bs::CaptureLoader::load(out, error);
        QVERIFY2(read, qPrintable(QStringLiteral("round %1: %2").arg(round).arg(q(error.toString()))));
        QVERIFY(read->warnings.empty());
    }
}

QTEST_GUILESS_MAIN(TestWriterLimits)
#include "tst_writerlimits.moc"
