#include "captureloader.h"
#include "history.h"
#include "historymodel.h"
#include "historystepsmodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

namespace {

bs::Capture load(const char *name)
{
    const std::string path = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/sample-data/" + name;
    bs::LoadError error;
    std::optional<bs::Capture> c = bs::CaptureLoader::load(path, error);
    if (!c)
        qFatal("%s", error.toString().c_str());
    return std::move(*c);
}

} // namespace

// The models over a real history: the three measured captures of the suite
// "compressors" (fast levels, default levels, a runner capture with its own
// case).
class TestHistoryModel : public QObject {
    Q_OBJECT
    std::vector<bs::Capture> m_captures;

    std::shared_ptr<const bs::History> history(std::vector<std::size_t> order = {}) const
    {
        std::vector<const bs::Capture *> captures;
        for (const bs::Capture &c : m_captures)
            captures.push_back(&c);
        bs::History::Options options;
        options.order = std::move(order);
        std::string error;
        auto h = bs::History::build(captures, options, error);
        if (!h)
            qFatal("%s", error.c_str());
        return std::make_shared<const bs::History>(std::move(*h));
    }

private slots:
    void initTestCase()
    {
        m_captures.push_back(load("measured/compressors-fast.json.gz"));
        m_captures.push_back(load("measured/compressors-default.json.gz"));
        m_captures.push_back(load("runner/compressors.json.gz"));
    }

    void rowsAreSeriesColumnsAreRevisions()
    {
        HistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        HistoryStepsModel steps(&model);
        QAbstractItemModelTester stepsTester(&steps, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setHistory(history());
        QVERIFY(model.metric());
        QCOMPARE(model.metric()->id, std::string("wall_time")); // the primary metric
        QCOMPARE(model.columnCount(), HistoryModel::FirstRevision + 3);
        QCOMPARE(std::size_t(model.rowCount()), model.history()->seriesOf("wall_time").size());
        // In date order: "default" and "fast" (both 2026-11-29) by capture
        // time as given, then the runner capture (2026-12-02).
        QVERIFY(model.headerData(HistoryModel::FirstRevision + 2, Qt::Horizontal).toString().startsWith(QStringLiteral("6a202bd")));

        // A cell: the representative value with its range and n on hover.
        int gzipText = -1;
        for (int row = 0; row < model.rowCount(); ++row)
            if (model.series(row)->participant == "gzip" && model.series(row)->caseId == "text")
                gzipText = row;
        QVERIFY(gzipText >= 0);
        const QModelIndex cell = model.index(gzipText, HistoryModel::FirstRevision);
        QVERIFY(cell.data(HistoryModel::ValueRole).toDouble() > 0);
        QVERIFY(cell.data(HistoryModel::MinRole).toDouble() <= cell.data(HistoryModel::ValueRole).toDouble());
        QVERIFY(cell.data(HistoryModel::MaxRole).toDouble() >= cell.data(HistoryModel::ValueRole).toDouble());
        QVERIFY(cell.data(TableRole::RangeRole).toString().startsWith(QStringLiteral("[")));
        QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("n = ")));
        // The runner capture has no "text" case: said, not drawn.
        const QModelIndex none = model.index(gzipText, HistoryModel::FirstRevision + 2);
        QVERIFY(!none.data(HistoryModel::ValueRole).isValid());
        QCOMPARE(none.data().toString(), QStringLiteral("no result"));

        // Every step of every series shown has a row and a reason.
        int expected = 0;
        for (int row = 0; row < model.rowCount(); ++row)
            expected += int(model.series(row)->steps.size());
        QCOMPARE(steps.rowCount(), expected);
        QVERIFY(expected > 0);
        for (int row = 0; row < steps.rowCount(); ++row)
            QVERIFY(!steps.index(row, HistoryStepsModel::Reason).data().toString().isEmpty());
    }

    void filterByParticipantCaseAndTag()
    {
        HistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        HistoryStepsModel steps(&model);
        model.setHistory(history());
        const int all = model.rowCount();
        // One participant across every case.
        model.setFilter("gzip", "", "");
        QVERIFY(model.rowCount() > 0 && model.rowCount() < all);
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.series(row)->participant, std::string("gzip"));
        QCOMPARE(model.seriesLabel(0), QString::fromStdString(model.series(0)->caseLabel));
        // One case across every participant.
        model.setFilter("", "binary", "");
        QVERIFY(model.rowCount() > 0);
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.series(row)->caseId, std::string("binary"));
        // A tag: participants are matched by id, and the measured captures
        // tag every one of them "compressor".
        model.setFilter("", "", "compressor");
        QCOMPARE(model.rowCount(), all);
        model.setFilter("", "", "no such tag");
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(steps.rowCount(), 0);
    }

    void newHistoryKeepsTheMetric()
    {
        HistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        HistoryStepsModel steps(&model);
        model.setHistory(history());
        model.setMetric("peak_rss");
        QCOMPARE(model.metric()->id, std::string("peak_rss"));
        // Another order: the old history goes away with the reset.
        model.setHistory(history({2, 1, 0}));
        QCOMPARE(model.metric()->id, std::string("peak_rss"));
        QVERIFY(model.headerData(HistoryModel::FirstRevision, Qt::Horizontal).toString().startsWith(QStringLiteral("6a202bd")));
        QCOMPARE(std::size_t(model.rowCount()), model.history()->seriesOf("peak_rss").size());
        model.setMetric("no such metric"); // falls back to the primary
        QCOMPARE(model.metric()->id, std::string("wall_time"));
        model.setHistory(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(steps.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestHistoryModel)
#include "tst_historymodel.moc"
