#include "allcaseswidget.h"
#include "capturepage.h"
#include "captureloader.h"
#include "casegroupwidget.h"
#include "guitestcapture.h"
#include "plaintooltip.h"
#include "provenancepanel.h"
#include "repetitionsmodel.h"
#include "resulttableview.h"
#include "tableroles.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

namespace {

std::shared_ptr<const bs::Capture> sample(const char *name)
{
    const std::string path = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/sample-data/" + name;
    bs::LoadError error;
    auto capture = bs::CaptureLoader::load(path, error);
    if (!capture)
        qFatal("%s: %s", path.c_str(), error.message.c_str());
    return std::make_shared<const bs::Capture>(std::move(*capture));
}

QStringList headers(const QTableView *table)
{
    QStringList texts;
    for (int c = 0; c < table->model()->columnCount(); ++c)
        if (!table->isColumnHidden(c))
            texts << table->model()->headerData(c, Qt::Horizontal).toString();
    return texts;
}

QString participantOf(const RepetitionsModel *model)
{
    return model->result() ? QString::fromStdString(model->result()->participant) : QString();
}

} // namespace

class TestCapturePage : public QObject {
    Q_OBJECT

private slots:
    // Tab walks every control once and leaves each table; Shift+Tab too.
    void tabReachesEveryControl()
    {
        CapturePage page(std::make_shared<const bs::Capture>(guitest::capture()));
        page.resize(1280, 720);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.focusFilter();
        QList<QWidget *> chain;
        for (int i = 0; i < 30 && !chain.contains(QApplication::focusWidget()); ++i) {
            chain << QApplication::focusWidget();
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        }
        AllCasesWidget *all = page.allCases();
        const QList<QWidget *> wanted{all->metricSelector(), all->baselineSelector(), all->findChild<QCheckBox *>(),
                                      all->table(), page.repetitionsTable(), page.provenance()->view()};
        for (QWidget *w : wanted)
            QVERIFY2(chain.contains(w), w->metaObject()->className());
        QCOMPARE(chain.count(all->table()), 1); // one Tab leaves the table

        page.repetitionsTable()->setFocus();
        QTest::keyClick(page.repetitionsTable(), Qt::Key_Backtab);
        QVERIFY(QApplication::focusWidget() != page.repetitionsTable());
        QVERIFY(!page.repetitionsTable()->tabKeyNavigation());
    }

    // Alt+M and Alt+B focus the Metric and Baseline selectors.
    void metricAndBaselineShortcuts()
    {
        CapturePage page(std::make_shared<const bs::Capture>(guitest::capture()));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.focusFilter();
        QTest::keyClick(&page, Qt::Key_M, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(), page.allCases()->metricSelector());
        QTest::keyClick(&page, Qt::Key_B, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(), page.allCases()->baselineSelector());
    }

    // The first click on a header puts the best on top: the most requests/s,
    // the least latency.
    void firstClickSortsBestFirst()
    {
        CapturePage page(std::make_shared<const bs::Capture>(guitest::capture()));
        page.show();
        page.tabs()->setCurrentIndex(1);
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        ResultTableView *table = page.caseGroups()[0]->tables()[0];
        QHeaderView *header = table->horizontalHeader();
        auto click = [header](int section) {
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                              QPoint(header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
                                     header->height() / 2));
        };
        click(1);
        QCOMPARE(header->sortIndicatorSection(), 1);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        QCOMPARE(table->model()->index(0, 0).data().toString(), QStringLiteral("App on Bun")); // 113,000
        click(2);
        QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
        QCOMPARE(table->model()->index(0, 0).data().toString(), QStringLiteral("Raw Bun.serve (baseline)")); // 1.2 ms
        QCOMPARE(table->model()->index(4, 1).data().toString(), QStringLiteral("contract failed")); // still last
        // The sorted column keeps its whole caption beside the arrow (not "_atency p99").
        QVERIFY2(header->sectionSize(2) >= header->sectionSizeHint(2),
                 qPrintable(QStringLiteral("%1 < %2").arg(header->sectionSize(2)).arg(header->sectionSizeHint(2))));
        click(2);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder); // the second click reverses
    }

    // A case tab's columns are fitted to their contents when the tab is
    // first shown, not on opening (every tab of a large capture was).
    void caseTabFittedWhenFirstShown()
    {
        CapturePage page(sample("runner/static-servers.json.gz"));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(page.caseGroups().size() >= 1);
        ResultTableView *table = page.caseGroups()[0]->tables()[0];
        const int unfitted = table->horizontalHeader()->defaultSectionSize();
        QCOMPARE(table->columnWidth(0), unfitted);
        page.tabs()->setCurrentWidget(page.caseGroups()[0]);
        QCoreApplication::processEvents();
        QVERIFY(table->isVisible());
        QVERIFY(table->columnWidth(0) != unfitted);
        QVERIFY(table->columnWidth(0) >= std::min(table->sizeHintForColumn(0), 240)); // 240: the first column's cap
    }

    // The Repetitions pane shows the current cell of the tab in front, and
    // nothing once the filter hides that cell's participant.
    void repetitionsFollowFilterAndTab()
    {
        CapturePage page(std::make_shared<const bs::Capture>(guitest::capture()));
        page.show();
        QCOMPARE(participantOf(page.repetitions()), QStringLiteral("raw-bun")); // the first cell, to start with
        ResultTableView *http = page.caseGroups()[0]->tables()[0];
        page.tabs()->setCurrentIndex(1);
        QCOMPARE(http->currentIndex().row(), 0); // a tab shown first starts on its first cell
        QCOMPARE(QString::fromStdString(page.repetitions()->result()->caseId), QStringLiteral("plaintext"));
        http->setCurrentIndex(http->model()->index(3, 1));
        QCOMPARE(participantOf(page.repetitions()), QStringLiteral("app-node"));
        page.setFilterText(QStringLiteral("bun"));
        QCOMPARE(page.repetitions()->rowCount(), 0);
        QVERIFY(!page.repetitions()->result());
        page.setFilterText(QString());
        page.tabs()->setCurrentIndex(0);
        QCOMPARE(participantOf(page.repetitions()), QStringLiteral("raw-bun"));
    }

    // Names that are markup, controls or both: every label of the page that
    // shows one (the heading, the case titles, the Repetitions heading after
    // each cell is picked) shows it as plain text, never as rich text that
    // would load <img src> from the disk.
    void fileStringsArePlainTextInEveryLabel()
    {
        const QStringList hostile{QStringLiteral("<img src=\"/tmp/x.png\">"), QStringLiteral("<script>alert(1)</script>"),
                                  QStringLiteral("</title><script>"), QStringLiteral("a\x1b[2J\x7f<b>b</b>")};
        bs::Capture c = guitest::capture();
        for (std::size_t i = 0; i < c.participants.size(); ++i)
            c.participants[i].label = hostile[int(i % hostile.size())].toStdString();
        for (std::size_t i = 0; i < c.cases.size(); ++i)
            c.cases[i].label = hostile[int((i + 1) % hostile.size())].toStdString() + " case";
        c.suite.title = hostile.front().toStdString();
        CapturePage page(std::make_shared<const bs::Capture>(std::move(c)));
        page.show();
        int shown = 0;
        auto check = [&] {
            for (QLabel *label : page.findChildren<QLabel *>())
                for (const QString &h : hostile)
                    if (label->text().contains(h)) {
                        ++shown;
                        QVERIFY2(label->textFormat() == Qt::PlainText, qPrintable(label->text()));
                    }
        };
        check();
        for (int t = 0; t < page.tabs()->count(); ++t) {
            page.tabs()->setCurrentIndex(t);
            for (ResultTableView *table : page.findChildren<ResultTableView *>())
                for (int row = 0; row < table->model()->rowCount() && row < 4; ++row) {
                    table->setCurrentIndex(table->model()->index(row, 1));
                    check();
                }
        }
        QVERIFY(shown > 4);
    }

    // The representative row is scrolled into view, and the pane has room
    // for every repetition up to ten.
    void representativeRowInView()
    {
        CapturePage page(sample("measured/compressors-fast.json.gz"));
        page.resize(1280, 720);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        ResultTableView *reps = page.repetitionsTable();
        QVERIFY(page.repetitions()->rowCount() >= 5);
        const int row = page.repetitions()->result()->representative;
        QVERIFY(reps->viewport()->rect().contains(reps->visualRect(reps->model()->index(row, 0))));
        // Every repetition fits (up to ten), and the tabs keep the rest.
        QVERIFY(reps->viewport()->height() >= page.repetitions()->rowCount() * reps->verticalHeader()->defaultSectionSize());
        QVERIFY(page.tabs()->height() > reps->height());
    }

    // The primary metric comes first; the latency percentiles of a case
    // read in one unit.
    void primaryFirstAndOneUnitPerFamily()
    {
        CapturePage page(sample("runner/static-servers.json.gz"));
        const QStringList texts = headers(page.caseGroups()[0]->tables()[0]);
        QVERIFY2(texts.value(1).startsWith(QStringLiteral("Requests/s")), qPrintable(texts.join(QLatin1Char('|'))));
        QStringList units;
        for (const QString &h : texts)
            if (h.contains(QStringLiteral("p50")) || h.contains(QStringLiteral("p90")) || h.contains(QStringLiteral("p99")))
                units << h.section(QLatin1Char('('), -1);
        QCOMPARE(units.size(), 3);
        QCOMPARE(units.count(units.front()), 3);
    }

    // A repetition's value reads as the table prints it: the cell's value is
    // the ★ row's, its [min–max] bounds are rows of the pane ("7,864", never
    // "7,864.0" beside it).
    void repetitionsReadAsTheTable()
    {
        for (const char *file : {"runner/static-servers.json.gz", "measured/compressors-fast.json.gz"}) {
            CapturePage page(sample(file));
            for (CaseGroupWidget *group : page.caseGroups())
                for (ResultTableView *table : group->tables()) {
                    const QAbstractItemModel *model = table->model();
                    for (int r = 0; r < model->rowCount(); ++r) {
                        table->setCurrentIndex(model->index(r, 1));
                        const QString range = model->index(r, 1).data(TableRole::RangeRole).toString();
                        if (!page.repetitions()->result() || !range.startsWith(QLatin1Char('[')))
                            continue;
                        QStringList pane;
                        for (int rep = 0; rep < page.repetitions()->rowCount(); ++rep)
                            pane << page.repetitions()->index(rep, 1).data().toString();
                        const int star = page.repetitions()->result()->representative;
                        QCOMPARE(pane.value(star), model->index(r, 1).data().toString());
                        const QStringList bounds = range.mid(1, range.size() - 2).split(QChar(0x2013));
                        QVERIFY2(pane.contains(bounds.value(0)) && pane.contains(bounds.value(1)),
                                 qPrintable(range + QStringLiteral(" vs ") + pane.join(QLatin1Char(' '))));
                    }
                }
        }
    }

    // Metrics a case never records get no column until asked for; the
    // all-cases table of such a metric shows only the cases that have it.
    void columnsWithoutValuesHidden()
    {
        CapturePage page(sample("published/orbit-js-frameworks.json.gz"));
        ResultTableView *http = page.caseGroups()[0]->tables()[0];
        const QStringList shown = headers(http);
        QVERIFY2(!shown.join(QLatin1Char('|')).contains(QStringLiteral("Cold start")), qPrintable(shown.join(QLatin1Char('|'))));
        page.setEmptyColumnsShown(true);
        QVERIFY(headers(http).join(QLatin1Char('|')).contains(QStringLiteral("Cold start")));
        page.setEmptyColumnsShown(false);

        QComboBox *metric = page.allCases()->metricSelector();
        metric->setCurrentIndex(metric->findData(QStringLiteral("cold_start")));
        const QStringList cases = headers(page.allCases()->table());
        QVERIFY(cases.size() >= 2);
        const QAbstractItemModel *model = page.allCases()->table()->model();
        for (int c = 1; c < model->columnCount(); ++c) {
            if (page.allCases()->table()->isColumnHidden(c))
                continue;
            bool any = false;
            for (int r = 0; r < model->rowCount(); ++r)
                any = any || model->index(r, c).data(Qt::UserRole + 1).typeId() == QMetaType::Double;
            QVERIFY2(any, qPrintable(model->headerData(c, Qt::Horizontal).toString()));
        }
    }

    // Long provenance values stay on one line, elided, whole in the tool tip.
    void provenanceElidesWithToolTip()
    {
        CapturePage page(sample("runner/static-servers.json.gz"));
        page.resize(1280, 720);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QTableView *view = page.provenance()->view();
        const int line = view->fontMetrics().lineSpacing();
        for (int r = 0; r < view->model()->rowCount(); ++r) {
            const QModelIndex value = view->model()->index(r, 1);
            QCOMPARE(value.data(Qt::ToolTipRole).toString(), PlainToolTip::of(value.data().toString()));
            if (!value.data(Qt::UserRole + 50).toBool())
                QVERIFY2(view->rowHeight(r) < 2 * line, qPrintable(value.data().toString()));
        }
        QVERIFY(page.provenanceWidth() >= 300);
    }
};

QTEST_MAIN(TestCapturePage)
#include "tst_capturepage.moc"
