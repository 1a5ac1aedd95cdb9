// Nothing a participant starts outlives the run (issues 26 and 41): a start
// command that daemonizes (setsid, a double fork), leaves a child in its
// group or one without its environment is stopped with the participant, on
// a normal end, when the participant crashes, on Ctrl-C or SIGTERM of the
// runner, and when the runner itself is killed (SIGKILL, a second Ctrl-C):
// /proc shows none of them, nor the participant, nor the runner's guard.
#include "runnerharness.h"

#include <QDeadlineTimer>
#include <QtTest>

#include <QJsonArray>
#include <QRandomGenerator>

#include <csignal>
#include <dirent.h>
#include <fstream>

namespace {

// The pids of live processes whose command line holds `needle`.
QList<int> processesWith(const QByteArray &needle)
{
    QList<int> found;
    DIR *proc = opendir("/proc");
    while (dirent *d = proc ? readdir(proc) : nullptr) {
        if (d->d_name[0] < '0' || d->d_name[0] > '9')
            continue;
        std::ifstream stat(std::string("/proc/") + d->d_name + "/stat");
        std::string line;
        std::getline(stat, line);
        const auto close = line.rfind(')');
        if (close == std::string::npos || line.compare(close + 2, 1, "Z") == 0)
            continue; // gone, or a zombie: holds nothing
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(QLatin1String(d->d_name)));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().replace('\0', ' ').contains(needle))
            found << std::atoi(d->d_name);
    }
    if (proc)
        closedir(proc);
    return found;
}

} // namespace

class TestRunnerProcesses : public QObject {
    Q_OBJECT

private slots:
    void daemonsEndWithTheRun_data();
    void daemonsEndWithTheRun();
};

void TestRunnerProcesses::daemonsEndWithTheRun_data()
{
    QTest::addColumn<QString>("ending");
    QTest::newRow("normal end") << QStringLiteral("normal");
    QTest::newRow("participant crashes") << QStringLiteral("crash");
    QTest::newRow("Ctrl-C of the runner") << QStringLiteral("interrupt");
    QTest::newRow("SIGTERM of the runner") << QStringLiteral("terminate");
    QTest::newRow("SIGKILL of the runner") << QStringLiteral("kill");
    QTest::newRow("two Ctrl-C end the runner at once") << QStringLiteral("twice");
}

void TestRunnerProcesses::daemonsEndWithTheRun()
{
    QFETCH(QString, ending);
    RunnerHarness h;
    QVERIFY(h.valid());
    const QByteArray seconds = QByteArray::number(3000 + QRandomGenerator::global()->bounded(100000)) + ".5";
    const quint16 port = RunnerHarness::freePort();
    QStringList serverArgs{QStringLiteral("--port"), QString::number(port)};
    if (ending == u"crash")
        serverArgs << QStringLiteral("--crash-after") << QStringLiteral("30");
    // Four sleeps with a duration no other process has: one in a new session
    // (setsid), one double-forked into a new session, one in the
    // participant's group, one there without the environment; then the server.
    const QString script = QStringLiteral("setsid sleep %1 </dev/null >/dev/null 2>&1 & "
                                          "(setsid sh -c 'sleep %1 & exit' </dev/null >/dev/null 2>&1 &); "
                                          "sleep %1 </dev/null >/dev/null 2>&1 & "
                                          "env -i sleep %1 </dev/null >/dev/null 2>&1 & "
                                          "exec \"$0\" \"$@\"")
                               .arg(QString::fromLatin1(seconds));
    QJsonArray command{QStringLiteral("sh"), QStringLiteral("-c"), script, h.bin(QStringLiteral("benchscope-testserver"))};
    for (const QString &a : serverArgs)
        command.append(a);
    const bool signalled = ending != u"normal" && ending != u"crash";
    const double duration = signalled ? 30 : 0.5;
    const QJsonObject suite{
        {QStringLiteral("suite"), QJsonObject{{QStringLiteral("id"), QStringLiteral("daemons")}}},
        {QStringLiteral("settings"),
         QJsonObject{{QStringLiteral("connections"), 1}, {QStringLiteral("duration_s"), duration},
                     {QStringLiteral("warmup_s"), 0}, {QStringLiteral("repetitions"), 2},
                     {QStringLiteral("stop_grace_s"), 1}}},
        {QStringLiteral("participants"),
         QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("server")},
                                {QStringLiteral("start"), QJsonObject{{QStringLiteral("command"), command}}},
                                {QStringLiteral("url"), QStringLiteral("http://127.0.0.1:%1").arg(port)}}}},
        {QStringLiteral("cases"), QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("hello")},
                                                         {QStringLiteral("path"), QStringLiteral("/")}}}},
    };
    const QString suitePath = h.writeSuite(suite);
    QProcess run;
    run.start(h.bin(QStringLiteral("benchscope-run")), {suitePath, QStringLiteral("--out"), h.outPath()});
    QVERIFY(run.waitForStarted());
    const QByteArray needle = "sleep " + seconds;
    const QByteArray server = "benchscope-testserver --port " + QByteArray::number(port);
    const pid_t runner = pid_t(run.processId());
    if (signalled) {
        // The four sleeps are up, the run is measuring: the signal.
        // Settled: four sleeps and the server, twice 300 ms apart (the shell
        // that double-forks a sleep holds the needle too until it exits).
        auto settled = [&] { return processesWith(needle).size() == 4 && processesWith(server).size() == 1; };
        const QDeadlineTimer deadline(60000);
        int seen = 0;
        while (seen < 2 && !deadline.hasExpired()) {
            seen = settled() ? seen + 1 : 0;
            QTest::qWait(300);
        }
        QCOMPARE(processesWith(needle).size(), 4);
        QCOMPARE(processesWith(server).size(), 1);
        ::kill(runner, ending == u"kill" ? SIGKILL : ending == u"terminate" ? SIGTERM : SIGINT);
        if (ending == u"twice") {
            QTest::qWait(20);
            ::kill(runner, SIGINT);
        }
    }
    QVERIFY2(run.waitForFinished(60000), "the runner did not finish");
    const QString err = QString::fromUtf8(run.readAllStandardError());
    if (ending != u"kill" && ending != u"twice")
        QVERIFY2(run.exitStatus() == QProcess::NormalExit, qPrintable(err));
    auto left = [&] { return processesWith(needle) + processesWith(server) + processesWith(suitePath.toUtf8()); };
    QTRY_VERIFY2_WITH_TIMEOUT(left().isEmpty(),
                              qPrintable(QStringLiteral("left running: %1; runner: %2")
                                             .arg(QString::number(left().size()), err)),
                              3000);
    if (ending == u"normal")
        QVERIFY2(run.exitCode() == 0, qPrintable(err));
    for (int pid : left()) // never leave them to the next test
        ::kill(pid, SIGKILL);
}

QTEST_GUILESS_MAIN(TestRunnerProcesses)
#include "tst_runnerprocesses.moc"
