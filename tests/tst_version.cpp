// One version, project(VERSION), everywhere: each binary's --version, the
// runner's tool entry in a capture, and the About dialog (with the library
// versions and the licence).
#include "aboutdialog.h"
#include "capturereader.h"
#include "libraryversions.h"
#include "version.h"

#include <QFile>
#include <QMenuBar>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

class TestVersion : public QObject {
    Q_OBJECT
    const QString m_version = QString::fromLatin1(bs::kVersion);

    static QString run(const QString &binary, const QStringList &args, int *exitCode = nullptr)
    {
        QProcess p;
        p.start(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + u'/' + binary, args);
        if (!p.waitForFinished(60000))
            return QStringLiteral("(did not finish)");
        if (exitCode)
            *exitCode = p.exitCode();
        return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    }

private slots:
    void versionIsTheProjects()
    {
        QVERIFY(m_version.count(u'.') == 2);
        QVERIFY(m_version != QStringLiteral("0"));
    }

    void binaryVersion_data()
    {
        QTest::addColumn<QString>("binary");
        QTest::newRow("the explorer") << QStringLiteral("benchscope");
        QTest::newRow("the command line") << QStringLiteral("benchscope-cli");
        QTest::newRow("the command line's renderer") << QStringLiteral("benchscope-render");
        QTest::newRow("the runner") << QStringLiteral("benchscope-run");
    }

    void binaryVersion()
    {
        QFETCH(QString, binary);
        int exitCode = -1;
        QCOMPARE(run(binary, {QStringLiteral("--version")}, &exitCode), binary + u' ' + m_version);
        QCOMPARE(exitCode, 0);
    }

    void runnerToolEntry()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile suite(dir.filePath(QStringLiteral("suite.json")));
        QVERIFY(suite.open(QIODevice::WriteOnly));
        suite.write(R"({"suite": {"id": "version", "title": "true"},
            "participants": [{"id": "true", "label": "true", "commands": {"run": ["true"]}}],
            "cases": [{"id": "run", "label": "run true", "kind": "command", "runs": 1, "warmup_runs": 0}]})");
        suite.close();
        const QString out = dir.filePath(QStringLiteral("capture.json.gz"));
        int exitCode = -1;
        run(QStringLiteral("benchscope-run"), {suite.fileName(), QStringLiteral("--out"), out, QStringLiteral("--quiet")},
            &exitCode);
        QCOMPARE(exitCode, 0);
        bs::LoadError error;
        const auto capture = bs::CaptureReader::readFile(out.toStdString(), error);
        QVERIFY2(capture, error.toString().c_str());
        const auto &tools = capture->provenance.tools;
        const auto runner = std::find_if(tools.begin(), tools.end(), [](const auto &t) { return t.name == "benchscope-run"; });
        QVERIFY(runner != tools.end());
        QCOMPARE(QString::fromStdString(runner->version), m_version);
    }

    void aboutNamesVersionsAndLicence()
    {
        const QString text = AboutDialog::text();
        QVERIFY(text.contains(QStringLiteral("Benchscope ") + m_version));
        QVERIFY(text.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())));
        QVERIFY(text.contains(QStringLiteral("zlib ") + QString::fromStdString(bs::LibraryVersions::zlib())));
        QVERIFY(text.contains(QStringLiteral("nlohmann/json ") + QString::fromStdString(bs::LibraryVersions::nlohmannJson())));
        QVERIFY(text.contains(QStringLiteral("MIT License")));
        QVERIFY(QFile::exists(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/LICENSE")));
    }
};

QTEST_MAIN(TestVersion)
#include "tst_version.moc"
