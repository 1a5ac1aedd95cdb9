// The local set's data, costs and validation captures, read
// through `benchscope-cli inspect --format json` as a user would: their
// structure and statuses, never their speeds.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <set>

class TestLocalDataSamples : public QObject {
    Q_OBJECT
private slots:
    void workloadHasOneTabPerLevel();
    void workloadKeepsP95AndP99();
    void restartsGiveOneSamplePerRepetition();
    void sizesAreBytes();
    void installIsUnsupportedWithoutAnInstallStep();
    void validationMarksMissingModesUnsupported();
};

using namespace Qt::StringLiterals;

namespace {

QJsonObject inspect(const QString &name)
{
    const QString path = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + u"/sample-data/local/"_s + name;
    const CliRun run = CliRun::run({u"inspect"_s, path, u"--format"_s, u"json"_s});
    if (run.exitCode != 0)
        qWarning("%s", qPrintable(run.err));
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QJsonObject result(const QJsonObject &capture, const QString &participant, const QString &caseId)
{
    for (const QJsonValue &r : capture[u"results"_s].toArray())
        if (r[u"participant"_s] == participant && r[u"case"_s] == caseId)
            return r.toObject();
    return {};
}

QJsonObject metric(const QJsonObject &capture, const QString &id)
{
    for (const QJsonValue &m : capture[u"metrics"_s].toArray())
        if (m[u"id"_s] == id)
            return m.toObject();
    return {};
}

const QStringList kServers {u"python-sqlite3"_s, u"node-better-sqlite3"_s, u"node-sqljs"_s};
const QStringList kLevelCases {u"lookup-c1"_s, u"nested-c1"_s, u"lookup-c48"_s, u"nested-c48"_s};

} // namespace

void TestLocalDataSamples::workloadHasOneTabPerLevel()
{
    const QJsonObject c = inspect(u"sqlite-workload.json.gz"_s);
    QCOMPARE(c[u"suite"_s][u"id"_s].toString(), u"sqlite-workload"_s);
    std::set<QString> ids, groups;
    for (const QJsonValue &k : c[u"cases"_s].toArray()) {
        ids.insert(k[u"id"_s].toString());
        groups.insert(k[u"group"_s].toString());
    }
    QCOMPARE(ids, (std::set<QString>(kLevelCases.begin(), kLevelCases.end())));
    QCOMPARE(groups, (std::set<QString> {u"1 concurrent"_s, u"48 concurrent"_s}));
    // Every participant answered the contract (the same JSON) before it was timed.
    const QJsonArray contracts = c[u"contracts"_s].toArray();
    QVERIFY(!contracts.isEmpty());
    for (const QJsonValue &k : contracts)
        QVERIFY2(k[u"passed"_s].toBool(), qPrintable(k[u"participant"_s].toString() + u" "_s + k[u"what"_s].toString()));
}

void TestLocalDataSamples::workloadKeepsP95AndP99()
{
    const QJsonObject c = inspect(u"sqlite-workload.json.gz"_s);
    for (const QString &p : kServers) {
        for (const QString &k : kLevelCases) {
            const QJsonObject r = result(c, p, k);
            QVERIFY2(r[u"status"_s] == u"ok"_s, qPrintable(p + u" "_s + k + u" "_s + r[u"reason"_s].toString()));
            QCOMPARE(r[u"n"_s].toInt(), 3);
            QVERIFY(r[u"representative"_s].toInt() >= 0 && r[u"representative"_s].toInt() < 3);
            const QJsonObject m = r[u"metrics"_s].toObject();
            const double p95 = m[u"latency_p95"_s][u"value"_s].toDouble();
            const double p99 = m[u"latency_p99"_s][u"value"_s].toDouble();
            QVERIFY2(p95 > 0 && p95 <= p99, qPrintable(p + u" "_s + k));
            QCOMPARE(m[u"latency_p99"_s][u"n"_s].toInt(), 3);
        }
    }
}

void TestLocalDataSamples::restartsGiveOneSamplePerRepetition()
{
    const QJsonObject c = inspect(u"sqlite-startup.json.gz"_s);
    for (const QString &p : kServers) {
        const QJsonObject r = result(c, p, u"first-response"_s);
        QCOMPARE(r[u"status"_s].toString(), u"ok"_s);
        const int n = r[u"n"_s].toInt();
        QCOMPARE(n, 5);
        const QJsonObject m = r[u"metrics"_s].toObject();
        for (const QString &id : {u"startup_s"_s, u"first_response_s"_s, u"shutdown_s"_s}) {
            QCOMPARE(m[id][u"n"_s].toInt(), n);
            QVERIFY2(!m[id][u"once"_s].toBool(), qPrintable(id));
            QVERIFY2(m[id][u"min"_s].toDouble() > 0 && m[id][u"min"_s].toDouble() <= m[id][u"max"_s].toDouble(),
                     qPrintable(p + u" "_s + id));
        }
    }
}

void TestLocalDataSamples::sizesAreBytes()
{
    const QJsonObject c = inspect(u"sqlite-install.json.gz"_s);
    QCOMPARE(metric(c, u"size"_s)[u"unit"_s].toString(), u"B"_s);
    double database = -1;
    for (const QString &p : kServers) {
        const double installed = result(c, p, u"installed"_s)[u"metrics"_s][u"size"_s][u"value"_s].toDouble();
        QVERIFY2(installed > 0 && installed == std::floor(installed), qPrintable(p));
        const double db = result(c, p, u"database"_s)[u"metrics"_s][u"size"_s][u"value"_s].toDouble();
        QVERIFY(db > 0);
        QVERIFY(database < 0 || db == database); // one database for all
        database = db;
    }
    // node_modules dwarfs a stdlib script.
    QVERIFY(result(c, u"python-sqlite3"_s, u"installed"_s)[u"metrics"_s][u"size"_s][u"value"_s].toDouble() <
            result(c, u"node-sqljs"_s, u"installed"_s)[u"metrics"_s][u"size"_s][u"value"_s].toDouble());
}

void TestLocalDataSamples::installIsUnsupportedWithoutAnInstallStep()
{
    const QJsonObject c = inspect(u"sqlite-install.json.gz"_s);
    const QJsonObject python = result(c, u"python-sqlite3"_s, u"install"_s);
    QCOMPARE(python[u"status"_s].toString(), u"unsupported"_s);
    QVERIFY(python[u"reason"_s].toString().contains(u"stdlib"_s));
    for (const QString &p : {u"node-better-sqlite3"_s, u"node-sqljs"_s}) {
        const QJsonObject r = result(c, p, u"install"_s);
        QCOMPARE(r[u"status"_s].toString(), u"ok"_s);
        QVERIFY(r[u"metrics"_s][u"wall_time"_s][u"value"_s].toDouble() > 0);
        QVERIFY(r[u"metrics"_s][u"size"_s][u"value"_s].toDouble() > 0);
        // Timed commands of participants that are never started carry no start-up figures.
        QVERIFY(!r[u"metrics"_s].toObject().contains(u"startup_s"_s));
    }
}

void TestLocalDataSamples::validationMarksMissingModesUnsupported()
{
    const QJsonObject c = inspect(u"validation-ttrb.json.gz"_s);
    std::set<QString> cases;
    for (const QJsonValue &k : c[u"cases"_s].toArray())
        cases.insert(k[u"id"_s].toString());
    QCOMPARE(cases, (std::set<QString> {u"assertloose"_s, u"assertstrict"_s, u"parsesafe"_s, u"parsestrict"_s}));
    // ajv has no parse modes upstream, superstruct no parseSafe: the page's dash.
    for (const auto &[p, k] : {std::pair {u"ajv"_s, u"parsesafe"_s}, {u"ajv"_s, u"parsestrict"_s},
                               {u"superstruct"_s, u"parsesafe"_s}})
        QCOMPARE(result(c, p, k)[u"status"_s].toString(), u"unsupported"_s);
    for (const QString &k : cases)
        QCOMPARE(result(c, u"zod"_s, k)[u"status"_s].toString(), u"ok"_s);
    QCOMPARE(result(c, u"valibot"_s, u"parsesafe"_s)[u"status"_s].toString(), u"ok"_s);
    // The provenance says what upstream's file does not: who ran it, on what.
    bool loadStated = false;
    for (const QJsonValue &v : c[u"caveats"_s].toArray())
        loadStated = loadStated || v.toString().contains(u"load average"_s);
    QVERIFY(loadStated);
}

QTEST_GUILESS_MAIN(TestLocalDataSamples)
#include "tst_localdatasamples.moc"
