#include "asynccaptureloader.h"
#include "capturelistpanel.h"
#include "capturepage.h"
#include "comparisoncontroller.h"
#include "diffmodel.h"
#include "diffpage.h"
#include "difftable.h"
#include "mainwindow.h"
#include "pairedrangechart.h"
#include "resulttableview.h"

#include <QAction>
#include <QCheckBox>
#include <QCategoryAxis>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QProcess>
#include <QScatterSeries>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
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

// The Diff page's widgets, found by object name as a user finds them by sight.
template <class T>
T *child(const DiffPage *page, const char *name)
{
    T *widget = page->findChild<T *>(QString::fromUtf8(name));
    if (!widget)
        qFatal("DiffPage has no %s", name);
    return widget;
}

QComboBox *beforePicker(const DiffPage *page) { return child<QComboBox>(page, "beforePicker"); }
QComboBox *afterPicker(const DiffPage *page) { return child<QComboBox>(page, "afterPicker"); }
ResultTableView *diffTable(const DiffPage *page) { return child<ResultTableView>(page, "diffTable"); }

QAction *compareAction(MainWindow &window)
{
    for (QAction *action : window.viewMenu()->actions())
        if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_D))
            return action;
    return nullptr;
}

} // namespace

// The Diff page compares on a worker thread: wait until it shows the latest.
void settle(const DiffPage *page)
{
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 20000);
}

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
        window.comparisons()->showDiff(m_fast, m_default);
        DiffPage *page = window.comparisons()->diffPage();
        settle(page);
        QCOMPARE(window.currentPage(), page);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("Diff: fast levels")));
        QVERIFY(beforePicker(page)->currentText().startsWith(QStringLiteral("fast levels")));
        QVERIFY(afterPicker(page)->currentText().startsWith(QStringLiteral("default levels")));

        const DiffModel *model = page->model();
        QCOMPARE(model->rowCount(), 8); // 4 compressors × 2 inputs, wall time (the primary metric)
        for (const QString &p : {QStringLiteral("gzip"), QStringLiteral("xz"), QStringLiteral("bzip2")})
            for (const QString &k : {QStringLiteral("text"), QStringLiteral("binary")})
                QCOMPARE(verdictOf(model, p, k), QStringLiteral("▼ worse"));
        QCOMPARE(verdictOf(model, QStringLiteral("zstd"), QStringLiteral("binary")), QStringLiteral("▼ worse"));
        QCOMPARE(verdictOf(model, QStringLiteral("zstd"), QStringLiteral("text")),
                 QStringLiteral("= no change established (p = 0.69 > 0.05)"));
        for (int r = 0; r < model->rowCount(); ++r) {
            const bool overlap = model->cellAt(r).verdict == bs::DiffVerdict::NoChange;
            QCOMPARE(model->index(r, DiffModel::P).data().toString(), overlap ? QStringLiteral("0.69") : QStringLiteral("0.0079"));
            QCOMPARE(model->index(r, DiffModel::N).data().toString(), QStringLiteral("5 vs 5"));
        }
        QVERIFY(diffTable(page)->isColumnHidden(DiffModel::Metric)); // one metric: its unit is in the headers

        // The provenance warning, visible above the table.
        QVERIFY(child<QFrame>(page, "provenanceWarnings")->isVisible());
        QVERIFY(child<QFrame>(page, "provenanceWarnings")->property("warning").toBool());
        const QString warnings = child<QLabel>(page, "warnings")->text();
        QVERIFY2(warnings.contains(QStringLiteral("Provenance differs")), qPrintable(warnings));
        QVERIFY2(warnings.contains(QStringLiteral("condition levels: before &quot;gzip -1, zstd -1, xz -0, bzip2 -1&quot;")),
                 qPrintable(warnings));
        QVERIFY(child<QFrame>(page, "provenanceWarnings")->geometry().bottom() < diffTable(page)->mapTo(page, QPoint(0, 0)).y());

        QVERIFY2(child<QLabel>(page, "summary")->text().contains(QStringLiteral("after is 2.96× slower over 7 established cells of 8 compared")),
                 qPrintable(child<QLabel>(page, "summary")->text()));
        QVERIFY(child<QLabel>(page, "changes")->isHidden()); // same participants, cases and metrics
        // Eight rows tested at 0.05: noise alone would make 0.4 of them significant.
        QVERIFY2(child<QLabel>(page, "noise")->text().contains(
                     QStringLiteral("noise alone would make about 0.4 of 8 rows significant at α = 0.05")),
                 qPrintable(child<QLabel>(page, "noise")->text()));

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
        window.comparisons()->showDiff(m_fast, m_default);
        DiffPage *page = window.comparisons()->diffPage();
        settle(page);
        // 5 vs 5 cannot reach p ≤ 0.001: said so, not pretended.
        page->setAlpha(0.001);
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")),
                 QStringLiteral("? too few samples (n=5 vs 5 cannot reach p<0.001; minimum p = 0.0079)"));
        page->setAlpha(0.05);
        page->setMetric(DiffPage::kAllMetrics);
        settle(page);
        QCOMPARE(page->model()->rowCount(), 48);
        QVERIFY(!diffTable(page)->isColumnHidden(DiffModel::Metric));
        QCOMPARE(page->charts().size(), std::size_t(2)); // still the primary metric
        QCOMPARE(page->charts()[0]->metricId(), std::string("wall_time"));
        // Compressed size has zero spread on both sides: no verdict (docs/diff.md).
        page->setMetric(QStringLiteral("compressed_size"));
        settle(page);
        QCOMPARE(page->model()->rowCount(), 8);
        QVERIFY(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text"))
                    .startsWith(QStringLiteral("? too few samples (zero spread on both sides")));
        QCOMPARE(page->charts()[0]->metricId(), std::string("compressed_size"));
        page->setMetric(QString());
        settle(page);
        page->swap();
        settle(page);
        QVERIFY(beforePicker(page)->currentText().startsWith(QStringLiteral("default levels")));
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")), QStringLiteral("▲ better"));
    }

    // A new alpha decides the verdicts again; the comparison, the model's
    // rows and the chart widgets stay (no reset, no new charts).
    void alphaOnlyRedecides()
    {
        MainWindow window;
        openPair(window);
        window.comparisons()->showDiff(m_fast, m_default);
        DiffPage *page = window.comparisons()->diffPage();
        settle(page);
        const std::vector<PairedRangeChart *> charts = page->charts();
        QSignalSpy resets(page->model(), &QAbstractItemModel::modelReset);
        QSignalSpy changes(page->model(), &QAbstractItemModel::dataChanged);
        child<QDoubleSpinBox>(page, "alpha")->setValue(0.001);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(changes.count(), 1); // all 8 rows change, one run
        QCOMPARE(page->charts(), charts);
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")),
                 QStringLiteral("? too few samples (n=5 vs 5 cannot reach p<0.001; minimum p = 0.0079)"));
        // The charts follow the model: their labels say the new verdict.
        QTRY_VERIFY(qobject_cast<QCategoryAxis *>(page->charts()[0]->axes(Qt::Vertical).value(0))
                        ->categoriesLabels()
                        .contains(QStringLiteral("gzip<br>? too few samples")));
        child<QDoubleSpinBox>(page, "alpha")->setValue(0.05);
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")), QStringLiteral("▼ worse"));
        QCOMPARE(resets.count(), 0);
    }

    // "Correct for many rows" reads as `diff --correct bh`: the adjusted p
    // column and the verdicts from it are the core's corrected comparison,
    // cell for cell; unchecked, the column goes and the verdicts come back.
    void correctionForManyRows()
    {
        MainWindow window;
        openPair(window);
        window.comparisons()->showDiff(m_fast, m_default);
        DiffPage *page = window.comparisons()->diffPage();
        page->setMetric(DiffPage::kAllMetrics);
        settle(page);
        const DiffModel *model = page->model();
        QCheckBox *correct = child<QCheckBox>(page, "correct");
        QCOMPARE(correct->text(), QStringLiteral("Correct for many rows (Benjamini–Hochberg)"));
        QVERIFY(!correct->isChecked());
        QVERIFY(diffTable(page)->isColumnHidden(DiffModel::AdjustedP));
        QStringList plain;
        for (int r = 0; r < model->rowCount(); ++r)
            plain << model->index(r, DiffModel::Verdict).data().toString();

        correct->setChecked(true);
        QVERIFY(!diffTable(page)->isColumnHidden(DiffModel::AdjustedP));
        QCOMPARE(model->headerData(DiffModel::AdjustedP, Qt::Horizontal).toString(), QStringLiteral("adjusted p"));
        bs::CaptureDiff::Options options;
        options.correction = bs::DiffCorrection::BenjaminiHochberg;
        const bs::CaptureDiff cli = bs::CaptureDiff::compare(*model->before(), *model->after(), options);
        QCOMPARE(model->rowCount(), int(cli.cells().size()));
        int adjusted = 0, changed = 0;
        for (int r = 0; r < model->rowCount(); ++r) {
            const bs::DiffCell &c = cli.cells()[std::size_t(r)];
            QCOMPARE(model->index(r, DiffModel::AdjustedP).data().toString(),
                     QString::fromStdString(bs::DiffTable::adjustedPText(c)));
            QCOMPARE(model->index(r, DiffModel::Verdict).data().toString(),
                     QString::fromStdString(bs::DiffTable::verdictText(c)));
            adjusted += c.pAdjusted && *c.pAdjusted != *c.p ? 1 : 0;
            changed += model->index(r, DiffModel::Verdict).data().toString() != plain[r] ? 1 : 0;
        }
        QVERIFY(adjusted > 0); // the correction moved some p
        QVERIFY(changed > 0);  // and some verdicts with it
        QVERIFY2(child<QLabel>(page, "noise")->text().contains(QStringLiteral("Benjamini–Hochberg")),
                 qPrintable(child<QLabel>(page, "noise")->text()));

        // A new pair is compared corrected too; unchecked, as before.
        page->swap();
        settle(page);
        QVERIFY(model->diff().correction() == bs::DiffCorrection::BenjaminiHochberg);
        QVERIFY(!diffTable(page)->isColumnHidden(DiffModel::AdjustedP));
        page->swap();
        settle(page);
        correct->setChecked(false);
        QVERIFY(diffTable(page)->isColumnHidden(DiffModel::AdjustedP));
        for (int r = 0; r < model->rowCount(); ++r) {
            QCOMPARE(model->index(r, DiffModel::Verdict).data().toString(), plain[r]);
            QCOMPARE(model->index(r, DiffModel::AdjustedP).data().toString(), QStringLiteral("—"));
        }
        QVERIFY(!child<QLabel>(page, "noise")->text().contains(QStringLiteral("Benjamini–Hochberg")));
    }

    // Escape, the close button and Alt+Left leave the Diff page for the
    // page shown before it; the capture list brings back its capture.
    void wayBackFromTheDiffPage()
    {
        MainWindow window;
        openPair(window);
        QWidget *from = window.currentPage();
        QVERIFY(qobject_cast<CapturePage *>(from));
        compareAction(window)->trigger();
        DiffPage *page = window.comparisons()->diffPage();
        settle(page);
        QCOMPARE(window.currentPage(), page);
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        beforePicker(page)->setFocus();
        QTest::keyClick(beforePicker(page), Qt::Key_Escape);
        QCOMPARE(window.currentPage(), from);

        compareAction(window)->trigger();
        QTest::mouseClick(child<QToolButton>(page, "closeButton"), Qt::LeftButton);
        QCOMPARE(window.currentPage(), from);

        compareAction(window)->trigger();
        QTest::keyClick(&window, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(window.currentPage(), from);

        // Clicking the highlighted capture in the list shows its page.
        compareAction(window)->trigger();
        QTreeView *list = window.captureList()->view();
        const QModelIndex current = list->currentIndex();
        QVERIFY(current.isValid());
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(current).center());
        QCOMPARE(window.currentPage(), from);
    }

    // At 1280×720 with every metric: the pickers and the filter show whole,
    // the Metric and Verdict columns fit the table, the summary is one line.
    void fitsAtSmallSizes()
    {
        MainWindow window;
        openPair(window);
        window.resize(1280, 720);
        window.comparisons()->showDiff(m_fast, m_default);
        DiffPage *page = window.comparisons()->diffPage();
        settle(page);
        page->setMetric(DiffPage::kAllMetrics);
        settle(page);
        page->setAlpha(0.001);
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(50);
        for (const char *name : {"beforePicker", "afterPicker", "metricPicker", "alpha", "filter"}) {
            QWidget *w = child<QWidget>(page, name);
            QVERIFY2(w->width() >= w->minimumSizeHint().width(), name);
            QVERIFY2(w->mapTo(page, QPoint(w->width(), 0)).x() <= page->width(), name);
        }
        ResultTableView *table = diffTable(page);
        QVERIFY(!table->isColumnHidden(DiffModel::Metric));
        for (int column : {int(DiffModel::Metric), int(DiffModel::Verdict)})
            QVERIFY2(table->columnViewportPosition(column) + table->columnWidth(column) <= table->viewport()->width(),
                     qPrintable(QString::number(column)));
        QVERIFY(table->columnWidth(DiffModel::Verdict) >= DiffPage::leastVerdictWidth(table));
        // A longer verdict is elided; its row's tool tip says it in full.
        QVERIFY(table->model()->index(0, DiffModel::Verdict).data(Qt::ToolTipRole).toString().contains(QStringLiteral("0.001")));
        QLabel *summary = child<QLabel>(page, "summary");
        QVERIFY2(summary->height() < 2 * summary->fontMetrics().lineSpacing(), qPrintable(summary->text()));
        QVERIFY(summary->toolTip().contains(QStringLiteral("Compressed size")));
    }

    // With the primary metric at 1280×720 and 1600×1000 the verdict column
    // takes the room the others leave (no empty strip at the right), so
    // "= no change established" reads whole.
    void verdictFillsTheRoom_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
    }
    void verdictFillsTheRoom()
    {
        QFETCH(QSize, size);
        MainWindow window;
        openPair(window);
        window.resize(size);
        window.show();
        window.comparisons()->showDiff(m_fast, m_default);
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ResultTableView *table = diffTable(window.comparisons()->diffPage());
        QHeaderView *header = table->horizontalHeader();
        const int scrollBar = table->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
        QTRY_VERIFY2(header->length() >= table->viewport()->width() - scrollBar - 1,
                     qPrintable(QStringLiteral("%1 of %2").arg(header->length()).arg(table->viewport()->width())));
        QVERIFY(table->columnWidth(DiffModel::Verdict) >= DiffPage::leastVerdictWidth(table));
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
        DiffPage *page = window.comparisons()->diffPage();
        settle(page);
        QCOMPARE(window.currentPage(), page);
        QVERIFY(beforePicker(page)->currentText().startsWith(QStringLiteral("default levels")));
        QVERIFY(afterPicker(page)->currentText().startsWith(QStringLiteral("fast levels")));
        QCOMPARE(verdictOf(page->model(), QStringLiteral("gzip"), QStringLiteral("text")), QStringLiteral("▲ better"));
        QCOMPARE(beforePicker(page)->count(), 2);

        // Closing a capture leaves one: nothing to compare, and it says so.
        for (CapturePage *p : window.capturePages())
            if (p->path() == m_default)
                window.showPage(p);
        window.closeCurrentPage();
        settle(page);
        QCOMPARE(beforePicker(page)->count(), 1);
        QCOMPARE(page->model()->rowCount(), 0);
        QVERIFY(child<QLabel>(page, "warnings")->text().contains(QStringLiteral("Pick two captures")));

        // Closing the Diff page deletes it; Ctrl+D makes a new one.
        window.showPage(page);
        QPointer<DiffPage> old = page;
        window.closeCurrentPage();
        QTRY_VERIFY(old.isNull());
        compare->trigger();
        QVERIFY(window.comparisons()->diffPage());
        QCOMPARE(window.currentPage(), window.comparisons()->diffPage());
    }

    // Two revisions of the sample history: only the participant's own
    // version differs, which is what a revision diff compares: told as
    // information, not in the amber box.
    void expectedDifferenceIsInformation()
    {
        MainWindow window;
        const QString dir = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/history/");
        const QString r1 = dir + QStringLiteral("wordfreq-r1.json.gz"), r2 = dir + QStringLiteral("wordfreq-r2.json.gz");
        window.openFiles({r1, r2});
        QTRY_VERIFY(!window.loader()->isBusy());
        window.comparisons()->showDiff(r1, r2);
        DiffPage *page = window.comparisons()->diffPage();
        settle(page);
        const QString text = child<QLabel>(page, "warnings")->text();
        QVERIFY2(text.contains(QStringLiteral("Expected differences")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("participant wordfreq version: before &quot;r1&quot;, after &quot;r2&quot;")));
        QVERIFY(!text.contains(QStringLiteral("⚠")));
        QVERIFY(!child<QFrame>(page, "provenanceWarnings")->property("warning").toBool());
        // The rule control: the stricter rule decides again without comparing again.
        QSignalSpy resets(page->model(), &QAbstractItemModel::modelReset);
        page->setRule(bs::DiffRule::Disjoint);
        QCOMPARE(page->model()->diff().rule(), bs::DiffRule::Disjoint);
        QCOMPARE(resets.count(), 0);
        QVERIFY(page->model()->notes().join(QLatin1Char(' ')).contains(QStringLiteral("ranges do not overlap")));
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
