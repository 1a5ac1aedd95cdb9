// The progress-line parser over streams recorded from benchscope-run
// (tests/data/progress/, see README.md there): every phase, any chunking,
// unknown fields and phases ignored, malformed lines reported once and
// skipped, a stream that ends mid-line.
#include "progressparser.h"

#include <QFile>
#include <QtTest>

using bs::ProgressEvent;
using bs::ProgressParser;
using Kind = ProgressEvent::Kind;

namespace {

QByteArray recorded(const char *name)
{
    QFile f(QFINDTESTDATA(QStringLiteral("data/progress/") + QString::fromUtf8(name)));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", name);
    return f.readAll();
}

std::vector<ProgressEvent> parseAll(const QByteArray &bytes, ProgressParser &parser, int chunk = 0)
{
    std::vector<ProgressEvent> events;
    const int step = chunk > 0 ? chunk : int(bytes.size());
    for (int at = 0; at < bytes.size(); at += step) {
        const QByteArray piece = bytes.mid(at, step);
        for (ProgressEvent &e : parser.feed(piece.constData(), std::size_t(piece.size())))
            events.push_back(std::move(e));
    }
    for (ProgressEvent &e : parser.finish())
        events.push_back(std::move(e));
    return events;
}

std::vector<ProgressEvent> parseAll(const QByteArray &bytes, int chunk = 0)
{
    ProgressParser parser;
    return parseAll(bytes, parser, chunk);
}

const ProgressEvent *first(const std::vector<ProgressEvent> &events, Kind kind)
{
    for (const ProgressEvent &e : events)
        if (e.kind == kind)
            return &e;
    return nullptr;
}

} // namespace

class TestProgressParser : public QObject {
    Q_OBJECT
private slots:
    void everyPhaseOfAnHttpRun();
    void commandRunsCarryWallTime();
    void locustRunsSayTheirWorkers();
    void cancelledRunIsNotComplete();
    void chunkingDoesNotMatter_data();
    void chunkingDoesNotMatter();
    void unknownFieldsAndPhasesAreIgnored();
    void malformedLinesAreReportedOnceAndSkipped();
    void badLines_data();
    void badLines();
    void runnerDiesMidLine();
    void overlongLineIsSkipped();
};

void TestProgressParser::everyPhaseOfAnHttpRun()
{
    ProgressParser parser;
    const auto events = parseAll(recorded("http-run.jsonl"), parser);
    QCOMPARE(parser.malformedLines(), 0);
    QVERIFY(!events.empty());
    const ProgressEvent &plan = events.front();
    QCOMPARE(plan.kind, Kind::Plan);
    QCOMPARE(plan.line, 1);
    QCOMPARE(plan.participants, (std::vector<std::string> {"good", "wrong", "absent"}));
    QCOMPARE(plan.cases, (std::vector<std::string> {"hello"}));
    QCOMPARE(plan.repetitions, 2);
    QCOMPARE(plan.steps, 6);
    QCOMPARE(plan.estimatedSeconds, 3 * (0.2 + 2 * 1.1));
    for (Kind k : {Kind::Start, Kind::Ready, Kind::Contract, Kind::Warmup, Kind::Run, Kind::Repetition, Kind::Stop,
                   Kind::Error, Kind::Done})
        QVERIFY2(first(events, k), qPrintable(QStringLiteral("phase %1 missing").arg(int(k))));

    const ProgressEvent *rep = first(events, Kind::Repetition);
    QCOMPARE(rep->participant, std::string("good"));
    QCOMPARE(rep->caseId, std::string("hello"));
    QCOMPARE(rep->repetition, 1);
    QCOMPARE(rep->repetitions, 2);
    QVERIFY(rep->rps && *rep->rps > 0);
    QVERIFY(rep->latencyP99Seconds && *rep->latencyP99Seconds > 0);
    QVERIFY(rep->errors && *rep->errors == 0);

    const ProgressEvent *failed = nullptr;
    for (const ProgressEvent &e : events)
        if (e.kind == Kind::Contract && !e.passed)
            failed = &e;
    QVERIFY(failed);
    QCOMPARE(failed->participant, std::string("wrong"));
    QCOMPARE(failed->what, std::string("body"));
    QVERIFY(failed->expected.find("hello") != std::string::npos);
    QVERIFY(failed->actual.find("wrong") != std::string::npos);

    const ProgressEvent *error = first(events, Kind::Error);
    QCOMPARE(error->participant, std::string("absent"));
    QVERIFY(!error->message.empty());

    QCOMPARE(events.back().kind, Kind::Done);
    QVERIFY(events.back().complete);
    QVERIFY(!events.back().out.empty());
    for (std::size_t i = 1; i < events.size(); ++i)
        QVERIFY(events[i].line > events[i - 1].line);
}

void TestProgressParser::commandRunsCarryWallTime()
{
    const auto events = parseAll(recorded("command-run.jsonl"));
    const ProgressEvent *plan = first(events, Kind::Plan);
    QVERIFY(plan);
    QCOMPARE(plan->estimatedSeconds, 0.0);
    QVERIFY(plan->steps > 0);
    int runs = 0;
    for (const ProgressEvent &e : events)
        if (e.kind == Kind::Repetition) {
            ++runs;
            QVERIFY(e.wallTimeSeconds && *e.wallTimeSeconds > 0);
            QVERIFY(!e.rps);
        }
    QCOMPARE(runs, plan->steps);
}

void TestProgressParser::locustRunsSayTheirWorkers()
{
    const auto events = parseAll(recorded("locust-run.jsonl"));
    int runs = 0;
    bool rate = false;
    for (const ProgressEvent &e : events)
        if (e.kind == Kind::Run) {
            ++runs;
            QCOMPARE(QString::fromStdString(e.engine), QStringLiteral("locust"));
            QCOMPARE(e.workers, 2);
            rate = rate || (e.rps && *e.rps > 0);
        }
    QVERIFY(runs > 0);
    QVERIFY(rate); // Locust's own req/s while it runs
    const ProgressEvent *rep = first(events, Kind::Repetition);
    QVERIFY(rep && rep->rps && *rep->rps > 0);
    QCOMPARE(rep->workers, 2);
    const auto logged = parseAll(QByteArrayLiteral("{\"phase\":\"log\",\"message\":\"Locust: a worker stopped\"}\n"));
    QCOMPARE(logged.size(), std::size_t(1));
    QCOMPARE(int(logged.front().kind), int(Kind::Log));
    QCOMPARE(QString::fromStdString(logged.front().message), QStringLiteral("Locust: a worker stopped"));
}

void TestProgressParser::cancelledRunIsNotComplete()
{
    const auto events = parseAll(recorded("cancelled-run.jsonl"));
    QCOMPARE(events.back().kind, Kind::Done);
    QVERIFY(!events.back().complete);
}

void TestProgressParser::chunkingDoesNotMatter_data()
{
    QTest::addColumn<int>("chunk");
    QTest::newRow("one byte at a time") << 1;
    QTest::newRow("seven bytes") << 7;
    QTest::newRow("a pipe buffer") << 4096;
}

void TestProgressParser::chunkingDoesNotMatter()
{
    QFETCH(int, chunk);
    const QByteArray bytes = recorded("http-run.jsonl");
    const auto whole = parseAll(bytes);
    const auto pieces = parseAll(bytes, chunk);
    QCOMPARE(pieces.size(), whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) {
        QCOMPARE(pieces[i].kind, whole[i].kind);
        QCOMPARE(pieces[i].line, whole[i].line);
        QCOMPARE(pieces[i].participant, whole[i].participant);
        QCOMPARE(pieces[i].rps, whole[i].rps);
    }
}

void TestProgressParser::unknownFieldsAndPhasesAreIgnored()
{
    const QByteArray bytes = recorded("http-run.jsonl");
    QByteArray changed = bytes;
    changed.replace("{\"phase\":\"repetition\",", "{\"phase\":\"repetition\",\"gpu\":{\"w\":[1,2]},\"note\":\"x\",");
    changed.prepend("{\"phase\":\"calibrate\",\"participant\":3}\n");
    ProgressParser parser;
    const auto events = parseAll(changed, parser);
    QCOMPARE(parser.malformedLines(), 0);
    const auto original = parseAll(bytes);
    QCOMPARE(events.size(), original.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        QCOMPARE(events[i].kind, original[i].kind);
        QCOMPARE(events[i].rps, original[i].rps);
        QCOMPARE(events[i].line, original[i].line + 1);
    }
}

void TestProgressParser::malformedLinesAreReportedOnceAndSkipped()
{
    QList<QByteArray> lines = recorded("http-run.jsonl").split('\n');
    lines.insert(2, "benchscope-run: a human line on the wrong stream");
    lines.insert(5, "{\"phase\":\"run\",\"repetition\":\"two\"}");
    lines.insert(7, "{not json");
    ProgressParser parser;
    const auto events = parseAll(lines.join('\n'), parser);
    QCOMPARE(parser.malformedLines(), 3);
    int reported = 0;
    for (const ProgressEvent &e : events)
        if (e.kind == Kind::Malformed) {
            ++reported;
            QCOMPARE(e.line, 3);
            QVERIFY(e.message.find("line 3") != std::string::npos);
        }
    QCOMPARE(reported, 1);
    QCOMPARE(int(events.size()), int(parseAll(recorded("http-run.jsonl")).size()) + 1);
    QCOMPARE(events.back().kind, Kind::Done);
}

void TestProgressParser::badLines_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("problem");
    QTest::newRow("not JSON") << QByteArray("{\"phase\":") << QStringLiteral("not a JSON object");
    QTest::newRow("an array") << QByteArray("[\"phase\",\"run\"]") << QStringLiteral("not a JSON object");
    QTest::newRow("no phase") << QByteArray("{\"participant\":\"a\"}") << QStringLiteral("no \"phase\" string");
    QTest::newRow("phase a number") << QByteArray("{\"phase\":7}") << QStringLiteral("no \"phase\" string");
    QTest::newRow("repetition a string") << QByteArray("{\"phase\":\"run\",\"repetition\":\"2\"}")
                                         << QStringLiteral("\"repetition\" should be a number, found a string");
    QTest::newRow("negative count") << QByteArray("{\"phase\":\"run\",\"repetitions\":-1}")
                                    << QStringLiteral("\"repetitions\" should be a whole number from 0 to 1e9");
    QTest::newRow("huge count") << QByteArray("{\"phase\":\"plan\",\"steps\":1e300}")
                                << QStringLiteral("\"steps\" should be a whole number from 0 to 1e9");
    QTest::newRow("list of numbers") << QByteArray("{\"phase\":\"plan\",\"cases\":[1]}")
                                     << QStringLiteral("\"cases\" should be a list of strings");
    QTest::newRow("passed a string") << QByteArray("{\"phase\":\"contract\",\"passed\":\"yes\"}")
                                     << QStringLiteral("\"passed\" should be true or false, found a string");
}

void TestProgressParser::badLines()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, problem);
    std::string why;
    QVERIFY(!ProgressParser::parseLine(line.toStdString(), why));
    QCOMPARE(QString::fromStdString(why), problem);
}

void TestProgressParser::runnerDiesMidLine()
{
    const QByteArray bytes = recorded("http-run.jsonl");
    const int cut = bytes.indexOf("{\"phase\":\"repetition\"") + 30;
    ProgressParser parser;
    const auto events = parseAll(bytes.left(cut), parser);
    QCOMPARE(events.back().kind, Kind::Truncated);
    QCOMPARE(events.back().line, parser.lines() + 1);
    QVERIFY(!first(events, Kind::Repetition));
    QVERIFY(first(events, Kind::Run));
    QCOMPARE(parser.malformedLines(), 0);
    QVERIFY(parser.finish().empty());
}

void TestProgressParser::overlongLineIsSkipped()
{
    QByteArray bytes = "{\"phase\":\"start\",\"participant\":\"" + QByteArray(ProgressParser::kMaxLineBytes, 'a') + "\"}\n";
    bytes += "{\"phase\":\"stop\",\"participant\":\"b\"}\n";
    ProgressParser parser;
    const auto events = parseAll(bytes, parser, 1000);
    QCOMPARE(events.size(), std::size_t(2));
    QCOMPARE(events[0].kind, Kind::Malformed);
    QVERIFY(events[0].message.find("longer than") != std::string::npos);
    QCOMPARE(events[1].kind, Kind::Stop);
    QCOMPARE(events[1].line, 2);
}

QTEST_GUILESS_MAIN(TestProgressParser)
#include "tst_progressparser.moc"
