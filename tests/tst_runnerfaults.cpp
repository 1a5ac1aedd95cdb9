// benchscope-run end to end against a misbehaving server (tests/testserver):
// whatever the fault, the runner keeps measuring (and counts the errors by
// kind) or stops that result with a recorded reason, and it always writes a
// capture that loads.
#include "captureloader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace Qt::StringLiterals;

class TestRunnerFaults : public QObject {
    Q_OBJECT
    QString m_bin;
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_server;
    int m_runs = 0;

    quint16 startServer(const QStringList &args)
    {
        m_server = std::make_unique<QProcess>();
        m_server->start(m_bin + u"/benchscope-testserver"_s, QStringList {u"--port"_s, u"0"_s} + args);
        if (!m_server->waitForReadyRead(5000))
            return 0;
        return quint16(m_server->readLine().trimmed().toUInt());
    }

private slots:
    void initTestCase()
    {
        m_bin = qEnvironmentVariable("BENCHSCOPE_BIN_DIR");
        QVERIFY(QFileInfo::exists(m_bin + u"/benchscope-run"_s));
        QVERIFY(m_dir.isValid());
    }

    void cleanup()
    {
        if (m_server) {
            m_server->kill();
            m_server->waitForFinished(2000);
            m_server.reset();
        }
    }

    void faultEndsInAValidCapture_data()
    {
        QTest::addColumn<QStringList>("serverArgs");
        QTest::addColumn<QString>("errorKind"); // counted while measuring; empty: the result stops
        QTest::addColumn<int>("status");        // bs::ResultStatus of the one result
        QTest::addColumn<QString>("reason");    // part of the result's reason when it stops
        const int ok = int(bs::ResultStatus::Ok);
        const int contract = int(bs::ResultStatus::ContractFailed);
        QTest::newRow("connections reset") << QStringList {u"--reset-every"_s, u"7"_s} << u"reset"_s << ok << QString();
        QTest::newRow("garbage bytes") << QStringList {u"--garbage-every"_s, u"7"_s} << u"parse"_s << ok << QString();
        QTest::newRow("bodies cut short") << QStringList {u"--truncate-every"_s, u"7"_s} << u"eof"_s << ok << QString();
        QTest::newRow("a stall past the timeout")
            << QStringList {u"--stall-ms"_s, u"1500"_s, u"--stall-after"_s, u"20"_s} << u"timeout"_s << ok << QString();
        QTest::newRow("never-ending bodies while measuring")
            << QStringList {u"--endless-every"_s, u"10"_s} << u"timeout"_s << ok << QString();
        QTest::newRow("never-ending body on the contract check")
            << QStringList {u"--endless-every"_s, u"1"_s} << QString() << contract << u"contract"_s;
        QTest::newRow("server exits mid-run") << QStringList {u"--crash-after"_s, u"40"_s} << u"connect_refused"_s << ok
                                              << QString();
    }

    void faultEndsInAValidCapture()
    {
        QFETCH(QStringList, serverArgs);
        QFETCH(QString, errorKind);
        QFETCH(int, status);
        QFETCH(QString, reason);
        const quint16 port = startServer(serverArgs);
        QVERIFY(port);
        const QJsonObject suite {
            {u"suite"_s, QJsonObject {{u"id"_s, u"faults"_s}}},
            {u"settings"_s, QJsonObject {{u"connections"_s, 2}, {u"duration_s"_s, 0.6}, {u"warmup_s"_s, 0},
                                         {u"repetitions"_s, 2}, {u"timeout_s"_s, 0.5}}},
            {u"participants"_s, QJsonArray {QJsonObject {{u"id"_s, u"server"_s},
                                                         {u"url"_s, QStringLiteral("http://127.0.0.1:%1").arg(port)}}}},
            {u"cases"_s, QJsonArray {QJsonObject {{u"id"_s, u"hello"_s}, {u"path"_s, u"/"_s},
                                                  {u"expect"_s, QJsonObject {{u"status"_s, 200}}}}}},
        };
        const QString suitePath = m_dir.filePath(QStringLiteral("suite%1.json").arg(++m_runs));
        QFile f(suitePath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(suite).toJson());
        f.close();
        const QString out = m_dir.filePath(QStringLiteral("capture%1.json.gz").arg(m_runs));

        QProcess run;
        run.start(m_bin + u"/benchscope-run"_s, {suitePath, u"--out"_s, out});
        QVERIFY2(run.waitForFinished(60000), "the runner did not finish within 60 s");
        QCOMPARE(run.exitStatus(), QProcess::NormalExit);
        QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());

        bs::LoadError error;
        const auto capture = bs::CaptureLoader::load(out.toStdString(), error);
        QVERIFY2(capture, error.toString().c_str());
        QCOMPARE(capture->results.size(), std::size_t(1));
        const bs::Result &r = capture->results.front();
        QCOMPARE(int(r.status), status);
        if (errorKind.isEmpty()) {
            QVERIFY2(r.reason.find(reason.toStdString()) != std::string::npos, r.reason.c_str());
            return;
        }
        QVERIFY(!r.repetitions.empty());
        std::uint64_t counted = 0;
        for (const bs::Repetition &rep : r.repetitions)
            if (auto it = rep.errors.find(errorKind.toStdString()); it != rep.errors.end())
                counted += it->second;
        QVERIFY2(counted > 0, qPrintable(u"no "_s + errorKind + u" errors counted"_s));
    }
};

QTEST_GUILESS_MAIN(TestRunnerFaults)
#include "tst_runnerfaults.moc"
