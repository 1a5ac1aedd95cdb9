// benchscope-cli export and report, run as CI would: no display.
#include "clirun.h"

#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {
using Run = CliRun;

// Without a display, as CI runs it: the CLI must pick the offscreen platform.
Run cli(const QStringList &args)
{
    return CliRun::run(args, true);
}

QString sample(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/") + QString::fromUtf8(name);
}

// The measured history: six captures of one suite.
QStringList historyFiles()
{
    QStringList files;
    for (int r = 1; r <= 6; ++r)
        files << sample(QStringLiteral("history/wordfreq-r%1.json.gz").arg(r).toUtf8().constData());
    return files;
}
} // namespace

class TestExportCommand : public QObject {
    Q_OBJECT
private slots:
    void chartExports_data();
    void chartExports();
    void tableExport_data();
    void tableExport();
    void errorsExitOneOrTwo_data();
    void errorsExitOneOrTwo();
    void reportBundle_data();
    void reportBundle();
    void inspectStillNeedsNoGui();
};

void TestExportCommand::chartExports_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("out");
    QTest::addColumn<QSize>("size");
    const QString fast = sample("measured/compressors-fast.json.gz");
    QTest::newRow("range png with size") << QStringList{fast, u"--chart"_s, u"range"_s, u"--case"_s, u"binary"_s, u"--size"_s, u"800x500"_s}
                                         << u"range.png"_s << QSize(800, 500);
    QTest::newRow("range png at 2x") << QStringList{fast, u"--chart"_s, u"range"_s, u"--size"_s, u"600x400"_s, u"--pixel-ratio"_s, u"2"_s}
                                     << u"range.png"_s << QSize(1200, 800);
    QTest::newRow("box svg") << QStringList{fast, u"--chart"_s, u"box"_s, u"--size"_s, u"1000x600"_s} << u"box.svg"_s << QSize(1000, 600);
    QTest::newRow("bars pdf") << QStringList{fast, u"--chart"_s, u"bars"_s, u"--metric"_s, u"throughput"_s} << u"bars.pdf"_s << QSize();
    QTest::newRow("latency png") << QStringList{sample("runner/static-servers.json.gz"), u"--chart"_s, u"latency"_s, u"--size"_s, u"1200x700"_s}
                                 << u"latency.png"_s << QSize(1200, 700);
    QTest::newRow("before/after range svg")
        << QStringList{fast, sample("measured/compressors-default.json.gz"), u"--chart"_s, u"range"_s, u"--size"_s, u"1200x500"_s}
        << u"paired.svg"_s << QSize(1200, 500);
    QTest::newRow("history svg") << (historyFiles() + QStringList{u"--chart"_s, u"history"_s, u"--size"_s, u"1400x800"_s})
                                 << u"history.svg"_s << QSize(1400, 800);
}

void TestExportCommand::chartExports()
{
    QFETCH(QStringList, args);
    QFETCH(QString, out);
    QFETCH(QSize, size);
    QTemporaryDir dir;
    const QString path = dir.filePath(out);
    const Run r = cli(QStringList{u"export"_s} + args + QStringList{u"--out"_s, path});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(QStringLiteral("wrote ")));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    if (out.endsWith(QLatin1String(".png"))) {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QCOMPARE(image.size(), size);
    } else if (out.endsWith(QLatin1String(".svg"))) {
        QSvgRenderer svg(bytes);
        QVERIFY(svg.isValid());
        QCOMPARE(svg.viewBox().size(), size);
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.contains("/Type /Page"));
    }
}

void TestExportCommand::tableExport_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("expected");
    const QString fast = sample("measured/compressors-fast.json.gz");
    QTest::newRow("case table csv") << QStringList{fast, u"--table"_s, u"case"_s, u"--case"_s, u"text"_s, u"--format"_s, u"csv"_s}
                                    << QStringList{u"Participant,Wall time value (ms),Wall time min (ms),Wall time max (ms),Wall time n"_s, u"zstd,25.128148,22.870081,52.706056,5,ok"_s};
    QTest::newRow("all cases markdown") << QStringList{fast, u"--table"_s, u"all-cases"_s, u"--metric"_s, u"throughput"_s, u"--format"_s, u"md"_s}
                                        << QStringList{u"| Participant |"_s, u"119.4 [56.9–131.2]"_s, u"not confidence intervals"_s};
    QTest::newRow("published html with baseline ratios")
        << QStringList{sample("published/suku-overhead.json.gz"), u"--table"_s, u"all-cases"_s, u"--format"_s, u"html"_s}
        << QStringList{u"<table"_s, u"113,000"_s, u"Against baseline"_s, u"101% parity"_s};
}

void TestExportCommand::tableExport()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, expected);
    const Run r = cli(QStringList{u"export"_s} + args);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const QString &e : expected)
        QVERIFY2(r.out.contains(e), qPrintable(e + QStringLiteral(" not in:\n") + r.out));
    // The same to a file, written whole.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("table.out"));
    QCOMPARE(cli(QStringList{u"export"_s} + args + QStringList{u"--out"_s, path}).exitCode, 0);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(f.readAll()), r.out);
}

void TestExportCommand::errorsExitOneOrTwo_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString fast = sample("measured/compressors-fast.json.gz");
    QTest::newRow("unknown chart") << QStringList{u"export"_s, fast, u"--chart"_s, u"pie"_s, u"--out"_s, u"x.png"_s} << 2 << u"unknown chart"_s;
    QTest::newRow("no output format") << QStringList{u"export"_s, fast, u"--chart"_s, u"range"_s, u"--out"_s, u"x.gif"_s} << 2 << u"--out"_s;
    QTest::newRow("bad size") << QStringList{u"export"_s, fast, u"--chart"_s, u"range"_s, u"--size"_s, u"big"_s, u"--out"_s, u"x.png"_s} << 2 << u"--size"_s;
    QTest::newRow("chart and table") << QStringList{u"export"_s, fast, u"--chart"_s, u"range"_s, u"--table"_s, u"case"_s} << 2 << u"usage"_s;
    QTest::newRow("unknown case") << QStringList{u"export"_s, fast, u"--chart"_s, u"range"_s, u"--case"_s, u"nope"_s, u"--out"_s, u"x.png"_s} << 1 << u"no case \"nope\""_s;
    QTest::newRow("no histograms") << QStringList{u"export"_s, fast, u"--chart"_s, u"latency"_s, u"--out"_s, u"x.png"_s} << 1 << u"no latency histograms"_s;
    QTest::newRow("missing file") << QStringList{u"export"_s, u"/nonexistent.json.gz"_s, u"--table"_s, u"case"_s, u"--format"_s, u"csv"_s} << 1 << u"nonexistent"_s;
    QTest::newRow("report without --out") << QStringList{u"report"_s, fast} << 2 << u"usage"_s;
    // Three or more FILEs make a history report, of one suite only.
    QTest::newRow("report of two suites") << QStringList{u"report"_s, fast, fast, sample("published/suku-overhead.json.gz"), u"--out"_s, u"r"_s}
                                          << 1 << u"different suites"_s;
}

void TestExportCommand::errorsExitOneOrTwo()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QDir::setCurrent(dir.path());
    const Run r = cli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.png"))));
}

void TestExportCommand::reportBundle_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("one capture") << QStringList{sample("runner/static-servers.json.gz")}
                                 << QStringList{u"index.md"_s, u"provenance.md"_s, u"provenance.csv"_s, u"charts/latency-index-html.svg"_s,
                                                u"charts/range-index-html-rps.png"_s, u"tables/case-index-html.csv"_s,
                                                u"tables/all-cases-rps.md"_s};
    QTest::newRow("before and after")
        << QStringList{sample("measured/compressors-fast.json.gz"), sample("measured/compressors-default.json.gz")}
        << QStringList{u"index.md"_s, u"diff.md"_s, u"diff.csv"_s, u"charts/diff-text-wall_time.svg"_s, u"charts/diff-binary-wall_time.png"_s,
                       u"before/index.md"_s, u"after/charts/box-text-wall_time.png"_s, u"after/tables/case-binary.md"_s};
    QTest::newRow("history") << historyFiles()
                             << QStringList{u"index.md"_s, u"charts/history-wordfreq-wall_time.svg"_s,
                                            u"charts/history-wordfreq-wall_time.png"_s, u"tables/history-wall_time.csv"_s,
                                            u"tables/history-peak_rss.md"_s};
}

void TestExportCommand::reportBundle()
{
    QFETCH(QStringList, files);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("report"));
    const Run r = cli(QStringList{u"report"_s} + files + QStringList{u"--out"_s, out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const QString &e : expected)
        QVERIFY2(QFileInfo(QDir(out).filePath(e)).size() > 0, qPrintable(e));
    QFile index(QDir(out).filePath(QStringLiteral("index.md")));
    QVERIFY(index.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(index.readAll());
    QVERIFY(text.startsWith(QStringLiteral("# ")));
    if (files.size() == 2) {
        QVERIFY2(text.contains(QStringLiteral("after is 2.96× slower over 7 established cells of 8")), qPrintable(text.left(3000)));
        QVERIFY(text.contains(QStringLiteral("(before/index.md)")));
    }
}

void TestExportCommand::inspectStillNeedsNoGui()
{
    const Run r = cli({u"inspect"_s, sample("published/suku-overhead.json.gz")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("113,000")));
}

QTEST_GUILESS_MAIN(TestExportCommand)
#include "tst_exportcommand.moc"
