// `benchscope-cli history` and `benchscope-cli diff --fail-on worse`, run as
// processes: the measured history in sample-data/history/ (its regression
// and improvement found, by status and direction), folders of captures of
// several suites, and the gate's exit codes and small-n note.
#include "capturewriter.h"
#include "clirun.h"
#include "diffcaptures.h"

#include <QtTest>

namespace {

QString history(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/history/")
        + QString::fromUtf8(name);
}

QString text(const char *s)
{
    return QString::fromUtf8(s);
}

// The steps of the one series a JSON history has, by the revision they end at.
QMap<int, QJsonObject> stepsByEnd(const QJsonObject &root)
{
    QMap<int, QJsonObject> steps;
    for (const QJsonValue &s : root.value(text("series")).toArray().at(0).toObject().value(text("steps")).toArray())
        steps.insert(s.toObject().value(text("to")).toInt(), s.toObject());
    return steps;
}

} // namespace

class TstHistoryCommand : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Two captures of "compressors" with 3 repetitions a side (gzip on
        // text 40% slower after), and one of another suite.
        bs::Capture a = diffcaptures::suite(), b = diffcaptures::suite(), other = diffcaptures::suite();
        b.revision = {"r2", "level 9", "2026-01-02"};
        diffcaptures::setResult(a, "gzip", "text", {{"wall", {0.100, 0.101, 0.102}}});
        diffcaptures::setResult(b, "gzip", "text", {{"wall", {0.140, 0.141, 0.142}}});
        other.suite = {"other", "Another suite"};
        diffcaptures::setResult(other, "gzip", "text", {{"wall", {0.100, 0.101, 0.102}}});
        QVERIFY(QDir(m_dir.path()).mkpath(text("mixed")));
        bs::LoadError error;
        for (const auto &[capture, name] : {std::pair<const bs::Capture *, const char *>{&a, "mixed/a.json"},
                                            {&b, "mixed/b.json.gz"}, {&other, "mixed/c.json"}})
            QVERIFY2(bs::CaptureWriter::write(*capture, m_dir.filePath(text(name)).toStdString(), error),
                     error.toString().c_str());
        m_small = {m_dir.filePath(text("mixed/a.json")), m_dir.filePath(text("mixed/b.json.gz"))};
    }

    void sampleHistoryHasItsRegressionAndImprovement()
    {
        const CliRun r = CliRun::run({text("history"), history(""), text("--participant"), text("wordfreq"),
                                      text("--case"), text("large"), text("--format"), text("json")});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError pe;
        const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8(), &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        QCOMPARE(root.value(text("revisions")).toArray().size(), 6);
        QCOMPARE(root.value(text("revisions")).toArray().at(2).toObject().value(text("id")).toString(),
                 text("wordfreq-r3"));
        QCOMPARE(root.value(text("series")).toArray().size(), 1);
        const QMap<int, QJsonObject> steps = stepsByEnd(root);
        // r2 replaced the hash table, r3 read a byte per system call, r4
        // read buffered again; r5 and r6 changed only the output.
        QCOMPARE(steps.value(1).value(text("outcome")).toString(), text("better"));
        QCOMPARE(steps.value(2).value(text("outcome")).toString(), text("worse"));
        QCOMPARE(steps.value(3).value(text("outcome")).toString(), text("better"));
        QVERIFY(!steps.value(3).value(text("provisional")).toBool());
        QVERIFY(steps.value(3).value(text("p_adjusted")).toDouble() <= 0.05);
        QVERIFY(steps.value(3).value(text("shift_high_pct")).toDouble() < -90);
        // r5 was measured while the machine's load changed (+48% in the
        // pair's diff): a revision alone whose runs do not all clear the
        // others' is no change point.
        QVERIFY(!steps.value(4).value(text("change_point")).toBool());
        QVERIFY(!steps.value(5).value(text("change_point")).toBool());
        // r1 | r2 | r3 | r4 on: a segment between each change point.
        QVERIFY(root.value(text("series")).toArray().at(0).toObject().value(text("segments")).toArray().size() >= 4);
    }

    void ruleIsNoLongerAHistoryOption()
    {
        // The change points use no two-revision rule: --rule is for diff.
        const CliRun r = CliRun::run({text("history"), history(""), text("--rule"), text("disjoint")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(text("rule")), qPrintable(r.err));
    }

    void sampleHistoryAsText()
    {
        const CliRun r = CliRun::run({text("history"), history("")});
        QCOMPARE(r.exitCode, 0);
        for (const char *e : {"History of Counting words", "Benjamini-Hochberg at q = 0.05", "r3 unbuffered read", "▼ worse",
                              "▲ better", "no change established", "Wall time (ms, lower is better)"})
            QVERIFY2(r.out.contains(text(e)), qPrintable(text(e) + text(" not in:\n") + r.out));
        const CliRun md = CliRun::run({text("history"), history(""), text("--format"), text("markdown")});
        QCOMPARE(md.exitCode, 0);
        QVERIFY(md.out.contains(text("| Case | Participant | From | Verdict | Change [95% CI] |")));
        QVERIFY(md.out.contains(text("<details><summary>Every revision and step: Wall time (ms, lower is better) (4 series)</summary>")));
        // The change points come before the list of revisions.
        QVERIFY(r.out.indexOf(text("Change points")) < r.out.indexOf(text("Revisions, oldest first")));
        const CliRun csv = CliRun::run({text("history"), history(""), text("--format"), text("csv")});
        QCOMPARE(csv.exitCode, 0);
        QVERIFY(csv.out.startsWith(text("Case,Participant,Revision,Date,Value,n,Step")));
        QCOMPARE(csv.out.count(text("\r\n")), 1 + 4 * 6);
    }

    void foldersOfSeveralSuites()
    {
        const QString dir = m_dir.filePath(text("mixed"));
        const CliRun mixed = CliRun::run({text("history"), dir});
        QCOMPARE(mixed.exitCode, 1);
        QVERIFY2(mixed.err.contains(text("captures of different suites: compressors (")), qPrintable(mixed.err));
        QVERIFY(mixed.err.contains(text("other (")));
        QVERIFY(mixed.err.contains(text("pick one with --suite ID")));
        const CliRun picked = CliRun::run({text("history"), dir, text("--suite"), text("compressors")});
        QCOMPARE(picked.exitCode, 0);
        QVERIFY2(picked.out.contains(text("(2 revisions)")), qPrintable(picked.out));
        QVERIFY(picked.out.contains(text("n=3 vs 3 cannot reach p<0.05")));
        const CliRun one = CliRun::run({text("history"), dir, text("--suite"), text("other")});
        QCOMPARE(one.exitCode, 1);
        QVERIFY2(one.err.contains(text("1 capture(s) of suite \"other\"; a history needs two or more")), qPrintable(one.err));
        const CliRun empty = CliRun::run({text("history"), m_dir.filePath(text("nothing-here"))});
        QCOMPARE(empty.exitCode, 1);
        QVERIFY(QDir(m_dir.path()).mkpath(text("empty")));
        const CliRun none = CliRun::run({text("history"), m_dir.filePath(text("empty"))});
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains(text("no captures or runs of a history in this folder")), qPrintable(none.err));
        // A broken capture among good ones: the error names it, nothing is printed.
        QVERIFY(QDir(m_dir.path()).mkpath(text("broken")));
        QFile::copy(m_dir.filePath(text("mixed/a.json")), m_dir.filePath(text("broken/a.json")));
        QFile broken(m_dir.filePath(text("broken/b.json")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{\"format\": \"benchscope-capture\", \"format_version\": \"1.0\", \"suite\": {\"id\": \"comp");
        broken.close();
        const CliRun bad = CliRun::run({text("history"), m_dir.filePath(text("broken"))});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains(text("broken/b.json: ")), qPrintable(bad.err));
        QVERIFY(bad.out.isEmpty());
        const CliRun noCase = CliRun::run({text("history"), history(""), text("--case"), text("huge")});
        QCOMPARE(noCase.exitCode, 1);
        QVERIFY2(noCase.err.contains(text("none of the 6 captures of suite \"wordfreq\" has case \"huge\"")),
                 qPrintable(noCase.err));
    }

    void gateFailsOnTheRegression()
    {
        const CliRun r = CliRun::run({text("diff"), history("wordfreq-r2.json.gz"), history("wordfreq-r3.json.gz"),
                                      text("--fail-on"), text("worse"), text("--format"), text("markdown")});
        QCOMPARE(r.exitCode, 4);
        QVERIFY2(r.out.contains(text("### Gate (--fail-on worse, threshold 0%): FAILED")), qPrintable(r.out));
        QVERIFY(r.out.contains(text("cell(s) are established regressions larger than 0%:")));
        // Both of wordfreq's cases (the coreutils pipeline, unchanged, may
        // be listed too: the captures were made on a busy machine).
        QVERIFY(r.out.contains(text("- wordfreq × 1.4 MB, 40,000 distinct words, Wall time (ms): +")));
        QVERIFY(r.out.contains(text("- wordfreq × 140 KB, 2,000 distinct words, Wall time (ms): +")));
        QVERIFY(r.out.contains(text("<details><summary>All 4 cells</summary>")));
        // JSON stays one document; the gate reports on stderr.
        const CliRun json = CliRun::run({text("diff"), history("wordfreq-r2.json.gz"), history("wordfreq-r3.json.gz"),
                                         text("--fail-on"), text("worse"), text("--format"), text("json")});
        QCOMPARE(json.exitCode, 4);
        QVERIFY(QJsonDocument::fromJson(json.out.toUtf8()).isObject());
        QVERIFY(json.err.contains(text("FAILED")));
    }

    void gatePassesWithoutAnEstablishedRegression()
    {
        // The same capture twice, the fix of the regression, and two
        // revisions that changed only the output.
        for (const auto &[before, after] : {std::pair<const char *, const char *>{"wordfreq-r4.json.gz", "wordfreq-r4.json.gz"},
                                            {"wordfreq-r3.json.gz", "wordfreq-r4.json.gz"},
                                            {"wordfreq-r5.json.gz", "wordfreq-r6.json.gz"}}) {
            const CliRun r = CliRun::run({text("diff"), history(before), history(after), text("--fail-on"), text("worse")});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains(text("Gate (--fail-on worse, threshold 0%): passed")), qPrintable(r.out));
        }
        // A regression smaller than the threshold passes.
        const CliRun big = CliRun::run({text("diff"), history("wordfreq-r2.json.gz"), history("wordfreq-r3.json.gz"),
                                        text("--fail-on"), text("worse"), text("--threshold"), text("100000")});
        QCOMPARE(big.exitCode, 0);
        // Without --fail-on a regression is a finding, exit 0.
        QCOMPARE(CliRun::run({text("diff"), history("wordfreq-r2.json.gz"), history("wordfreq-r3.json.gz")}).exitCode, 0);
    }

    void gateSaysWhenItCannotFire()
    {
        const CliRun r = CliRun::run({text("diff"), m_small[0], m_small[1], text("--fail-on"), text("worse")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(text("Note: all 1 of 1 cells have too few samples for the gate to ever fire on them "
                                     "(n=3 vs 3 cannot reach p<0.05; minimum p = 0.1)")),
                 qPrintable(r.out));
    }

    void usage_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString a = history("wordfreq-r1.json.gz"), b = history("wordfreq-r2.json.gz");
        QTest::newRow("fail-on better") << QStringList{text("diff"), a, b, text("--fail-on"), text("better")};
        QTest::newRow("threshold alone") << QStringList{text("diff"), a, b, text("--threshold"), text("5")};
        QTest::newRow("threshold negative") << QStringList{text("diff"), a, b, text("--fail-on"), text("worse"),
                                                           text("--threshold"), text("-1")};
        QTest::newRow("threshold huge") << QStringList{text("diff"), a, b, text("--fail-on"), text("worse"),
                                                       text("--threshold"), text("1e999999")};
        QTest::newRow("min-change text") << QStringList{text("history"), a, b, text("--min-change"), text("five")};
        QTest::newRow("history alpha") << QStringList{text("history"), a, b, text("--alpha"), text("1")};
        QTest::newRow("history format") << QStringList{text("history"), a, b, text("--format"), text("html")};
        QTest::newRow("history no file") << QStringList{text("history")};
    }

    void usage()
    {
        QFETCH(QStringList, args);
        const CliRun r = CliRun::run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(text("usage: benchscope-cli ")), qPrintable(r.err));
    }

    void minChangeOption()
    {
        // At 5000% the regression (+2800%) is below the minimum change.
        const CliRun r = CliRun::run({text("history"), history(""), text("--participant"), text("wordfreq"),
                                      text("--case"), text("large"), text("--min-change"), text("5000"),
                                      text("--format"), text("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(root.value(text("change_points")).toObject().value(text("min_change_pct")).toDouble(), 5000.0);
        for (const QJsonObject &s : stepsByEnd(root))
            QVERIFY(!s.value(text("change_point")).toBool());
    }

private:
    QTemporaryDir m_dir;
    QStringList m_small;
};

QTEST_GUILESS_MAIN(TstHistoryCommand)
#include "tst_historycommand.moc"
