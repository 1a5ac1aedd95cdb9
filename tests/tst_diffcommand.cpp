// `benchscope-cli diff` run as a process on captures written with
// CaptureWriter: every output format, the metric and alpha options, and the
// exit codes (0 whatever the verdicts, 1 bad input, 2 usage).
#include "capturewriter.h"
#include "clirun.h"
#include "diffcaptures.h"

#include <QtTest>

#include <cmath>
#include <random>

namespace {

using Run = CliRun;

Run cli(const QStringList &args)
{
    return CliRun::run(args);
}

// Before and after of `cases` cases of one participant, `runs` runs a side,
// drawn from one lognormal law (3% spread, fixed seed): pure noise. Case
// "shifted", when asked, is 20% slower after; case "three" has 3 runs a side
// (no test can reach 0.05) and case "failed" failed after (no test at all).
struct NoiseDiff {
    bs::Capture before, after;
};

NoiseDiff noiseDiff(int cases, int runs, bool shifted, unsigned seed)
{
    NoiseDiff d{diffcaptures::suite(), diffcaptures::suite()};
    d.after.revision = {"r2", "same code", "2026-01-02"};
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0, 0.03);
    auto draw = [&](int n, double factor) {
        std::vector<double> v;
        for (int i = 0; i < n; ++i)
            v.push_back(0.05 * factor * std::exp(noise(rng)));
        return v;
    };
    for (bs::Capture *c : {&d.before, &d.after}) {
        c->participants.resize(1);
        c->cases.clear();
        for (int k = 0; k < cases; ++k)
            c->cases.push_back({"case" + std::to_string(k), "case " + std::to_string(k), "", ""});
        c->cases.push_back({"three", "three runs", "", ""});
        c->cases.push_back({"failed", "failed after", "", ""});
        if (shifted)
            c->cases.push_back({"shifted", "20% slower", "", ""});
    }
    for (int k = 0; k < cases; ++k) {
        diffcaptures::setResult(d.before, "gzip", "case" + std::to_string(k), {{"wall", draw(runs, 1)}});
        diffcaptures::setResult(d.after, "gzip", "case" + std::to_string(k), {{"wall", draw(runs, 1)}});
    }
    diffcaptures::setResult(d.before, "gzip", "three", {{"wall", draw(3, 1)}});
    diffcaptures::setResult(d.after, "gzip", "three", {{"wall", draw(3, 1)}});
    diffcaptures::setResult(d.before, "gzip", "failed", {{"wall", draw(runs, 1)}});
    diffcaptures::setResult(d.after, "gzip", "failed", {}, bs::ResultStatus::Error, "crashed");
    if (shifted) {
        diffcaptures::setResult(d.before, "gzip", "shifted", {{"wall", draw(runs, 1)}});
        diffcaptures::setResult(d.after, "gzip", "shifted", {{"wall", draw(runs, 1.2)}});
    }
    return d;
}

// The cells of a diff's JSON by verdict; `tested` counts better, worse and
// no change (the cells whose test could reach alpha).
struct Verdicts {
    QMap<QString, int> count;
    QMap<QString, QJsonObject> byCase;
    int tested() const { return count.value(QStringLiteral("better")) + count.value(QStringLiteral("worse"))
                                + count.value(QStringLiteral("no-change")); }
    int significant() const { return count.value(QStringLiteral("better")) + count.value(QStringLiteral("worse")); }
};

Verdicts verdicts(const QJsonObject &root)
{
    Verdicts v;
    for (const QJsonValue &cell : root.value(QStringLiteral("cells")).toArray()) {
        const QJsonObject c = cell.toObject();
        ++v.count[c.value(QStringLiteral("verdict")).toString()];
        v.byCase[c.value(QStringLiteral("case")).toString()] = c;
    }
    return v;
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
    void noiseLine_data();
    void noiseLine();
    void correctBh_data();
    void correctBh();
    void pureNoiseBh();
    void badInput_data();
    void badInput();
    void usage_data();
    void usage();

private:
    // Writes a noise diff's two captures; their paths.
    QStringList write(const NoiseDiff &d, const QString &name);

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
    QVERIFY2(r.out.startsWith(QStringLiteral("Participant,Case,Metric,Before,After")), qPrintable(r.out));
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

QStringList TstDiffCommand::write(const NoiseDiff &d, const QString &name)
{
    const QStringList paths{m_dir.filePath(name + QStringLiteral("-before.json")),
                            m_dir.filePath(name + QStringLiteral("-after.json"))};
    bs::LoadError error;
    if (!bs::CaptureWriter::write(d.before, paths[0].toStdString(), error)
        || !bs::CaptureWriter::write(d.after, paths[1].toStdString(), error))
        qFatal("%s", error.toString().c_str());
    return paths;
}

void TstDiffCommand::noiseLine_data()
{
    QTest::addColumn<int>("cases");
    QTest::addColumn<int>("runs");
    QTest::addColumn<QString>("alpha");
    QTest::newRow("72 rows of 10 runs") << 72 << 10 << QStringLiteral("0.05");
    QTest::newRow("30 rows of 5 runs at 0.1") << 30 << 5 << QStringLiteral("0.1");
    QTest::newRow("4 rows of 4 runs at 0.01 (none can reach it)") << 4 << 4 << QStringLiteral("0.01");
}

void TstDiffCommand::noiseLine()
{
    QFETCH(int, cases);
    QFETCH(int, runs);
    QFETCH(QString, alpha);
    const QStringList files = write(noiseDiff(cases, runs, false, 7 + unsigned(cases)), QString::number(cases));
    const QStringList args = QStringList{QStringLiteral("diff")} + files + QStringList{QStringLiteral("--alpha"), alpha};
    const Run json = cli(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    const Verdicts v = verdicts(root);
    // Every row is a cell, but only those whose test can reach alpha count.
    QCOMPARE(root.value(QStringLiteral("cells")).toArray().size(), cases + 2);
    QCOMPARE(root.value(QStringLiteral("tested")).toInt(), v.tested());
    QCOMPARE(root.value(QStringLiteral("noise_expected")).toDouble(), alpha.toDouble() * v.tested());
    QCOMPARE(root.value(QStringLiteral("correction")).toString(), QStringLiteral("none"));

    for (const QString &format : {QStringLiteral("text"), QStringLiteral("markdown")}) {
        const Run r = cli(args + QStringList{QStringLiteral("--format"), format});
        QCOMPARE(r.exitCode, 0);
        static const QRegularExpression line(QStringLiteral("noise alone would make about ([0-9.]+) of ([0-9]+) rows "
                                                            "significant at α = ([0-9.]+)"));
        const QRegularExpressionMatch m = line.match(r.out);
        if (v.tested() < 2) {
            QVERIFY2(!m.hasMatch(), qPrintable(r.out));
            continue;
        }
        QVERIFY2(m.hasMatch(), qPrintable(r.out));
        QCOMPARE(m.captured(2).toInt(), v.tested());
        QCOMPARE(m.captured(3), alpha);
        QVERIFY(qAbs(m.captured(1).toDouble() - alpha.toDouble() * v.tested()) < 0.0005);
    }
}

void TstDiffCommand::correctBh_data()
{
    QTest::addColumn<unsigned>("seed");
    QTest::addColumn<int>("runs");
    for (unsigned seed : {1u, 2u, 3u})
        for (int runs : {10, 20})
            QTest::addRow("seed %u, %d runs", seed, runs) << seed << runs;
}

void TstDiffCommand::correctBh()
{
    QFETCH(unsigned, seed);
    QFETCH(int, runs);
    auto run = [&](const QStringList &files, const QStringList &extra) {
        const Run r = cli(QStringList{QStringLiteral("diff")} + files
                          + QStringList{QStringLiteral("--format"), QStringLiteral("json")} + extra);
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    };
    const QStringList bhOption{QStringLiteral("--correct"), QStringLiteral("bh")};
    const QString name = QStringLiteral("bh%1-%2").arg(seed).arg(runs);
    // Noise and one row 20% slower: that row stays worse, and fewer noise
    // rows than uncorrected are called significant.
    const QStringList files = write(noiseDiff(100, runs, true, seed), name);
    const QJsonObject plain = run(files, {}), corrected = run(files, bhOption);
    const Verdicts raw = verdicts(plain), bh = verdicts(corrected);
    QCOMPARE(corrected.value(QStringLiteral("correction")).toString(), QStringLiteral("bh"));
    QCOMPARE(bh.tested(), raw.tested());
    QCOMPARE(raw.byCase.value(QStringLiteral("shifted")).value(QStringLiteral("verdict")).toString(), QStringLiteral("worse"));
    QCOMPARE(bh.byCase.value(QStringLiteral("shifted")).value(QStringLiteral("verdict")).toString(), QStringLiteral("worse"));
    QVERIFY2(bh.significant() < raw.significant(),
             qPrintable(QStringLiteral("%1 vs %2").arg(bh.significant()).arg(raw.significant())));
    for (const QJsonObject &c : bh.byCase) {
        const QJsonValue adjusted = c.value(QStringLiteral("p_adjusted"));
        const bool testedCell = c.value(QStringLiteral("verdict")).toString() != QStringLiteral("too-few-samples")
            && c.value(QStringLiteral("verdict")).toString() != QStringLiteral("not-comparable");
        QCOMPARE(!adjusted.isNull(), testedCell);
        // p · m / rank, at least p (to the last bit of p · m / m).
        if (testedCell)
            QVERIFY(adjusted.toDouble() >= c.value(QStringLiteral("p")).toDouble() * (1 - 1e-12));
    }
    for (const QJsonObject &c : raw.byCase)
        QVERIFY(c.value(QStringLiteral("p_adjusted")).isNull());
    // The text shows the adjusted p and what the correction controls.
    const Run text = cli(QStringList{QStringLiteral("diff")} + files + bhOption);
    QVERIFY2(text.out.contains(QStringLiteral("adjusted p")), qPrintable(text.out));
    QVERIFY(text.out.contains(QStringLiteral("Benjamini–Hochberg over the %1 tested rows").arg(bh.tested())));
    QVERIFY(!text.out.contains(QStringLiteral("noise alone would make about")));
}

// Twenty diffs of 100 rows of pure noise (10 runs a side, seeds 1–20):
// uncorrected, nearly every diff calls some rows significant (about 5 of
// 100); corrected, Benjamini–Hochberg calls any row significant in at most
// one diff in twenty (its bound, alpha, with no real change), and here in
// at most two of the twenty.
void TstDiffCommand::pureNoiseBh()
{
    int rawDiffs = 0, bhDiffs = 0, rawRows = 0;
    for (unsigned seed = 1; seed <= 20; ++seed) {
        const QStringList files = write(noiseDiff(100, 10, false, seed), QStringLiteral("noise%1").arg(seed));
        auto significant = [&](const QStringList &extra) {
            const Run r = cli(QStringList{QStringLiteral("diff")} + files
                              + QStringList{QStringLiteral("--format"), QStringLiteral("json")} + extra);
            const Verdicts v = verdicts(QJsonDocument::fromJson(r.out.toUtf8()).object());
            if (v.tested() != 100)
                qFatal("%d rows tested, not 100", v.tested());
            return v.significant();
        };
        const int raw = significant({}), bh = significant({QStringLiteral("--correct"), QStringLiteral("bh")});
        rawRows += raw;
        rawDiffs += raw > 0 ? 1 : 0;
        bhDiffs += bh > 0 ? 1 : 0;
    }
    QVERIFY2(rawDiffs >= 18 && rawRows >= 60, qPrintable(QStringLiteral("%1 diffs, %2 rows").arg(rawDiffs).arg(rawRows)));
    QVERIFY2(bhDiffs <= 2, qPrintable(QString::number(bhDiffs)));
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
    QTest::newRow("unknown correction") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("--correct"), QStringLiteral("bonferroni")};
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
