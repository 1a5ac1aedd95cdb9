// `benchscope-cli diff` run as a process on captures written with
// CaptureWriter: every output format, the metric and alpha options, and the
// exit codes (0 whatever the verdicts, 1 bad input, 2 usage).
#include "capturewriter.h"
#include "clirun.h"
#include "diffcaptures.h"

#include <QtTest>

namespace {

using Run = CliRun;

Run cli(const QStringList &args)
{
    return CliRun::run(args);
}

} // namespace

class TstDiffCommand : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void text();
    void markdown();
    void csv();
    void json();
    void metricOption();
    void alphaOption();
    void ruleOption();
    void badInput_data();
    void badInput();
    void usage_data();
    void usage();

private:
    QTemporaryDir m_dir;
    QString m_before, m_after, m_corrupt;
};

void TstDiffCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
    after.revision = {"r2", "level 9", "2026-01-02"};
    after.provenance.conditions.connections = 128;
    // gzip on text: slower after (a regression on purpose); zstd on text:
    // overlapping ranges; gzip on binary: 3 vs 3; zstd on binary: contract
    // failed after.
    diffcaptures::setResult(before, "gzip", "text",
                            {{"wall", {0.0419, 0.0414, 0.0692, 0.0421, 0.0417}}, {"throughput", {75e6, 76e6, 45e6, 74e6, 75.5e6}}});
    diffcaptures::setResult(after, "gzip", "text",
                            {{"wall", {0.1058, 0.1030, 0.1190, 0.1041, 0.1066}}, {"throughput", {29e6, 30e6, 26e6, 30.2e6, 29.5e6}}});
    diffcaptures::setResult(before, "zstd", "text", {{"wall", {0.0251, 0.0229, 0.0527, 0.0240, 0.0260}}});
    diffcaptures::setResult(after, "zstd", "text", {{"wall", {0.0284, 0.0277, 0.0318, 0.0280, 0.0290}}});
    diffcaptures::setResult(before, "gzip", "binary", {{"wall", {0.050, 0.049, 0.051}}});
    diffcaptures::setResult(after, "gzip", "binary", {{"wall", {0.040, 0.039, 0.041}}});
    diffcaptures::setResult(before, "zstd", "binary", {{"wall", {0.030, 0.031, 0.029, 0.030, 0.032}}});
    diffcaptures::setResult(after, "zstd", "binary", {}, bs::ResultStatus::ContractFailed, "output differs");
    m_before = m_dir.filePath(QStringLiteral("before.json.gz"));
    m_after = m_dir.filePath(QStringLiteral("after.json"));
    bs::LoadError error;
    QVERIFY2(bs::CaptureWriter::write(before, m_before.toStdString(), error), error.toString().c_str());
    QVERIFY2(bs::CaptureWriter::write(after, m_after.toStdString(), error), error.toString().c_str());
    m_corrupt = m_dir.filePath(QStringLiteral("corrupt.json"));
    QFile f(m_corrupt);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "benchscope-capture", "format_version": "1.0", "suite": {"id": 3}})");
}

void TstDiffCommand::text()
{
    const Run r = cli({QStringLiteral("diff"), m_before, m_after});
    QCOMPARE(r.exitCode, 0);
    const QStringList expected = {
        QStringLiteral("warning: connections: before 64, after 128"),
        QStringLiteral("41.9 [41.4–69.2]"),
        QStringLiteral("+152.5%"),
        QStringLiteral("▼ worse"),
        QStringLiteral("= no change established (p = 0.15 > 0.05)"),
        QStringLiteral("? too few samples (n=3 vs 3 cannot reach p<0.05; minimum p = 0.1)"),
        QStringLiteral("— not comparable (after: contract failed (output differs))"),
        QStringLiteral("0.0079"),
        QStringLiteral("5 vs 5"),
        QStringLiteral("Wall time (ms)"),
        // Only the established cell is summarised, and the count says of how many.
        QStringLiteral("Wall time (lower is better), overall: after is 2.53× slower over 1 established cell of 2 "
                       "compared"),
    };
    for (const QString &e : expected)
        QVERIFY2(r.out.contains(e), qPrintable(e + QStringLiteral(" not in:\n") + r.out));
    // Only the primary metric without --metric.
    QVERIFY(!r.out.contains(QStringLiteral("Throughput")));
}

void TstDiffCommand::markdown()
{
    const Run r = cli({QStringLiteral("diff"), m_before, m_after, QStringLiteral("--format"), QStringLiteral("markdown")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("| Participant | Case |")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("- connections: before 64, after 128")));
    QVERIFY(r.out.contains(QStringLiteral("- Wall time (lower is better), overall:")));
}

void TstDiffCommand::csv()
{
    const Run r = cli({QStringLiteral("diff"), m_before, m_after, QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(QStringLiteral("Participant,Case,Metric,Before (median),After (median)")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("▼ worse")));
    QVERIFY(!r.out.contains(QStringLiteral("warning")));
    QVERIFY(r.err.contains(QStringLiteral("warning: connections: before 64, after 128")));
}

void TstDiffCommand::json()
{
    const Run r = cli({QStringLiteral("diff"), m_before, m_after, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    QJsonParseError pe;
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8(), &pe).object();
    QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
    QCOMPARE(root.value(QStringLiteral("alpha")).toDouble(), 0.05);
    const QJsonArray warnings = root.value(QStringLiteral("warnings")).toArray();
    QCOMPARE(warnings.size(), 1);
    QCOMPARE(warnings.at(0).toObject().value(QStringLiteral("what")).toString(), QStringLiteral("connections"));
    QCOMPARE(warnings.at(0).toObject().value(QStringLiteral("before")).toString(), QStringLiteral("64"));
    QCOMPARE(warnings.at(0).toObject().value(QStringLiteral("after")).toString(), QStringLiteral("128"));
    QCOMPARE(root.value(QStringLiteral("after")).toObject().value(QStringLiteral("revision")).toObject()
                 .value(QStringLiteral("label")).toString(),
             QStringLiteral("level 9"));
    const QJsonArray cells = root.value(QStringLiteral("cells")).toArray();
    QCOMPARE(cells.size(), 4);
    QMap<QString, QJsonObject> byKey;
    for (const QJsonValue &v : cells) {
        const QJsonObject c = v.toObject();
        QCOMPARE(c.value(QStringLiteral("metric")).toString(), QStringLiteral("wall"));
        byKey[c.value(QStringLiteral("participant")).toString() + QLatin1Char('/') + c.value(QStringLiteral("case")).toString()] = c;
    }
    const QJsonObject worse = byKey.value(QStringLiteral("gzip/text"));
    QCOMPARE(worse.value(QStringLiteral("verdict")).toString(), QStringLiteral("worse"));
    QCOMPARE(worse.value(QStringLiteral("before")).toObject().value(QStringLiteral("median")).toDouble(), 0.0419);
    QCOMPARE(worse.value(QStringLiteral("before")).toObject().value(QStringLiteral("min")).toDouble(), 0.0414);
    QCOMPARE(worse.value(QStringLiteral("before")).toObject().value(QStringLiteral("max")).toDouble(), 0.0692);
    QCOMPARE(worse.value(QStringLiteral("after")).toObject().value(QStringLiteral("n")).toInt(), 5);
    QVERIFY(qAbs(worse.value(QStringLiteral("delta_pct")).toDouble() - (0.1058 / 0.0419 - 1) * 100) < 1e-9);
    QVERIFY(qAbs(worse.value(QStringLiteral("p")).toDouble() - 2.0 / 252) < 1e-12);
    QCOMPARE(byKey.value(QStringLiteral("zstd/text")).value(QStringLiteral("verdict")).toString(), QStringLiteral("no-change"));
    const QJsonObject few = byKey.value(QStringLiteral("gzip/binary"));
    QCOMPARE(few.value(QStringLiteral("verdict")).toString(), QStringLiteral("too-few-samples"));
    QCOMPARE(few.value(QStringLiteral("min_p")).toDouble(), 0.1);
    const QJsonObject failed = byKey.value(QStringLiteral("zstd/binary"));
    QCOMPARE(failed.value(QStringLiteral("verdict")).toString(), QStringLiteral("not-comparable"));
    QVERIFY(failed.value(QStringLiteral("p")).isNull());
    QVERIFY(failed.value(QStringLiteral("after")).isNull());
    QCOMPARE(failed.value(QStringLiteral("before")).toObject().value(QStringLiteral("n")).toInt(), 5);
    QCOMPARE(failed.value(QStringLiteral("reason")).toString(), QStringLiteral("after: contract failed (output differs)"));

    const QJsonObject overall = root.value(QStringLiteral("summary")).toArray().at(0).toObject()
                                    .value(QStringLiteral("overall")).toObject();
    QCOMPARE(overall.value(QStringLiteral("cells")).toInt(), 1);
    QCOMPARE(overall.value(QStringLiteral("compared")).toInt(), 2);
    QCOMPARE(root.value(QStringLiteral("rule")).toString(), QStringLiteral("u-test"));
}

void TstDiffCommand::metricOption()
{
    const Run one = cli({QStringLiteral("diff"), m_before, m_after, QStringLiteral("--metric"),
                         QStringLiteral("throughput"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(one.exitCode, 0);
    const QJsonArray cells = QJsonDocument::fromJson(one.out.toUtf8()).object().value(QStringLiteral("cells")).toArray();
    // Measured for gzip/text only; the not-ok result after is still shown.
    QCOMPARE(cells.size(), 2);
    QCOMPARE(cells.at(0).toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("worse"));

    const Run all = cli({QStringLiteral("diff"), m_before, m_after, QStringLiteral("--metric"), QStringLiteral("all")});
    QCOMPARE(all.exitCode, 0);
    QVERIFY(all.out.contains(QStringLiteral("Throughput (MiB/s)")));
    QVERIFY(all.out.contains(QStringLiteral("Throughput (higher is better), overall: after is 2.54× slower over 1 established cell of 1 "
                                              "compared")));

    const Run none = cli({QStringLiteral("diff"), m_before, m_after, QStringLiteral("--metric"), QStringLiteral("nope")});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("no metric \"nope\"")) && none.err.contains(m_before), qPrintable(none.err));
}

void TstDiffCommand::alphaOption()
{
    // With alpha 0.1, 3 vs 3 fully separated can be told: gzip on binary
    // got faster.
    const Run r = cli({QStringLiteral("diff"), m_before, m_after, QStringLiteral("--alpha"), QStringLiteral("0.1")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("▲ better")), qPrintable(r.out));
    QVERIFY(!r.out.contains(QStringLiteral("too few samples")));
}

void TstDiffCommand::ruleOption()
{
    // benchstat's crc files: changes with p < 0.05 whose ranges overlap.
    const QString dir = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/tests/data/benchstat/");
    const QStringList files{dir + QStringLiteral("crc-old.txt"), dir + QStringLiteral("crc-new.txt")};
    auto verdicts = [&](const QStringList &extra) {
        const Run r = cli(QStringList{QStringLiteral("diff")} + files
                          + QStringList{QStringLiteral("--format"), QStringLiteral("json")} + extra);
        QMap<QString, int> count;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("cells")).toArray()) {
            const QJsonObject c = v.toObject();
            ++count[c.value(QStringLiteral("verdict")).toString()];
            if (!c.value(QStringLiteral("qualifier")).isNull())
                ++count[QStringLiteral("qualified")];
        }
        return count;
    };
    const QMap<QString, int> utest = verdicts({}), disjoint = verdicts({QStringLiteral("--rule"), QStringLiteral("disjoint")});
    QCOMPARE(verdicts({QStringLiteral("--rule"), QStringLiteral("u-test")}), utest);
    QVERIFY(utest.value(QStringLiteral("qualified")) > 0);
    QCOMPARE(disjoint.value(QStringLiteral("qualified")), 0);
    // Every change whose ranges overlap becomes "no change" by the disjoint rule.
    QCOMPARE(disjoint.value(QStringLiteral("better")) + disjoint.value(QStringLiteral("worse")),
             utest.value(QStringLiteral("better")) + utest.value(QStringLiteral("worse")) - utest.value(QStringLiteral("qualified")));
    QCOMPARE(disjoint.value(QStringLiteral("no-change")),
             utest.value(QStringLiteral("no-change")) + utest.value(QStringLiteral("qualified")));
    // The text says which rule judged.
    const Run text = cli(QStringList{QStringLiteral("diff")} + files + QStringList{QStringLiteral("--rule"), QStringLiteral("disjoint")});
    QVERIFY2(text.out.contains(QStringLiteral("ranges overlap (disjoint rule)")), qPrintable(text.out));
    QVERIFY(text.out.contains(QStringLiteral("and the [min–max] ranges do not overlap")));
}

void TstDiffCommand::badInput_data()
{
    QTest::addColumn<QString>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("no such file") << "missing" << "missing.json";
    QTest::newRow("wrong type in the capture") << "corrupt" << "$.suite.id";
}

void TstDiffCommand::badInput()
{
    QFETCH(QString, which);
    QFETCH(QString, message);
    const QString file = which == QLatin1String("missing") ? m_dir.filePath(QStringLiteral("missing.json")) : m_corrupt;
    const Run r = cli({QStringLiteral("diff"), m_before, file});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(QFileInfo(file).fileName()) && r.err.contains(message), qPrintable(r.err));
}

void TstDiffCommand::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("one file") << QStringList{QStringLiteral("a.json")};
    QTest::newRow("three files") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    QTest::newRow("alpha not a number") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("--alpha"), QStringLiteral("x")};
    QTest::newRow("alpha out of range") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("--alpha"), QStringLiteral("1.5")};
    QTest::newRow("html is not a diff format") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("--format"), QStringLiteral("html")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("--fast")};
    QTest::newRow("unknown rule") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("--rule"), QStringLiteral("strict")};
    QTest::newRow("option without value") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("--metric")};
}

void TstDiffCommand::usage()
{
    QFETCH(QStringList, args);
    const Run r = cli(QStringList{QStringLiteral("diff")} + args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(QStringLiteral("diff")), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TstDiffCommand)
#include "tst_diffcommand.moc"
