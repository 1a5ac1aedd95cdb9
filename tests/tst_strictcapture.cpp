// What a capture file holds is read exactly or refused with the place: a
// gzip member boundary anywhere (also where a read window ends) loses
// nothing; trailing data after the document, a truncated gzip trailer and a
// key given twice are refused; a raw-repetitions file stays inside the
// summary's folder.
#include "captureloader.h"
#include "capturewriter.h"
#include "fileio.h"
#include "inputstreambuf.h"
#include "sha256.h"
#include "sourcedata.h"
#include "tempfolder.h"

#include <QtTest>

#include <filesystem>

namespace fs = std::filesystem;
using sourcedata::replaced;

namespace {

// One gzip member of `data`, exactly `size` bytes long: its header carries
// a file name that pads it (gzip's own FNAME field).
std::string member(const std::string &data, std::size_t size)
{
    std::string m = bs::FileIO::gzip(data);
    if (size < m.size() + 1)
        qFatal("a member of %zu bytes cannot hold %zu bytes of gzip", size, m.size());
    m[3] = char(m[3] | 0x08); // FLG.FNAME: a NUL-terminated name follows the 10-byte header
    m.insert(10, std::string(size - m.size() - 1, 'n') + '\0');
    return m;
}

// The capture as the writer would write it: equal text, equal capture.
std::string loaded(const std::string &bytes, const std::string &name, std::string *error = nullptr)
{
    bs::LoadError e;
    auto c = bs::CaptureLoader::loadBytes(bytes, name, e);
    if (error)
        *error = e.toString();
    return c ? bs::CaptureWriter::toJson(*c) : std::string();
}

} // namespace

class TestStrictCapture : public QObject {
    Q_OBJECT
    TempFolder m_dir;

private slots:
    void init() { m_dir.renew(); }
    void gzipMemberBoundaryAnywhere_data();
    void gzipMemberBoundaryAnywhere();
    void trailingDataIsRefused_data();
    void trailingDataIsRefused();
    void truncatedGzipTrailerIsRefused();
    void duplicateKeyIsRefused_data();
    void duplicateKeyIsRefused();
    void rawPathStaysInside_data();
    void rawPathStaysInside();
    void rawPathInsideIsRead_data();
    void rawPathInsideIsRead();
};

void TestStrictCapture::gzipMemberBoundaryAnywhere_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("boundary");
    const qint64 w = qint64(bs::InputStreamBuf::kWindow);
    for (const char *file : {"tests/data/capture/valid.json", "tests/data/importers/go/before.txt"})
        for (qint64 window : {w, 2 * w})
            for (qint64 d = -2; d <= 2; ++d)
                QTest::newRow(qPrintable(QStringLiteral("%1, second member at %2").arg(QLatin1String(file)).arg(window + d)))
                    << QString::fromLatin1(file) << window + d;
}

void TestStrictCapture::gzipMemberBoundaryAnywhere()
{
    QFETCH(QString, file);
    QFETCH(qint64, boundary);
    const std::string text = sourcedata::text(file.toStdString());
    const std::string name = file.endsWith(QLatin1String(".txt")) ? "in.txt" : "in.json";
    const std::string plain = loaded(text, name);
    QVERIFY(!plain.empty());
    const std::size_t half = text.size() / 2;
    const std::string gz = member(text.substr(0, half), std::size_t(boundary)) + member(text.substr(half), 200 + half);
    std::string error;
    QCOMPARE(loaded(gz, name, &error), plain);
    // From a file too (read through the file's own buffer).
    const std::string path = m_dir.write(QString::fromStdString(name + ".gz"), gz);
    bs::LoadError e;
    const auto fromFile = bs::CaptureLoader::load(path, e);
    QVERIFY2(fromFile, e.toString().c_str());
    const auto fromText = bs::CaptureLoader::loadBytes(text, name, e);
    QCOMPARE(fromFile->results.size(), fromText->results.size());
    for (std::size_t i = 0; i < fromText->results.size(); ++i)
        QVERIFY(fromFile->results[i].repetitions == fromText->results[i].repetitions);
}

void TestStrictCapture::trailingDataIsRefused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("message");
    const std::string capture = sourcedata::text("tests/data/capture/valid.json");
    const std::string lines = "line " + std::to_string(std::count(capture.begin(), capture.end(), '\n') + 1);
    auto row = [](const char *name, const std::string &bytes, const std::string &place, const char *message) {
        QTest::newRow(name) << QByteArray::fromStdString(bytes) << QString::fromStdString(place) << QString::fromLatin1(message);
    };
    row("a word", capture + "x", lines, "expected end of input");
    row("a second document", capture + "{}", lines, "expected end of input");
    row("a closing bracket", capture + "\n]\n", "line", "expected end of input");
    row("gzip of a document and a word", bs::FileIO::gzip(capture + "\n x"), "line", "expected end of input");
    row("a second gzip member with a word", bs::FileIO::gzip(capture) + bs::FileIO::gzip("x"), "line",
        "expected end of input");
    row("bytes after the gzip stream", bs::FileIO::gzip(capture) + "garbage", "compressed byte",
        "data after the end of the gzip stream");
}

void TestStrictCapture::trailingDataIsRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, place);
    QFETCH(QString, message);
    bs::LoadError error;
    QVERIFY(!bs::CaptureLoader::loadBytes(bytes.toStdString(), "in.json", error));
    QVERIFY2(QString::fromStdString(error.place).startsWith(place), error.toString().c_str());
    QVERIFY2(error.message.find(message.toStdString()) != std::string::npos, error.toString().c_str());
    // Whitespace after the document is no trailing data.
    const std::string capture = sourcedata::text("tests/data/capture/valid.json");
    QVERIFY(bs::CaptureLoader::loadBytes(capture + " \n\t\r\n", "in.json", error));
    QVERIFY(bs::CaptureLoader::loadBytes(bs::FileIO::gzip(capture + "\n\n"), "in.json", error));
}

void TestStrictCapture::truncatedGzipTrailerIsRefused()
{
    const std::string gz = bs::FileIO::gzip(sourcedata::text("tests/data/capture/valid.json"));
    for (std::size_t cut = 1; cut <= 8; ++cut) { // the trailer: CRC-32 and size, 4 bytes each
        bs::LoadError error;
        QVERIFY2(!bs::CaptureLoader::loadBytes(gz.substr(0, gz.size() - cut), "in.json.gz", error),
                 qPrintable(QStringLiteral("%1 bytes cut").arg(cut)));
        QVERIFY2(error.message.find("truncated gzip") != std::string::npos, error.toString().c_str());
        QVERIFY2(error.place.rfind("compressed byte ", 0) == 0, error.toString().c_str());
    }
    std::string corrupt = gz;
    corrupt[corrupt.size() - 6] ^= 0x55; // the CRC-32 does not match
    bs::LoadError error;
    QVERIFY(!bs::CaptureLoader::loadBytes(corrupt, "in.json.gz", error));
    QVERIFY2(error.message.find("corrupt gzip data") != std::string::npos, error.toString().c_str());
}

void TestStrictCapture::duplicateKeyIsRefused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("key");
    const std::string capture = sourcedata::text("tests/data/capture/valid.json");
    auto row = [](const char *name, const std::string &bytes, const char *place, const char *key) {
        QTest::newRow(name) << QByteArray::fromStdString(bytes) << QString::fromLatin1(place) << QString::fromLatin1(key);
    };
    row("top level", replaced(capture, "\"format_version\": \"1.0\",", "\"format_version\": \"1.0\", \"format_version\": \"1.0\","),
        "$", "format_version");
    row("a metric in a repetition", replaced(capture, "\"rps\": 100,", "\"rps\": 100, \"rps\": 1,"),
        "$.results[0].repetitions[0].metrics", "rps");
    row("histogram buckets", replaced(capture, "\"digits\": 3,", "\"buckets\": [1, 1], \"digits\": 3,"),
        "$.results[0].repetitions[1].histograms.latency", "buckets");
    row("gzip", bs::FileIO::gzip(replaced(capture, "\"id\": \"tiny\",", "\"id\": \"tiny\", \"id\": \"other\",")), "$.suite",
        "id");
    const std::string oha = sourcedata::text("tests/data/importers/oha/unknown-repo_id2616016724_README_example1.json");
    row("another tool's output", replaced(oha, "\"summary\": {", "\"summary\": {\"total\": 1, \"total\": 2, "),
        "$.summary", "total");
}

void TestStrictCapture::duplicateKeyIsRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, place);
    QFETCH(QString, key);
    bs::LoadError error;
    QVERIFY(!bs::CaptureLoader::loadBytes(bytes.toStdString(), "in.json", error));
    QCOMPARE(QString::fromStdString(error.place), place);
    QVERIFY2(error.message.find("duplicate key \"" + key.toStdString() + "\"") != std::string::npos,
             error.toString().c_str());
}

void TestStrictCapture::rawPathStaysInside_data()
{
    QTest::addColumn<QString>("rawPath");
    QTest::addColumn<QString>("message");
    QTest::newRow("absolute") << QStringLiteral("ABSOLUTE") << QStringLiteral("an absolute path");
    QTest::newRow("climbs out") << QStringLiteral("../outside.raw.json.gz") << QStringLiteral("climbs out");
    QTest::newRow("climbs out from below") << QStringLiteral("sub/../../outside.raw.json.gz")
                                           << QStringLiteral("climbs out");
    QTest::newRow("a symlink out") << QStringLiteral("link.raw.json.gz") << QStringLiteral("symbolic link");
    QTest::newRow("a symlinked folder out") << QStringLiteral("linked/outside.raw.json.gz")
                                            << QStringLiteral("symbolic link");
}

void TestStrictCapture::rawPathStaysInside()
{
    QFETCH(QString, rawPath);
    QFETCH(QString, message);
    const std::string raw = sourcedata::text("tests/data/capture/split.raw.json.gz");
    const std::string outside = m_dir.write(QStringLiteral("outside.raw.json.gz"), raw);
    const std::string summaryFolder = m_dir.filePath(QStringLiteral("summary"));
    fs::create_directories(summaryFolder);
    fs::create_symlink(outside, summaryFolder + "/link.raw.json.gz");
    fs::create_directory_symlink(m_dir.path(), summaryFolder + "/linked");
    const std::string rel = rawPath == QLatin1String("ABSOLUTE") ? outside : rawPath.toStdString();
    const std::string summary = m_dir.write(QStringLiteral("summary/split.json"),
                                            replaced(sourcedata::text("tests/data/capture/split.json"),
                                                     "\"path\": \"split.raw.json.gz\"", "\"path\": \"" + rel + "\""));
    bs::LoadError error;
    QVERIFY(!bs::CaptureLoader::load(summary, error));
    QCOMPARE(error.file, summary);
    QCOMPARE(QString::fromStdString(error.place), QStringLiteral("$.raw.path"));
    QVERIFY2(error.message.find(message.toStdString()) != std::string::npos, error.toString().c_str());
    // Nothing about the file outside is told: not even its hash.
    QVERIFY2(error.toString().find(bs::Sha256::hex(raw)) == std::string::npos, error.toString().c_str());
}

void TestStrictCapture::rawPathInsideIsRead_data()
{
    QTest::addColumn<QString>("rawPath");
    QTest::newRow("beside") << QStringLiteral("split.raw.json.gz");
    QTest::newRow("dot") << QStringLiteral("./split.raw.json.gz");
    QTest::newRow("below") << QStringLiteral("raw/split.raw.json.gz");
    QTest::newRow("down and back") << QStringLiteral("raw/../split.raw.json.gz");
    QTest::newRow("a symlink inside") << QStringLiteral("inner-link.raw.json.gz");
}

void TestStrictCapture::rawPathInsideIsRead()
{
    QFETCH(QString, rawPath);
    const std::string raw = sourcedata::text("tests/data/capture/split.raw.json.gz");
    m_dir.write(QStringLiteral("split.raw.json.gz"), raw);
    m_dir.write(QStringLiteral("raw/split.raw.json.gz"), raw);
    fs::create_symlink("raw/split.raw.json.gz", m_dir.filePath(QStringLiteral("inner-link.raw.json.gz")));
    const std::string summary
        = m_dir.write(QStringLiteral("split.json"), replaced(sourcedata::text("tests/data/capture/split.json"),
                                                             "\"path\": \"split.raw.json.gz\"",
                                                             "\"path\": \"" + rawPath.toStdString() + "\""));
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(summary, error);
    QVERIFY2(c, error.toString().c_str());
    QVERIFY(!c->results.empty() && !c->results.front().repetitions.empty());
}

QTEST_GUILESS_MAIN(TestStrictCapture)
#include "tst_strictcapture.moc"
