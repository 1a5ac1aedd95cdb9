// benchscope-run end to end against the test server (tests/testserver), on
// 127.0.0.1 with ephemeral ports: contract checks, error kinds, coordinated
// omission, request counts, the epoll fallback where the kernel refuses
// io_uring, Ctrl-C, a crashing participant, a taken port, ABBA order and
// the progress lines; a server that answers ahead of the request and one
// that sends two Content-Length headers (a tiny server in the test).
#include "capturetables.h"
#include "failureshare.h"
#include "httptarget.h"
#include "loadgenerator.h"
#include "runnerharness.h"
#include "tinyhttpserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <csignal>

class TestRunner : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void contractCatchesWrongAnswer();
    void errorKindsCounted_data();
    void errorKindsCounted();
    void latencyIsTheServersDelay_data() { clientIoRows(); }
    void latencyIsTheServersDelay();
    void stallShowsInCorrectedP99NotInServiceTime_data() { clientIoRows(); }
    void stallShowsInCorrectedP99NotInServiceTime();
    void requestCountsMatchWhatTheServerSaw_data() { clientIoRows(); }
    void requestCountsMatchWhatTheServerSaw();
    void misbehavingAnswersAreErrorsOfTheirKind_data();
    void misbehavingAnswersAreErrorsOfTheirKind();
    void refusedIoUringFallsBackToEpoll_data();
    void refusedIoUringFallsBackToEpoll();
    void interruptedRunWritesPartialCapture();
    void crashedParticipantKeepsCompletedRepetitions();
    void failedRequestsFlagTheResult();
    void takenPortIsAnError();
    void abbaAlternatesParticipants();

private:
    using Run = RunnerHarness::Run;
    quint16 startServer(const QStringList &args) { return m_h.startServer(args); }
    static quint16 freePort() { return RunnerHarness::freePort(); }
    QString writeSuite(const QJsonObject &suite) { return m_h.writeSuite(suite); }
    Run runRunner(const QString &suitePath, const QStringList &args = {});
    static void clientIoRows() // the client engines, as settings.client_io names them
    {
        QTest::addColumn<QString>("io");
        QTest::newRow("epoll") << QStringLiteral("epoll");
        QTest::newRow("io_uring") << QStringLiteral("io_uring");
    }

    RunnerHarness m_h;
};

using namespace Qt::StringLiterals;

namespace {

QJsonObject httpParticipant(const QString &id, quint16 port)
{
    return {{u"id"_s, id}, {u"url"_s, QStringLiteral("http://127.0.0.1:%1").arg(port)}};
}

QJsonObject helloCase()
{
    return {{u"id"_s, u"hello"_s},
            {u"path"_s, u"/"_s},
            {u"expect"_s, QJsonObject {{u"status"_s, 200}, {u"content_type"_s, u"text/plain"_s}, {u"body"_s, u"hello"_s}}}};
}

QJsonObject suiteWith(const QJsonArray &participants, const QJsonObject &settings)
{
    return {{u"suite"_s, QJsonObject {{u"id"_s, u"test"_s}, {u"title"_s, u"Runner test"_s}}},
            {u"settings"_s, settings},
            {u"participants"_s, participants},
            {u"cases"_s, QJsonArray {helloCase()}}};
}

bs::ClientIo clientIo(const QString &name)
{
    bs::ClientIo io = bs::ClientIo::Auto;
    bs::clientIoFromName(name.toStdString(), io);
    return io;
}

const bs::Result &onlyResult(const bs::Capture &c, const std::string &participant = {})
{
    for (const bs::Result &r : c.results)
        if (participant.empty() || r.participant == participant)
            return r;
    return c.results.front();
}

} // namespace

void TestRunner::initTestCase()
{
    QVERIFY(m_h.valid());
    QVERIFY(QFileInfo::exists(m_h.bin(u"benchscope-testserver"_s)));
}

void TestRunner::cleanup()
{
    m_h.stopServers();
}

TestRunner::Run TestRunner::runRunner(const QString &suitePath, const QStringList &args)
{
    Run run = m_h.run(suitePath, args);
    if (!run.badLines.isEmpty()) // every stdout line is one JSON object with a phase
        QTest::qFail(qPrintable(run.badLines.front()), __FILE__, __LINE__);
    if (!run.capture)
        QTest::qFail(qPrintable(run.errors), __FILE__, __LINE__);
    return run;
}

void TestRunner::contractCatchesWrongAnswer()
{
    const quint16 good = startServer({});
    const quint16 wrong = startServer({u"--wrong-body"_s});
    const Run run = runRunner(writeSuite(suiteWith(
        {httpParticipant(u"good"_s, good), httpParticipant(u"wrong"_s, wrong)},
        {{u"connections"_s, 2}, {u"duration_s"_s, 0.3}, {u"warmup_s"_s, 0}, {u"repetitions"_s, 1}})));
    QCOMPARE(run.exitCode, 0);
    const bs::Capture &c = *run.capture;
    QCOMPARE(int(onlyResult(c, "good").status), int(bs::ResultStatus::Ok));
    const bs::Result &bad = onlyResult(c, "wrong");
    QCOMPARE(int(bad.status), int(bs::ResultStatus::ContractFailed));
    QVERIFY(bad.repetitions.empty()); // a fast wrong answer is not measured
    QVERIFY2(bad.reason.find("body") != std::string::npos, bad.reason.c_str());
    bool found = false;
    for (const bs::ContractCheck &k : c.contracts)
        if (k.participant == "wrong" && k.what == "body") {
            found = true;
            QVERIFY(!k.passed);
            QVERIFY(k.expected.find("hello") != std::string::npos);
            QVERIFY(k.actual.find("wrong") != std::string::npos);
        } else if (k.participant == "wrong") {
            QVERIFY2(k.passed, k.what.c_str()); // status and content type were right
        }
    QVERIFY(found);
}

void TestRunner::errorKindsCounted_data()
{
    QTest::addColumn<QString>("io");
    QTest::addColumn<QStringList>("serverArgs");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("every"); // the kind hits every n-th request; 0: none of them

    // Both client engines, each on every kind.
    for (const char *io : {"epoll", "io_uring"}) {
        const auto row = [io](const char *name) -> QTestData & { return QTest::addRow("%s, %s", io, name) << QString::fromLatin1(io); };
        row("answers 500") << QStringList {u"--status"_s, u"500"_s} << u"status_5xx"_s << 1;
        row("answers 404") << QStringList {u"--status"_s, u"404"_s} << u"status_4xx"_s << 1;
        row("resets every third request") << QStringList {u"--reset-every"_s, u"3"_s} << u"reset"_s << 3;
        row("answers every third with garbage") << QStringList {u"--garbage-every"_s, u"3"_s} << u"parse"_s << 3;
        row("cuts every third body short") << QStringList {u"--truncate-every"_s, u"3"_s} << u"eof"_s << 3;
        row("chunked bodies are fine") << QStringList {u"--chunked"_s} << QString() << 0;
        row("connection close is fine") << QStringList {u"--close-every"_s, u"2"_s} << QString() << 0;
        row("slower than the timeout") << QStringList {u"--delay-ms"_s, u"400"_s} << u"timeout"_s << 1;
        row("nothing listens") << QStringList() << u"connect_refused"_s << -1;
    }
}

void TestRunner::errorKindsCounted()
{
    QFETCH(QString, io);
    QFETCH(QStringList, serverArgs);
    QFETCH(QString, kind);
    QFETCH(int, every);
    const quint16 port = every < 0 ? freePort() : startServer(serverArgs);
    QVERIFY(port);
    std::string error;
    auto target = bs::HttpTarget::fromUrl("http://127.0.0.1:" + std::to_string(port), error);
    QVERIFY2(target, error.c_str());
    bs::LoadOptions o;
    o.connections = 1; // one connection: the server's n-th request is ours
    o.durationSeconds = 0.3;
    // Only the slow server's row is about the timeout: elsewhere a loaded
    // machine's late answer would count as one (it failed so under load).
    o.timeoutSeconds = kind == u"timeout"_s ? 0.1 : 2.0;
    QVERIFY(bs::clientIoFromName(io.toStdString(), o.io));
    const bs::LoadResult r = bs::LoadGenerator::run(target->address(), target->request("GET", "/", {}, {}), false, o,
                                                    nullptr, nullptr);
    QCOMPARE(r.io, std::string(bs::LoadGenerator::resolvedIo(o.io))); // io_uring unless the kernel refuses it
    for (const auto &[k, n] : r.errors)
        QVERIFY2(k == kind.toStdString(), (k + " counted " + std::to_string(n)).c_str());
    if (every < 0) {
        QVERIFY(r.errors.at("connect_refused") > 0);
        QCOMPARE(r.responses, quint64(0));
    } else if (kind == u"timeout"_s) {
        QVERIFY(r.errors.at("timeout") >= 1);
        QCOMPARE(r.responses, quint64(0));
        QVERIFY(r.latency.totalCount() >= 1); // a timed-out request is kept in the histogram
    } else if (every == 0) {
        QVERIFY(r.errors.empty());
        QVERIFY(r.responses > 10);
    } else {
        // Every request the runner wrote reached the server, and every n-th failed.
        const quint64 expected = r.sent / quint64(every);
        QVERIFY(r.sent > 10);
        QCOMPARE(r.errors.at(kind.toStdString()), expected);
        if (kind.startsWith(u"status"_s))
            QCOMPARE(r.responses, r.sent);
        else
            QCOMPARE(r.responses, r.sent - expected);
    }
}

void TestRunner::misbehavingAnswersAreErrorsOfTheirKind_data()
{
    QTest::addColumn<QString>("io");
    QTest::addColumn<int>("mode"); // TinyHttpServer::Mode
    QTest::addColumn<double>("rate");
    QTest::addColumn<int>("connections");
    for (const char *io : {"epoll", "io_uring"})
        for (const auto &[how, rate] : {std::pair{"saturation", 0.0}, std::pair{"fixed rate", 400.0}})
            for (const int connections : {1, 3}) {
                const auto row = [&](const char *name, TinyHttpServer::Mode mode) {
                    QTest::addRow("%s, %s, %d connections, %s", io, how, connections, name)
                        << QString::fromLatin1(io) << int(mode) << rate << connections;
                };
                row("answers each request twice", TinyHttpServer::Mode::AnswersTwice);
                row("two Content-Length that differ", TinyHttpServer::Mode::TwoLengths);
                row("the same Content-Length twice", TinyHttpServer::Mode::SameLengthTwice);
            }
}

void TestRunner::misbehavingAnswersAreErrorsOfTheirKind()
{
    // A second answer arrives before its request was written: an
    // early_response, never a success (the server's reads bound the
    // responses counted). Two Content-Length headers that differ: a parse
    // error at once, for every request, not a timeout; two that agree are fine.
    QFETCH(QString, io);
    QFETCH(int, mode);
    QFETCH(double, rate);
    QFETCH(int, connections);
    std::uint64_t served = 0;
    bs::LoadResult r;
    {
        TinyHttpServer server{TinyHttpServer::Mode(mode)};
        QVERIFY(server.port());
        std::string error;
        auto target = bs::HttpTarget::fromUrl("http://127.0.0.1:" + std::to_string(server.port()), error);
        QVERIFY2(target, error.c_str());
        bs::LoadOptions o;
        o.connections = connections;
        o.durationSeconds = 0.3;
        o.timeoutSeconds = 2;
        o.fixedRate = rate > 0;
        o.rate = rate;
        o.io = clientIo(io);
        r = bs::LoadGenerator::run(target->address(), target->request("GET", "/", {}, {}), false, o, nullptr, nullptr);
        served = server.requestsRead();
    }
    std::string counted;
    for (const auto &[k, n] : r.errors)
        counted += k + " " + std::to_string(n) + "; ";
    QVERIFY(r.sent > 10);
    switch (TinyHttpServer::Mode(mode)) {
    case TinyHttpServer::Mode::AnswersTwice:
        QVERIFY2(r.errors.size() == 1 && r.errors.count("early_response"), counted.c_str());
        QVERIFY(r.responses <= served);
        QVERIFY(r.okResponses <= served);
        QVERIFY2(r.errors.at("early_response") >= 1, counted.c_str());
        break;
    case TinyHttpServer::Mode::TwoLengths:
        QVERIFY2(r.errors.size() == 1 && r.errors.count("parse"), counted.c_str());
        QCOMPARE(r.errors.at("parse"), r.sent);
        QCOMPARE(r.responses, std::uint64_t(0));
        break;
    case TinyHttpServer::Mode::SameLengthTwice:
        QVERIFY2(r.errors.empty(), counted.c_str());
        QCOMPARE(r.responses, r.sent);
        break;
    }
}

void TestRunner::latencyIsTheServersDelay()
{
    // Each answer is held 30 ms: every latency is at least that, within the
    // histogram's 3 digits (io_uring's kernel arrival stamp is never before
    // the write), and its batching wait does not push them far past it.
    QFETCH(QString, io);
    const quint16 port = startServer({u"--delay-ms"_s, u"30"_s});
    std::string error;
    auto target = bs::HttpTarget::fromUrl("http://127.0.0.1:" + std::to_string(port), error);
    QVERIFY2(target, error.c_str());
    bs::LoadOptions o;
    o.connections = 4;
    o.durationSeconds = 0.5;
    o.io = clientIo(io);
    const bs::LoadResult r = bs::LoadGenerator::run(target->address(), target->request("GET", "/", {}, {}), false, o,
                                                    nullptr, nullptr);
    QVERIFY(r.errors.empty());
    QVERIFY(r.responses >= 4 * 10);
    const bs::Histogram h = r.latency.toHistogram();
    QCOMPARE(h.totalCount(), r.responses);
    QVERIFY2(h.minValue() >= 29'900'000ULL, qPrintable(QString::number(h.minValue())));
    QVERIFY2(h.valueAtPercentile(50) < 45'000'000ULL, qPrintable(QString::number(h.valueAtPercentile(50))));
}

void TestRunner::stallShowsInCorrectedP99NotInServiceTime()
{
    QFETCH(QString, io);
    // 1000 requests/s on one connection for 1.5 s; one response is held for
    // 400 ms, so about 400 requests wait behind it.
    const quint16 port = startServer({u"--stall-ms"_s, u"400"_s, u"--stall-after"_s, u"300"_s});
    const Run run = runRunner(writeSuite(suiteWith(
        {httpParticipant(u"stalls"_s, port)},
        {{u"mode"_s, u"fixed-rate"_s}, {u"rate"_s, 1000}, {u"connections"_s, 1}, {u"duration_s"_s, 1.5}, {u"warmup_s"_s, 0},
         {u"repetitions"_s, 1}, {u"client_io"_s, io}})));
    QCOMPARE(run.exitCode, 0);
    const bs::Capture &c = *run.capture;
    QCOMPARE(c.provenance.conditions.extra.at("client_io"), std::string(bs::LoadGenerator::resolvedIo(clientIo(io))));
    QVERIFY(c.provenance.conditions.latencyCorrected.value_or(false));
    const bs::Repetition &rep = onlyResult(c).repetitions.at(0);
    const double corrected = rep.metrics.at("latency_p99");
    const double service = rep.metrics.at("service_time_p99");
    QVERIFY2(corrected > 0.2, qPrintable(QString::number(corrected)));
    QVERIFY2(service < 0.1, qPrintable(QString::number(service)));
    QVERIFY(rep.histograms.count("latency") && rep.histograms.count("service_time"));
    QVERIFY(rep.histograms.at("service_time").maxValue() >= 400'000'000ULL); // the stall itself is kept
}

void TestRunner::requestCountsMatchWhatTheServerSaw()
{
    const quint16 port = freePort();
    const QString countFile = m_h.path(u"count.txt"_s);
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
    QJsonObject participant {
        {u"id"_s, u"server"_s},
        {u"start"_s, QJsonObject {{u"command"_s, QJsonArray {m_h.bin(u"benchscope-testserver"_s), u"--port"_s, QString::number(port),
                                                       u"--count-file"_s, countFile}}}},
        {u"url"_s, url},
        {u"ready"_s, QJsonObject {{u"url"_s, QString(url + u"/__count"_s)}}}, // not counted by the server
    };
    QFETCH(QString, io);
    const Run run = runRunner(writeSuite(suiteWith(
        {participant},
        {{u"connections"_s, 4}, {u"duration_s"_s, 0.4}, {u"warmup_s"_s, 0}, {u"repetitions"_s, 2}, {u"client_io"_s, io}})));
    QCOMPARE(run.exitCode, 0);
    const bs::Result &r = onlyResult(*run.capture);
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    QCOMPARE(r.repetitions.size(), std::size_t(2));
    // One start-up per participant: one figure measured once, n = 1, not copied onto each repetition.
    QCOMPARE(int(run.capture->metric("startup_s")->scope), int(bs::MetricScope::Participant));
    QVERIFY(r.once.at("startup_s") > 0);
    QCOMPARE(r.summary.at("startup_s").n, std::size_t(1));
    QVERIFY(r.summary.at("startup_s").once);
    double requests = 0;
    for (const bs::Repetition &rep : r.repetitions) {
        requests += rep.metrics.at("requests");
        QVERIFY(!rep.metrics.count("startup_s"));
        QVERIFY(rep.metrics.at("peak_rss") > 100'000);
        QVERIFY(rep.metrics.count("cpu_time_s"));
        QCOMPARE(rep.histograms.at("latency").totalCount(), quint64(rep.metrics.at("requests")));
    }
    QFile f(countFile);
    QVERIFY(f.open(QIODevice::ReadOnly)); // written when the runner stopped the server with SIGTERM
    const double seen = f.readAll().toDouble();
    QCOMPARE(seen, requests + 1); // + the contract check

    // The progress lines: phases in order, ending with where the capture is.
    QStringList phases;
    for (const QJsonObject &e : run.events)
        if (phases.isEmpty() || phases.back() != e.value(u"phase"_s).toString())
            phases << e.value(u"phase"_s).toString();
    QCOMPARE(phases, (QStringList {u"plan"_s, u"start"_s, u"ready"_s, u"contract"_s, u"repetition"_s, u"stop"_s, u"done"_s}));
    const QJsonObject rep = run.events.at(run.events.size() - 3);
    QCOMPARE(rep.value(u"participant"_s).toString(), QStringLiteral("server"));
    QCOMPARE(rep.value(u"case"_s).toString(), QStringLiteral("hello"));
    QCOMPARE(rep.value(u"repetition"_s).toInt(), 2);
    QVERIFY(rep.value(u"rps"_s).toDouble() > 0);
    QVERIFY(run.events.back().value(u"out"_s).toString().endsWith(u".json.gz"_s));
}

void TestRunner::refusedIoUringFallsBackToEpoll_data()
{
    QTest::addColumn<QString>("io");
    QTest::newRow("auto") << u"auto"_s;
    QTest::newRow("io_uring asked for") << u"io_uring"_s;
}

void TestRunner::refusedIoUringFallsBackToEpoll()
{
    // Under a seccomp filter that makes io_uring_setup fail with EPERM (as
    // Docker's default profile does), the run measures on epoll, and says so.
    QFETCH(QString, io);
    const quint16 port = startServer({});
    QVERIFY(port);
    const Run run = m_h.runUnder(m_h.bin(u"benchscope-refuse-uring"_s), writeSuite(suiteWith(
        {httpParticipant(u"server"_s, port)},
        {{u"connections"_s, 4}, {u"duration_s"_s, 0.3}, {u"warmup_s"_s, 0}, {u"repetitions"_s, 1}})),
        {u"--client-io"_s, io});
    QVERIFY2(run.capture, qPrintable(run.errors));
    QCOMPARE(run.exitCode, 0);
    const bs::Capture &c = *run.capture;
    QCOMPARE(c.provenance.conditions.extra.at("client_io"), std::string("epoll"));
    const bs::Result &r = onlyResult(c);
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    const bs::Repetition &rep = r.repetitions.at(0);
    QVERIFY(rep.metrics.at("requests") > 10);
    QCOMPARE(rep.metrics.at("errors"), 0.0);
    // Asked for by name, the fallback is said on stderr and in the caveats;
    // under auto it is the documented choice, and nothing is said.
    const std::string said = "client_io \"io_uring\" was asked for, but the kernel refused io_uring (Operation not permitted)";
    const bool inCaveats = std::any_of(c.provenance.caveats.begin(), c.provenance.caveats.end(),
                                       [&](const std::string &s) { return s.rfind(said, 0) == 0; });
    QCOMPARE(inCaveats, io == u"io_uring"_s);
    QCOMPARE(run.errors.contains(QString::fromStdString(said)), io == u"io_uring"_s);
}

void TestRunner::interruptedRunWritesPartialCapture()
{
    const quint16 port = startServer({});
    // A second participant the run never reaches before Ctrl-C.
    const QString suite = writeSuite(suiteWith({httpParticipant(u"server"_s, port), httpParticipant(u"later"_s, port)},
                                               {{u"connections"_s, 2}, {u"duration_s"_s, 0.3}, {u"warmup_s"_s, 0}, {u"repetitions"_s, 50}}));
    QProcess p;
    const QString out = m_h.outPath();
    p.start(m_h.bin(u"benchscope-run"_s), {suite, u"--out"_s, out});
    // Ctrl-C after the second repetition is reported.
    QByteArray seen;
    QTRY_VERIFY_WITH_TIMEOUT((seen += p.readAllStandardOutput(), seen.count("\"phase\":\"repetition\"") >= 2), 20000);
    ::kill(pid_t(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 3); // written, but partial
    const QByteArray rest = p.readAllStandardOutput();
    QVERIFY(rest.contains("\"phase\":\"done\"") && rest.contains("\"complete\":false"));

    bs::LoadError error;
    const auto c = bs::CaptureReader::readFile(out.toStdString(), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result &r = onlyResult(*c, "server");
    QVERIFY(r.repetitions.size() >= 2 && r.repetitions.size() < 50);
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    QVERIFY2(r.reason.find("interrupted by SIGINT") != std::string::npos, r.reason.c_str());
    // Not reached: cancelled, not an error of the participant, and it reads so
    // back from the file and in the tables.
    const bs::Result &later = onlyResult(*c, "later");
    QCOMPARE(int(later.status), int(bs::ResultStatus::Cancelled));
    QCOMPARE(later.reason, std::string("not measured: interrupted by SIGINT (Ctrl-C)"));
    QCOMPARE(bs::CaptureTables::statusText(&later), std::string("cancelled"));
    bool caveat = false;
    for (const std::string &s : c->provenance.caveats)
        caveat = caveat || s.find("Partial capture") != std::string::npos;
    QVERIFY(caveat);
}

void TestRunner::crashedParticipantKeepsCompletedRepetitions()
{
    // 100 requests per repetition at a fixed rate; the server dies on the 250th.
    const quint16 port = freePort();
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
    QJsonObject participant {
        {u"id"_s, u"crashes"_s},
        {u"start"_s, QJsonObject {{u"command"_s, QJsonArray {m_h.bin(u"benchscope-testserver"_s), u"--port"_s, QString::number(port),
                                                       u"--crash-after"_s, u"250"_s}}}},
        {u"url"_s, url},
        {u"ready"_s, QJsonObject {{u"url"_s, QString(url + u"/__count"_s)}}},
    };
    QJsonObject suite = suiteWith({participant}, {{u"mode"_s, u"fixed-rate"_s}, {u"rate"_s, 200}, {u"connections"_s, 2},
                                                  {u"duration_s"_s, 0.5}, {u"warmup_s"_s, 0}, {u"repetitions"_s, 5}});
    QJsonArray cases = suite.value(u"cases"_s).toArray();
    cases.append(QJsonObject {{u"id"_s, u"second"_s}, {u"path"_s, u"/"_s}});
    suite[u"cases"_s] = cases;
    const Run run = runRunner(writeSuite(suite));
    QCOMPARE(run.exitCode, 0);
    const bs::Result &r = run.capture->results.at(0);
    QCOMPARE(r.repetitions.size(), std::size_t(2));
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    QVERIFY2(r.reason.find("exited with status 70") != std::string::npos, r.reason.c_str());
    const bs::Result &second = run.capture->results.at(1);
    QCOMPARE(int(second.status), int(bs::ResultStatus::Error));
    QVERIFY2(second.reason.find("exited with status 70") != std::string::npos, second.reason.c_str());
}

void TestRunner::failedRequestsFlagTheResult()
{
    // Every third request is reset: the run is ok but not clean.
    const quint16 port = startServer({u"--reset-every"_s, u"3"_s});
    QVERIFY(port);
    const Run run = runRunner(writeSuite(suiteWith(
        {httpParticipant(u"flaky"_s, port)},
        {{u"connections"_s, 1}, {u"duration_s"_s, 0.3}, {u"warmup_s"_s, 0}, {u"repetitions"_s, 1}})));
    QCOMPARE(run.exitCode, 0);
    const bs::Result &r = onlyResult(*run.capture);
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    QCOMPARE(r.flags, std::vector<std::string>{bs::FailureShare::kFlag});
    QVERIFY2(r.reason.find("requests failed (") != std::string::npos && r.reason.find("× reset") != std::string::npos,
             r.reason.c_str());
}

void TestRunner::takenPortIsAnError()
{
    const quint16 port = startServer({}); // already there, answering
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
    QJsonObject participant {
        {u"id"_s, u"late"_s},
        {u"start"_s, QJsonObject {{u"command"_s, QJsonArray {m_h.bin(u"benchscope-testserver"_s), u"--port"_s, QString::number(port)}}}},
        {u"url"_s, url},
    };
    const Run run = runRunner(writeSuite(suiteWith({participant}, {{u"duration_s"_s, 0.2}, {u"repetitions"_s, 1}})));
    QCOMPARE(run.exitCode, 0);
    const bs::Result &r = onlyResult(*run.capture);
    QCOMPARE(int(r.status), int(bs::ResultStatus::Error));
    QVERIFY2(r.reason.find("port already in use") != std::string::npos, r.reason.c_str());
}

void TestRunner::abbaAlternatesParticipants()
{
    const quint16 a = startServer({});
    const quint16 b = startServer({});
    const Run run = runRunner(writeSuite(suiteWith({httpParticipant(u"a"_s, a), httpParticipant(u"b"_s, b)},
                                                   {{u"run_order"_s, u"abba"_s}, {u"connections"_s, 1}, {u"duration_s"_s, 0.1},
                                                    {u"warmup_s"_s, 0}, {u"repetitions"_s, 4}})),
                              {u"--quiet"_s});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.events.isEmpty()); // --quiet
    QCOMPARE(run.capture->provenance.conditions.runOrder, std::string("abba"));

    const Run loud = runRunner(writeSuite(suiteWith({httpParticipant(u"a"_s, a), httpParticipant(u"b"_s, b)},
                                                    {{u"run_order"_s, u"abba"_s}, {u"connections"_s, 1}, {u"duration_s"_s, 0.1},
                                                     {u"warmup_s"_s, 0}, {u"repetitions"_s, 4}})));
    QString order;
    for (const QJsonObject &e : loud.events)
        if (e.value(u"phase"_s).toString() == u"repetition"_s)
            order += e.value(u"participant"_s).toString();
    QCOMPARE(order, QStringLiteral("abbaabba"));
}

QTEST_GUILESS_MAIN(TestRunner)
#include "tst_runner.moc"
