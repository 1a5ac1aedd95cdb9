#include "capturelistmodel.h"
#include "guitestcapture.h"

#include <QAbstractItemModelTester>
#include <QtTest>

namespace {
std::shared_ptr<const bs::Capture> make(const std::string &suite, const std::string &revision, const std::string &date,
                                        const std::string &path)
{
    bs::Capture c = guitest::capture();
    c.suite = {suite, suite + " title"};
    c.revision = {revision, revision, date};
    c.sourcePath = path;
    return std::make_shared<const bs::Capture>(std::move(c));
}
} // namespace

class TestCaptureListModel : public QObject {
    Q_OBJECT

private slots:
    void groupedBySuiteOrderedByRevision()
    {
        CaptureListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addCapture(1, make("web", "v2", "2026-02-01", "/tmp/web-v2.json.gz"));
        model.addCapture(2, make("db", "v1", "2026-01-01", "/tmp/db.json.gz"));
        model.addCapture(3, make("web", "v1", "2026-01-01", "/tmp/web-v1.json.gz"));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("web title"));
        const QModelIndex web = model.index(0, 0);
        QCOMPARE(model.rowCount(web), 2);
        QCOMPARE(model.index(0, 0, web).data().toString(), QStringLiteral("v1 · 2026-01-01"));
        QCOMPARE(model.captureId(model.index(0, 0, web)), 3);
        QCOMPARE(model.captureId(model.index(1, 0, web)), 1);
        QCOMPARE(model.captureId(web), -1);
        QCOMPARE(model.indexOfCapture(2).parent().row(), 1);
        QCOMPARE(model.captureCount(), 3);

        model.removeCapture(3);
        QCOMPARE(model.rowCount(web), 1);
        model.removeCapture(2); // the last of its suite: the group goes too
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(!model.indexOfCapture(2).isValid());
    }
};

QTEST_GUILESS_MAIN(TestCaptureListModel)
#include "tst_capturelistmodel.moc"
