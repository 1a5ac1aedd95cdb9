// The HTTP part of the local set (sample-data/local/, made by
// sample-data/local/make-http.sh) read through the built CLI, as a user
// would: its structure and statuses, never its speeds.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {

QString local(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/local/") + QLatin1String(name);
}

QJsonObject jsonOf(const QStringList &args)
{
    const CliRun r = CliRun::run(args);
    if (r.exitCode != 0)
        qFatal("benchscope-cli %s: exit %d: %s", qPrintable(args.join(QLatin1Char(' '))), r.exitCode,
               qPrintable(r.err));
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

QJsonObject inspectJson(const char *name)
{
    return jsonOf({QStringLiteral("inspect"), local(name), QStringLiteral("--format"), QStringLiteral("json")});
}

QString inspectText(const char *name)
{
    const CliRun r = CliRun::run({QStringLiteral("inspect"), local(name)});
    if (r.exitCode != 0)
        qFatal("benchscope-cli inspect %s: exit %d: %s", name, r.exitCode, qPrintable(r.err));
    return r.out;
}

QJsonObject result(const QJsonObject &capture, const QString &participant, const QString &caseId)
{
    for (const QJsonValue &v : capture.value(QStringLiteral("results")).toArray()) {
        const QJsonObject r = v.toObject();
        if (r.value(QStringLiteral("participant")).toString() == participant
            && r.value(QStringLiteral("case")).toString() == caseId)
            return r;
    }
    return {};
}

QMap<QString, int> statusCounts(const QJsonObject &capture)
{
    QMap<QString, int> counts;
    for (const QJsonValue &v : capture.value(QStringLiteral("results")).toArray())
        ++counts[v.toObject().value(QStringLiteral("status")).toString()];
    return counts;
}

} // namespace

class TstLocalSamples : public QObject {
    Q_OBJECT

private slots:
    void contractFailedIsNotMeasured_data();
    void contractFailedIsNotMeasured();
    void routeCoverage();
    void fixedRateIsCorrected();
    void abbaPairOrderAndDiff();
};

void TstLocalSamples::contractFailedIsNotMeasured_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("saturation") << QStringLiteral("http-saturation.json.gz");
    QTest::newRow("fixed rate") << QStringLiteral("http-fixed-rate.json.gz");
}

// Five participants on the contract's three routes: every result is there,
// and only perl's GET /user/:id failed, with what was expected and what came.
void TstLocalSamples::contractFailedIsNotMeasured()
{
    QFETCH(QString, file);
    const QJsonObject c = inspectJson(file.toUtf8().constData());
    QCOMPARE(c.value(QStringLiteral("participants")).toArray().size(), 5);
    QCOMPARE(c.value(QStringLiteral("cases")).toArray().size(), 3);
    const QMap<QString, int> counts = statusCounts(c);
    QCOMPARE(counts.value(QStringLiteral("ok")), 14);
    QCOMPARE(counts.value(QStringLiteral("contract-failed")), 1);

    const QJsonObject failed = result(c, QStringLiteral("perl"), QStringLiteral("user-id"));
    QCOMPARE(failed.value(QStringLiteral("status")).toString(), QStringLiteral("contract-failed"));
    QCOMPARE(failed.value(QStringLiteral("n")).toInt(), 0);
    QVERIFY(failed.value(QStringLiteral("metrics")).toObject().isEmpty());

    QJsonArray failures;
    for (const QJsonValue &v : c.value(QStringLiteral("contracts")).toArray())
        if (!v.toObject().value(QStringLiteral("passed")).toBool())
            failures.append(v);
    QCOMPARE(failures.size(), 1);
    const QJsonObject check = failures.first().toObject();
    QCOMPARE(check.value(QStringLiteral("participant")).toString(), QStringLiteral("perl"));
    QCOMPARE(check.value(QStringLiteral("what")).toString(), QStringLiteral("body"));
    QCOMPARE(check.value(QStringLiteral("expected")).toString(), QStringLiteral("42 (2 bytes)"));
    QCOMPARE(check.value(QStringLiteral("actual")).toString(), QStringLiteral("differs at byte 2: 42\\n (3 bytes)"));
    // The same route on another participant passed and was measured.
    QCOMPARE(result(c, QStringLiteral("nginx"), QStringLiteral("user-id")).value(QStringLiteral("n")).toInt(), 3);
}

void TstLocalSamples::routeCoverage()
{
    const QJsonObject c = inspectJson("route-coverage.json.gz");
    QCOMPARE(c.value(QStringLiteral("cases")).toArray().size(), 6);
    QCOMPARE(c.value(QStringLiteral("results")).toArray().size(), 4 * 6);
    const QMap<QString, int> counts = statusCounts(c);
    QCOMPARE(counts.value(QStringLiteral("ok")), 22);
    const QJsonObject missing = result(c, QStringLiteral("nginx"), QStringLiteral("echo"));
    QCOMPARE(missing.value(QStringLiteral("status")).toString(), QStringLiteral("missing"));
    QVERIFY(missing.value(QStringLiteral("reason")).toString().contains(QStringLiteral("cannot parse a JSON request body")));
    const QJsonObject dash = result(c, QStringLiteral("fastify"), QStringLiteral("static-file"));
    QCOMPARE(dash.value(QStringLiteral("status")).toString(), QStringLiteral("unsupported"));
    QVERIFY(dash.value(QStringLiteral("reason")).toString().contains(QStringLiteral("@fastify/static")));

    const QString text = inspectText("route-coverage.json.gz");
    QVERIFY(text.contains(QStringLiteral("POST /echo (JSON): missing — nginx-light has no scripting")));
}

void TstLocalSamples::fixedRateIsCorrected()
{
    const QString fixed = inspectText("http-fixed-rate.json.gz");
    QVERIFY(fixed.contains(QRegularExpression(QStringLiteral("Latency +coordinated-omission corrected\n"))));
    QVERIFY(fixed.contains(QRegularExpression(QStringLiteral("Offered rate +1,000 req/s"))));
    const QJsonObject c = inspectJson("http-fixed-rate.json.gz");
    QVERIFY(result(c, QStringLiteral("python"), QStringLiteral("root"))
                .value(QStringLiteral("metrics")).toObject().contains(QStringLiteral("service_time_p99")));
    const QString saturation = inspectText("http-saturation.json.gz");
    QVERIFY(saturation.contains(QRegularExpression(QStringLiteral("Latency +not coordinated-omission corrected"))));
}

void TstLocalSamples::abbaPairOrderAndDiff()
{
    const QString before = inspectText("latest-optimizations.before.json.gz");
    QVERIFY(before.contains(QRegularExpression(
        QStringLiteral("Revision order +before, after, after, before, before, after, after, before\n"))));
    QVERIFY(before.contains(QRegularExpression(QStringLiteral("Paired with +latest-optimizations.after.json.gz \\(after\\)"))));

    const QJsonObject d = jsonOf({QStringLiteral("diff"), local("latest-optimizations.before.json.gz"),
                                  local("latest-optimizations.after.json.gz"), QStringLiteral("--format"),
                                  QStringLiteral("json")});
    QCOMPARE(d.value(QStringLiteral("before")).toObject().value(QStringLiteral("revision")).toObject()
                 .value(QStringLiteral("id")).toString(), QStringLiteral("catalog-per-request"));
    QCOMPARE(d.value(QStringLiteral("after")).toObject().value(QStringLiteral("revision")).toObject()
                 .value(QStringLiteral("id")).toString(), QStringLiteral("catalog-cached"));
    QStringList rpsCells;
    for (const QJsonValue &v : d.value(QStringLiteral("cells")).toArray()) {
        const QJsonObject cell = v.toObject();
        if (cell.value(QStringLiteral("metric")).toString() != QStringLiteral("rps"))
            continue;
        rpsCells << cell.value(QStringLiteral("case")).toString();
        QCOMPARE(cell.value(QStringLiteral("presence")).toString(), QStringLiteral("both"));
        QCOMPARE(cell.value(QStringLiteral("before")).toObject().value(QStringLiteral("n")).toInt(), 4);
        QCOMPARE(cell.value(QStringLiteral("after")).toObject().value(QStringLiteral("n")).toInt(), 4);
        QVERIFY(!cell.value(QStringLiteral("verdict")).toString().isEmpty());
    }
    // Each half names the other (paired_with): that is no provenance difference.
    QVERIFY2(d.value(QStringLiteral("warnings")).toArray().isEmpty(),
             QJsonDocument(d.value(QStringLiteral("warnings")).toArray()).toJson().constData());
    rpsCells.sort();
    QCOMPARE(rpsCells, (QStringList{QStringLiteral("catalog"), QStringLiteral("user-id")}));
}

QTEST_GUILESS_MAIN(TstLocalSamples)
#include "tst_localsamples.moc"
