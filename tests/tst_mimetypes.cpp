// resources/benchscope-mime.xml as Qt's QMimeDatabase reads it: captures are
// application/x-benchscope-capture(+gzip), other JSON stays application/json.
#include <QDir>
#include <QFile>
#include <QMimeDatabase>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

class TestMimeTypes : public QObject {
    Q_OBJECT
    QTemporaryDir m_dataHome;
    QString m_source;

    QString copy(const QString &from, const QString &name, bool gunzip = false)
    {
        const QString to = m_dataHome.filePath(name);
        QByteArray bytes;
        if (gunzip) {
            gzFile in = gzopen(QFile::encodeName(from).constData(), "rb");
            char buffer[65536];
            for (int n; in && (n = gzread(in, buffer, sizeof buffer)) > 0;)
                bytes.append(buffer, n);
            gzclose(in);
        } else {
            QFile in(from);
            if (in.open(QIODevice::ReadOnly))
                bytes = in.readAll();
        }
        QFile out(to);
        if (bytes.isEmpty() || !out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size())
            return {};
        return to;
    }

private slots:
    void initTestCase()
    {
        m_source = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR");
        QVERIFY(m_dataHome.isValid());
        // The installed situation: one database compiled by update-mime-database from the
        // freedesktop.org types and ours, and no other (set before the first QMimeDatabase).
        const QString freedesktop = QStringLiteral("/usr/share/mime/packages/freedesktop.org.xml");
        if (QStandardPaths::findExecutable(QStringLiteral("update-mime-database")).isEmpty() || !QFile::exists(freedesktop))
            QSKIP("update-mime-database or freedesktop.org.xml is missing (Debian package shared-mime-info)");
        const QString mime = m_dataHome.filePath(QStringLiteral("share/mime"));
        QVERIFY(QDir().mkpath(mime + QStringLiteral("/packages")));
        QVERIFY(QFile::copy(freedesktop, mime + QStringLiteral("/packages/freedesktop.org.xml")));
        QVERIFY(QFile::copy(m_source + QStringLiteral("/resources/benchscope-mime.xml"),
                            mime + QStringLiteral("/packages/benchscope.xml")));
        QCOMPARE(QProcess::execute(QStringLiteral("update-mime-database"), {mime}), 0);
        qputenv("XDG_DATA_DIRS", QFile::encodeName(m_dataHome.filePath(QStringLiteral("share"))));
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.filePath(QStringLiteral("home"))));
        QVERIFY(QMimeDatabase().mimeTypeForName(QStringLiteral("application/x-benchscope-capture")).isValid());
    }

    void typeOfFile_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("gunzip");
        QTest::addColumn<QString>("expected");
        const QString capture = QStringLiteral("application/x-benchscope-capture");
        const QString json = QStringLiteral("application/json");
        QTest::newRow("gzip capture by its .json.gz name")
            << QStringLiteral("sample-data/measured/compressors-fast.json.gz") << QStringLiteral("a.json.gz") << false
            << QStringLiteral("application/x-benchscope-capture+gzip");
        QTest::newRow("indented capture named .json") << QStringLiteral("tests/data/capture/valid.json")
                                                      << QStringLiteral("valid.json") << false << capture;
        QTest::newRow("compact capture (the runner's) named .json")
            << QStringLiteral("sample-data/runner/compressors.json.gz") << QStringLiteral("runner.json") << true << capture;
        QTest::newRow("capture without a suffix") << QStringLiteral("tests/data/capture/valid.json")
                                                  << QStringLiteral("capture") << false << capture;
        QTest::newRow("autocannon output stays JSON") << QStringLiteral("sample-data/imports/autocannon-nginx.json")
                                                      << QStringLiteral("autocannon.json") << false << json;
        QTest::newRow("the capture schema, which names the format, stays JSON")
            << QStringLiteral("docs/capture-format.schema.json") << QStringLiteral("schema-copy.json") << false
            << json;
        QTest::newRow("a suite file stays JSON") << QStringLiteral("sample-data/suites/compressors.json")
                                                 << QStringLiteral("suite.json") << false << json;
    }

    void typeOfFile()
    {
        QFETCH(QString, from);
        QFETCH(QString, name);
        QFETCH(bool, gunzip);
        QFETCH(QString, expected);
        const QString path = copy(m_source + u'/' + from, name, gunzip);
        QVERIFY2(!path.isEmpty(), qPrintable(from));
        const QMimeType type = QMimeDatabase().mimeTypeForFile(path);
        if (expected == QStringLiteral("application/json")) // or a JSON sub-type that is not a capture
            QVERIFY2(type.inherits(expected) && !type.inherits(QStringLiteral("application/x-benchscope-capture")),
                     qPrintable(type.name()));
        else
            QCOMPARE(type.name(), expected);
    }
};

QTEST_GUILESS_MAIN(TestMimeTypes)
#include "tst_mimetypes.moc"
