// Summaries are derived from repetitions: median, range, representative run.
#include "summarizer.h"

#include <QtTest>

class TestSummarizer : public QObject {
    Q_OBJECT
private slots:
    void representative_data();
    void representative();
    void metricMissingFromSomeRepetitions();
    void noRepetitions();
    void resultWithoutPrimaryMetricUsesItsOwn();
};

void TestSummarizer::resultWithoutPrimaryMetricUsesItsOwn()
{
    bs::Capture c;
    c.metrics = {{"rps", "Requests/s", "req/s", bs::Direction::HigherIsBetter, true, ""},
                 {"wall_time", "Wall time", "s", bs::Direction::LowerIsBetter, false, ""}};
    bs::Result timed;
    for (double t : {3.0, 1.0, 2.0}) {
        bs::Repetition rep;
        rep.metrics["wall_time"] = t;
        timed.repetitions.push_back(rep);
    }
    c.results = {timed};
    bs::Summarizer::summarize(c);
    QCOMPARE(c.results[0].representative, 2); // wall time 2.0 is the median run
    QCOMPARE(c.results[0].summary.at("wall_time").value, 2.0);
}

void TestSummarizer::representative_data()
{
    QTest::addColumn<QList<double>>("rps");
    QTest::addColumn<int>("expected");
    QTest::addColumn<double>("median");
    QTest::newRow("one run") << QList<double>{5} << 0 << 5.0;
    QTest::newRow("three runs, median in the middle") << QList<double>{30, 10, 20} << 2 << 20.0;
    QTest::newRow("even count takes the lower middle") << QList<double>{40, 10, 30, 20} << 3 << 25.0;
    QTest::newRow("ties keep the earlier run") << QList<double>{7, 7, 7} << 1 << 7.0;
    QTest::newRow("five runs") << QList<double>{5, 1, 4, 2, 3} << 4 << 3.0;
}

void TestSummarizer::representative()
{
    QFETCH(QList<double>, rps);
    QFETCH(int, expected);
    QFETCH(double, median);
    bs::Result r;
    for (int i = 0; i < rps.size(); ++i) {
        bs::Repetition rep;
        rep.metrics["rps"] = rps[i];
        rep.metrics["p99"] = 100.0 + i; // identifies the run
        r.repetitions.push_back(rep);
    }
    bs::Summarizer::summarize(r, "rps");
    QCOMPARE(r.representative, expected);
    QCOMPARE(r.summary.at("rps").median, median);
    QCOMPARE(r.summary.at("rps").n, std::size_t(rps.size()));
    // The other metrics of the row come from the same run.
    QCOMPARE(r.summary.at("p99").value, 100.0 + expected);
}

void TestSummarizer::metricMissingFromSomeRepetitions()
{
    bs::Result r;
    bs::Repetition a, b;
    a.metrics = {{"rps", 10}, {"rss", 1000}};
    b.metrics = {{"rps", 20}};
    r.repetitions = {a, b};
    bs::Summarizer::summarize(r, "rps");
    QCOMPARE(r.summary.at("rss").n, std::size_t(1));
    QCOMPARE(r.summary.at("rps").n, std::size_t(2));
}

void TestSummarizer::noRepetitions()
{
    bs::Result r;
    bs::Summarizer::summarize(r, "rps");
    QCOMPARE(r.representative, -1);
    QVERIFY(r.summary.empty());
}

QTEST_GUILESS_MAIN(TestSummarizer)
#include "tst_summarizer.moc"
