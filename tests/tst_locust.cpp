// benchscope-run with its load on Locust (settings.engine "locust"): a
// master and two local workers against the test server, the contract
// checked first, the capture's request count against the server's own;
// workers that never connect; a worker killed mid-run; Locust missing.
// Every case checks that no Locust process outlives the run.
#include "runnerharness.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QtTest>

#include <csignal>
#include <thread>

using namespace Qt::StringLiterals;

class TestLocust : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void twoWorkersCountWhatTheServerSaw();
    void workersThatNeverConnect();
    void workerKilledMidRun();
    void locustMissingStartsNothing();

private:
    QJsonObject suite(quint16 port, const QJsonObject &locust, double duration, const QString &start = {});
    RunnerHarness m_h;
};

namespace {

// Locust processes of this test's runs (their locustfile lies in a benchscope-run folder).
QList<int> locustPids(const QString &role = {})
{
    QList<int> pids;
    QDirIterator it(u"/proc"_s);
    while (it.hasNext()) {
        const QString dir = it.next();
        bool number = false;
        const int pid = QFileInfo(dir).fileName().toInt(&number);
        if (!number)
            continue;
        QFile f(dir + u"/cmdline"_s);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray cmd = f.readAll();
        if (cmd.contains("locust") && cmd.contains("/benchscope-run-") && cmd.contains("locustfile.py")
            && (role.isEmpty() || cmd.contains(role.toUtf8())))
            pids << pid;
    }
    return pids;
}

bool noLocustLeft()
{
    for (int i = 0; i < 50 && !locustPids().isEmpty(); ++i)
        QThread::msleep(100);
    return locustPids().isEmpty();
}

} // namespace

void TestLocust::initTestCase()
{
    QVERIFY(m_h.valid());
    QVERIFY2(QFileInfo::exists(u"/usr/bin/locust"_s), "python3-locust is installed by scripts/install-deps.sh");
}

void TestLocust::cleanup()
{
    m_h.stopServers();
    QVERIFY(noLocustLeft());
}

QJsonObject TestLocust::suite(quint16 port, const QJsonObject &locust, double duration, const QString &start)
{
    QJsonObject participant {{u"id"_s, u"server"_s}, {u"url"_s, QStringLiteral("http://127.0.0.1:%1").arg(port)}};
    if (!start.isEmpty())
        participant[u"start"_s] = QJsonObject {{u"command"_s, QJsonArray {u"sh"_s, u"-c"_s, start}}};
    return {{u"suite"_s, QJsonObject {{u"id"_s, u"locust-test"_s}}},
            {u"settings"_s, QJsonObject {{u"engine"_s, u"locust"_s}, {u"locust"_s, locust}, {u"connections"_s, 4},
                                         {u"duration_s"_s, duration}, {u"warmup_s"_s, 0}, {u"repetitions"_s, 1}}},
            {u"participants"_s, QJsonArray {participant}},
            {u"cases"_s, QJsonArray {QJsonObject {{u"id"_s, u"hello"_s}, {u"path"_s, u"/"_s},
                                                  {u"expect"_s, QJsonObject {{u"status"_s, 200}, {u"body"_s, u"hello"_s}}}}}}};
}

void TestLocust::twoWorkersCountWhatTheServerSaw()
{
    const quint16 port = m_h.startServer({});
    QVERIFY(port);
    const RunnerHarness::Run run = m_h.run(m_h.writeSuite(suite(port, {{u"workers"_s, 2}}, 3)), {}, 120000);
    QVERIFY2(run.capture, qPrintable(run.errors));
    QCOMPARE(run.exitCode, 0);
    const bs::Capture &c = *run.capture;
    const bs::Result &r = c.results.front();
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    QCOMPARE(r.repetitions.size(), std::size_t(1));
    bool contract = false;
    for (const bs::ContractCheck &k : c.contracts)
        contract = contract || (k.what == "body" && k.passed);
    QVERIFY(contract); // checked before any load
    // Locust counts what its workers reported when the run ended; the server
    // also saw the contract check, and requests in flight when the users
    // were stopped (at most one per user) that Locust drops.
    const double requests = r.repetitions.front().metrics.at("requests");
    const long served = RunnerHarness::ask(port, "/__count");
    QVERIFY2(requests > 100, qPrintable(QString::number(requests)));
    QVERIFY2(served >= requests && served - requests <= 4 + 4, qPrintable(QStringLiteral("server %1, Locust %2").arg(served).arg(requests)));
    QVERIFY(r.repetitions.front().metrics.count("latency_p99"));
    bool workers = false;
    for (const QJsonObject &e : run.events)
        workers = workers || (e.value(u"phase"_s) == u"repetition"_s && e.value(u"workers"_s).toInt() == 2);
    QVERIFY(workers);
    bool tool = false;
    for (const bs::ToolVersion &t : c.provenance.tools)
        tool = tool || (t.name == "Locust" && !t.version.empty());
    QVERIFY(tool);
}

void TestLocust::workersThatNeverConnect()
{
    const quint16 port = m_h.startServer({});
    const QString marker = m_h.path(u"started"_s);
    // One remote worker that never comes: the master gives up, the participants are stopped.
    const QJsonObject s = suite(port, {{u"workers"_s, 0}, {u"remote_workers"_s, 1}, {u"connect_timeout_s"_s, 2}}, 2);
    const RunnerHarness::Run run = m_h.run(m_h.writeSuite(s), {}, 60000);
    QVERIFY2(run.capture, qPrintable(run.errors));
    QCOMPARE(run.exitCode, 3); // a partial capture
    QVERIFY2(run.capture->results.front().reason.find("0 of 1 Locust workers connected within 2 s") != std::string::npos,
             run.capture->results.front().reason.c_str());
}

void TestLocust::workerKilledMidRun()
{
    const quint16 port = m_h.startServer({});
    const QDateTime begun = QDateTime::currentDateTime();
    std::thread killer([begun] {
        // Once the master has sent both workers their users, one worker dies.
        for (int i = 0; i < 600; ++i) { // 60 s at most
            for (const QFileInfo &run : QDir(QDir::tempPath()).entryInfoList({u"benchscope-run-*"_s}, QDir::Dirs))
            for (const QFileInfo &engine : QDir(run.filePath()).entryInfoList({u"locust-*"_s}, QDir::Dirs)) {
                QFile log(engine.filePath() + u"/master.log"_s);
                if (QFileInfo(log).lastModified() < begun || !log.open(QIODevice::ReadOnly)
                    || !log.readAll().contains("Sending spawn jobs"))
                    continue;
                const QList<int> workers = locustPids(u"--worker"_s);
                if (!workers.isEmpty()) {
                    QThread::msleep(1000);
                    ::kill(workers.front(), SIGKILL);
                }
                return;
            }
            QThread::msleep(100);
        }
    });
    const RunnerHarness::Run run = m_h.run(m_h.writeSuite(suite(port, {{u"workers"_s, 2}}, 8)), {}, 120000);
    killer.join();
    QVERIFY2(run.capture, qPrintable(run.errors));
    const bs::Result &r = run.capture->results.front();
    QCOMPARE(r.repetitions.size(), std::size_t(1));
    bool flagged = false;
    for (const std::string &f : r.repetitions.front().flags)
        flagged = flagged || f.find("stopped reporting") != std::string::npos;
    QVERIFY2(flagged, r.repetitions.front().flags.empty() ? "no flag" : r.repetitions.front().flags.front().c_str());
}

void TestLocust::locustMissingStartsNothing()
{
    const QString marker = m_h.path(u"started"_s);
    const QJsonObject s = suite(RunnerHarness::freePort(), {{u"workers"_s, 1}}, 1, u"touch '"_s + marker + u"'; sleep 30"_s);
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"BENCHSCOPE_LOCUST"_s, u"/nonexistent/locust"_s);
    p.setProcessEnvironment(env);
    p.start(m_h.bin(u"benchscope-run"_s), {m_h.writeSuite(s), u"--out"_s, m_h.outPath()});
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(u"python3-locust"_s) && err.contains(u"/nonexistent/locust"_s), qPrintable(err));
    QVERIFY(!QFileInfo::exists(marker));
    QVERIFY(!QFileInfo::exists(m_h.outPath()));
}

QTEST_GUILESS_MAIN(TestLocust)
#include "tst_locust.moc"
