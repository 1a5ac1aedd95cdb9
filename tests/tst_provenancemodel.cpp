#include "guitestcapture.h"
#include "provenancemodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

class TestProvenanceModel : public QObject {
    Q_OBJECT

private slots:
    void modelTester()
    {
        ProvenanceModel model(guitest::capture());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.columnCount(), 2);
        QVERIFY(model.rowCount() > 5);
    }

    void rows_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::newRow("revision") << "Revision" << "v1.0 (abc123), 2026-09-08";
        QTest::newRow("machine") << "Machine" << "AMD Ryzen 7 7840U, 16 cores, 32 GiB";
        QTest::newRow("runtime") << "Tool (runtime)" << "bun 1.3.14";
        QTest::newRow("connections") << "Connections" << "64";
        QTest::newRow("latency correction") << "Latency" << "not coordinated-omission corrected (closed loop)";
        QTest::newRow("caveat") << "Caveat" << "Single machine with visible run-to-run variation.";
    }

    void rows()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        ProvenanceModel model(guitest::capture());
        QStringList values;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, 0).data().toString() == field)
                values << model.index(r, 1).data().toString();
        QVERIFY2(values.contains(value), qPrintable(values.join(QLatin1Char('|'))));
    }
};

QTEST_GUILESS_MAIN(TestProvenanceModel)
#include "tst_provenancemodel.moc"
