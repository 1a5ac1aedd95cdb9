#include "guitestcapture.h"
#include "repetitionsmodel.h"
#include "tableroles.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QtTest>

class TestRepetitionsModel : public QObject {
    Q_OBJECT
    std::shared_ptr<const bs::Capture> m_capture = std::make_shared<const bs::Capture>(guitest::capture());

private slots:
    void modelTesterThroughResults()
    {
        RepetitionsModel model(m_capture);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setResult("app-bun", "plaintext");
        QCOMPARE(model.rowCount(), 3);
        model.setResult("broken", "plaintext");
        QCOMPARE(model.rowCount(), 0);
        model.setResult("app-bun", "startup"); // no result at all
        QVERIFY(!model.result());
        QCOMPARE(model.rowCount(), 0);
    }

    void everyRepetitionWithErrors()
    {
        RepetitionsModel model(m_capture);
        model.setResult("app-bun", "plaintext");
        // Repetition, 3 metrics, errors: reset.
        QCOMPARE(model.columnCount(), 5);
        QCOMPARE(model.headerData(4, Qt::Horizontal).toString(), QStringLiteral("Errors: reset"));
        QCOMPARE(model.index(0, 4).data().toString(), QStringLiteral("2"));
        QCOMPARE(model.index(1, 4).data().toString(), QStringLiteral("0"));
        QCOMPARE(model.index(2, 1).data().toString(), QStringLiteral("116,000"));
        QCOMPARE(model.index(2, 1).data(TableRole::SortRole).toDouble(), 116000.0);
    }

    void representativeMarked()
    {
        RepetitionsModel model(m_capture);
        model.setResult("raw-bun", "plaintext");
        // 112,000 is the median throughput: the second repetition.
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("2 ★"));
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("1"));
        QVERIFY(model.index(1, 2).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(0, 2).data(Qt::FontRole).isValid());
        QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("112,000"));
    }
};

QTEST_GUILESS_MAIN(TestRepetitionsModel)
#include "tst_repetitionsmodel.moc"
