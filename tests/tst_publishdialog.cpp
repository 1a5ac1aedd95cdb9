// File › Publish Page…'s dialog (PublishPageDialog): every open capture
// listed, checked but a partial or failed one (marked), and what each
// suite's section will be, following the checks.
#include "publishpagedialog.h"
#include "samplecapture.h"

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QtTest>

namespace {

std::shared_ptr<const bs::Capture> marked(std::shared_ptr<const bs::Capture> from, bool failed)
{
    bs::Capture c = *from;
    c.sourcePath += failed ? ".failed" : ".partial";
    c.capturedAt = "2026-12-05T12:00:00Z";
    if (failed)
        for (bs::Result &r : c.results)
            r.status = bs::ResultStatus::Error;
    else
        c.provenance.caveats.push_back("Partial capture: interrupted by SIGINT (Ctrl-C); completed repetitions are kept.");
    return std::make_shared<const bs::Capture>(std::move(c));
}

} // namespace

class TestPublishDialog : public QObject {
    Q_OBJECT
private slots:
    void listsMarksAndSaysWhatEachSectionIs()
    {
        const auto before = samplecapture::load("local/latest-optimizations.before.json.gz");
        const auto after = samplecapture::load("local/latest-optimizations.after.json.gz");
        const auto suku = samplecapture::load("published/suku-overhead.json.gz");
        const auto sqlite = samplecapture::load("local/sqlite-install.json.gz");
        PublishPageDialog dialog({after, suku, before, marked(sqlite, false), marked(suku, true)});
        auto *list = dialog.findChild<QListWidget *>(QStringLiteral("publishCaptures"));
        auto *plan = dialog.findChild<QLabel *>(QStringLiteral("publishPlan"));
        auto *publish = dialog.findChild<QPushButton *>(QStringLiteral("publishChosen"));
        QVERIFY(list && plan && publish);
        QCOMPARE(list->count(), 5);
        QCOMPARE(dialog.chosen(), (std::vector<PublishPageDialog::CapturePtr>{after, suku, before}));
        QVERIFY(list->item(3)->text().contains(QStringLiteral("partial · ")));
        QVERIFY(list->item(4)->text().contains(QStringLiteral("failed · ")));
        // The pair, in its recorded order whichever is listed first; Suku alone.
        QVERIFY2(plan->text().contains(QStringLiteral("a before/after, r1: serializes the catalogue per request → r2")),
                 qPrintable(plan->text()));
        QVERIFY(plan->text().contains(QStringLiteral("its tables and charts")));
        // The partial capture, unchecked, makes no section.
        QVERIFY(!plan->text().contains(QString::fromStdString(sqlite->suite.name()).toHtmlEscaped()));
        // Checking the failed Suku adds a second Suku capture: shown apart or compared, said.
        dialog.setChecked(4, true);
        QCOMPARE(dialog.chosen().size(), std::size_t(4));
        QVERIFY2(plan->text().contains(QStringLiteral("two captures shown apart")), qPrintable(plan->text()));
        // One of the pair left: its tables alone; nothing: nothing to publish.
        dialog.setChecked(0, false);
        QVERIFY(!plan->text().contains(QStringLiteral("before/after")));
        for (int i = 0; i < list->count(); ++i)
            dialog.setChecked(i, false);
        QVERIFY(dialog.chosen().empty());
        QVERIFY(!publish->isEnabled());
    }
};

QTEST_MAIN(TestPublishDialog)
#include "tst_publishdialog.moc"
