// The pull-request comment: thousands of rows stay under GitHub's limit
// with the regressions first and a count of what was cut; two identical
// captures say no change and pass the gate; a regression fails it (exit 4);
// strings from the captures are escaped; the base found in a store.
#include "capturewriter.h"
#include "clirun.h"
#include "diffcaptures.h"
#include "diffcomment.h"
#include "resultstore.h"
#include "summarizer.h"
#include "tempfolder.h"

#include <QtTest>

#include <random>

namespace {

// `participants` × `cases` cells of wall time, five repetitions each;
// `slower` of the participants 30% slower than `base` would have them.
bs::Capture grid(int participants, int cases, double factor, int slower, unsigned seed)
{
    bs::Capture c = diffcaptures::suite();
    c.participants.clear();
    c.cases.clear();
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(1.0, 0.01);
    for (int p = 0; p < participants; ++p)
        c.participants.push_back({"p" + std::to_string(p), "participant " + std::to_string(p), "", "1", false, {}});
    for (int k = 0; k < cases; ++k)
        c.cases.push_back({"c" + std::to_string(k), "case " + std::to_string(k), "", ""});
    for (int p = 0; p < participants; ++p)
        for (int k = 0; k < cases; ++k) {
            bs::Result r;
            r.participant = c.participants[p].id;
            r.caseId = c.cases[k].id;
            r.repetitions.resize(5);
            for (auto &rep : r.repetitions)
                rep.metrics["wall"] = 0.05 * (1 + p % 7) * (p < slower ? factor : 1.0) * noise(rng);
            c.results.push_back(r);
        }
    bs::Summarizer::summarize(c);
    return c;
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TstComment : public QObject {
    Q_OBJECT

private slots:
    void init() { m_tmp.renew(); }
    void thousandsOfRowsFit();
    void identicalCapturesPass();
    void regressionFailsTheGate();
    void escapes();
    void baseFromStore();

private:
    std::string write(const bs::Capture &c, const QString &name)
    {
        const std::string path = m_tmp.filePath(name);
        bs::LoadError error;
        if (!bs::CaptureWriter::write(c, path, error))
            qFatal("%s", error.toString().c_str());
        return path;
    }
    TempFolder m_tmp;
};

void TstComment::thousandsOfRowsFit()
{
    // 60 × 80 = 4,800 cells; the last 3 participants' 240 cells are worse.
    // The other cells measured alike on both sides: no change established.
    const bs::Capture base = grid(60, 80, 1.0, 0, 1);
    bs::Capture head = base;
    for (bs::Result &r : head.results)
        if (std::stoi(r.participant.substr(1)) >= 57)
            for (auto &rep : r.repetitions)
                rep.metrics["wall"] *= 1.3;
    bs::Summarizer::summarize(head);
    bs::CaptureDiff::Options o;
    o.metrics = {"wall"};
    const bs::CaptureDiff diff = bs::CaptureDiff::compare(base, head, o);
    QCOMPARE(diff.cells().size(), std::size_t(4800));
    bs::DiffComment::Options shape;
    shape.pageUrl = "https://example.org/bench/";
    const std::string text = bs::DiffComment::markdown(base, head, diff, shape);
    QVERIFY2(text.size() < bs::DiffComment::kGitHubLimit, std::to_string(text.size()).c_str());
    QVERIFY(text.size() > bs::DiffComment::kGitHubLimit * 9 / 10); // filled, not cut to nothing
    // The counts on top, the regressions before the folded rest.
    QVERIFY2(text.rfind("**Benchmarks: 240 worse, ", 0) == 0, text.substr(0, 200).c_str());
    const auto regressions = text.find("### Regressions (240)"), details = text.find("<details>");
    QVERIFY(regressions != std::string::npos && details != std::string::npos && regressions < details);
    QVERIFY(text.find("participant 58 | case 3 |") < details);
    // What was cut is counted, and the page linked.
    QVERIFY(text.find(" of 4800 rows are left out** (0 of them regressions)") != std::string::npos);
    QVERIFY(text.find("[the page](https://example.org/bench/)") != std::string::npos);
    // A smaller limit cuts regressions too, and says so.
    shape.limit = 20000;
    const std::string small = bs::DiffComment::markdown(base, head, diff, shape);
    QVERIFY(small.size() < 20000);
    QVERIFY(small.find("rows are left out** (") != std::string::npos);
    QVERIFY(small.find("(0 of them regressions)") == std::string::npos);
}

void TstComment::identicalCapturesPass()
{
    const bs::Capture c = grid(4, 5, 1.0, 0, 3);
    const std::string a = write(c, QStringLiteral("a.json.gz")), b = write(c, QStringLiteral("b.json"));
    const CliRun run = CliRun::run({QStringLiteral("comment"), q(a), q(b), QStringLiteral("--fail-on"), QStringLiteral("worse")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(QStringLiteral("**Benchmarks: 0 worse, 0 better, 20 no change established** over 20 cells compared; "
                                               "at α = 0.05 noise alone would make up to 0.5 of them worse")),
             qPrintable(run.out.left(300)));
    QVERIFY(run.out.contains(QStringLiteral("Gate (--fail-on worse, threshold 0%): passed")));
    // --page-url is one absolute http(s) address (publish --repo-url's check).
    for (const char *url : {"javascript:alert(1)", "ftp://example.org/", "https://exa mple.org/", "//example.org/", "https://"}) {
        const CliRun bad = CliRun::run({QStringLiteral("comment"), q(a), q(b), QStringLiteral("--page-url"), QString::fromLatin1(url)});
        QVERIFY2(bad.exitCode == 2 && bad.err.contains(QStringLiteral("--page-url expects an http:// or https:// address")), url);
    }
    QCOMPARE(CliRun::run({QStringLiteral("comment"), q(a), q(b), QStringLiteral("--page-url"), QStringLiteral("HTTPS://example.org/b")}).exitCode, 0);
}

void TstComment::regressionFailsTheGate()
{
    const bs::Capture base = grid(4, 5, 1.0, 0, 4), head = grid(4, 5, 1.5, 2, 5);
    const std::string a = write(base, QStringLiteral("a.json.gz")), b = write(head, QStringLiteral("b.json.gz"));
    const CliRun gated = CliRun::run({QStringLiteral("comment"), q(a), q(b), QStringLiteral("--fail-on"), QStringLiteral("worse")});
    QCOMPARE(gated.exitCode, 4);
    QVERIFY(gated.out.contains(QStringLiteral("**Benchmarks: 10 worse, ")));
    QVERIFY(gated.out.contains(QStringLiteral("FAILED**: 10 cell(s)")));
    // Above the threshold of the change, the gate passes; without a gate, 0.
    QCOMPARE(CliRun::run({QStringLiteral("comment"), q(a), q(b), QStringLiteral("--fail-on"), QStringLiteral("worse"),
                          QStringLiteral("--threshold"), QStringLiteral("80")}).exitCode, 0);
    QCOMPARE(CliRun::run({QStringLiteral("comment"), q(a), q(b)}).exitCode, 0);
    // The same judgement as diff's gate.
    QCOMPARE(CliRun::run({QStringLiteral("diff"), q(a), q(b), QStringLiteral("--fail-on"), QStringLiteral("worse")}).exitCode, 4);
}

void TstComment::escapes()
{
    bs::Capture base = grid(2, 2, 1.0, 0, 6), head = grid(2, 2, 1.0, 0, 7);
    for (bs::Capture *c : {&base, &head}) {
        c->participants[0].label = "<img src=x onerror=alert(1)> | x";
        c->cases[0].label = "case\x1b[31m";
    }
    head.provenance.machine.cpu = "<script>cpu</script>";
    bs::CaptureDiff::Options o;
    const std::string text = bs::DiffComment::markdown(base, head, bs::CaptureDiff::compare(base, head, o), {});
    QVERIFY(text.find("<img") == std::string::npos && text.find("<script>") == std::string::npos);
    QVERIFY(text.find("&lt;img src=x onerror=alert(1)&gt; \\| x") != std::string::npos);
    QVERIFY(text.find('\x1b') == std::string::npos);
    // Provenance differences come before any verdict.
    QVERIFY(text.find("&lt;script&gt;cpu") < text.find("### Regressions"));
}

void TstComment::baseFromStore()
{
    const std::string store = m_tmp.filePath(QStringLiteral("store"));
    bs::Capture old = grid(3, 3, 1.0, 0, 8), newer = grid(3, 3, 1.0, 0, 9);
    old.capturedAt = "2026-01-01T00:00:00Z";
    newer.capturedAt = "2026-01-02T00:00:00Z";
    newer.revision = {"r2", "", "2026-01-02", ""};
    bs::LoadError error;
    QVERIFY2(bs::ResultStore::add(store, {write(old, QStringLiteral("o.json.gz")), write(newer, QStringLiteral("n.json.gz"))},
                                  {"", "main"}, error), error.toString().c_str());
    bs::Capture head = grid(3, 3, 1.0, 0, 10);
    head.revision.id = "pr";
    const std::string h = write(head, QStringLiteral("h.json.gz"));
    const CliRun run = CliRun::run({QStringLiteral("comment"), QStringLiteral("--store"), q(store), QStringLiteral("--base"),
                                    QStringLiteral("main"), q(h)});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains(QStringLiteral("- base: ")) && run.out.contains(QStringLiteral("revision r2, captured 2026-01-02")),
             qPrintable(run.out.left(600)));
    const CliRun none = CliRun::run({QStringLiteral("comment"), QStringLiteral("--store"), q(store), QStringLiteral("--base"),
                                     QStringLiteral("release"), q(h)});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("no capture of suite")), qPrintable(none.err));
}

QTEST_GUILESS_MAIN(TstComment)
#include "tst_comment.moc"
