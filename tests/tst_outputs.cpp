// Outputs never destroy what the user had (issue 26): an output that is an
// input is refused, a symlink's target is replaced (never the link), a
// device or FIFO is written into (never replaced by a regular file).
#include "clirun.h"
#include "fileio.h"
#include "tempfolder.h"

#include <QtTest>

#include <chrono>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string testData(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/tests/data/capture/" + name;
}

mode_t typeOf(const std::string &path, bool follow = false)
{
    struct stat st {};
    if ((follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st)) != 0)
        return 0;
    return st.st_mode & S_IFMT;
}

// The names in a folder, to see that no temporary file was left behind.
QStringList namesIn(const std::string &folder)
{
    return QDir(q(folder)).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TestOutputs : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        m_tmp.renew();
        QDir::setCurrent(QDir::tempPath()); // a row may have gone into its folder
    }

    void symlinkOutputReplacesTheTargetNotTheLink();
    void danglingSymlinkOutputCreatesTheTarget();
    void fifoWithAReaderIsWrittenInto();
    void fifoWithoutAReaderIsRefusedAtOnce();
    void devNullStaysACharacterDevice();
    void folderOutputIsRefused();
    void outputThatIsAnInputIsRefused_data();
    void outputThatIsAnInputIsRefused();
    void runnerOutputThatIsAnInputIsRefused_data();
    void runnerOutputThatIsAnInputIsRefused();

private:
    TempFolder m_tmp;
};

void TestOutputs::symlinkOutputReplacesTheTargetNotTheLink()
{
    const std::string target = m_tmp.write(QStringLiteral("real/target.json"), "old");
    QDir(q(m_tmp.path())).mkdir(QStringLiteral("links"));
    const std::string link = m_tmp.filePath(QStringLiteral("links/out.json"));
    const std::string chained = m_tmp.filePath(QStringLiteral("links/chained.json"));
    QCOMPARE(::symlink("../real/target.json", link.c_str()), 0); // relative, resolved from the link's folder
    QCOMPARE(::symlink("out.json", chained.c_str()), 0);          // a link to a link
    bs::LoadError error;
    QVERIFY2(bs::FileIO::writeAtomically(link, "new", error), error.toString().c_str());
    QCOMPARE(typeOf(link), mode_t(S_IFLNK));
    QCOMPARE(readAll(target), std::string("new"));
    QVERIFY2(bs::FileIO::writeAtomically(chained, "newer", error), error.toString().c_str());
    QCOMPARE(typeOf(chained), mode_t(S_IFLNK));
    QCOMPARE(typeOf(link), mode_t(S_IFLNK));
    QCOMPARE(readAll(target), std::string("newer"));
    QCOMPARE(namesIn(m_tmp.filePath(QStringLiteral("real"))), QStringList{QStringLiteral("target.json")});
    QCOMPARE(namesIn(m_tmp.filePath(QStringLiteral("links"))),
             (QStringList{QStringLiteral("chained.json"), QStringLiteral("out.json")}));
}

void TestOutputs::danglingSymlinkOutputCreatesTheTarget()
{
    const std::string link = m_tmp.filePath(QStringLiteral("out.json"));
    QCOMPARE(::symlink("made.json", link.c_str()), 0);
    bs::LoadError error;
    QVERIFY2(bs::FileIO::writeAtomically(link, "made", error), error.toString().c_str());
    QCOMPARE(typeOf(link), mode_t(S_IFLNK));
    QCOMPARE(readAll(m_tmp.filePath(QStringLiteral("made.json"))), std::string("made"));
}

void TestOutputs::fifoWithAReaderIsWrittenInto()
{
    const std::string fifo = m_tmp.filePath(QStringLiteral("out.fifo"));
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    std::string received;
    std::thread reader([&] { received = readAll(fifo); }); // opening blocks until the writer opens
    const std::string bytes(300000, 'x');                // more than a pipe's buffer
    bs::LoadError error;
    bool ok = false;
    for (int i = 0; i < 200 && !ok; ++i) { // the reader may not have opened yet: the writer refuses, never waits
        ok = bs::FileIO::writeAtomically(fifo, bytes, error);
        if (!ok)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    QVERIFY2(ok, error.toString().c_str());
    reader.join();
    QCOMPARE(received.size(), bytes.size());
    QCOMPARE(typeOf(fifo), mode_t(S_IFIFO));
    QCOMPARE(namesIn(m_tmp.path()), QStringList{QStringLiteral("out.fifo")});
}

void TestOutputs::fifoWithoutAReaderIsRefusedAtOnce()
{
    const std::string fifo = m_tmp.filePath(QStringLiteral("out.fifo"));
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QElapsedTimer timer;
    timer.start();
    bs::LoadError error;
    QVERIFY(!bs::FileIO::writeAtomically(fifo, "x", error));
    QVERIFY(timer.elapsed() < 5000);
    QVERIFY2(error.message.find("no one reads") != std::string::npos, error.toString().c_str());
    QCOMPARE(error.file, fifo);
    QCOMPARE(typeOf(fifo), mode_t(S_IFIFO));
    // The CLI says so too, with exit 1, and leaves the FIFO a FIFO.
    const CliRun r = CliRun::run({QStringLiteral("convert"), q(testData("valid.json")), QStringLiteral("--out"), q(fifo)});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no one reads")), qPrintable(r.err));
    QCOMPARE(typeOf(fifo), mode_t(S_IFIFO));
}

void TestOutputs::devNullStaysACharacterDevice()
{
    bs::LoadError error;
    QVERIFY2(bs::FileIO::writeAtomically("/dev/null", "discarded", error), error.toString().c_str());
    QCOMPARE(typeOf("/dev/null"), mode_t(S_IFCHR));
    // Through a symlink: the device is written into, the link stays.
    const std::string link = m_tmp.filePath(QStringLiteral("null.json"));
    QCOMPARE(::symlink("/dev/null", link.c_str()), 0);
    QVERIFY2(bs::FileIO::writeAtomically(link, "discarded", error), error.toString().c_str());
    QCOMPARE(typeOf(link), mode_t(S_IFLNK));
    QCOMPARE(typeOf("/dev/null"), mode_t(S_IFCHR));
    QCOMPARE(namesIn(m_tmp.path()), QStringList{QStringLiteral("null.json")});
    const CliRun r = CliRun::run({QStringLiteral("convert"), q(testData("valid.json")), QStringLiteral("--out"),
                                  QStringLiteral("/dev/null")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(typeOf("/dev/null"), mode_t(S_IFCHR));
}

void TestOutputs::folderOutputIsRefused()
{
    bs::LoadError error;
    QVERIFY(!bs::FileIO::writeAtomically(m_tmp.path(), "x", error));
    QVERIFY2(error.message.find("is a folder") != std::string::npos, error.toString().c_str());
}

void TestOutputs::outputThatIsAnInputIsRefused_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("spelling");
    for (const char *command : {"convert", "convert --split-raw", "export", "report"})
        for (const char *spelling : {"same path", "./ path", "symlink", "hard link", "raw beside the summary",
                                     "inside an input folder"}) {
            if (QByteArray(command) != "convert" && QByteArray(spelling) == "inside an input folder")
                continue;
            QTest::newRow(qPrintable(QStringLiteral("%1, %2").arg(QLatin1String(command), QLatin1String(spelling))))
                << QString::fromLatin1(command) << QString::fromLatin1(spelling);
        }
    QTest::newRow("report, folder holding the input") << QStringLiteral("report") << QStringLiteral("holding folder");
}

void TestOutputs::outputThatIsAnInputIsRefused()
{
    QFETCH(QString, command);
    QFETCH(QString, spelling);
    const std::string original = readAll(testData("split.json"));
    const std::string raw = readAll(testData("split.raw.json.gz"));
    const std::string input = m_tmp.write(QStringLiteral("in/split.json"), original);
    m_tmp.write(QStringLiteral("in/split.raw.json.gz"), raw);
    std::string out = input;
    QString inputArg = q(input);
    QString expected = QStringLiteral("is the input");
    if (spelling == u"./ path") {
        QDir::setCurrent(q(m_tmp.path()));
        out = "./in/../in/split.json";
    } else if (spelling == u"symlink") {
        out = m_tmp.filePath(QStringLiteral("link.json"));
        QCOMPARE(::symlink(input.c_str(), out.c_str()), 0);
    } else if (spelling == u"hard link") {
        out = m_tmp.filePath(QStringLiteral("hard.json"));
        QCOMPARE(::link(input.c_str(), out.c_str()), 0);
    } else if (spelling == u"raw beside the summary") {
        out = m_tmp.filePath(QStringLiteral("in/split.raw.json.gz"));
    } else if (spelling == u"inside an input folder") {
        inputArg = q(m_tmp.filePath(QStringLiteral("in")));
        expected = QStringLiteral("inside the input folder");
    } else if (spelling == u"holding folder") {
        out = m_tmp.filePath(QStringLiteral("in"));
        expected = QStringLiteral("holds the input");
    }
    QStringList args = command.split(u' ');
    args << inputArg << QStringLiteral("--out") << q(out);
    if (command == u"export")
        args << QStringLiteral("--table") << QStringLiteral("all-cases") << QStringLiteral("--format")
             << QStringLiteral("csv");
    const CliRun r = CliRun::run(args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("not written")), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    QVERIFY(readAll(input) == original);
    QVERIFY(readAll(m_tmp.filePath(QStringLiteral("in/split.raw.json.gz"))) == raw);
    QCOMPARE(namesIn(m_tmp.filePath(QStringLiteral("in"))),
             (QStringList{QStringLiteral("split.json"), QStringLiteral("split.raw.json.gz")}));
}

void TestOutputs::runnerOutputThatIsAnInputIsRefused_data()
{
    QTest::addColumn<QString>("out");   // relative to the copied suites folder
    QTest::addColumn<QString>("extra"); // an option
    QTest::newRow("the suite file") << QStringLiteral("static-servers.json") << QString();
    QTest::newRow("the suite file, another spelling") << QStringLiteral("www/../static-servers.json") << QString();
    QTest::newRow("a body file") << QStringLiteral("www/index.html") << QString();
    QTest::newRow("the raw file on a body file") << QStringLiteral("www/index.json.gz") << QStringLiteral("--split-raw");
}

void TestOutputs::runnerOutputThatIsAnInputIsRefused()
{
    QFETCH(QString, out);
    QFETCH(QString, extra);
    const QString from = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/suites/");
    const std::string suite = m_tmp.write(QStringLiteral("static-servers.json"),
                                          readAll(QString(from + QStringLiteral("static-servers.json")).toStdString()));
    const std::string body = readAll(QString(from + QStringLiteral("www/index.html")).toStdString());
    m_tmp.write(QStringLiteral("www/index.html"), body);
    if (!extra.isEmpty()) // the summary is new; its raw file, a hard link to the body file, is not
        QCOMPARE(::link(m_tmp.filePath(QStringLiteral("www/index.html")).c_str(),
                        m_tmp.filePath(QStringLiteral("www/index.raw.json.gz")).c_str()),
                 0);
    const std::string original = readAll(suite);
    QProcess p;
    QStringList args{q(suite), QStringLiteral("--out"), q(m_tmp.path()) + u'/' + out, QStringLiteral("--quiet")};
    if (!extra.isEmpty())
        args << extra;
    p.start(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QStringLiteral("/benchscope-run"), args);
    QVERIFY(p.waitForFinished(60000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 1);
    QVERIFY2(err.contains(QStringLiteral("is the input")), qPrintable(err));
    QVERIFY(readAll(suite) == original);
    QVERIFY(readAll(m_tmp.filePath(QStringLiteral("www/index.html"))) == body);
}

QTEST_GUILESS_MAIN(TestOutputs)
#include "tst_outputs.moc"
