// What `publish` and `report` may replace in their --out folder: only what
// an earlier publish or report wrote (its mark file lists it). With or
// without --force, a user's README.md, guide/, CNAME and .git stay, and a
// write that would replace a file no mark file lists is refused, naming it,
// with the folder left as it was; a mark file changed by hand names nothing
// outside the folder and no link. SIGINT and SIGTERM in the middle leave no
// temporary folder behind.
#include "clirun.h"
#include "fileio.h"
#include "tempfolder.h"

#include <QProcess>
#include <QtTest>

#include <signal.h>

#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace {

QString sample(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/") + QLatin1String(name);
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// Every file under `dir` (relative path -> bytes), folders as "name/".
std::map<std::string, std::string> snapshot(const std::string &dir)
{
    std::map<std::string, std::string> files;
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
        const std::string relative = it->path().lexically_relative(dir).generic_string();
        if (it->is_directory()) {
            files[relative + "/"] = {};
            continue;
        }
        bs::LoadError e;
        const auto bytes = bs::FileIO::readFile(it->path().string(), e);
        files[relative] = bytes ? *bytes : std::string("?");
    }
    return files;
}

// The user's files of a project's docs folder.
const std::map<QString, std::string> kUserFiles{
    {QStringLiteral("README.md"), "# my project\n"},
    {QStringLiteral("guide/start.md"), "read me first\n"},
    {QStringLiteral("CNAME"), "bench.example.org\n"},
    {QStringLiteral(".git/HEAD"), "ref: refs/heads/main\n"},
    {QStringLiteral(".git/objects/ab/cdef"), "x"},
};

struct Tool {
    const char *command;
    const char *marker;
    const char *index;
};
const Tool kPublish{"publish", ".benchscope-publish", "index.html"};
const Tool kReport{"report", ".benchscope-report", "index.md"};

CliRun run(const Tool &tool, const std::string &out, bool force)
{
    QStringList args{QLatin1String(tool.command), sample("local/sqlite-install.json.gz"), QStringLiteral("--out"), q(out)};
    if (force)
        args << QStringLiteral("--force");
    return CliRun::run(args, true);
}

} // namespace

class TestOutputFolder : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }

    void forceKeepsTheUsersFiles_data()
    {
        QTest::addColumn<bool>("publish");
        QTest::newRow("publish") << true;
        QTest::newRow("report") << false;
    }

    // --force into a folder of the user's: their files stay beside the new
    // output; writing again (no --force needed) keeps them too.
    void forceKeepsTheUsersFiles()
    {
        QFETCH(bool, publish);
        const Tool &tool = publish ? kPublish : kReport;
        const std::string out = m_tmp.filePath(QStringLiteral("docs"));
        for (const auto &[name, bytes] : kUserFiles)
            m_tmp.write(QStringLiteral("docs/") + name, bytes);
        const auto before = snapshot(out);
        const CliRun refused = run(tool, out, false);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QStringLiteral("--force")), qPrintable(refused.err));
        QCOMPARE(snapshot(out), before);
        for (int round = 0; round < 2; ++round) {
            const CliRun r = run(tool, out, round == 0);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const auto after = snapshot(out);
            for (const auto &[name, bytes] : before)
                QVERIFY2(after.count(name) && after.at(name) == bytes, name.c_str());
            QVERIFY(after.count(tool.index) && after.count(tool.marker));
            // The mark file lists what was written and none of the user's files.
            const std::string mark = after.at(tool.marker);
            QVERIFY2(mark.find(std::string("\n") + tool.index + "\n") != std::string::npos, mark.c_str());
            for (const auto &[name, bytes] : kUserFiles)
                QVERIFY2(mark.find(name.toStdString()) == std::string::npos, mark.c_str());
        }
        QVERIFY(!leftBeside(out));
    }

    void refusesToReplaceWhatItDidNotWrite_data()
    {
        QTest::addColumn<bool>("publish");
        QTest::addColumn<QString>("added");
        QTest::addColumn<bool>("earlier");
        for (bool publish : {true, false}) {
            const char *tool = publish ? "publish" : "report";
            // A file of the user's under a name the output writes, in a
            // folder of the user's (--force) and in an earlier output.
            const QString index = QLatin1String(publish ? kPublish.index : kReport.index);
            QTest::addRow("%s: user's %s, --force", tool, qPrintable(index)) << publish << index << false;
            const QString inside = publish ? QStringLiteral("assets/logo.png") : QStringLiteral("charts/mine.svg");
            QTest::addRow("%s: %s added to an earlier output", tool, qPrintable(inside)) << publish << inside << true;
            const QString nested = publish ? QStringLiteral("downloads/notes/a.txt") : QStringLiteral("tables/x/y.md");
            QTest::addRow("%s: %s added to an earlier output", tool, qPrintable(nested)) << publish << nested << true;
        }
    }

    void refusesToReplaceWhatItDidNotWrite()
    {
        QFETCH(bool, publish);
        QFETCH(QString, added);
        QFETCH(bool, earlier);
        const Tool &tool = publish ? kPublish : kReport;
        const std::string out = m_tmp.filePath(QStringLiteral("site"));
        if (earlier) {
            const CliRun first = run(tool, out, false);
            QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        }
        m_tmp.write(QStringLiteral("site/CNAME"), "x.example.org\n");
        m_tmp.write(QStringLiteral("site/") + added, "the user's own\n");
        const auto before = snapshot(out);
        const CliRun r = run(tool, out, true);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(added) && r.err.contains(QStringLiteral("kept")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("CNAME")), qPrintable(r.err));
        QCOMPARE(snapshot(out), before);
        QVERIFY(!leftBeside(out));
    }

    void tamperedMarkFileNamesNothingElse_data()
    {
        QTest::addColumn<bool>("publish");
        QTest::addColumn<QString>("tamper");
        for (bool publish : {true, false})
            for (const char *tamper : {"climbs out", "absolute", "lists a link", "is a link", "is a folder"})
                QTest::addRow("%s: mark file %s", publish ? "publish" : "report", tamper) << publish << QString::fromLatin1(tamper);
    }

    // A mark file changed by hand names nothing outside the folder (a line
    // with "..", an absolute path), no symbolic link, and is no mark file
    // when it is a link or a folder: the user's files, a link's target and
    // what lies beside the folder stay, and nothing is left beside it.
    void tamperedMarkFileNamesNothingElse()
    {
        QFETCH(bool, publish);
        QFETCH(QString, tamper);
        const Tool &tool = publish ? kPublish : kReport;
        const std::string out = m_tmp.filePath(QStringLiteral("site"));
        const CliRun first = run(tool, out, false);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const std::string beside = m_tmp.write(QStringLiteral("beside/keep.txt"), "beside\n");
        m_tmp.write(QStringLiteral("site/README.md"), "# mine\n");
        fs::create_symlink("../beside", out + "/linked");
        const std::string marker = out + "/" + tool.marker;
        bs::LoadError e;
        std::string mark = bs::FileIO::readFile(marker, e).value();
        if (tamper == QLatin1String("climbs out"))
            mark += "../beside/keep.txt\n..\n";
        else if (tamper == QLatin1String("absolute"))
            mark += beside + "\n/\n";
        else if (tamper == QLatin1String("lists a link"))
            mark += "linked\n";
        m_tmp.write(QString::fromLatin1(tool.marker), mark + "README.md\nlinked\n");
        fs::remove(marker);
        if (tamper == QLatin1String("is a link"))
            fs::create_symlink(m_tmp.filePath(QString::fromLatin1(tool.marker)), marker);
        else if (tamper == QLatin1String("is a folder"))
            m_tmp.write(QStringLiteral("site/") + QLatin1String(tool.marker) + QStringLiteral("/mine.txt"), "mine\n");
        else
            m_tmp.write(QStringLiteral("site/") + QLatin1String(tool.marker), mark);
        const auto before = snapshot(m_tmp.filePath(QStringLiteral("beside")));
        const CliRun r = run(tool, out, true);
        // Lines naming places outside are none of its files: it writes; a
        // link or a folder is no mark file: it refuses.
        const bool outside = tamper == QLatin1String("climbs out") || tamper == QLatin1String("absolute");
        QVERIFY2(r.exitCode == (outside ? 0 : 1), qPrintable(r.err));
        QCOMPARE(snapshot(m_tmp.filePath(QStringLiteral("beside"))), before);
        QCOMPARE(bs::FileIO::readFile(out + "/README.md", e).value_or(""), std::string("# mine\n"));
        QVERIFY(fs::is_symlink(out + "/linked"));
        if (tamper == QLatin1String("is a folder"))
            QVERIFY(fs::exists(marker + "/mine.txt"));
        QVERIFY(!leftBeside(out));
    }

    void signalLeavesNoTemporaryFolder_data()
    {
        QTest::addColumn<bool>("publish");
        QTest::addColumn<int>("signal");
        for (bool publish : {true, false})
            for (int sig : {SIGINT, SIGTERM})
                QTest::addRow("%s, %s", publish ? "publish" : "report", sig == SIGINT ? "SIGINT" : "SIGTERM")
                    << publish << sig;
    }

    // The signal comes once the temporary folder exists, at a different
    // moment each try; the program ends by it and leaves no folder beside.
    void signalLeavesNoTemporaryFolder()
    {
        QFETCH(bool, publish);
        QFETCH(int, signal);
        const Tool &tool = publish ? kPublish : kReport;
        const std::string out = m_tmp.filePath(QStringLiteral("site"));
        int caught = 0;
        for (int delayMs : {0, 40, 150}) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            p.setProcessEnvironment(env);
            p.start(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QStringLiteral("/benchscope-cli"),
                    {QLatin1String(tool.command), publish ? sample("local") : sample("local/http-saturation.json.gz"),
                     QStringLiteral("--out"), q(out), QStringLiteral("--force")});
            QVERIFY(p.waitForStarted());
            QElapsedTimer waited;
            waited.start();
            while (!leftBeside(out) && p.state() == QProcess::Running && waited.elapsed() < 60000)
                QThread::usleep(500);
            if (p.state() != QProcess::Running)
                continue; // finished before the folder was seen: try again later on
            QThread::msleep(delayMs);
            ::kill(pid_t(p.processId()), signal);
            QVERIFY(p.waitForFinished(60000));
            if (p.exitStatus() == QProcess::CrashExit)
                ++caught;
            QVERIFY2(!leftBeside(out), qPrintable(QString::fromUtf8(p.readAllStandardError())));
        }
        QVERIFY(caught > 0);
    }

private:
    // Whether a temporary folder is left beside `out`.
    bool leftBeside(const std::string &out) const
    {
        const std::string prefix = "." + fs::path(out).filename().string() + ".";
        for (const auto &entry : fs::directory_iterator(fs::path(out).parent_path()))
            if (entry.path().filename().string().rfind(prefix, 0) == 0)
                return true;
        return false;
    }

    TempFolder m_tmp;
};

QTEST_GUILESS_MAIN(TestOutputFolder)
#include "tst_outputfolder.moc"
