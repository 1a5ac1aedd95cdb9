// File › Publish Page…'s dialog (PublishPageDialog): every open capture
// listed, checked but a partial or failed one (marked), and what each
// suite's section will be, following the checks. File › Publish Page from
// Markdown… (PublishPageAction::publishPageTo): the page's captures loaded
// off the GUI thread, the page written; a capture that cannot be read said
// in a plain-text box, and nothing written.
#include "publishpageaction.h"
#include "publishpagedialog.h"
#include "samplecapture.h"
#include "tempfolder.h"

#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QTimer>

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

    void publishesAnAuthoredPage()
    {
        TempFolder tmp;
        tmp.renew();
        const QString capture = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR")
            + QStringLiteral("/sample-data/local/latest-optimizations.before.json.gz");
        const std::string page = tmp.write(QStringLiteral("page.md"),
                                           "---\ntitle: Our <b>page</b>\n---\n\nSome prose first.\n\n```benchscope\ncaptures: "
                                               + capture.toStdString() + "\nshow: all-cases\n```\n");
        QMainWindow window;
        QMenu file;
        PublishPageAction action(&file, [] { return QList<QWidget *>(); }, &window);
        QVERIFY(action.authoredAction()->isEnabled()); // no capture needs to be open
        const QString out = QString::fromStdString(tmp.filePath(QStringLiteral("site")));
        const QString index = action.publishPageTo(out, QString::fromStdString(page));
        QCOMPARE(index, out + QStringLiteral("/index.html"));
        QFile html(index);
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QByteArray text = html.readAll();
        QVERIFY(text.contains("Some prose first."));
        QVERIFY(text.contains("Our &lt;b&gt;page&lt;/b&gt;"));
        QVERIFY(text.contains("<table"));
    }

    void aPageWhoseCaptureFailsWritesNothing()
    {
        TempFolder tmp;
        tmp.renew();
        tmp.write(QStringLiteral("broken.json.gz"), "{\"not\": \"a capture <b>x</b>\"");
        const std::string page = tmp.write(QStringLiteral("page.md"),
                                           "Prose.\n\n```benchscope\ncaptures: broken.json.gz\nshow: all-cases\n```\n");
        QMainWindow window;
        QMenu file;
        PublishPageAction action(&file, [] { return QList<QWidget *>(); }, &window);
        QString said;
        Qt::TextFormat format = Qt::AutoText;
        QTimer::singleShot(0, this, [&] { closeBox(said, format); });
        const QString out = QString::fromStdString(tmp.filePath(QStringLiteral("site")));
        QVERIFY(action.publishPageTo(out, QString::fromStdString(page)).isEmpty());
        QVERIFY2(said.contains(QStringLiteral("broken.json.gz")), qPrintable(said));
        QCOMPARE(format, Qt::PlainText);
        QVERIFY(!QFileInfo::exists(out));
    }

private:
    // Reads and closes the message box the action shows (retrying until it is up).
    void closeBox(QString &said, Qt::TextFormat &format)
    {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box) {
            QTimer::singleShot(20, this, [&] { closeBox(said, format); });
            return;
        }
        said = box->text();
        format = box->textFormat();
        box->reject();
    }
};

QTEST_MAIN(TestPublishDialog)
#include "tst_publishdialog.moc"
