// Files that are not regular files (FIFOs, devices, sockets, folders, and
// symlinks to any of them) are refused by name before they are opened, on
// every path a file is read by: the command line, folders of results, a
// criterion.rs tree, a capture's raw file, --map, a suite file and its
// sources and body files. And every read has a bound: a file past it is
// refused with the limit named.
#include "captureloader.h"
#include "fileio.h"
#include "folderimporter.h"
#include "suitefile.h"
#include "sourcedata.h"
#include "tempfolder.h"

#include <QtTest>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <future>

namespace fs = std::filesystem;

namespace {

const char *kCriterionRun = "tests/data/importers/criterion-folder/target/criterion/sort/std_unstable/10000/new/";
const char *kOha = "tests/data/importers/oha/unknown-repo_id2616016724_README_example1.json";

std::string suite(const std::string &extra, const std::string &cases = "[{\"id\": \"c\"}]")
{
    return "{\"suite\": {\"id\": \"s\"}, " + extra + "\"participants\": [{\"id\": \"a\", \"url\": \"http://127.0.0.1:1\"}], "
        + "\"cases\": " + cases + "}";
}

// A reading path: lays out what it reads in `dir` with the file under test at
// the returned path (left for the caller to make), and reads.
struct ReadingPath {
    std::function<std::string(const TempFolder &dir)> layOut;
    std::function<bool(const TempFolder &dir, bs::LoadError &error)> read;
};

bool load(const std::string &path, bs::LoadError &error)
{
    return bs::CaptureLoader::load(path, error).has_value();
}

std::map<QString, ReadingPath> readingPaths()
{
    std::map<QString, ReadingPath> paths;
    paths[QStringLiteral("command line")] = {[](const TempFolder &d) { return d.filePath(QStringLiteral("in.json")); },
                                             [](const TempFolder &d, bs::LoadError &e) {
                                                 return load(d.filePath(QStringLiteral("in.json")), e);
                                             }};
    paths[QStringLiteral("file in a folder")] = {
        [](const TempFolder &d) {
            d.write(QStringLiteral("runs/a-run.json"), sourcedata::text(kOha));
            return d.filePath(QStringLiteral("runs/b-run.json"));
        },
        [](const TempFolder &d, bs::LoadError &e) { return load(d.filePath(QStringLiteral("runs")), e); }};
    paths[QStringLiteral("criterion tree")] = {
        [](const TempFolder &d) {
            for (const char *name : {"benchmark.json", "estimates.json"})
                d.write(QStringLiteral("target/criterion/g/new/") + QLatin1String(name),
                        sourcedata::text(std::string(kCriterionRun) + name));
            return d.filePath(QStringLiteral("target/criterion/g/new/sample.json"));
        },
        [](const TempFolder &d, bs::LoadError &e) { return load(d.filePath(QStringLiteral("target")), e); }};
    paths[QStringLiteral("raw.path")] = {
        [](const TempFolder &d) {
            d.write(QStringLiteral("split.json"), sourcedata::text("tests/data/capture/split.json"));
            return d.filePath(QStringLiteral("split.raw.json.gz"));
        },
        [](const TempFolder &d, bs::LoadError &e) { return load(d.filePath(QStringLiteral("split.json")), e); }};
    paths[QStringLiteral("--map")] = {
        [](const TempFolder &d) {
            d.write(QStringLiteral("a-run.json"), sourcedata::text(kOha));
            return d.filePath(QStringLiteral("map.json"));
        },
        [](const TempFolder &d, bs::LoadError &e) {
            return bs::FolderImporter::importFiles({d.filePath(QStringLiteral("a-run.json"))},
                                                   d.filePath(QStringLiteral("map.json")), "t", e)
                .has_value();
        }};
    paths[QStringLiteral("suite file")] = {[](const TempFolder &d) { return d.filePath(QStringLiteral("suite.json")); },
                                           [](const TempFolder &d, bs::LoadError &e) {
                                               return bs::SuiteFile::read(d.filePath(QStringLiteral("suite.json")), e)
                                                   .has_value();
                                           }};
    paths[QStringLiteral("sources")] = {
        [](const TempFolder &d) {
            d.write(QStringLiteral("suite.json"), suite("\"sources\": [\"src.c\"], "));
            return d.filePath(QStringLiteral("src.c"));
        },
        [](const TempFolder &d, bs::LoadError &e) {
            return bs::SuiteFile::read(d.filePath(QStringLiteral("suite.json")), e).has_value();
        }};
    paths[QStringLiteral("body_file")] = {
        [](const TempFolder &d) {
            d.write(QStringLiteral("suite.json"), suite("", "[{\"id\": \"c\", \"expect\": {\"body_file\": \"body\"}}]"));
            return d.filePath(QStringLiteral("body"));
        },
        [](const TempFolder &d, bs::LoadError &e) {
            return bs::SuiteFile::read(d.filePath(QStringLiteral("suite.json")), e).has_value();
        }};
    return paths;
}

// Makes a special file of `kind` at `path`; a socket's descriptor is kept in `fd`.
void makeSpecial(const QString &kind, const std::string &path, int &fd)
{
    fd = -1;
    if (kind == QLatin1String("fifo")) {
        QVERIFY(::mkfifo(path.c_str(), 0600) == 0);
    } else if (kind == QLatin1String("socket")) {
        fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        QVERIFY(path.size() < sizeof addr.sun_path);
        std::strcpy(addr.sun_path, path.c_str());
        QVERIFY(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0);
    } else {
        const std::string target = kind == QLatin1String("link to /dev/zero") ? "/dev/zero" : "/dev/null";
        QVERIFY(::symlink(target.c_str(), path.c_str()) == 0);
    }
}

// Runs `read` on another thread; when it does not return in time (blocked
// opening a FIFO), a writer opens the FIFO to free it and the read fails.
bool readsInTime(const std::function<bool(bs::LoadError &)> &read, bs::LoadError &error, const std::string &fifo,
                 bool &result)
{
    auto done = std::async(std::launch::async, [&] { return read(error); });
    if (done.wait_for(std::chrono::seconds(20)) == std::future_status::ready) {
        result = done.get();
        return true;
    }
    const int w = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    done.wait();
    if (w >= 0)
        ::close(w);
    return false;
}

} // namespace

class TestSpecialFiles : public QObject {
    Q_OBJECT
    TempFolder m_dir;

private slots:
    void init() { m_dir.renew(); }
    void specialFileIsRefusedByName_data();
    void specialFileIsRefusedByName();
    void devicesOnTheCommandLine_data();
    void devicesOnTheCommandLine();
    void folderWhereAFileIsExpected();
    void specialFileInAFolderOfCapturesIsNamed_data();
    void specialFileInAFolderOfCapturesIsNamed();
    void tooLargeIsRefusedWithTheLimit_data();
    void tooLargeIsRefusedWithTheLimit();
};

void TestSpecialFiles::specialFileIsRefusedByName_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("path");
    for (const QString &kind : {QStringLiteral("fifo"), QStringLiteral("socket"), QStringLiteral("link to /dev/zero"),
                                QStringLiteral("link to /dev/null")})
        for (const auto &[name, ignored] : readingPaths())
            QTest::newRow(qPrintable(kind + QStringLiteral(", ") + name)) << kind << name;
}

void TestSpecialFiles::specialFileIsRefusedByName()
{
    QFETCH(QString, kind);
    QFETCH(QString, path);
    const ReadingPath reading = readingPaths().at(path);
    const std::string special = reading.layOut(m_dir);
    int socketFd = -1;
    makeSpecial(kind, special, socketFd);
    bs::LoadError error;
    bool read = true;
    const bool inTime = readsInTime([&](bs::LoadError &e) { return reading.read(m_dir, e); }, error, special, read);
    if (socketFd >= 0)
        ::close(socketFd);
    QVERIFY2(inTime, "the read blocked: the file was opened before it was checked");
    QVERIFY(!read);
    const std::string text = error.toString();
    // A raw file's link to a device leaves the summary's folder: refused as that, by its name in the capture.
    const bool leaves = path == QLatin1String("raw.path") && kind.startsWith(QLatin1String("link"));
    const std::string named = leaves ? fs::path(special).filename().string() : special;
    QVERIFY2(text.find(named) != std::string::npos, text.c_str());
    QVERIFY2(text.find(leaves ? "outside the summary's folder" : "not a regular file") != std::string::npos, text.c_str());
}

void TestSpecialFiles::devicesOnTheCommandLine_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("kind");
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("a character device");
    QTest::newRow("/dev/null") << QStringLiteral("/dev/null") << QStringLiteral("a character device");
    QTest::newRow("/dev/urandom") << QStringLiteral("/dev/urandom") << QStringLiteral("a character device");
}

void TestSpecialFiles::devicesOnTheCommandLine()
{
    QFETCH(QString, device);
    QFETCH(QString, kind);
    bs::LoadError error;
    QVERIFY(!bs::CaptureLoader::load(device.toStdString(), error));
    QCOMPARE(QString::fromStdString(error.file), device);
    QVERIFY2(error.message.find("not a regular file: it is " + kind.toStdString()) != std::string::npos,
             error.toString().c_str());
    QVERIFY(!bs::FileIO::readFile(device.toStdString(), error, bs::InputLimits::current().wholeFile()));
    QVERIFY2(error.message.find("not a regular file") != std::string::npos, error.toString().c_str());
}

void TestSpecialFiles::folderWhereAFileIsExpected()
{
    for (const auto &[name, reading] : readingPaths()) {
        if (name == QLatin1String("command line") || name == QLatin1String("file in a folder"))
            continue; // a folder there is a folder of results
        m_dir.renew();
        const std::string where = reading.layOut(m_dir);
        fs::create_directories(where);
        bs::LoadError error;
        QVERIFY2(!reading.read(m_dir, error), qPrintable(name));
        const std::string text = error.toString();
        QVERIFY2(text.find(where) != std::string::npos && text.find("is a folder") != std::string::npos,
                 qPrintable(name + QStringLiteral(": ") + QString::fromStdString(text)));
    }
}

void TestSpecialFiles::specialFileInAFolderOfCapturesIsNamed_data()
{
    QTest::addColumn<QString>("kind");
    for (const QString &kind : {QStringLiteral("fifo"), QStringLiteral("socket"), QStringLiteral("link to /dev/zero"),
                                QStringLiteral("link to /dev/null")})
        QTest::newRow(qPrintable(kind)) << kind;
}

// A special file named as a capture in a folder of captures (a history) is
// listed, so that loading it says what it is; it was left out unsaid. One
// named otherwise is not a capture and stays out.
void TestSpecialFiles::specialFileInAFolderOfCapturesIsNamed()
{
    QFETCH(QString, kind);
    const std::string capture = sourcedata::text("sample-data/history/wordfreq-r1.json.gz");
    for (const char *name : {"r1.json.gz", "r2.json.gz", "r3.json.gz"})
        m_dir.write(QString::fromLatin1(name), capture);
    const std::string special = m_dir.filePath(QStringLiteral("r4.json.gz"));
    const std::string other = m_dir.filePath(QStringLiteral("notes"));
    int fd = -1, otherFd = -1;
    makeSpecial(kind, special, fd);
    makeSpecial(kind, other, otherFd);
    const std::vector<std::string> listed = bs::CaptureLoader::capturesInFolder(m_dir.path());
    QCOMPARE(int(listed.size()), 4);
    QCOMPARE(listed.back(), special);
    QCOMPARE(bs::CaptureLoader::historyFiles(m_dir.path()), listed);
    bs::LoadError error;
    bool read = true;
    const bool inTime = readsInTime([&](bs::LoadError &e) { return bs::CaptureLoader::load(special, e).has_value(); },
                                    error, special, read);
    for (int d : {fd, otherFd})
        if (d >= 0)
            ::close(d);
    QVERIFY2(inTime, "the load blocked");
    QVERIFY(!read);
    QCOMPARE(error.file, special);
    QVERIFY2(error.message.find("not a regular file") != std::string::npos, error.toString().c_str());
}

void TestSpecialFiles::tooLargeIsRefusedWithTheLimit_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<QString>("variable");
    const qint64 whole = qint64(bs::InputLimits::current().wholeFile().bytes);
    const qint64 capture = qint64(bs::InputLimits::current().captureFile().bytes);
    QTest::newRow("command line") << QStringLiteral("command line") << capture << QStringLiteral("BENCHSCOPE_MAX_CAPTURE_MB");
    QTest::newRow("raw.path") << QStringLiteral("raw.path") << capture << QStringLiteral("BENCHSCOPE_MAX_CAPTURE_MB");
    QTest::newRow("criterion tree") << QStringLiteral("criterion tree") << whole << QStringLiteral("BENCHSCOPE_MAX_IMPORT_MB");
    QTest::newRow("--map") << QStringLiteral("--map") << whole << QStringLiteral("BENCHSCOPE_MAX_IMPORT_MB");
    QTest::newRow("suite file") << QStringLiteral("suite file") << whole << QStringLiteral("BENCHSCOPE_MAX_IMPORT_MB");
    QTest::newRow("body_file") << QStringLiteral("body_file") << whole << QStringLiteral("BENCHSCOPE_MAX_IMPORT_MB");
    QTest::newRow("sources") << QStringLiteral("sources") << capture << QStringLiteral("BENCHSCOPE_MAX_CAPTURE_MB");
}

void TestSpecialFiles::tooLargeIsRefusedWithTheLimit()
{
    QFETCH(QString, path);
    QFETCH(qint64, limit);
    QFETCH(QString, variable);
    const ReadingPath reading = readingPaths().at(path);
    const std::string big = reading.layOut(m_dir);
    { std::ofstream(big).put('{'); }
    fs::resize_file(big, std::uintmax_t(limit) + 1); // sparse: no disk used
    bs::LoadError error;
    QVERIFY(!reading.read(m_dir, error));
    const std::string text = error.toString();
    const std::string limitText = "more than " + bs::InputLimits::mebibytes(std::uint64_t(limit));
    QVERIFY2(text.find(big) != std::string::npos, text.c_str());
    QVERIFY2(text.find(limitText) != std::string::npos, text.c_str());
    QVERIFY2(text.find(variable.toStdString()) != std::string::npos, text.c_str());
}

QTEST_GUILESS_MAIN(TestSpecialFiles)
#include "tst_specialfiles.moc"
