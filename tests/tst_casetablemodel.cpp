#include "casetablemodel.h"
#include "guitestcapture.h"
#include "summarizer.h"
#include "tableroles.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QtTest>

class TestCaseTableModel : public QObject {
    Q_OBJECT
    std::shared_ptr<const bs::Capture> m_capture = std::make_shared<const bs::Capture>(guitest::capture());

private slots:
    void modelTester()
    {
        CaseTableModel model(m_capture, "plaintext");
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), 5); // participant, 3 metrics, n
    }

    void headers()
    {
        CaseTableModel model(m_capture, "plaintext");
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Participant"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("Requests/s (req/s)"));
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("p99 latency (ms)"));
        QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), QStringLiteral("Memory (MiB)"));
        QCOMPARE(model.headerData(4, Qt::Horizontal).toString(), QStringLiteral("n"));
        QCOMPARE(model.headerData(2, Qt::Horizontal, TableRole::MetricIdRole).toString(), QStringLiteral("p99"));
    }

    void cells_data()
    {
        QTest::addColumn<QString>("caseId");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("display");
        QTest::addColumn<QString>("range");
        QTest::addColumn<QString>("cellText");
        // Representative = the median-throughput repetition (112,000: the 2nd),
        // and the other metrics come from that same repetition.
        QTest::newRow("representative throughput with its range")
            << "plaintext" << 0 << 1 << "112,000" << "[110,000–115,000]" << "112,000 [110,000–115,000]";
        QTest::newRow("latency from the same repetition, in ms")
            << "plaintext" << 0 << 2 << "1.1" << "[1.1–1.3]" << "1.1 [1.1–1.3]";
        // One count of decimals per metric family over the capture (the
        // latencies: 1.1 ms beside 50.0 ms at start-up), never more than
        // the figures have: latencies given to 0.1 ms, memory in whole MiB.
        QTest::newRow("memory in MiB") << "plaintext" << 0 << 3 << "41" << "[40–42]" << "41 [40–42]";
        QTest::newRow("repetition count") << "plaintext" << 0 << 4 << "3" << "" << "3";
        QTest::newRow("participant label marks the baseline")
            << "plaintext" << 0 << 0 << "Raw Bun.serve (baseline)" << "" << "Raw Bun.serve (baseline)";
        QTest::newRow("contract failed spelled out") << "plaintext" << 4 << 1 << "contract failed" << "" << "contract failed";
        QTest::newRow("missing status spelled out") << "json" << 4 << 1 << "missing" << "" << "missing";
        QTest::newRow("unsupported is a dash") << "startup" << 3 << 1 << "—" << "" << "—";
        QTest::newRow("no result at all reads missing") << "startup" << 1 << 1 << "missing" << "" << "missing";
        QTest::newRow("single repetition has no range") << "startup" << 0 << 2 << "50.0" << "" << "50.0";
        QTest::newRow("no repetition count for a status cell") << "plaintext" << 4 << 4 << "" << "" << "";
    }

    void cells()
    {
        QFETCH(QString, caseId);
        QFETCH(int, row);
        QFETCH(int, column);
        CaseTableModel model(m_capture, caseId.toStdString());
        const QModelIndex index = model.index(row, column);
        QTEST(index.data().toString(), "display");
        QTEST(index.data(TableRole::RangeRole).toString(), "range");
        QTEST(index.data(TableRole::CellTextRole).toString(), "cellText");
    }

    void toolTipsSayWhy_data()
    {
        QTest::addColumn<QString>("caseId");
        QTest::addColumn<int>("row");
        QTest::addColumn<QString>("expected");
        QTest::newRow("contract failed: reason") << "plaintext" << 4 << "answers GET / with 404";
        QTest::newRow("contract failed: the failed check") << "plaintext" << 4 << "expected 200, got 404";
        QTest::newRow("missing: reason") << "json" << 4 << "route not expressible";
        QTest::newRow("unsupported: reason") << "startup" << 3 << "no startup hook";
        QTest::newRow("no result recorded") << "startup" << 1 << "no result recorded";
        QTest::newRow("value: which repetition") << "plaintext" << 0 << "repetition 2 of 3, the median run";
        QTest::newRow("value: not a confidence interval") << "plaintext" << 0 << "not a confidence interval";
    }

    void toolTipsSayWhy()
    {
        QFETCH(QString, caseId);
        QFETCH(int, row);
        QFETCH(QString, expected);
        CaseTableModel model(m_capture, caseId.toStdString());
        const QString tip = model.index(row, 1).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(expected), qPrintable(tip));
    }

    void sortValuesAreNumbers()
    {
        CaseTableModel model(m_capture, "plaintext");
        QCOMPARE(model.index(0, 1).data(TableRole::SortRole), QVariant(112000.0));
        QCOMPARE(model.index(0, 2).data(TableRole::SortRole).toDouble(), 0.0011);
        QCOMPARE(model.index(4, 1).data(TableRole::SortRole).typeId(), int(QMetaType::QString));
    }

    void bestIsBoldAndRanked()
    {
        CaseTableModel model(m_capture, "plaintext");
        // Highest throughput: App on Bun (113,000); lowest p99: Raw Bun.serve.
        QVERIFY(model.index(1, 1).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(0, 1).data(Qt::FontRole).isValid());
        QCOMPARE(model.index(1, 1).data(TableRole::RankRole).toInt(), 1);
        QCOMPARE(model.index(3, 1).data(TableRole::RankRole).toInt(), 4);
        QVERIFY(!model.index(4, 1).data(TableRole::RankRole).isValid());
        QVERIFY(model.index(0, 2).data(Qt::FontRole).value<QFont>().bold());
    }

    void flaggedOnceAndZeroSpreadCells()
    {
        // Raw Bun.serve on plaintext: flagged for failures, memory measured once,
        // and one p99 on every repetition (zero spread).
        bs::Capture c = guitest::capture();
        for (bs::Result &r : c.results)
            if (r.participant == "raw-bun" && r.caseId == "plaintext") {
                r.flags = {"failures"};
                r.reason = "3 of 90 requests failed (3× status_5xx)";
                r.once["rss"] = 41.0 * 1024 * 1024;
                for (bs::Repetition &rep : r.repetitions) {
                    rep.metrics.erase("rss");
                    rep.metrics["p99"] = 0.0011;
                }
            }
        bs::Summarizer::summarize(c);
        CaseTableModel model(std::make_shared<const bs::Capture>(c), "plaintext");
        QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("⚑ 112,000"));
        QVERIFY(model.index(0, 1).data(Qt::ToolTipRole).toString().contains(QStringLiteral("3 of 90 requests failed")));
        QCOMPARE(model.index(0, 2).data(TableRole::RangeRole).toString(), QStringLiteral("[all 3 equal]"));
        QCOMPARE(model.index(0, 3).data(TableRole::RangeRole).toString(), QStringLiteral("(once)"));
        QVERIFY(model.index(0, 3).data(Qt::ToolTipRole).toString().contains(QStringLiteral("measured once")));
        QVERIFY(!model.index(1, 1).data().toString().startsWith(QStringLiteral("⚑"))); // other rows are clean
    }

    void filterTextCoversRuntimeAndTags()
    {
        CaseTableModel model(m_capture, "plaintext");
        const QString text = model.index(3, 0).data(TableRole::FilterTextRole).toString();
        QVERIFY(text.contains(QStringLiteral("app on node")));
        QVERIFY(text.contains(QStringLiteral("node v26.8.1")));
        QVERIFY(text.contains(QStringLiteral("framework")));
    }
};

QTEST_GUILESS_MAIN(TestCaseTableModel)
#include "tst_casetablemodel.moc"
