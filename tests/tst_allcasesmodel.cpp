#include "allcasesmodel.h"
#include "guitestcapture.h"
#include "tableroles.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QtTest>

using Mode = AllCasesModel::BaselineMode;

class TestAllCasesModel : public QObject {
    Q_OBJECT
    std::shared_ptr<const bs::Capture> m_capture = std::make_shared<const bs::Capture>(guitest::capture());

private slots:
    void modelTesterThroughChanges()
    {
        AllCasesModel model(m_capture);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 5);
        // The default baseline: the capture marks baselines, so a ratio
        // column follows each case.
        QCOMPARE(model.baselineMode(), Mode::MarkedSameRuntime);
        QCOMPARE(model.columnCount(), 7);
        model.setBaseline(Mode::None);
        QCOMPARE(model.columnCount(), 4); // participant + 3 cases
        model.setBaseline(Mode::MarkedSameRuntime);
        QCOMPARE(model.columnCount(), 7);
        model.setMetric("p99");
        model.setBaseline(Mode::Participant, "raw-node");
        model.setBaseline(Mode::None);
        QCOMPARE(model.columnCount(), 4);
    }

    void primaryMetricByDefault()
    {
        AllCasesModel model(m_capture);
        model.setBaseline(Mode::None);
        QCOMPARE(QString::fromStdString(model.metricId()), QStringLiteral("rps"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("GET / (req/s)"));
        QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("112,000"));
        QCOMPARE(model.index(0, 1).data(TableRole::RangeRole).toString(), QStringLiteral("[110,000–115,000]"));
        QCOMPARE(model.index(4, 1).data().toString(), QStringLiteral("contract failed"));
        QCOMPARE(model.index(4, 2).data().toString(), QStringLiteral("missing"));
        QCOMPARE(model.index(3, 3).data().toString(), QStringLiteral("—"));
    }

    void metricSelector()
    {
        AllCasesModel model(m_capture);
        model.setBaseline(Mode::None);
        model.setMetric("p99");
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("GET / (ms)"));
        // The test's p99s are given to a tenth of a millisecond: no more decimals than that.
        QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("1.4"));
    }

    void bestPerColumnAndRank()
    {
        AllCasesModel model(m_capture);
        model.setBaseline(Mode::None);
        // GET /json: App on Node is best (100,000) while it is last on GET /.
        QVERIFY(model.index(3, 2).data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(model.index(3, 2).data(TableRole::RankRole).toInt(), 1);
        QCOMPARE(model.index(3, 1).data(TableRole::RankRole).toInt(), 4);
        QVERIFY(model.index(1, 1).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(model.index(3, 2).data(Qt::ToolTipRole).toString().contains(QStringLiteral("rank 1 of 4")));
        // Lower is better for latency.
        model.setMetric("p99");
        QCOMPARE(model.index(0, 1).data(TableRole::RankRole).toInt(), 1);
    }

    void baselineRatios_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("baseline");
        QTest::addColumn<int>("row");
        QTest::addColumn<QString>("display");
        QTest::addColumn<QString>("qualifier");
        // As on the Suku page: 113,000 against 112,000 is parity; 47,000
        // against 77,000 about 60%.
        QTest::newRow("app on bun against raw bun: parity") << int(Mode::MarkedSameRuntime) << "" << 1 << "101%" << "parity";
        QTest::newRow("app on node against raw node") << int(Mode::MarkedSameRuntime) << "" << 3 << "61%" << "";
        QTest::newRow("the baseline row itself") << int(Mode::MarkedSameRuntime) << "" << 0 << "baseline" << "";
        QTest::newRow("node baseline row") << int(Mode::MarkedSameRuntime) << "" << 2 << "baseline" << "";
        QTest::newRow("no value: dash") << int(Mode::MarkedSameRuntime) << "" << 4 << "—" << "";
        QTest::newRow("chosen participant: raw bun against raw node")
            << int(Mode::Participant) << "raw-node" << 0 << "145%" << "";
        QTest::newRow("chosen participant is the baseline") << int(Mode::Participant) << "raw-node" << 2 << "baseline" << "";
    }

    void baselineRatios()
    {
        QFETCH(int, mode);
        QFETCH(QString, baseline);
        QFETCH(int, row);
        AllCasesModel model(m_capture);
        model.setBaseline(Mode(mode), baseline.toStdString());
        QVERIFY(model.isRatioColumn(2));
        QCOMPARE(model.caseIndex(2), 0);
        const QModelIndex index = model.index(row, 2);
        QTEST(index.data().toString(), "display");
        QTEST(index.data(TableRole::RangeRole).toString(), "qualifier");
    }

    void ratioSortsAsNumber()
    {
        AllCasesModel model(m_capture);
        model.setBaseline(Mode::MarkedSameRuntime);
        QCOMPARE(model.index(3, 2).data(TableRole::SortRole).toDouble(), 47000.0 / 77000.0);
        QCOMPARE(model.index(0, 2).data(TableRole::SortRole).toDouble(), 1.0);
    }

    void ratioHeaderNamesChosenBaseline()
    {
        AllCasesModel model(m_capture);
        model.setBaseline(Mode::Participant, "raw-node");
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("Against Raw node:http"));
        model.setBaseline(Mode::MarkedSameRuntime);
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("Against baseline"));
    }
};

QTEST_GUILESS_MAIN(TestAllCasesModel)
#include "tst_allcasesmodel.moc"
