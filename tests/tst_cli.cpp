// benchscope-cli inspect: output, formats and exit codes, run as a user would.
#include "clirun.h"

#include <QtTest>

namespace {
using Run = CliRun;

Run cli(const QStringList &args)
{
    return CliRun::run(args);
}

QString sample(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/") + QString::fromUtf8(name);
}
QString testData(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/tests/data/capture/") + QString::fromUtf8(name);
}
} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void inspectPrintsPublishedFigures_data();
    void inspectPrintsPublishedFigures();
    void inspectShowsStatusesAndRanges();
    void inspectJsonIsNormalized();
    void inspectCsvAndMarkdown();
    void badInputExitsOneNamingFileAndPlace_data();
    void badInputExitsOneNamingFileAndPlace();
    void usageErrorsExitTwo();
    void commandHelpListsItsOptions_data();
    void commandHelpListsItsOptions();
    void drawingCommandsNeedBenchscopeRender();
};

void TestCli::inspectPrintsPublishedFigures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("orbit hello-world throughput")
        << sample("published/orbit-js-frameworks.json.gz") << QString()
        << QStringList{QStringLiteral("31,315"), QStringLiteral("NestJS Express"), QStringLiteral("4,534")};
    QTest::newRow("orbit cold start in ms")
        << sample("published/orbit-js-frameworks.json.gz") << QStringLiteral("cold_start")
        << QStringList{QStringLiteral("1,331"), QStringLiteral("113")};
    QTest::newRow("workers local p99 in ms")
        << sample("published/workers-benchmark-local.json.gz") << QStringLiteral("latency_p99")
        << QStringList{QStringLiteral("274.24"), QStringLiteral("1.48"), QStringLiteral("(ms)")};
    QTest::newRow("workers remote outlier kept")
        << sample("published/workers-benchmark-remote.json.gz") << QStringLiteral("latency_p99")
        << QStringList{QStringLiteral("1,099.0"), QStringLiteral("297.6")};
    QTest::newRow("suku baseline")
        << sample("published/suku-overhead.json.gz") << QString()
        << QStringList{QStringLiteral("Raw Bun.serve (baseline)"), QStringLiteral("113,000"), QStringLiteral("47,000")};
}

void TestCli::inspectPrintsPublishedFigures()
{
    QFETCH(QString, file);
    QFETCH(QString, metric);
    QFETCH(QStringList, expected);
    QStringList args{QStringLiteral("inspect"), file};
    if (!metric.isEmpty())
        args << QStringLiteral("--metric") << metric;
    const Run r = cli(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 0);
    for (const QString &e : expected)
        QVERIFY2(r.out.contains(e), qPrintable(e + QStringLiteral(" not in:\n") + r.out));
    QVERIFY(r.out.contains(QLatin1String("Caveat")));
}

void TestCli::inspectShowsStatusesAndRanges()
{
    const Run r = cli({QStringLiteral("inspect"), testData("valid.json"), QStringLiteral("--metric"), QStringLiteral("all")});
    QCOMPARE(r.exitCode, 0);
    // rps of Alpha: 110 from runs 100..120; its p99 from the same run; db unsupported / contract failed.
    QVERIFY2(r.out.contains(QStringLiteral("110 [100–120]")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("—")));
    QVERIFY(r.out.contains(QStringLiteral("contract failed")));
    QVERIFY(r.out.contains(QStringLiteral("no database driver")));
    QVERIFY(r.out.contains(QStringLiteral("not confidence intervals")));
}

void TestCli::inspectJsonIsNormalized()
{
    const Run r = cli({QStringLiteral("inspect"), testData("valid.json"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    QJsonParseError error;
    const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(doc[QLatin1String("suite")].toObject()[QLatin1String("id")].toString(), QStringLiteral("tiny"));
    QCOMPARE(doc[QLatin1String("participants")].toArray().size(), 2);
    QCOMPARE(doc[QLatin1String("cases")].toArray().size(), 2);
    QCOMPARE(doc[QLatin1String("metrics")].toArray().size(), 2);
    const QJsonArray results = doc[QLatin1String("results")].toArray();
    QCOMPARE(results.size(), 4);
    const QJsonObject a = results[0].toObject();
    QCOMPARE(a[QLatin1String("participant")].toString(), QStringLiteral("a"));
    QCOMPARE(a[QLatin1String("status")].toString(), QStringLiteral("ok"));
    const QJsonObject rps = a[QLatin1String("metrics")].toObject()[QLatin1String("rps")].toObject();
    QCOMPARE(rps[QLatin1String("value")].toDouble(), 110.0);
    QCOMPARE(rps[QLatin1String("median")].toDouble(), 110.0);
    QCOMPARE(rps[QLatin1String("min")].toDouble(), 100.0);
    QCOMPARE(rps[QLatin1String("max")].toDouble(), 120.0);
    QCOMPARE(rps[QLatin1String("n")].toInt(), 3);
    QCOMPARE(results[2].toObject()[QLatin1String("status")].toString(), QStringLiteral("unsupported"));
}

void TestCli::inspectCsvAndMarkdown()
{
    const Run csv = cli({QStringLiteral("inspect"), testData("valid.json"), QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(csv.exitCode, 0);
    const QStringList lines = csv.out.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3); // header + 2 participants
    QVERIFY(lines[0].startsWith(QLatin1String("Participant,")));
    // Machine form: value, min, max, n and status in columns of their own.
    QVERIFY2(lines[1].startsWith(QStringLiteral("Alpha,110,100,120,3,ok,")), qPrintable(lines[1]));
    const Run md = cli({QStringLiteral("inspect"), testData("valid.json"), QStringLiteral("--format"), QStringLiteral("markdown")});
    QCOMPARE(md.exitCode, 0);
    QVERIFY(md.out.contains(QLatin1String("| Participant |")));
    QVERIFY(md.out.contains(QLatin1String("| ---: |")));
}

void TestCli::badInputExitsOneNamingFileAndPlace_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated gzip") << testData("bad-truncated.json.gz") << QStringLiteral("compressed byte");
    QTest::newRow("wrong type") << testData("bad-wrong-type.json") << QStringLiteral("$.results[0].repetitions[1].metrics.rps");
    QTest::newRow("unknown version") << testData("bad-version.json") << QStringLiteral("unknown major format version");
    QTest::newRow("missing file") << testData("nope.json") << QStringLiteral("file not found");
}

void TestCli::badInputExitsOneNamingFileAndPlace()
{
    QFETCH(QString, file);
    QFETCH(QString, expected);
    // A good file first: nothing is printed for it when a later one is bad.
    const Run r = cli({QStringLiteral("inspect"), testData("valid.json"), file});
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(QFileInfo(file).fileName()), qPrintable(r.err));
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
}

void TestCli::usageErrorsExitTwo()
{
    QCOMPARE(cli({}).exitCode, 2);
    QCOMPARE(cli({QStringLiteral("frobnicate")}).exitCode, 2);
    QCOMPARE(cli({QStringLiteral("inspect")}).exitCode, 2);
    QCOMPARE(cli({QStringLiteral("inspect"), testData("valid.json"), QStringLiteral("--format"), QStringLiteral("yaml")}).exitCode, 2);
    QCOMPARE(cli({QStringLiteral("--help")}).exitCode, 0);
}

void TestCli::commandHelpListsItsOptions_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QString>("absent");
    QTest::newRow("inspect") << QStringLiteral("inspect") << QStringList{QStringLiteral("--format FORMAT"), QStringLiteral("--metric ID")}
                             << QStringLiteral("--alpha");
    QTest::newRow("diff") << QStringLiteral("diff") << QStringList{QStringLiteral("--alpha P"), QStringLiteral("--metric ID")}
                          << QStringLiteral("--out");
    QTest::newRow("convert") << QStringLiteral("convert") << QStringList{QStringLiteral("--out PATH"), QStringLiteral("--split-raw")}
                             << QStringLiteral("--metric");
    // Through benchscope-render, as a user types it.
    QTest::newRow("export") << QStringLiteral("export") << QStringList{QStringLiteral("--chart KIND"), QStringLiteral("--pixel-ratio R")}
                            << QStringLiteral("--alpha");
}

void TestCli::commandHelpListsItsOptions()
{
    QFETCH(QString, command);
    QFETCH(QStringList, expected);
    QFETCH(QString, absent);
    const Run r = cli({command, QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(QStringLiteral("usage: benchscope-cli ") + command), qPrintable(r.out));
    for (const QString &e : expected)
        QVERIFY2(r.out.contains(e), qPrintable(e));
    QVERIFY(!r.out.contains(absent));
}

// benchscope-cli runs benchscope-render from its own folder for export and
// report; without it those two say so, and the others still work.
void TestCli::drawingCommandsNeedBenchscopeRender()
{
    QTemporaryDir dir;
    const QString lone = dir.filePath(QStringLiteral("benchscope-cli"));
    QVERIFY(QFile::copy(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QStringLiteral("/benchscope-cli"), lone));
    auto run = [&](const QStringList &args) {
        QProcess p;
        p.start(lone, args);
        p.waitForFinished(60000);
        return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardError()));
    };
    const auto [reportCode, reportError] = run({QStringLiteral("report"), testData("valid.json"), QStringLiteral("--out"), dir.filePath(QStringLiteral("r"))});
    QCOMPARE(reportCode, 1);
    QVERIFY2(reportError.contains(dir.filePath(QStringLiteral("benchscope-render"))), qPrintable(reportError));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("r"))));
    QCOMPARE(run({QStringLiteral("inspect"), testData("valid.json")}).first, 0);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
