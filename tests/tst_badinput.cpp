// The bad-input corpus (tests/data/bad/, and the capture reader's own bad
// files) and inputs too big to commit, made here: each is refused with an
// error naming the file, by the loader, by the CLI and by the GUI, which
// keeps every capture it had open.
#include "asynccaptureloader.h"
#include "captureloader.h"
#include "clirun.h"
#include "errorbanner.h"
#include "mainwindow.h"
#include "settings.h"

#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

namespace {

QString sourcePath(const QString &relative)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QLatin1Char('/') + relative;
}

// Writes prefix + `pattern` repeated to `bytes` + suffix, gzipped.
bool writeGzip(const QString &path, const std::string &prefix, const std::string &pattern, qint64 bytes,
               const std::string &suffix = {})
{
    gzFile f = gzopen(path.toLocal8Bit().constData(), "wb6");
    if (!f)
        return false;
    std::string chunk;
    while (chunk.size() < (1u << 20))
        chunk += pattern;
    bool ok = gzwrite(f, prefix.data(), unsigned(prefix.size())) == int(prefix.size());
    for (qint64 done = 0; ok && done < bytes; done += qint64(chunk.size()))
        ok = gzwrite(f, chunk.data(), unsigned(chunk.size())) == int(chunk.size());
    ok = ok && gzwrite(f, suffix.data(), unsigned(suffix.size())) == int(suffix.size());
    return gzclose(f) == Z_OK && ok;
}

const std::string kCaptureHead = "{\"format\": \"benchscope-capture\", \"format_version\": \"1.0\", \"x\": ";

} // namespace

class TestBadInput : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QList<QPair<QString, QString>> m_cases; // file, expected part of the message

    QString made(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    void addCases()
    {
        const QString bad = QStringLiteral("tests/data/bad/");
        const QList<QPair<const char *, const char *>> committed = {
            {"huge-number-capture.json", "number out of range: 1e999999"},
            {"huge-number-capture.json.gz", "number out of range: 1e999999"},
            {"huge-integer-capture.json", "integer out of range: 1234567890"},
            {"huge-number-tiny.json", "number out of range: 1e999999"},
            {"truncated-capture.json", "not valid JSON"},
            {"truncated-capture.json.gz", "truncated gzip"},
            {"truncated-oha.json", "not valid JSON"},
            {"wrong-type-capture.json", "expected a whole number, found a string"},
            {"wrong-type-hyperfine.json", "expected a number, found an object"},
            {"invalid-utf8-capture.json", "ill-formed UTF-8"},
            {"invalid-utf8-oha.json", "ill-formed UTF-8"},
            {"deep-nesting.json", "nesting deeper than 64 levels"},
            {"deep-nesting-capture.json", "nesting deeper than 64 levels"},
            {"empty.json", "the file is empty"},
            {"empty.json.gz", "the file is empty"},
            {"whitespace-only.json", "the file is empty"},
            {"unknown-version.json", "unknown major format version 2"},
            {"binary.bin", "binary data"},
            {"reserved-key-capture.json", "\"$buckets\" is reserved"},
        };
        for (const auto &[file, message] : committed)
            m_cases.append({sourcePath(bad + QLatin1String(file)), QLatin1String(message)});
        for (const char *format : {"oha", "autocannon", "k6", "hyperfine", "google-benchmark",
                                   "typescript-runtime-type-benchmarks", "web-frameworks"}) {
            m_cases.append({sourcePath(bad + QStringLiteral("huge-number-%1.json").arg(QLatin1String(format))),
                            QStringLiteral("number out of range: 1e999999")});
            m_cases.append({sourcePath(bad + QStringLiteral("huge-integer-%1.json").arg(QLatin1String(format))),
                            QStringLiteral("integer out of range")});
        }
        m_cases.append({sourcePath(bad + QStringLiteral("huge-number-wrk-lua-done.txt")),
                        QStringLiteral("number out of range: 1e999999")});
        m_cases.append({sourcePath(bad + QStringLiteral("huge-integer-wrk-lua-done.txt")),
                        QStringLiteral("integer out of range")});
        m_cases.append({made("zeros.json.gz"), QStringLiteral("binary data")});
        m_cases.append({made("spaces.txt.gz"), QStringLiteral("decompresses to more than 32 MiB")});
        m_cases.append({made("long-string.json.gz"), QStringLiteral("one JSON value (string or number)")});
        m_cases.append({made("many-numbers.json.gz"), QStringLiteral("of memory once read")});
        m_cases.append({made("many-numbers-import.json.gz"), QStringLiteral("decompresses to more than 32 MiB")});
        m_cases.append({made("many-numbers-import-small.json.gz"), QStringLiteral("of memory once read")});
    }

    void addRows()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        for (const auto &[path, message] : m_cases)
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path << message;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("BenchscopeTest"));
        Settings().clearRecentFiles();
        QVERIFY(m_dir.isValid());
        const qint64 gib = qint64(1) << 30;
        // The bomb: 1 GiB of zero bytes in about 1 MB of gzip.
        QVERIFY(writeGzip(made("zeros.json.gz"), {}, std::string(1, '\0'), gib));
        QVERIFY(QFileInfo(made("zeros.json.gz")).size() < 2 * 1024 * 1024);
        QVERIFY(writeGzip(made("spaces.txt.gz"), "Running 1s test @ http://x/\n", " ", gib / 4));
        QVERIFY(writeGzip(made("long-string.json.gz"), kCaptureHead + "\"", "a", gib / 4, "\"}"));
        QVERIFY(writeGzip(made("many-numbers.json.gz"), kCaptureHead + "[", "0,", gib / 4, "0]}"));
        QVERIFY(writeGzip(made("many-numbers-import.json.gz"), "{\"results\": [", "0,", gib / 4, "0]}"));
        QVERIFY(writeGzip(made("many-numbers-import-small.json.gz"), "{\"results\": [", "0,", 30 << 20, "0]}"));
        addCases();
    }

    void loaderRefuses_data() { addRows(); }
    void loaderRefuses()
    {
        QFETCH(QString, path);
        QFETCH(QString, message);
        bs::LoadError error;
        QVERIFY(!bs::CaptureLoader::load(path.toStdString(), error));
        const QString text = QString::fromStdString(error.toString());
        QCOMPARE(QString::fromStdString(error.file), path);
        QVERIFY2(text.contains(message), qPrintable(text));
    }

    void cliRefuses_data() { addRows(); }
    void cliRefuses()
    {
        QFETCH(QString, path);
        QFETCH(QString, message);
        const CliRun r = CliRun::run({QStringLiteral("inspect"), path});
        QCOMPARE(r.status, QProcess::NormalExit);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(path) && r.err.contains(message), qPrintable(r.err));
    }

    void guiKeepsOpenCaptures()
    {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        QSignalSpy idle(window.loader(), &AsyncCaptureLoader::idle);
        window.openFiles({sourcePath(QStringLiteral("sample-data/measured/compressors-fast.json.gz")),
                          sourcePath(QStringLiteral("sample-data/published/suku-overhead.json.gz"))});
        QTRY_COMPARE_WITH_TIMEOUT(idle.count(), 1, 30000);
        QCOMPARE(window.capturePages().size(), 2);

        QStringList bad;
        for (const auto &c : m_cases)
            bad << c.first;
        window.openFiles(bad);
        QTRY_COMPARE_WITH_TIMEOUT(idle.count(), 2, 120000);
        QCOMPARE(opened.count(), 2);
        QCOMPARE(window.capturePages().size(), 2);
        const QStringList messages = window.errorBanner()->messages();
        QCOMPARE(messages.size(), m_cases.size());
        const QString all = messages.join(QLatin1Char('\n'));
        for (const auto &[path, message] : m_cases)
            QVERIFY2(all.contains(QFileInfo(path).fileName()) && all.contains(message), qPrintable(path));
    }
};

QTEST_MAIN(TestBadInput)
#include "tst_badinput.moc"
