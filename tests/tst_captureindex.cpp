// Capture's lookups through its index (CaptureIndex): the first item of an
// id wins as a walk of the list finds it; appended, shrunk, replaced and
// copied lists are looked up correctly; a capture shared by threads is.
#include "capture.h"

#include <QtTest>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace {

bs::Result result(const std::string &participant, const std::string &caseId, double value)
{
    bs::Result r;
    r.participant = participant;
    r.caseId = caseId;
    r.once["time"] = value;
    return r;
}

// p0..p(n-1) × c0..c(n-1), each once.
bs::Capture grid(int n)
{
    bs::Capture c;
    c.metrics.push_back({"time", "Time", "s", bs::Direction::LowerIsBetter, true, ""});
    for (int i = 0; i < n; ++i) {
        c.participants.push_back({"p" + std::to_string(i), "P" + std::to_string(i), "", "", false, {}});
        c.cases.push_back({"c" + std::to_string(i), "C" + std::to_string(i), "", ""});
    }
    for (int p = 0; p < n; ++p)
        for (int k = 0; k < n; ++k)
            c.results.push_back(result("p" + std::to_string(p), "c" + std::to_string(k), p * 1000 + k));
    return c;
}

double valueOf(const bs::Result *r)
{
    return r ? r->once.at("time") : -1;
}

} // namespace

class TstCaptureIndex : public QObject {
    Q_OBJECT

private slots:
    void findsEveryItemAndNothingElse()
    {
        const bs::Capture c = grid(30);
        for (int p = 0; p < 30; ++p)
            for (int k = 0; k < 30; ++k)
                QCOMPARE(valueOf(c.result("p" + std::to_string(p), "c" + std::to_string(k))), double(p * 1000 + k));
        QVERIFY(!c.result("p1", "c30"));
        QVERIFY(!c.result("p", "1c1")); // no mix-up of where one id ends
        QVERIFY(!c.result("c1", "p1"));
        QCOMPARE(c.participant("p7")->label, std::string("P7"));
        QCOMPARE(c.caseInfo("c29")->label, std::string("C29"));
        QCOMPARE(c.metric("time")->label, std::string("Time"));
        QVERIFY(!c.metric("rps") && !c.participant("P7") && !c.caseInfo(""));
    }

    void theFirstOfARepeatedIdWins()
    {
        bs::Capture c = grid(2);
        c.results.push_back(result("p0", "c1", -5));
        c.cases.push_back({"c0", "second c0", "", ""});
        QCOMPARE(valueOf(c.result("p0", "c1")), 1.0);
        QCOMPARE(c.caseInfo("c0")->label, std::string("C0"));
    }

    void appendedItemsAreFoundAsTheyCome()
    {
        // An importer's pattern: look up, append, look up again (and the list reallocates).
        bs::Capture c;
        for (int i = 0; i < 5000; ++i) {
            const std::string p = "p" + std::to_string(i % 7), k = "c" + std::to_string(i);
            QVERIFY(!c.result(p, k));
            c.results.push_back(result(p, k, i));
            QCOMPARE(valueOf(c.result(p, k)), double(i));
        }
        QCOMPARE(valueOf(c.result("p3", "c10")), 10.0);
        bs::Result *mine = c.result("p3", "c10");
        mine->once["time"] = 11;
        QCOMPARE(valueOf(std::as_const(c).result("p3", "c10")), 11.0);
    }

    void aListThatShrankOrWasReplacedIsIndexedAgain()
    {
        bs::Capture c = grid(4);
        QVERIFY(c.result("p3", "c3"));
        c.results.resize(2);
        QVERIFY(!c.result("p3", "c3"));
        QCOMPARE(valueOf(c.result("p0", "c1")), 1.0);
        // The same length, other items: the stale position is seen and the list indexed again.
        c.results = {result("x", "y", 7), result("p0", "c0", 8)};
        QVERIFY(!c.result("p0", "c1"));
        QCOMPARE(valueOf(c.result("x", "y")), 7.0);
        QCOMPARE(valueOf(c.result("p0", "c0")), 8.0);
        c.participants = {{"q", "Q", "", "", false, {}}};
        QVERIFY(!c.participant("p0"));
        QCOMPARE(c.participant("q")->label, std::string("Q"));
    }

    void aCopyLooksUpInItself()
    {
        const bs::Capture a = grid(3);
        QVERIFY(a.result("p1", "c2"));
        bs::Capture b = a;
        QVERIFY(b.result("p1", "c2") != a.result("p1", "c2"));
        QCOMPARE(b.result("p1", "c2"), &b.results[5]);
        bs::Capture moved = std::move(b);
        QCOMPARE(moved.result("p2", "c2"), &moved.results[8]);
        b = moved;
        QCOMPARE(b.result("p2", "c2"), &b.results[8]);
        QVERIFY(a == b); // the index is no part of the content
    }

    void threadsShareOneCapture()
    {
        const bs::Capture c = grid(60);
        std::atomic<int> wrong{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int i = 0; i < 3600; ++i) {
                    const int p = (i * (t + 1)) % 60, k = i % 60;
                    if (valueOf(c.result("p" + std::to_string(p), "c" + std::to_string(k))) != p * 1000 + k)
                        ++wrong;
                }
            });
        for (std::thread &th : threads)
            th.join();
        QCOMPARE(wrong.load(), 0);
    }
};

QTEST_GUILESS_MAIN(TstCaptureIndex)
#include "tst_captureindex.moc"
