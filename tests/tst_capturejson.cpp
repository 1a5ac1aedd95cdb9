// The JSON `benchscope-cli inspect --format json` prints, written result by
// result (CaptureJson::write): the text is exactly nlohmann's dump(2) of the
// document it stands for, for one capture, several, and a result of many
// metrics; invalid UTF-8 becomes U+FFFD as before.
#include "capturejson.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <sstream>

namespace {

using ojson = nlohmann::ordered_json;

bs::Capture sample(int metrics)
{
    bs::Capture c;
    c.sourcePath = "a\xff.json";
    c.suite = {"s", "Suite \"quoted\"\nline"};
    c.revision = {"r1", "", "2026-01-01"};
    for (int m = 0; m < metrics; ++m)
        c.metrics.push_back({"m" + std::to_string(m), "M", "s", bs::Direction::LowerIsBetter, m == 0, ""});
    c.participants.push_back({"p", "P", "", "", false, {"t1"}});
    c.cases.push_back({"k", "K", "g", ""});
    c.cases.push_back({"j", "J", "g", ""});
    bs::Result r;
    r.participant = "p";
    r.caseId = "k";
    r.flags = {"failures"};
    r.reason = "2 of 10 failed";
    for (int m = 0; m < metrics; ++m) {
        bs::MetricSummary s;
        s.value = s.median = s.min = s.max = 0.25 * m;
        s.n = 1;
        s.once = m % 2;
        r.summary["m" + std::to_string(m)] = s;
    }
    c.results.push_back(r);
    bs::Result missing;
    missing.participant = "p";
    missing.caseId = "j";
    missing.status = bs::ResultStatus::Missing;
    c.results.push_back(missing);
    c.provenance.caveats = {"a caveat"};
    return c;
}

std::string written(const std::vector<bs::Capture> &captures)
{
    std::ostringstream out;
    bs::CaptureJson::write(out, captures);
    return out.str();
}

} // namespace

class TstCaptureJson : public QObject {
    Q_OBJECT

private slots:
    void isTheDumpOfItsDocument_data()
    {
        QTest::addColumn<int>("captures");
        QTest::addColumn<int>("metrics");
        QTest::newRow("one capture") << 1 << 3;
        QTest::newRow("two captures") << 2 << 2;
        QTest::newRow("a result of 2000 metrics") << 1 << 2000;
        QTest::newRow("none") << 0 << 1;
    }

    void isTheDumpOfItsDocument()
    {
        QFETCH(int, captures);
        QFETCH(int, metrics);
        const std::vector<bs::Capture> list(std::size_t(captures), sample(metrics));
        const std::string text = written(list);
        const ojson doc = ojson::parse(text);
        QCOMPARE(doc.dump(2), text);
        if (captures == 0)
            return;
        const ojson &one = captures == 1 ? doc : doc.at(1);
        QCOMPARE(one.at("file").get<std::string>(), std::string("a\xef\xbf\xbd.json"));
        QCOMPARE(one.at("results").size(), std::size_t(2));
        const ojson &ms = one.at("results").at(0).at("metrics");
        QCOMPARE(ms.size(), std::size_t(metrics));
        QCOMPARE(ms.at("m1").at("value").get<double>(), 0.25);
        QVERIFY(ms.at("m1").at("once").get<bool>());
        QCOMPARE(one.at("results").at(1).at("status").get<std::string>(), std::string("missing"));
        QCOMPARE(one.at("caveats").at(0).get<std::string>(), std::string("a caveat"));
        QVERIFY(one.at("warnings").empty());
    }
};

QTEST_GUILESS_MAIN(TstCaptureJson)
#include "tst_capturejson.moc"
