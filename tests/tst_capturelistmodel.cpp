#include "captureloader.h"
#include "capturelistmodel.h"
#include "guitestcapture.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QSet>
#include <QtTest>

#include <algorithm>

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
// Every capture of sample-data/local/ (measured by our runner), read as the window reads them.
std::vector<std::shared_ptr<const bs::Capture>> localSamples()
{
    const QDir dir(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/local"));
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (const QString &name : dir.entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name)) {
        bs::LoadError error;
        auto c = bs::CaptureLoader::load(dir.filePath(name).toStdString(), error);
        if (!c)
            qFatal("%s", error.toString().c_str());
        captures.push_back(std::make_shared<const bs::Capture>(std::move(*c)));
    }
    return captures;
}

QStringList groupTitles(const CaptureListModel &model)
{
    QStringList titles;
    for (int g = 0; g < model.rowCount(); ++g)
        titles << model.index(g, 0).data().toString();
    return titles;
}

QStringList entries(const CaptureListModel &model)
{
    QStringList texts;
    for (int g = 0; g < model.rowCount(); ++g)
        for (int i = 0; i < model.rowCount(model.index(g, 0)); ++i)
            texts << model.index(i, 0, model.index(g, 0)).data().toString();
    return texts;
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
        // Groups by title, whatever order they came in.
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("db title"));
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("web title"));
        const QModelIndex web = model.index(1, 0);
        QCOMPARE(model.rowCount(web), 2);
        QCOMPARE(model.index(0, 0, web).data().toString(), QStringLiteral("v1 · 2026-01-01"));
        QCOMPARE(model.captureId(model.index(0, 0, web)), 3);
        QCOMPARE(model.captureId(model.index(1, 0, web)), 1);
        QCOMPARE(model.captureId(web), -1);
        QCOMPARE(model.indexOfCapture(2).parent().row(), 0);
        QCOMPARE(model.captureCount(), 3);

        model.removeCapture(3);
        QCOMPARE(model.rowCount(web), 1);
        model.removeCapture(2); // the last of its suite: the group goes too
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.captureId(model.index(0, 0, model.index(0, 0))), 1);
        QVERIFY(!model.indexOfCapture(2).isValid());
    }

    // On the local samples: groups in the order of their titles whatever
    // order the files arrive in; each group and each entry told apart within
    // the first 24 characters (what a narrow panel shows).
    void localSamplesToldApartInAStableOrder()
    {
        auto captures = localSamples();
        QVERIFY(captures.size() >= 8);
        CaptureListModel forward, backward;
        QAbstractItemModelTester tester(&backward, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (std::size_t i = 0; i < captures.size(); ++i) {
            forward.addCapture(int(i), captures[i]);
            backward.addCapture(int(captures.size() - i), captures[captures.size() - 1 - i]);
        }
        const QStringList titles = groupTitles(forward);
        QCOMPARE(groupTitles(backward), titles);
        QCOMPARE(entries(backward), entries(forward));
        QStringList full;
        for (int g = 0; g < forward.rowCount(); ++g)
            full << forward.index(g, 0).data(Qt::ToolTipRole).toString().section(u'\n', 0, 0);
        QStringList sorted = full;
        std::sort(sorted.begin(), sorted.end(), [](const QString &a, const QString &b) { return a.compare(b, Qt::CaseInsensitive) < 0; });
        QCOMPARE(full, sorted);
        QSet<QString> heads;
        for (const QString &t : titles)
            heads << t.left(24);
        QVERIFY2(heads.size() == titles.size(), qPrintable(titles.join(u'\n')));
        // The two HTTP suites are cut where they differ.
        QVERIFY2(titles.contains(QStringLiteral("HTTP framework… saturation")), qPrintable(titles.join(u'\n')));
        for (int g = 0; g < forward.rowCount(); ++g) {
            QSet<QString> names;
            const QModelIndex group = forward.index(g, 0);
            for (int i = 0; i < forward.rowCount(group); ++i)
                names << forward.index(i, 0, group).data().toString().left(24);
            QCOMPARE(names.size(), forward.rowCount(group));
        }
        // Removing a group in the middle keeps the others' entries where they are.
        const int id = forward.captureId(forward.index(0, 0, forward.index(1, 0)));
        const QPersistentModelIndex last = forward.index(0, 0, forward.index(forward.rowCount() - 1, 0));
        const QString lastText = last.data().toString();
        QList<int> second;
        for (int i = 0; i < forward.rowCount(forward.index(1, 0)); ++i)
            second << forward.captureId(forward.index(i, 0, forward.index(1, 0)));
        const int groups = forward.rowCount();
        for (int each : second)
            forward.removeCapture(each);
        QCOMPARE(forward.rowCount(), groups - 1);
        QVERIFY(!forward.indexOfCapture(id).isValid());
        QCOMPARE(last.data().toString(), lastText);
    }

    // Two captures of a suite that would read alike name when each was captured; runner
    // captures without a revision read by when they were made; a partial
    // capture and a failed one say so first.
    void entriesMarkedAndToldApart()
    {
        CaptureListModel model;
        bs::Capture a = guitest::capture();
        a.revision = {};
        a.capturedAt = "2026-12-02T03:19:57Z";
        a.sourcePath = "/captures/tiny-20261202-031957.json.gz";
        bs::Capture b = a;
        b.sourcePath = "/captures/tiny-20261202-031912.json.gz";
        b.capturedAt = "2026-12-02T03:19:12Z";
        b.provenance.caveats.push_back("Partial capture: interrupted by SIGINT (Ctrl-C); completed repetitions are kept, the rest is marked.");
        bs::Capture c = a;
        c.sourcePath = "/captures/tiny-20261202-041000.json.gz";
        c.capturedAt = "2026-12-02T04:10:00Z";
        for (bs::Result &r : c.results)
            r.status = bs::ResultStatus::Error;
        model.addCapture(1, std::make_shared<const bs::Capture>(a));
        model.addCapture(2, std::make_shared<const bs::Capture>(b));
        model.addCapture(3, std::make_shared<const bs::Capture>(c));
        QCOMPARE(entries(model), (QStringList{QStringLiteral("partial · 2026-12-02 03:19 · captured 2026-12-02 03:19:12"),
                                              QStringLiteral("2026-12-02 03:19 · captured 2026-12-02 03:19:57"),
                                              QStringLiteral("failed · 2026-12-02 04:10")}));
        // Once one of the two is closed, the other reads short again.
        model.removeCapture(2);
        QCOMPARE(entries(model).value(0), QStringLiteral("2026-12-02 03:19"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureListModel)
#include "tst_capturelistmodel.moc"
