#include "asynccaptureloader.h"
#include "capturepage.h"
#include "diffmodel.h"
#include "diffpage.h"
#include "mainwindow.h"
#include "pairedrangechart.h"
#include "resulttableview.h"

#include <QAction>
#include <QCategoryAxis>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFrame>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QProcess>
#include <QScatterSeries>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

QString sample(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/measured/") + QString::fromUtf8(name);
}

QString verdictOf(const DiffModel *model, const QString &participant, const QString &caseId)
{
    for (const bs::DiffCell &c : model->diff().cells())
        if (QString::fromStdString(c.participant) == participant && QString::fromStdString(c.caseId) == caseId)
            return model->index(int(&c - model->diff().cells().data()), DiffModel::Verdict).data().toString();
    return {};
}

QAction *compareAction(MainWindow &window)
{
    for (QAction *action : window.viewMenu()->actions())
        if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_D))
            return action;
    return nullptr;
}

} // namespace

class TestDiffPage : public QObject {
    Q_OBJECT
    QString m_fast = sample("compressors-fast.json.gz");
    QString m_default = sample("compressors-default.json.gz");

    // Opens both sample captures (fast first) and waits for them.
    void openPair(MainWindow &window)
    {
        window.setPersistent(false);
        window.show();
        window.openFiles({m_fast, m_default});
        QTRY_COMPARE_WITH_TIMEOUT(window.capturePages().size(), 2, 20000);
        QTRY_VERIFY(!window.loader()->isBusy());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("BenchscopeTest"));
    }

    // The real measured pair: default levels are slower than fast levels.
    void samplePairOnTheDiffPage()
    {
        MainWindow window;
        openPair(window);
        window.showDiff(m_fast, m_default);
        DiffPage *page = window.diffPage();
        QCOMPARE(window.currentPage(), page);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("Diff: fast levels")));
        QVERIFY(page->beforePicker()->currentText().startsWith(QStringLiteral("fast levels")));
        QVERIFY(page->afterPicker()->currentText().startsWith(QStringLiteral("default levels")));

        const DiffModel *model = page->model();
        QCOMPARE(model->rowCount(), 8); // 4 compressors × 2 inputs, wall time (the primary metric)
        for (const QString &p : {QStringLiteral("gzip"), QStringLiteral("xz"), QStringLiteral("bzip2")})
            for (const QString &k : {QStringLiteral("text"), QStringLiteral("binary")})
                QCOMPARE(verdictOf(model, p, k), QStringLiteral("▼ worse"));
        QCOMPARE(verdictOf(model, QStringLiteral("zstd"), QStringLiteral("binary")), QStringLiteral("▼ worse"));
        QCOMPARE(verdictOf(model, QStringLiteral("zstd"), QStringLiteral("text")),
                 QStringLiteral("= no change established (ranges overlap)"));
        for (int r = 0; r < model->rowCount(); ++r) {
            const bool overlap = model->cellAt(r).verdict == bs::DiffVerdict::NoChange;
            QCOMPARE(model->index(r, DiffModel::P).data().toString(), overlap ? QStringLiteral("0.69") : QStringLiteral("0.0079"));
            QCOMPARE(model->index(r, DiffModel::N).data().toString(), QStringLiteral("5 vs 5"));
        }
        QVERIFY(page->table()->isColumnHidden(DiffModel::Metric)); // one metric: its unit is in the headers

        // The provenance warning, visible above the table.
        QVERIFY(page->warningsBox()->isVisible());
        QVERIFY(page->warningsBox()->property("warning").toBool());
        const QString warnings = page->warningsLabel()->text();
        QVERIFY2(warnings.contains(QStringLiteral("Provenance differs")), qPrintable(warnings));
        QVERIFY2(warnings.contains(QStringLiteral("condition levels: before &quot;gzip -1, zstd -1, xz -0, bzip2 -1&quot;")),
                 qPrintable(warnings));
        QVERIFY(page->warningsBox()->geometry().bottom() < page->table()->mapTo(page, QPoint(0, 0)).y());

        QVERIFY2(page->summaryLabel()->text().contains(QStringLiteral("after is 2.63× slower over 8 cells")),
                 qPrintable(page->summaryLabel()->text()));
        QVERIFY(page->changesLabel()->isHidden()); // same participants, cases and metrics

        // One paired chart per case: before and after of every participant.
        QCOMPARE(page->charts().size(), std::size_t(2));
        const PairedRangeChart *text = page->charts()[0];
        QCOMPARE(text->caseId(), std::string("text"));
        QCOMPARE(page->charts()[1]->caseId(), std::string("binary"));
        QCOMPARE(text->beforeSeries()->name(), QStringLiteral("before (fast)"));
        QCOMPARE(text->afterSeries()->name(), QStringLiteral("after (default)"));
        QCOMPARE(text->beforeSeries()->count(), 4);
        QCOMPARE(text->afterSeries()->count(), 4);
        int bars = 0;
        for (QAbstractSeries *s : text->series())
            bars += s->type() == QAbstractSeries::SeriesTypeLine;
        QCOMPARE(bars, 8); // a [min–max] bar for each side of each participant (n = 5)
        // gzip is the top row; its after median is 105.855 ms, before above after.
        auto top = [](const QScatterSeries *series) {
            const QList<QPointF> points = series->points();
            return *std::max_element(points.begin(), points.end(),
                                     [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); });
        };
        const QPointF gzipAfter = top(text->afterSeries());
        QCOMPARE(text->rows().front().participant, std::string("gzip"));
        QVERIFY(qAbs(gzipAfter.x() / (text->rows().front().after->median * 1000) - 1) < 1e-12);
        QVERIFY(qAbs(gzipAfter.x() - 105.855) < 0.001);
        QVERIFY(qAbs(top(text->beforeSeries()).x() - 41.909) < 0.001);
        QVERIFY(top(text->beforeSeries()).y() > gzipAfter.y());
        auto *axis = qobject_cast<QCategoryAxis *>(text->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QCOMPARE(axis->categoriesLabels().size(), 4);
        QVERIFY(axis->categoriesLabels().contains(QStringLiteral("gzip<br>▼ worse, +152.6%")));
        QVERIFY(axis->categoriesLabels().contains(QStringLiteral("zstd<br>= no change established")));
    }

    void alphaAndMetric()
    {
        MainWindow window;
        openPair(window);
        window.showDiff(m_fast, m_default);
        DiffPage *page = window.diffPage();
        // 5 vs 5 cannot reach p ≤ 0.001: said so, not pretended.
        page->setAlpha(0.001);
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")),
                 QStringLiteral("? too few samples (n=5 vs 5 cannot reach p<0.001; minimum p = 0.0079)"));
        page->setAlpha(0.05);
        page->setMetric(DiffPage::kAllMetrics);
        QCOMPARE(page->model()->rowCount(), 48);
        QVERIFY(!page->table()->isColumnHidden(DiffModel::Metric));
        QCOMPARE(page->charts().size(), std::size_t(2)); // still the primary metric
        QCOMPARE(page->charts()[0]->metricId(), std::string("wall_time"));
        page->setMetric(QStringLiteral("compressed_size"));
        QCOMPARE(page->model()->rowCount(), 8);
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")), QStringLiteral("▲ better"));
        QCOMPARE(page->charts()[0]->metricId(), std::string("compressed_size"));
        page->swap();
        QVERIFY(page->beforePicker()->currentText().startsWith(QStringLiteral("default levels")));
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")), QStringLiteral("▼ worse"));
    }

    // Ctrl+D from a capture's page: that capture and its predecessor in the
    // suite (revisions ordered by date, then label: both are dated
    // 2026-11-29, and "default levels" sorts before "fast levels").
    void compareActionPicksThePredecessor()
    {
        MainWindow window;
        openPair(window);
        QAction *compare = compareAction(window);
        QVERIFY(compare);
        QCOMPARE(compare->text(), QStringLiteral("&Compare Revisions…"));
        for (CapturePage *p : window.capturePages())
            if (p->path() == m_fast)
                window.showPage(p);
        compare->trigger();
        DiffPage *page = window.diffPage();
        QCOMPARE(window.currentPage(), page);
        QVERIFY(page->beforePicker()->currentText().startsWith(QStringLiteral("default levels")));
        QVERIFY(page->afterPicker()->currentText().startsWith(QStringLiteral("fast levels")));
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")), QStringLiteral("▲ better"));
        QCOMPARE(page->beforePicker()->count(), 2);

        // Closing a capture leaves one: nothing to compare, and it says so.
        for (CapturePage *p : window.capturePages())
            if (p->path() == m_default)
                window.showPage(p);
        window.closeCurrentPage();
        QCOMPARE(page->beforePicker()->count(), 1);
        QCOMPARE(page->model()->rowCount(), 0);
        QVERIFY(page->warningsLabel()->text().contains(QStringLiteral("Pick two captures")));

        // Closing the Diff page deletes it; Ctrl+D makes a new one.
        window.showPage(page);
        QPointer<DiffPage> old = page;
        window.closeCurrentPage();
        QTRY_VERIFY(old.isNull());
        compare->trigger();
        QVERIFY(window.diffPage());
        QCOMPARE(window.currentPage(), window.diffPage());
    }

    void chartFromTwoCaptures()
    {
        MainWindow window;
        openPair(window);
        std::shared_ptr<const bs::Capture> fast, slow;
        for (CapturePage *p : window.capturePages())
            (p->path() == m_fast ? fast : slow) = p->capture();
        PairedRangeChart chart(fast, slow, "binary", "wall_time");
        QCOMPARE(chart.rows().size(), std::size_t(4));
        QCOMPARE(chart.afterSeries()->count(), 4);
        QCOMPARE(chart.fileStem(), QStringLiteral("diff-binary-wall_time"));
        QVERIFY(chart.title().startsWith(QStringLiteral("binary (3 MiB) — Wall time")));
    }

    void commandLineDiffScreenshot()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("diff.png"));
        const QString exe = qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QStringLiteral("/benchscope");
        QProcess run;
        run.start(exe, {QStringLiteral("--diff"), m_fast, m_default, QStringLiteral("--screenshot"), png});
        QVERIFY(run.waitForFinished(60000));
        QCOMPARE(run.exitCode(), 0);
        QImage image(png);
        QCOMPARE(image.size(), QSize(1400, 860));

        QProcess wrong;
        wrong.start(exe, {QStringLiteral("--diff"), m_fast});
        QVERIFY(wrong.waitForFinished(60000));
        QCOMPARE(wrong.exitCode(), 2);
        QVERIFY(wrong.readAllStandardError().contains("--diff expects two files"));
    }
};

QTEST_MAIN(TestDiffPage)
#include "tst_diffpage.moc"
