// Numbers formatted for people, without losing published digits.
#include "unitformat.h"

#include <QtTest>

namespace UnitFormat = bs::UnitFormat;

class TestUnitFormat : public QObject {
    Q_OBJECT
private slots:
    void single_data();
    void single();
    void columnKeepsEveryDigit();
    void decimalsMatchPlain();
};

void TestUnitFormat::decimalsMatchPlain()
{
    // decimalsOf counts without formatting; it must agree with what plain() prints
    // (exact halves like 7.0005, which printf may round down, are the one exception).
    for (double v : {0.0, 1.0, 1.5, 17.392, 23.08, 1098.981, 82481.0, 0.000535, 0.0004251, 2.5e-8, 123.4567, 99999.99, 0.1, 7.25}) {
        const QString text = QString::fromStdString(UnitFormat::plain(v));
        const int dot = text.indexOf(QLatin1Char('.'));
        QCOMPARE(UnitFormat::decimalsOf(v), dot < 0 ? 0 : int(text.size() - dot - 1));
    }
}

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

void TestUnitFormat::columnKeepsEveryDigit()
{
    // The workers-benchmark remote p99 column: 297.564 ms and 1,098.981 ms.
    const auto scale = UnitFormat::scaleFor("s", std::vector<double>{0.297564, 1.098981, 0.02308});
    QCOMPARE(QString::fromStdString(scale.suffix), QStringLiteral("ms"));
    QCOMPARE(QString::fromStdString(UnitFormat::number(1.098981, scale)), QStringLiteral("1,098.981"));
    QCOMPARE(QString::fromStdString(UnitFormat::number(0.02308, scale)), QStringLiteral("23.080"));
    QCOMPARE(QString::fromStdString(UnitFormat::range(0.0231, 0.0297, scale)), QStringLiteral("[23.100–29.700]"));
}

QTEST_GUILESS_MAIN(TestUnitFormat)
#include "tst_unitformat.moc"
