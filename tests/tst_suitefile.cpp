// Suite files: a good one is read with its defaults; a bad one is refused
// with an error naming the field and what was expected.
#include "settingrange.h"
#include "mannwhitney.h"
#include "suitefile.h"

#include <QtTest>

using bs::SuiteFile;

class TestSuiteFile : public QObject {
    Q_OBJECT
private slots:
    void readsAGoodSuite();
    void badFieldIsNamed_data();
    void badFieldIsNamed();
    void readsLevelsCoverageAndRevisions();
    void missingFileIsNamed();
    void everySettingHasARange_data();
    void everySettingHasARange();
    void runnerOptionsHaveTheSettingsRanges_data();
    void runnerOptionsHaveTheSettingsRanges();
    void sampleSuitesAreValid();
    void defaultRepetitionsCanBeTested();
};

namespace {

const char *kGood = "{\n"
"  \"suite\": {\"id\": \"s\", \"title\": \"A suite\"},\n"
"  \"revision\": {\"id\": \"abc\", \"label\": \"v1\"},\n"
"  \"settings\": {\"mode\": \"fixed-rate\", \"rate\": 500, \"connections\": 8, \"repetitions\": 4, \"run_order\": \"abba\",\n"
"               \"cpu_set_server\": \"1\", \"cpu_set_client\": \"0\"},\n"
"  \"participants\": [\n"
"    {\"id\": \"a\", \"start\": {\"command\": [\"srv\", \"--port\", \"1\"], \"env\": {\"X\": \"1\"}}, \"url\": \"http://127.0.0.1:1/\",\n"
"     \"ready\": {\"url\": \"http://127.0.0.1:1/health\", \"deadline_s\": 3}},\n"
"    {\"id\": \"b\", \"url\": \"http://127.0.0.1:2\", \"commands\": {\"c2\": [\"true\"]}}\n"
"  ],\n"
"  \"cases\": [\n"
"    {\"id\": \"c1\", \"path\": \"/x\", \"headers\": {\"Accept\": \"text/plain\"}, \"expect\": {\"status\": 200, \"json\": {\"a\": [1, 2]}}},\n"
"    {\"id\": \"c2\", \"kind\": \"command\", \"command\": [\"echo\", \"{participant}\"], \"runs\": 5, \"warmup_runs\": 0}\n"
"  ]\n"
"}";

} // namespace

void TestSuiteFile::readsAGoodSuite()
{
    bs::LoadError error;
    auto s = SuiteFile::parse(kGood, "good.json", "/suites", error);
    QVERIFY2(s, error.toString().c_str());
    QCOMPARE(s->settings.mode, std::string("fixed-rate"));
    QCOMPARE(s->settings.rate, 500.0);
    QCOMPARE(s->settings.repetitions, 4);
    QCOMPARE(s->settings.runOrder, std::string("abba"));
    QCOMPARE(s->settings.durationSeconds, 5.0); // default
    QCOMPARE(s->participants.size(), std::size_t(2));
    QCOMPARE(s->participants[0].url, std::string("http://127.0.0.1:1")); // trailing slash dropped
    QCOMPARE(s->participants[0].readyUrl, std::string("http://127.0.0.1:1/health"));
    QCOMPARE(s->participants[0].environment.at("X"), std::string("1"));
    QCOMPARE(s->participants[1].readyUrl, std::string("http://127.0.0.1:2"));
    QCOMPARE(s->cases[0].expect.status.value_or(0), 200);
    QCOMPARE(s->cases[0].expect.json.value_or(""), std::string("{\"a\":[1,2]}"));
    QCOMPARE(s->cases[1].kind, std::string("command"));
    QCOMPARE(s->cases[1].runs, 5);
    QVERIFY(s->primaryMetric.empty());
    // A suite may declare what its capture leads with: a metric it measures.
    std::string declared = kGood;
    declared.insert(1, "\"primary_metric\": \"latency_p50\",");
    s = SuiteFile::parse(declared, "good.json", "/suites", error);
    QVERIFY2(s, error.toString().c_str());
    QCOMPARE(s->primaryMetric, std::string("latency_p50"));
}

void TestSuiteFile::badFieldIsNamed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("message");
    const QString p = QStringLiteral("\"participants\": [{\"id\": \"a\", \"url\": \"http://127.0.0.1:1\"}]");
    const QString c = QStringLiteral("\"cases\": [{\"id\": \"c\"}]");
    auto suite = [&](const QString &extra, const QString &parts, const QString &cases) -> QString {
        return QStringLiteral("{\"suite\": {\"id\": \"s\"}, ") + extra + parts + QStringLiteral(", ") + cases + QStringLiteral("}");
    };
    QTest::newRow("not json") << QStringLiteral("{\"suite\": ") << QStringLiteral("line 1, column 10 (byte 10)") << QStringLiteral("not valid JSON");
    QTest::newRow("no suite") << QStringLiteral("{}") << QStringLiteral("$") << QStringLiteral("\"suite\"");
    QTest::newRow("unknown top-level field") << suite(QStringLiteral("\"setings\": {}, "), p, c)
                                             << QStringLiteral("$.setings") << QStringLiteral("unknown field");
    QTest::newRow("primary metric the suite does not measure")
        << suite(QStringLiteral("\"primary_metric\": \"size\", "), p, c) << QStringLiteral("$.primary_metric")
        << QStringLiteral("\"size\" is not a metric this suite measures (rps, latency_p50");
    QTest::newRow("mode misspelled") << suite(QStringLiteral("\"settings\": {\"mode\": \"saturate\"}, "), p, c)
                                     << QStringLiteral("$.settings.mode") << QStringLiteral("\"saturation\" or \"fixed-rate\"");
    QTest::newRow("fixed rate without a rate") << suite(QStringLiteral("\"settings\": {\"mode\": \"fixed-rate\"}, "), p, c)
                                               << QStringLiteral("$.settings.mode") << QStringLiteral("needs \"rate\"");
    QTest::newRow("connections not a whole number") << suite(QStringLiteral("\"settings\": {\"connections\": 2.5}, "), p, c)
                                                    << QStringLiteral("$.settings.connections") << QStringLiteral("whole number");
    QTest::newRow("duration zero") << suite(QStringLiteral("\"settings\": {\"duration_s\": 0}, "), p, c)
                                   << QStringLiteral("$.settings.duration_s") << QStringLiteral("from 0.001 to 86400");
    QTest::newRow("run order unknown") << suite(QStringLiteral("\"settings\": {\"run_order\": \"random\"}, "), p, c)
                                       << QStringLiteral("$.settings.run_order") << QStringLiteral("\"abba\"");
    QTest::newRow("client io unknown") << suite(QStringLiteral("\"settings\": {\"client_io\": \"uring\"}, "), p, c)
                                       << QStringLiteral("$.settings.client_io") << QStringLiteral("\"io_uring\", found \"uring\"");
    QTest::newRow("participants empty") << suite({}, QStringLiteral("\"participants\": []"), c)
                                        << QStringLiteral("$.participants") << QStringLiteral("non-empty array");
    QTest::newRow("participant without id") << suite({}, QStringLiteral("\"participants\": [{\"url\": \"http://127.0.0.1:1\"}]"), c)
                                            << QStringLiteral("$.participants[0]") << QStringLiteral("\"id\"");
    QTest::newRow("start command not a list")
        << suite({}, QStringLiteral("\"participants\": [{\"id\": \"a\", \"url\": \"http://127.0.0.1:1\", \"start\": {\"command\": \"srv\"}}]"), c)
        << QStringLiteral("$.participants[0].start.command") << QStringLiteral("array of strings");
    QTest::newRow("start without url") << suite({}, QStringLiteral("\"participants\": [{\"id\": \"a\", \"start\": {\"command\": [\"srv\"]}}]"), c)
                                       << QStringLiteral("$.participants[0]") << QStringLiteral("needs \"url\"");
    QTest::newRow("https url") << suite({}, QStringLiteral("\"participants\": [{\"id\": \"a\", \"url\": \"https://x\"}]"), c)
                               << QStringLiteral("$.participants[0].url") << QStringLiteral("http://");
    QTest::newRow("duplicate participant")
        << suite({}, QStringLiteral("\"participants\": [{\"id\": \"a\"}, {\"id\": \"a\"}]"), c)
        << QStringLiteral("$.participants[1].id") << QStringLiteral("duplicate");
    QTest::newRow("status a string") << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c\", \"expect\": {\"status\": \"200\"}}]"))
                                     << QStringLiteral("$.cases[0].expect.status") << QStringLiteral("whole number");
    QTest::newRow("expect field misspelled") << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c\", \"expect\": {\"stauts\": 200}}]"))
                                             << QStringLiteral("$.cases[0].expect.stauts") << QStringLiteral("unknown field");
    QTest::newRow("path without slash") << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c\", \"path\": \"x\"}]"))
                                        << QStringLiteral("$.cases[0].path") << QStringLiteral("starting with '/'");
    QTest::newRow("body file missing")
        << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c\", \"expect\": {\"body_file\": \"no-such-file.html\"}}]"))
        << QStringLiteral("$.cases[0].expect.body_file") << QStringLiteral("no-such-file.html");
    QTest::newRow("command case with a path")
        << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c\", \"kind\": \"command\", \"command\": [\"true\"], \"path\": \"/\"}]"))
        << QStringLiteral("$.cases[0].path") << QStringLiteral("command case");
    QTest::newRow("unknown case kind") << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c\", \"kind\": \"grpc\"}]"))
                                       << QStringLiteral("$.cases[0].kind") << QStringLiteral("\"http\" or \"command\"");
    QTest::newRow("case id with a space") << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c d\"}]"))
                                          << QStringLiteral("$.cases[0].id") << QStringLiteral("letters, digits");
    QTest::newRow("participant command for an unknown case")
        << suite({}, QStringLiteral("\"participants\": [{\"id\": \"a\", \"commands\": {\"zz\": [\"true\"]}}]"), c)
        << QStringLiteral("$.participants[0].commands.zz") << QStringLiteral("unknown case");
    QTest::newRow("a level given twice") << suite(QStringLiteral("\"settings\": {\"connections\": [1, 1]}, "), p, c)
                                         << QStringLiteral("$.settings.connections[1]") << QStringLiteral("given twice");
    QTest::newRow("no levels") << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c\", \"connections\": []}]"))
                               << QStringLiteral("$.cases[0].connections") << QStringLiteral("non-empty array");
    QTest::newRow("level tabs unknown") << suite(QStringLiteral("\"settings\": {\"level_tabs\": \"case\"}, "), p, c)
                                        << QStringLiteral("$.settings.level_tabs") << QStringLiteral("\"workload\"");
    QTest::newRow("level id taken")
        << suite(QStringLiteral("\"settings\": {\"connections\": [1, 2]}, "), p,
                 QStringLiteral("\"cases\": [{\"id\": \"c-c1\"}, {\"id\": \"c\"}]"))
        << QStringLiteral("$.cases[1].id") << QStringLiteral("\"c-c1\" of a connection level is taken");
    QTest::newRow("unsupported names an unknown case")
        << suite({}, QStringLiteral("\"participants\": [{\"id\": \"a\", \"unsupported\": {\"zz\": \"no\"}}]"), c)
        << QStringLiteral("$.participants[0].unsupported.zz") << QStringLiteral("unknown case");
    QTest::newRow("missing without a reason")
        << suite({}, QStringLiteral("\"participants\": [{\"id\": \"a\", \"missing\": {\"c\": \"\"}}]"), c)
        << QStringLiteral("$.participants[0].missing.c") << QStringLiteral("say why");
    QTest::newRow("unsupported and missing")
        << suite({}, QStringLiteral("\"participants\": [{\"id\": \"a\", \"unsupported\": {\"c\": \"x\"}, \"missing\": {\"c\": \"y\"}}]"), c)
        << QStringLiteral("$.participants[0].missing.c") << QStringLiteral("not both");
    QTest::newRow("size of an http case") << suite({}, p, QStringLiteral("\"cases\": [{\"id\": \"c\", \"size_path\": \"x\"}]"))
                                          << QStringLiteral("$.cases[0].size_path") << QStringLiteral("command cases");
    QTest::newRow("one revision") << suite(QStringLiteral("\"revisions\": [{\"name\": \"a\"}], "), p, c)
                                  << QStringLiteral("$.revisions") << QStringLiteral("two revisions");
    QTest::newRow("revisions at one port")
        << suite(QStringLiteral("\"revisions\": [{\"name\": \"a\"}, {\"name\": \"b\"}], "),
                 QStringLiteral("\"participants\": [{\"id\": \"a\", \"start\": {\"command\": [\"srv\"]}, \"url\": \"http://127.0.0.1:1\"}]"), c)
        << QStringLiteral("$.participants[0].url") << QStringLiteral("\"restart\": true");
    QTest::newRow("source missing") << suite(QStringLiteral("\"sources\": [\"no-such.c\"], "), p, c)
                                    << QStringLiteral("$.sources[0]") << QStringLiteral("no-such.c");
}

void TestSuiteFile::readsLevelsCoverageAndRevisions()
{
    const char *text = "{\"suite\": {\"id\": \"s\"},\n"
                       " \"settings\": {\"connections\": [1, 48], \"level_tabs\": \"workload\"},\n"
                       " \"revisions\": [{\"name\": \"before\", \"vars\": {\"port\": \"1\", \"build\": \"b1\"}},\n"
                       "               {\"name\": \"after\", \"id\": \"abc\", \"vars\": {\"port\": \"2\", \"build\": \"b2\"}}],\n"
                       " \"participants\": [{\"id\": \"a\", \"start\": {\"command\": [\"{build}/srv\", \"{port}\"]},\n"
                       "                   \"url\": \"http://127.0.0.1:{port}\", \"missing\": {\"lookup\": \"no route\"}}],\n"
                       " \"cases\": [{\"id\": \"lookup\", \"group\": \"db\"}, {\"id\": \"one\", \"connections\": 4}]}";
    bs::LoadError error;
    auto s = SuiteFile::parse(text, "levels.json", "/suites", error);
    QVERIFY2(s, error.toString().c_str());
    QCOMPARE(s->cases.size(), std::size_t(3));
    QCOMPARE(s->cases[0].id, std::string("lookup-c1"));
    QCOMPARE(s->cases[0].baseId, std::string("lookup"));
    QCOMPARE(s->cases[0].group, std::string("db")); // by workload: the case's own group
    QCOMPARE(s->cases[1].connections, 48);
    QCOMPARE(s->cases[2].id, std::string("one")); // one number: no level id
    QCOMPARE(s->cases[2].connections, 4);
    QVERIFY(s->hasConnectionLevels);
    QCOMPARE(s->participants[0].missing.at("lookup"), std::string("no route"));
    QCOMPARE(s->revisions.size(), std::size_t(2));
    QCOMPARE(s->revisions[1].revision.id, std::string("abc"));
    QCOMPARE(s->revisions[0].participants[0].startCommand, (std::vector<std::string> {"b1/srv", "1"}));
    QCOMPARE(s->revisions[1].participants[0].url, std::string("http://127.0.0.1:2"));
}

void TestSuiteFile::badFieldIsNamed()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, message);
    bs::LoadError error;
    auto s = SuiteFile::parse(text.toStdString(), "bad.json", "/nonexistent-dir", error);
    QVERIFY(!s);
    QCOMPARE(QString::fromStdString(error.file), QStringLiteral("bad.json"));
    QCOMPARE(QString::fromStdString(error.place), place);
    QVERIFY2(QString::fromStdString(error.message).contains(message), error.toString().c_str());
}

void TestSuiteFile::everySettingHasARange_data()
{
    // Each setting in its place, with its range: the edges are read, a
    // value past either edge (1e308, 1e-300, a million) is refused with the
    // JSON path and the range.
    QTest::addColumn<QString>("templ"); // the suite with %1 where the value goes
    QTest::addColumn<QString>("place");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<bool>("whole");
    const QString parts = QStringLiteral("\"participants\": [{\"id\": \"a\", \"url\": \"http://127.0.0.1:1\"%1}, "
                                         "{\"id\": \"b\", \"url\": \"http://127.0.0.1:2\", \"commands\": {\"k\": [\"true\"]}}]");
    const QString cases = QStringLiteral("\"cases\": [{\"id\": \"c\"%1}, {\"id\": \"k\", \"kind\": \"command\", "
                                         "\"command\": [\"true\"]%2}]");
    auto add = [&](const char *name, const QString &templ, const char *place, const bs::SettingRange &r, bool whole) {
        QTest::newRow(name) << templ << QString::fromLatin1(place) << r.min << r.max << whole;
    };
    namespace R = bs::SettingRanges;
    const struct { const char *key; bs::SettingRange range; bool whole; } settings[] = {
        {"connections", R::connections, true}, {"threads", R::threads, true},
        {"repetitions", R::repetitions, true}, {"warmup_s", R::warmupSeconds, false},
        {"duration_s", R::durationSeconds, false}, {"rate", R::rate, false},
        {"timeout_s", R::timeoutSeconds, false}, {"ready_deadline_s", R::readyDeadlineSeconds, false},
        {"stop_grace_s", R::stopGraceSeconds, false},
    };
    for (const auto &s : settings)
        add(s.key,
            QStringLiteral("{\"suite\": {\"id\": \"s\"}, \"settings\": {\"%1\": %2}, ").arg(QLatin1String(s.key), QStringLiteral("%1"))
                + parts.arg(QString()) + QStringLiteral(", ") + cases.arg(QString(), QString()) + u'}',
            qPrintable(QStringLiteral("$.settings.") + QLatin1String(s.key)), s.range, s.whole);
    const QString top = QStringLiteral("{\"suite\": {\"id\": \"s\"}, ");
    add("case connections", top + parts.arg(QString()) + QStringLiteral(", ") + cases.arg(QStringLiteral(", \"connections\": %1"), QString()) + u'}',
        "$.cases[0].connections", R::connections, true);
    add("expected status", top + parts.arg(QString()) + QStringLiteral(", ") + cases.arg(QStringLiteral(", \"expect\": {\"status\": %1}"), QString()) + u'}',
        "$.cases[0].expect.status", R::status, true);
    add("runs", top + parts.arg(QString()) + QStringLiteral(", ") + cases.arg(QString(), QStringLiteral(", \"runs\": %1")) + u'}',
        "$.cases[1].runs", R::runs, true);
    add("warmup runs", top + parts.arg(QString()) + QStringLiteral(", ") + cases.arg(QString(), QStringLiteral(", \"warmup_runs\": %1")) + u'}',
        "$.cases[1].warmup_runs", R::warmupRuns, true);
    add("participant ready deadline", top + parts.arg(QStringLiteral(", \"ready\": {\"deadline_s\": %1}")) + QStringLiteral(", ")
            + cases.arg(QString(), QString()) + u'}',
        "$.participants[0].ready.deadline_s", R::readyDeadlineSeconds, false);
}

void TestSuiteFile::everySettingHasARange()
{
    QFETCH(QString, templ);
    QFETCH(QString, place);
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(bool, whole);
    auto parse = [&](double v, bs::LoadError &error) {
        return SuiteFile::parse(templ.arg(QString::number(v, 'g', 17)).toStdString(), "s.json", "/nonexistent-dir", error);
    };
    bs::LoadError error;
    QVERIFY2(parse(min, error), error.toString().c_str());
    QVERIFY2(parse(max, error), error.toString().c_str());
    const double past[] = {max * 2, max + 1, 1e308, min - 1, whole || min == 0 ? min - 0.5 : min / 2, -1e308};
    for (double v : past) {
        if (v == 0 && place == u"$.settings.rate")
            continue; // rate 0 is saturation
        QVERIFY2(!parse(v, error), qPrintable(QStringLiteral("%1 accepted").arg(v)));
        QCOMPARE(QString::fromStdString(error.place), place);
        QVERIFY2(QString::fromStdString(error.message).contains(QStringLiteral("to %1").arg(max)), error.toString().c_str());
    }
    if (!whole && min > 0)
        QVERIFY2(!parse(1e-300, error), "1e-300 accepted");
}

void TestSuiteFile::runnerOptionsHaveTheSettingsRanges_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("range");
    namespace R = bs::SettingRanges;
    const struct { const char *option; bs::SettingRange range; } options[] = {
        {"--connections", R::connections}, {"--threads", R::threads}, {"--repetitions", R::repetitions},
        {"--duration", R::durationSeconds}, {"--warmup", R::warmupSeconds}, {"--rate", R::rate},
    };
    for (const auto &o : options)
        for (const char *value : {"1000000", "1e308", "1e-300", "-1"}) {
            const double v = std::strtod(value, nullptr);
            if (o.range.contains(v))
                continue;
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(o.option), QLatin1String(value))))
                << QString::fromLatin1(o.option) << QString::fromLatin1(value) << QString::fromStdString(o.range.text());
        }
}

void TestSuiteFile::runnerOptionsHaveTheSettingsRanges()
{
    QFETCH(QString, option);
    QFETCH(QString, value);
    QFETCH(QString, range);
    QProcess p;
    p.start(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QStringLiteral("/benchscope-run"),
            {QStringLiteral("suite.json"), QStringLiteral("--out"), QStringLiteral("out.json"), option, value});
    QVERIFY(p.waitForFinished(30000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 2);
    QVERIFY2(err.contains(option + QStringLiteral(" needs a")) && err.contains(range), qPrintable(err));
}

void TestSuiteFile::missingFileIsNamed()
{
    bs::LoadError error;
    QVERIFY(!SuiteFile::read("/nonexistent/suite.json", error));
    QVERIFY2(QString::fromStdString(error.toString()).contains(QStringLiteral("/nonexistent/suite.json")),
             error.toString().c_str());
}

void TestSuiteFile::sampleSuitesAreValid()
{
    const QDir dir(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/suites"));
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(!files.isEmpty());
    for (const QString &f : files) {
        bs::LoadError error;
        QVERIFY2(SuiteFile::read(dir.filePath(f).toStdString(), error), error.toString().c_str());
    }
}

void TestSuiteFile::defaultRepetitionsCanBeTested()
{
    // A suite that gives no repetitions gets the default.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"suite": {"id": "s"}, "participants": [{"id": "p", "url": "http://127.0.0.1:1"}],
               "cases": [{"id": "c", "path": "/"}]})");
    f.close();
    bs::LoadError error;
    const auto s = SuiteFile::read(path.toStdString(), error);
    QVERIFY2(s, error.toString().c_str());
    const int n = s->settings.repetitions;
    QCOMPARE(n, bs::kDefaultRepetitions);
    // n vs n reaches p < 0.05 with one pair of runs out of order (U = 1);
    // n - 1 does not, though fully separated it can.
    namespace mw = bs::MannWhitney;
    QVERIFY(mw::exactPWithoutTies(std::size_t(n), std::size_t(n), 1) < 0.05);
    QVERIFY(mw::exactPWithoutTies(std::size_t(n - 1), std::size_t(n - 1), 1) >= 0.05);
    QVERIFY(mw::minimumP(std::size_t(n - 1), std::size_t(n - 1)) < 0.05);
    QVERIFY(mw::minimumP(3, 3) > 0.05); // the old default could never show a change
}

QTEST_GUILESS_MAIN(TestSuiteFile)
#include "tst_suitefile.moc"
