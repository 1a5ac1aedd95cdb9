// Benchscope's verdicts against benchstat's own golden outputs
// (tests/data/benchstat/, golang/perf's cmd/benchstat/testdata): every row's
// significance and sign, its medians, Δ and p within benchstat's rounding.
#include "capturediff.h"
#include "captureloader.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>

namespace {

std::string dataPath(const QString &name)
{
    return QString(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/tests/data/benchstat/") + name)
        .toStdString();
}

bs::Capture loadCapture(const QString &name)
{
    bs::LoadError error;
    auto capture = bs::CaptureLoader::load(dataPath(name), error);
    if (!capture)
        qFatal("%s", error.toString().c_str());
    return std::move(*capture);
}

QStringList goldenLines(const QString &name)
{
    QFile f(QString::fromStdString(dataPath(name)));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(name));
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
}

// A number as benchstat prints it, "46.55n", "2.001Gi", "1.7180000000000001e-06",
// with how far from it the true value may be (half its last digit).
struct Printed {
    double value = 0;
    double tolerance = 0;
};

Printed printed(const QString &text)
{
    static const QList<std::pair<QString, double>> prefixes = {
        {QStringLiteral("Ki"), 1024.0}, {QStringLiteral("Mi"), 1024.0 * 1024}, {QStringLiteral("Gi"), 1024.0 * 1024 * 1024},
        {QStringLiteral("n"), 1e-9}, {QStringLiteral("µ"), 1e-6}, {QStringLiteral("m"), 1e-3},
    };
    QString digits = text;
    double scale = 1;
    for (const auto &[prefix, factor] : prefixes)
        if (digits.endsWith(prefix)) {
            digits.chop(prefix.size());
            scale = factor;
            break;
        }
    bool ok = false;
    const double v = digits.toDouble(&ok);
    if (!ok)
        qFatal("not a number: %s", qPrintable(text));
    const qsizetype dot = digits.indexOf(QLatin1Char('.'));
    const bool exponent = digits.contains(QLatin1Char('e'));
    const int decimals = dot < 0 || exponent ? 0 : int(digits.size() - dot - 1);
    // Full precision (an exponent): the last double digit.
    const double half = exponent ? std::fabs(v) * 1e-15 : 0.5 * std::pow(10.0, -decimals);
    return {v * scale, half * scale * (1 + 1e-9)};
}

// One benchstat row: a benchmark on one unit.
struct GoldenRow {
    QString name;  // without the -GOMAXPROCS suffix
    QString unit;  // benchstat's: sec/op, B/s
    Printed before, after;
    bool significant = false;
    double deltaPct = 0; // when significant
    double p = 1;
    int n = 0;
};

QString withoutProcs(QString name)
{
    static const QRegularExpression procs(QStringLiteral("-\\d+$"));
    return name.remove(procs);
}

// benchstat's text table: "│ sec/op │" unit lines, then rows
// "NAME  46.55n ± 9%  44.40n ± 2%  -4.62% (p=0.008 n=10)".
QList<GoldenRow> textRows(const QStringList &lines)
{
    static const QRegularExpression unitLine(QStringLiteral("^\\s*│\\s*(\\S+)\\s*│\\s*(\\S+)\\s+vs base"));
    static const QRegularExpression row(QStringLiteral(
        "^(\\S+)\\s+(\\S+) ± \\S+\\s+(\\S+) ± \\S+\\s+(~|[+-][0-9.]+%) \\(p=([0-9.]+) n=(\\d+)\\)$"));
    QList<GoldenRow> rows;
    QString unit;
    for (const QString &line : lines) {
        if (const auto m = unitLine.match(line); m.hasMatch()) {
            unit = m.captured(1);
            continue;
        }
        const auto m = row.match(line);
        if (!m.hasMatch())
            continue;
        GoldenRow r{withoutProcs(m.captured(1)), unit, printed(m.captured(2)), printed(m.captured(3))};
        r.significant = m.captured(4) != QStringLiteral("~");
        if (r.significant)
            r.deltaPct = m.captured(4).chopped(1).toDouble();
        r.p = m.captured(5).toDouble();
        r.n = m.captured(6).toInt();
        rows << r;
    }
    return rows;
}

// benchstat's CSV: "NAME,old,CI,new,CI,delta or ~,p=0.000 n=10".
QList<GoldenRow> csvRows(const QStringList &lines)
{
    static const QRegularExpression pn(QStringLiteral("^p=([0-9.]+) n=(\\d+)$"));
    QList<GoldenRow> rows;
    for (const QString &line : lines) {
        const QStringList f = line.split(QLatin1Char(','));
        if (f.size() != 7 || !pn.match(f[6]).hasMatch())
            continue;
        const auto m = pn.match(f[6]);
        GoldenRow r{withoutProcs(f[0]), QStringLiteral("sec/op"), printed(f[1]), printed(f[3])};
        r.significant = f[5] != QStringLiteral("~");
        if (r.significant)
            r.deltaPct = f[5].chopped(1).toDouble();
        r.p = m.captured(1).toDouble();
        r.n = m.captured(2).toInt();
        rows << r;
    }
    return rows;
}

// benchstat's unit in Benchscope's canonical units.
std::string canonicalUnit(const QString &benchstatUnit)
{
    return benchstatUnit == QStringLiteral("sec/op") ? "s" : benchstatUnit.toStdString();
}

const bs::DiffCell *cellOf(const bs::CaptureDiff &d, const GoldenRow &r)
{
    const bs::DiffCell *found = nullptr;
    for (const bs::DiffCell &c : d.cells()) {
        const bs::Metric *m = d.metric(c.metric);
        if (QString::fromStdString(c.caseLabel) == r.name && m && m->unit == canonicalUnit(r.unit)) {
            if (found)
                qFatal("two cells for %s %s", qPrintable(r.name), qPrintable(r.unit));
            found = &c;
        }
    }
    return found;
}

bool apart(const bs::DiffCell &c)
{
    return c.before->max < c.after->min || c.after->max < c.before->min;
}

} // namespace

class TstBenchstat : public QObject {
    Q_OBJECT
private slots:
    void everyRowAgrees_data();
    void everyRowAgrees();
    void disjointRuleIsStricter();
};

void TstBenchstat::everyRowAgrees_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("golden");
    QTest::addColumn<int>("rows");
    // 36 benchmarks on two units; 2 benchmarks on one.
    QTest::newRow("crcIgnore") << QStringLiteral("crc-old.txt") << QStringLiteral("crc-new.txt")
                               << QStringLiteral("crcIgnore.stdout") << 72;
    QTest::newRow("csvOldNew") << QStringLiteral("old.txt") << QStringLiteral("new.txt")
                               << QStringLiteral("csvOldNew.stdout") << 2;
}

void TstBenchstat::everyRowAgrees()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QString, golden);
    QFETCH(int, rows);
    const QStringList lines = goldenLines(golden);
    const QList<GoldenRow> expected = golden.startsWith(QStringLiteral("csv")) ? csvRows(lines) : textRows(lines);
    QCOMPARE(expected.size(), rows);

    const bs::Capture b = loadCapture(before), a = loadCapture(after);
    const bs::CaptureDiff d = bs::CaptureDiff::compare(b, a, {}); // every metric, alpha 0.05, the U test
    QCOMPARE(d.rule(), bs::DiffRule::UTest);
    QCOMPARE(d.cells().size(), std::size_t(rows));

    int significant = 0;
    for (const GoldenRow &r : expected) {
        const QString row = r.name + QStringLiteral(" ") + r.unit;
        const bs::DiffCell *c = cellOf(d, r);
        QVERIFY2(c, qPrintable(row + QStringLiteral(": no cell")));
        QVERIFY2(c->before && c->after && c->p && c->deltaPct, qPrintable(row));
        QCOMPARE(int(c->before->n), r.n);
        QCOMPARE(int(c->after->n), r.n);
        QVERIFY2(std::fabs(c->before->median - r.before.value) <= r.before.tolerance,
                 qPrintable(row + QStringLiteral(": before median %1, benchstat %2").arg(c->before->median).arg(r.before.value)));
        QVERIFY2(std::fabs(c->after->median - r.after.value) <= r.after.tolerance,
                 qPrintable(row + QStringLiteral(": after median %1, benchstat %2").arg(c->after->median).arg(r.after.value)));
        QVERIFY2(std::fabs(*c->p - r.p) <= 0.0005 + 1e-12,
                 qPrintable(row + QStringLiteral(": p %1, benchstat %2").arg(*c->p).arg(r.p)));

        const bool change = c->verdict == bs::DiffVerdict::Better || c->verdict == bs::DiffVerdict::Worse;
        QVERIFY2(change == r.significant,
                 qPrintable(row + QStringLiteral(": %1, benchstat %2")
                                      .arg(QString::fromStdString(bs::verdictPhrase(*c)),
                                           r.significant ? QStringLiteral("significant") : QStringLiteral("~"))));
        if (!r.significant) {
            QCOMPARE(c->verdict, bs::DiffVerdict::NoChange);
            continue;
        }
        ++significant;
        QVERIFY2(std::fabs(*c->deltaPct - r.deltaPct) <= 0.005 + 1e-9,
                 qPrintable(row + QStringLiteral(": Δ %1%, benchstat %2%").arg(*c->deltaPct).arg(r.deltaPct)));
        // The sign, read through the metric's direction: less time or more
        // throughput is better.
        const bool lowerIsBetter = r.unit == QStringLiteral("sec/op");
        QCOMPARE(c->verdict == bs::DiffVerdict::Better, (r.deltaPct < 0) == lowerIsBetter);
        // Overlapping ranges stay visible beside the verdict.
        QCOMPARE(c->qualifier.empty(), apart(*c));
    }
    QVERIFY(significant > 0 && significant < rows); // both kinds of row were checked
}

void TstBenchstat::disjointRuleIsStricter()
{
    // The zmdb page's reading: a change needs the ranges apart as well. On
    // crcIgnore it keeps exactly the significant rows whose ranges are apart.
    const bs::Capture b = loadCapture(QStringLiteral("crc-old.txt")), a = loadCapture(QStringLiteral("crc-new.txt"));
    bs::CaptureDiff::Options options;
    options.rule = bs::DiffRule::Disjoint;
    const bs::CaptureDiff strict = bs::CaptureDiff::compare(b, a, options);
    bs::CaptureDiff utest = bs::CaptureDiff::compare(b, a, {});
    int overlapping = 0;
    for (std::size_t i = 0; i < utest.cells().size(); ++i) {
        const bs::DiffCell &u = utest.cells()[i], &s = strict.cells()[i];
        QCOMPARE(*u.p, *s.p);
        const bool change = u.verdict == bs::DiffVerdict::Better || u.verdict == bs::DiffVerdict::Worse;
        if (change && !apart(u)) {
            ++overlapping;
            QCOMPARE(s.verdict, bs::DiffVerdict::NoChange);
            QVERIFY(s.reason.find("ranges overlap") != std::string::npos);
        } else {
            QCOMPARE(s.verdict, u.verdict);
        }
    }
    QVERIFY(overlapping > 0);
    // Switching the rule on a made diff decides the same as making it anew.
    utest.setRule(bs::DiffRule::Disjoint);
    for (std::size_t i = 0; i < utest.cells().size(); ++i) {
        QCOMPARE(utest.cells()[i].verdict, strict.cells()[i].verdict);
        QCOMPARE(utest.cells()[i].reason, strict.cells()[i].reason);
    }
}

QTEST_GUILESS_MAIN(TstBenchstat)
#include "tst_benchstat.moc"
