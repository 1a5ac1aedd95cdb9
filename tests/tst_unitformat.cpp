// Numbers formatted for people: a value alone keeps its published digits;
// a column reads in its median's unit and precision.
#include "unitformat.h"

#include <QtTest>

#include <cmath>
#include <random>

namespace UnitFormat = bs::UnitFormat;

class TestUnitFormat : public QObject {
    Q_OBJECT
private slots:
    void single_data();
    void single();
    void columnReadsByItsMedian();
    void decimalsNeverExceedTheFigures();
};

void TestUnitFormat::single_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("expected");
    QTest::newRow("requests per second get separators") << 82481.0 << QStringLiteral("req/s") << QStringLiteral("82,481 req/s");
    QTest::newRow("half a millisecond") << 0.000535 << QStringLiteral("s") << QStringLiteral("535 µs");
    QTest::newRow("milliseconds") << 0.017392 << QStringLiteral("s") << QStringLiteral("17.392 ms");
    QTest::newRow("microseconds") << 0.0000425 << QStringLiteral("s") << QStringLiteral("42.5 µs");
    QTest::newRow("seconds") << 1.331 << QStringLiteral("s") << QStringLiteral("1.331 s");
    QTest::newRow("nanoseconds") << 2.5e-8 << QStringLiteral("s") << QStringLiteral("25 ns");
    QTest::newRow("mebibytes") << 27.4 * 1024 * 1024 << QStringLiteral("B") << QStringLiteral("27.4 MiB");
    QTest::newRow("kibibytes") << 61.70 * 1024 << QStringLiteral("B") << QStringLiteral("61.7 KiB");
    QTest::newRow("ratio") << 2.5 << QStringLiteral("ratio") << QStringLiteral("2.5×");
    QTest::newRow("zero") << 0.0 << QStringLiteral("req/s") << QStringLiteral("0 req/s");
    QTest::newRow("negative percent") << -12.25 << QStringLiteral("%") << QStringLiteral("-12.25%");
}

void TestUnitFormat::single()
{
    QFETCH(double, value);
    QFETCH(QString, unit);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(UnitFormat::withUnit(value, unit.toStdString())), expected);
}

void TestUnitFormat::columnReadsByItsMedian()
{
    // The workers-benchmark remote p99 column: 23.08, 297.564 and 1,098.981
    // ms read in the median's unit with one count of decimals, three
    // significant digits for the median (its published digits are in the
    // CSV export and the tool tips).
    const auto scale = UnitFormat::scaleFor("s", std::vector<double>{0.297564, 1.098981, 0.02308});
    QCOMPARE(QString::fromStdString(scale.suffix), QStringLiteral("ms"));
    QCOMPARE(QString::fromStdString(UnitFormat::number(1.098981, scale)), QStringLiteral("1,099"));
    QCOMPARE(QString::fromStdString(UnitFormat::number(0.297564, scale)), QStringLiteral("298"));
    QCOMPARE(QString::fromStdString(UnitFormat::number(0.02308, scale)), QStringLiteral("23"));
    QCOMPARE(QString::fromStdString(UnitFormat::range(0.0231, 0.0297, scale)), QStringLiteral("[23–30]"));
}

// A column never prints more decimals than its figures have in the unit
// shown: Locust's whole-millisecond latency buckets read "0", "12" (not
// "0.00 ms"), CPU time counted in milliseconds "320 [300–320]"; figures
// given to d decimals (generated, every d from 0 to 3) print with at most d,
// and measured figures (not round) keep three significant digits.
void TestUnitFormat::decimalsNeverExceedTheFigures()
{
    const auto buckets = UnitFormat::scaleFor("s", std::vector<double>{0.0, 0.001, 0.002, 0.012},
                                              {{0.0, 0.0, 0.001}, {0.012, 0.002, 0.012}});
    QCOMPARE(QString::fromStdString(UnitFormat::withUnit(0.0, buckets)), QStringLiteral("0 ms"));
    QCOMPARE(QString::fromStdString(UnitFormat::range(0.002, 0.012, buckets)), QStringLiteral("[2–12]"));
    const auto cpu = UnitFormat::scaleFor("s", std::vector<double>{0.32, 0.3}, {{0.32, 0.3, 0.32}});
    QCOMPARE(QString::fromStdString(UnitFormat::number(0.32, cpu) + " " + UnitFormat::range(0.3, 0.32, cpu)),
             QStringLiteral("320 [300–320]"));
    std::mt19937 random(42);
    for (int d = 0; d <= 3; ++d) {
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<double> values;
            for (int i = 0; i < 6; ++i)
                values.push_back(double(std::uniform_int_distribution<int>(1, 99999)(random)) / std::pow(10.0, d) / 1000);
            const auto scale = UnitFormat::scaleFor("s", values);
            QVERIFY2(scale.suffix != "ms" || scale.decimals <= d,
                     qPrintable(QStringLiteral("%1 decimals for figures given to %2").arg(scale.decimals).arg(d)));
        }
    }
    const auto measured = UnitFormat::scaleFor("s", std::vector<double>{0.0123456789, 0.0124987654});
    QCOMPARE(QString::fromStdString(UnitFormat::number(0.0123456789, measured)), QStringLiteral("12.3"));
}

QTEST_GUILESS_MAIN(TestUnitFormat)
#include "tst_unitformat.moc"
