// The one formatter's precision rule (UnitFormat::scaleFor over a column's
// figures) and the table builder's cells: units by the typical magnitude,
// one count of decimals per metric family, ranges that show their spread,
// an even number of repetitions, CSV numbers in machine form.
#include "captureloader.h"
#include "diffcaptures.h"
#include "summarizer.h"
#include "tablebuilder.h"
#include "unitformat.h"

#include <QtTest>

#include <cmath>
#include <random>

namespace UnitFormat = bs::UnitFormat;

namespace {

std::string cell(const UnitFormat::Figures &f, const UnitFormat::Scale &scale)
{
    return UnitFormat::number(f.value, scale) + " " + UnitFormat::range(f.min, f.max, scale);
}

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestTableBuilder : public QObject {
    Q_OBJECT
private slots:
    void unitFollowsTheMedian();
    void rangeDiffersInTheThirdDigit();
    void rangeFromZeroShowsItsMax();
    void mixedMagnitudesShareDecimals();
    void familyDecimalsDoNotVary();
    void countsHaveNoDecimals();
    void machineFormReadsBack();
    void evenRepetitionsShowTheMedianRun();
    void captionsNameTheUnitShown();
    void parityIsARatioNearOne_data();
    void parityIsARatioNearOne();
    void aColumnOfZerosSaysSoOnce();
    void againstBaselineSaysWhatNoiseGives_data();
    void againstBaselineSaysWhatNoiseGives();
};

// Errors of a clean run: every cell "0", one note, no "[all 3 equal]" in
// each; a column with one error keeps its figures.
void TestTableBuilder::aColumnOfZerosSaysSoOnce()
{
    bs::Capture c = diffcaptures::suite();
    c.metrics.push_back({"errors", "Errors", "count", bs::Direction::LowerIsBetter, false, ""});
    for (const char *p : {"gzip", "zstd"}) {
        diffcaptures::setResult(c, p, "text", {{"wall", {1, 1.1, 1.2}}, {"errors", {0, 0, 0}}});
        diffcaptures::setResult(c, p, "binary", {{"wall", {1, 1.1, 1.2}}, {"errors", {0, std::string(p) == "zstd" ? 2.0 : 0.0, 0}}});
    }
    const bs::Table text = bs::TableBuilder::caseTable(c, "text");
    std::size_t errors = 0;
    for (std::size_t i = 0; i < text.columns.size(); ++i)
        if (text.columns[i].kind == bs::ColumnKind::Value && text.columns[i].metric->id == "errors")
            errors = i;
    QVERIFY(errors > 0 && text.zeroColumn(errors));
    for (std::size_t row = 0; row < 2; ++row)
        QCOMPARE(QString::fromStdString(text.cellText(row, errors)), QStringLiteral("0"));
    const auto says = [](const bs::Table &t, const std::string &what) {
        return std::count_if(t.notes.begin(), t.notes.end(), [&](const std::string &n) { return n.find(what) != std::string::npos; });
    };
    QCOMPARE(says(text, "Errors is 0, on every repetition"), 1);
    QCOMPARE(says(text, "[all N equal]"), 0);
    // All cases of errors: the binary case has an error, the text case none.
    const bs::Table all = bs::TableBuilder::allCases(c, "errors");
    QCOMPARE(says(all, "Errors is 0 in text input, on every repetition"), 1);
    bool sawRange = false;
    for (std::size_t col = 1; col < all.columns.size(); ++col)
        for (std::size_t row = 0; row < 2; ++row)
            sawRange |= all.cellText(row, col).find("[0–2]") != std::string::npos;
    QVERIFY(sawRange);
    QCOMPARE(says(all, "[all N equal]"), 1); // gzip's binary errors: 0 on all 3, in a column that is not all zeros
}

// Parity is a ratio within Table::kParityTolerance of 1, whatever the
// ranges; ranges that overlap further out are said as such, never parity.
void TestTableBuilder::parityIsARatioNearOne_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<QString>("ratio");
    QTest::addColumn<QString>("note");
    const QList<double> base{100, 60, 140}; // the baseline's wall time: median 100, [60–140]
    QTest::newRow("284%, wide ranges overlap") << QList<double>{284, 130, 300} << "284%" << "ranges overlap";
    QTest::newRow("101%, tight") << QList<double>{101, 100.5, 101.5} << "101%" << "parity";
    QTest::newRow("101%, wide") << QList<double>{101, 20, 400} << "101%" << "parity";
    QTest::newRow("99%, one run") << QList<double>{99} << "99%" << "parity";
    QTest::newRow("150%, apart") << QList<double>{150, 145, 155} << "150%" << "";
    QTest::newRow("103%, one run") << QList<double>{103} << "103%" << "";
    QTest::newRow("60%, overlapping at the edge") << QList<double>{60, 50, 60} << "60%" << "ranges overlap";
}

void TestTableBuilder::parityIsARatioNearOne()
{
    QFETCH(QList<double>, values);
    QFETCH(QString, ratio);
    QFETCH(QString, note);
    bs::Capture c = diffcaptures::suite();
    c.participants[0].baseline = true;
    c.cases.resize(1); // one case: the ratio column is there all the same
    diffcaptures::setResult(c, "gzip", "text", {{"wall", {100, 60, 140}}});
    diffcaptures::setResult(c, "zstd", "text", {{"wall", std::vector<double>(values.begin(), values.end())}});
    const bs::Table t = bs::TableBuilder::allCases(c, "wall");
    std::size_t ratioColumn = 0;
    for (std::size_t i = 0; i < t.columns.size(); ++i)
        if (t.columns[i].kind == bs::ColumnKind::Ratio)
            ratioColumn = i;
    QVERIFY(ratioColumn > 0);
    QCOMPARE(text(t.text(1, ratioColumn)), ratio);
    QCOMPARE(text(t.spread(1, ratioColumn)), note);
    QCOMPARE(text(t.text(0, ratioColumn)), QStringLiteral("baseline"));
}

void TestTableBuilder::unitFollowsTheMedian()
{
    // A 16 ms p99 among sub-millisecond ones still reads in ms when most
    // values are milliseconds; 32,708.595 KiB reads 31.9 MiB.
    const UnitFormat::Scale p99 = UnitFormat::scaleFor("s", {0.015999, 0.0121, 0.0009, 0.0183});
    QCOMPARE(text(p99.suffix), QStringLiteral("ms"));
    QCOMPARE(text(UnitFormat::number(0.015999, p99)), QStringLiteral("16.0"));
    const UnitFormat::Scale rss = UnitFormat::scaleFor("B", {32708.595 * 1024, 30100.0 * 1024, 800.0 * 1024});
    QCOMPARE(text(UnitFormat::withUnit(32708.595 * 1024, rss)), QStringLiteral("31.9 MiB"));
}

void TestTableBuilder::rangeDiffersInTheThirdDigit()
{
    // 1.234 s [1.231–1.238]: three significant digits would print
    // "1.23 [1.23–1.24]", so the column gets one more.
    const UnitFormat::Figures f{1.234, 1.231, 1.238};
    const UnitFormat::Scale s = UnitFormat::scaleFor("s", {f.value}, {f});
    QCOMPARE(text(cell(f, s)), QStringLiteral("1.234 [1.231–1.238]"));
    // 40.8–43.0 ms does not read "41 [41–43]".
    const UnitFormat::Figures g{0.0412, 0.0408, 0.0430};
    const UnitFormat::Scale t = UnitFormat::scaleFor("s", {g.value, 0.120}, {g});
    QCOMPARE(text(cell(g, t)), QStringLiteral("41.2 [40.8–43.0]"));
}

void TestTableBuilder::rangeFromZeroShowsItsMax()
{
    // A median of 0 with one repetition at 9.07 µs, in a column of
    // milliseconds: not "0 [0–0]".
    const UnitFormat::Figures f{0, 0, 9.07e-6};
    const UnitFormat::Scale s = UnitFormat::scaleFor("s", {0.016, 0.021, 0.0}, {f, {0.016, 0.016, 0.016}});
    QCOMPARE(text(s.suffix), QStringLiteral("ms"));
    QVERIFY(UnitFormat::number(f.max, s) != UnitFormat::number(f.min, s));
    QVERIFY(UnitFormat::number(f.max, s) != UnitFormat::number(0, s));
    // Beyond the extra decimals a value too small for its column says so.
    const UnitFormat::Scale tiny = UnitFormat::scaleFor("s", {16.0, 18.0, 1e-9});
    QCOMPARE(text(UnitFormat::number(1e-9, tiny)).left(1), QStringLiteral("<"));
}

void TestTableBuilder::mixedMagnitudesShareDecimals()
{
    // 0.5 ms beside 120 ms: one unit, one count of decimals, and the small
    // value keeps a significant digit.
    const std::vector<double> values{0.0005, 0.016, 0.0159, 0.120};
    const UnitFormat::Scale s = UnitFormat::scaleFor("s", values);
    QCOMPARE(text(s.suffix), QStringLiteral("ms"));
    QStringList printed;
    for (double v : values)
        printed << text(UnitFormat::number(v, s));
    QCOMPARE(printed, (QStringList{QStringLiteral("0.5"), QStringLiteral("16.0"), QStringLiteral("15.9"),
                                   QStringLiteral("120.0")}));
}

void TestTableBuilder::familyDecimalsDoNotVary()
{
    // 1,180.671 / 7,979.01 / 10,068.0 were one family in three precisions.
    const UnitFormat::Scale s = UnitFormat::scaleFor("req/s", {1180.671, 7979.01, 10068.0});
    QCOMPARE(text(UnitFormat::number(1180.671, s)), QStringLiteral("1,181"));
    QCOMPARE(text(UnitFormat::number(7979.01, s)), QStringLiteral("7,979"));
    QCOMPARE(text(UnitFormat::number(10068.0, s)), QStringLiteral("10,068"));
}

void TestTableBuilder::countsHaveNoDecimals()
{
    const UnitFormat::Scale s = UnitFormat::scaleFor("count", {3, 5, 4}, {{3, 2, 7}});
    QCOMPARE(text(cell({3, 2, 7}, s)), QStringLiteral("3 [2–7]"));
}

void TestTableBuilder::machineFormReadsBack()
{
    const UnitFormat::Scale ms = UnitFormat::scaleFor("s", {0.015999});
    QCOMPARE(text(UnitFormat::machine(0.015999, ms)), QStringLiteral("15.999"));
    QCOMPARE(text(UnitFormat::machine(1234567.25, {})), QStringLiteral("1234567.25"));
    QCOMPARE(UnitFormat::machine(-3, {}), std::string("-3"));
    for (double v : {0.1, 0.25, 2.5e-9, 82481.0, 6.02e23, -17.5})
        QCOMPARE(std::stod(UnitFormat::machine(v, {})), v);
    QVERIFY(std::fabs(std::stod(UnitFormat::machine(1.0 / 3, {})) - 1.0 / 3) < 1e-15);
}

void TestTableBuilder::evenRepetitionsShowTheMedianRun()
{
    // Four repetitions: the row shows the median run (the lower of the two
    // middle ones), the cell's median is the true median between them, and
    // the note says which is which.
    bs::Capture c;
    c.suite = {"even", "even"};
    c.metrics = {{"rps", "Requests/s", "req/s", bs::Direction::HigherIsBetter, true, ""}};
    c.cases = {{"get", "GET /catalog", "", ""}};
    c.participants = {{"a", "A", "", "", false, {}}};
    bs::Result r;
    r.participant = "a";
    r.caseId = "get";
    for (double v : {280.0, 405.0, 323.5, 364.5})
        r.repetitions.push_back({{{"rps", v}}, {}, {}, {}, {}});
    c.results = {r};
    bs::Summarizer::summarize(c);
    const bs::Table t = bs::TableBuilder::allCases(c, "rps");
    const bs::TableCell cell = t.cell(0, 1);
    QCOMPARE(*cell.value, 323.5);
    QCOMPARE(cell.median, (323.5 + 364.5) / 2);
    QCOMPARE(cell.n, std::size_t(4));
    QCOMPARE(text(t.cellText(0, 1)), QStringLiteral("324 [280–405]"));
    bool noted = false;
    for (const std::string &n : t.notes)
        noted = noted || (n.find("median run") != std::string::npos && n.find("true median") != std::string::npos);
    QVERIFY(noted);
}

void TestTableBuilder::captionsNameTheUnitShown()
{
    // A bundled capture of microsecond latencies: the title and headers
    // say µs, not the canonical s.
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString()
                                         + "/sample-data/local/http-saturation.json.gz",
                                     error);
    if (!c)
        QSKIP(error.toString().c_str());
    for (const bs::Metric &m : c->metrics) {
        const bs::Table t = bs::TableBuilder::allCases(*c, m.id);
        for (const bs::TableColumn &col : t.columns)
            if (col.kind == bs::ColumnKind::Value && !col.scale.suffix.empty()) {
                QVERIFY2(t.title.find(" (" + col.scale.suffix + ", ") != std::string::npos, t.title.c_str());
                QVERIFY(col.caption().find("(" + col.scale.suffix + ")") != std::string::npos);
            }
    }
}

QTEST_GUILESS_MAIN(TestTableBuilder)
#include "tst_tablebuilder.moc"

void TestTableBuilder::againstBaselineSaysWhatNoiseGives_data()
{
    QTest::addColumn<int>("participants");
    QTest::addColumn<int>("runs");
    QTest::newRow("4 participants, 5 runs") << 4 << 5;
    QTest::newRow("8 participants, 3 runs") << 8 << 3;
    QTest::newRow("3 participants, 1 run") << 3 << 1;
}

// Participants that are one law (lognormal, 3% spread, fixed seed) against
// the first as baseline, over two cases: the note counts the cells whose
// ranges are apart and says what noise alone gives, 2·n!·m!/(n+m)! a cell;
// without a baseline there is no note.
void TestTableBuilder::againstBaselineSaysWhatNoiseGives()
{
    QFETCH(int, participants);
    QFETCH(int, runs);
    bs::Capture c = diffcaptures::suite();
    c.participants.clear();
    std::mt19937 rng(5);
    std::normal_distribution<double> noise(0, 0.03);
    for (int p = 0; p < participants; ++p)
        c.participants.push_back({"p" + std::to_string(p), "p" + std::to_string(p), "", "", p == 0, {}});
    for (int p = 0; p < participants; ++p)
        for (const char *k : {"text", "binary"}) {
            std::vector<double> v;
            for (int i = 0; i < runs; ++i)
                v.push_back(0.05 * std::exp(noise(rng)));
            diffcaptures::setResult(c, "p" + std::to_string(p), k, {{"wall", v}});
        }
    bs::Table t = bs::TableBuilder::allCases(c, "wall");
    int apart = 0;
    for (const bs::Result &r : c.results) {
        const bs::Result *base = c.result("p0", r.caseId);
        const bs::MetricSummary &a = r.summary.at("wall"), &b = base->summary.at("wall");
        apart += r.participant != "p0" && (a.min > b.max || b.min > a.max) ? 1 : 0;
    }
    const int compared = 2 * (participants - 1);
    const double expected = compared * 2.0 / std::tgamma(2 * runs + 1) * std::tgamma(runs + 1) * std::tgamma(runs + 1);
    const QString note = text(t.apartNote());
    static const QRegularExpression said(QStringLiteral("ranges are apart in (\\d+) of (\\d+) cells; noise alone would "
                                                        "set about ([0-9.]+) of (\\d+) apart"));
    const QRegularExpressionMatch m = said.match(note);
    QVERIFY2(m.hasMatch(), qPrintable(note));
    QCOMPARE(m.captured(1).toInt(), apart);
    QCOMPARE(m.captured(2).toInt(), compared);
    QVERIFY2(qAbs(m.captured(3).toDouble() - expected) < 0.001, qPrintable(note));
    QCOMPARE(int(std::count(t.notes.begin(), t.notes.end(), t.apartNote())), 1);
    // Another baseline replaces the note; none removes it.
    t.setBaseline({bs::TableBaseline::Mode::Participant, "p1"});
    QCOMPARE(int(std::count_if(t.notes.begin(), t.notes.end(), [](const std::string &n) { return n.find("noise alone") != std::string::npos; })), 1);
    t.setBaseline({bs::TableBaseline::Mode::None, {}});
    QVERIFY(t.apartNote().empty());
    QCOMPARE(int(std::count_if(t.notes.begin(), t.notes.end(), [](const std::string &n) { return n.find("noise alone") != std::string::npos; })), 0);
}
