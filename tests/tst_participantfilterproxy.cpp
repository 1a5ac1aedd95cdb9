#include "allcasesmodel.h"
#include "casetablemodel.h"
#include "guitestcapture.h"
#include "participantfilterproxy.h"
#include "tableroles.h"

#include <QAbstractItemModelTester>
#include <QStringListModel>
#include <QtTest>

namespace {
QStringList column(const QAbstractItemModel &model, int c)
{
    QStringList texts;
    for (int r = 0; r < model.rowCount(); ++r)
        texts << model.index(r, c).data().toString();
    return texts;
}
} // namespace

class TestParticipantFilterProxy : public QObject {
    Q_OBJECT
    std::shared_ptr<const bs::Capture> m_capture = std::make_shared<const bs::Capture>(guitest::capture());

private slots:
    void modelTester()
    {
        CaseTableModel model(m_capture, "plaintext");
        ParticipantFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.sort(1, Qt::DescendingOrder);
        proxy.setFilterText(QStringLiteral("node"));
        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), 5);
    }

    void filter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("participants");
        QTest::newRow("nothing typed") << "" << guitest::strings({"Raw Bun.serve (baseline)", "App on Bun", "Raw node:http (baseline)", "App on Node", "Broken"});
        QTest::newRow("by runtime") << "bun" << guitest::strings({"Raw Bun.serve (baseline)", "App on Bun"});
        QTest::newRow("by runtime version") << "v26.8" << guitest::strings({"Raw node:http (baseline)", "App on Node", "Broken"});
        QTest::newRow("by tag") << "raw" << guitest::strings({"Raw Bun.serve (baseline)", "Raw node:http (baseline)"});
        QTest::newRow("every word must match") << "framework node" << guitest::strings({"App on Node", "Broken"});
        QTest::newRow("case does not matter") << "BROKEN" << guitest::strings({"Broken"});
        QTest::newRow("no match") << "deno" << guitest::strings({});
    }

    void filter()
    {
        QFETCH(QString, text);
        CaseTableModel model(m_capture, "plaintext");
        ParticipantFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.setFilterText(text);
        QTEST(column(proxy, 0), "participants");
    }

    void sortNumerically_data()
    {
        QTest::addColumn<QString>("caseId");
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("order");
        QTest::addColumn<QStringList>("values");
        // Text order would put "10,296" before "7,499" and "9,006".
        QTest::newRow("ascending, numbers not text") << "json" << 1 << int(Qt::AscendingOrder)
                                                   << guitest::strings({"7,499", "9,006", "10,296", "100,000", "missing"});
        QTest::newRow("descending, status still last") << "json" << 1 << int(Qt::DescendingOrder)
                                                      << guitest::strings({"100,000", "10,296", "9,006", "7,499", "missing"});
        QTest::newRow("ascending with contract failed") << "plaintext" << 1 << int(Qt::AscendingOrder)
                                                       << guitest::strings({"47,000", "77,000", "112,000", "113,000", "contract failed"});
        QTest::newRow("statuses after numbers, descending") << "startup" << 1 << int(Qt::DescendingOrder)
                                                           << guitest::strings({"0", "—", "missing", "missing", "missing"});
    }

    void sortNumerically()
    {
        QFETCH(QString, caseId);
        QFETCH(int, column);
        QFETCH(int, order);
        CaseTableModel model(m_capture, caseId.toStdString());
        ParticipantFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(column, Qt::SortOrder(order));
        QTEST(::column(proxy, column), "values");
    }

    void sortAndFilterAllCasesWithRatios()
    {
        AllCasesModel model(m_capture);
        model.setBaseline(AllCasesModel::BaselineMode::MarkedSameRuntime);
        ParticipantFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.sort(2, Qt::AscendingOrder);
        QCOMPARE(column(proxy, 2), (guitest::strings({"61%", "baseline", "baseline", "101%", "—"})));
        proxy.setFilterText(QStringLiteral("app"));
        QCOMPARE(column(proxy, 0), (guitest::strings({"App on Node", "App on Bun"})));
    }

    // The proxy caches each column's sort keys; every change of the source
    // (or of the sort role) must be sorted by the new values.
    void sortKeysFollowSourceChanges()
    {
        QStringListModel model(guitest::strings({"b", "d", "a", "c"}));
        ParticipantFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.sort(0, Qt::AscendingOrder); // no TableRole::SortRole here: every key is empty text
        QCOMPARE(column(proxy, 0), guitest::strings({"b", "d", "a", "c"}));
        proxy.setSortRole(Qt::DisplayRole);
        QCOMPARE(column(proxy, 0), guitest::strings({"a", "b", "c", "d"}));
        model.setData(model.index(2, 0), QStringLiteral("e")); // "a" becomes "e"
        QCOMPARE(column(proxy, 0), guitest::strings({"b", "c", "d", "e"}));
        model.insertRows(0, 1);
        model.setData(model.index(0, 0), QStringLiteral("0"));
        QCOMPARE(column(proxy, 0), guitest::strings({"0", "b", "c", "d", "e"}));
        model.removeRows(1, 2); // "b" and "d"
        model.setData(model.index(0, 0), QStringLiteral("z"));
        QCOMPARE(column(proxy, 0), guitest::strings({"c", "e", "z"}));
        proxy.sort(0, Qt::DescendingOrder);
        QCOMPARE(column(proxy, 0), guitest::strings({"z", "e", "c"}));
    }

    void sortFollowsAnotherMetric()
    {
        AllCasesModel model(m_capture);
        ParticipantFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(1, Qt::AscendingOrder);
        const QStringList byRequests = column(proxy, 0);
        model.setMetric("p99");
        ParticipantFilterProxy fresh; // no keys cached from requests/s
        fresh.setSourceModel(&model);
        fresh.sort(1, Qt::AscendingOrder);
        QCOMPARE(column(proxy, 0), column(fresh, 0));
        QVERIFY(column(proxy, 0) != byRequests); // the test would prove nothing otherwise
    }
};

QTEST_GUILESS_MAIN(TestParticipantFilterProxy)
#include "tst_participantfilterproxy.moc"
