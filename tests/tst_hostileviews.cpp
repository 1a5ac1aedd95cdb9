// Strings from a file as every view shows them: no tool tip of any table
// (cells and headers), list or tab carries a file's name as markup Qt would
// render (a tip that looks like HTML is shown as HTML: "<img src=...>" would
// load a local file). Each name is generated from a set of hostile pieces, so
// the class is covered, not one example. No view shows a name's
// bidirectional controls.
#include "capturelistmodel.h"
#include "capturepage.h"
#include "diffmodel.h"
#include "guitestcapture.h"
#include "history.h"
#include "historymodel.h"
#include "historystepsmodel.h"
#include "tableroles.h"

#include <QAbstractItemView>
#include <QLabel>
#include <QTabWidget>
#include <QtTest>

namespace {

const QStringList &pieces()
{
    static const QStringList list{QStringLiteral("<img src=\"/tmp/x.png\">"), QStringLiteral("<script>alert(1)</script>"),
                                  QStringLiteral("</title><b>bold</b>"), QStringLiteral("a\x1b[2J<i>&amp;</i>"),
                                  QStringLiteral("<a href=\"file:///etc/passwd\">x</a>")};
    return list;
}

std::string hostile(std::size_t i, const char *what)
{
    return QString(pieces()[int(i % std::size_t(pieces().size()))] + QLatin1Char(' ') + QString::fromUtf8(what)).toStdString();
}

// The test capture with every name a file gives replaced by a hostile one.
bs::Capture hostileCapture(const char *revision)
{
    bs::Capture c = guitest::capture();
    c.suite.title = hostile(0, "suite");
    c.revision.label = hostile(1, revision);
    c.revision.id = revision;
    c.sourcePath = "/tmp/" + hostile(2, "capture.json");
    for (std::size_t i = 0; i < c.participants.size(); ++i) {
        c.participants[i].label = hostile(i, "participant");
        c.participants[i].runtime = hostile(i + 1, "runtime");
        c.participants[i].tags = {hostile(i + 2, "tag")};
    }
    for (std::size_t i = 0; i < c.cases.size(); ++i) {
        c.cases[i].label = hostile(i + 3, "case");
        c.cases[i].group = hostile(i + 4, "group");
        c.cases[i].description = hostile(i, "case description");
    }
    for (std::size_t i = 0; i < c.metrics.size(); ++i) {
        c.metrics[i].label = hostile(i + 1, "metric");
        c.metrics[i].description = hostile(i + 2, "metric description");
    }
    c.provenance.caveats = {hostile(3, "caveat")};
    return c;
}

// Every tip of a model (cells of every row, nested rows, headers) in which a
// hostile piece appears as it is: Qt would read that tip as rich text.
QStringList rawTips(const QAbstractItemModel &model)
{
    QStringList found;
    auto check = [&](const QVariant &tip) {
        const QString text = tip.toString();
        for (const QString &p : pieces())
            if (text.contains(p))
                found << text;
    };
    std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int r = 0; r < model.rowCount(parent); ++r)
            for (int c = 0; c < model.columnCount(parent); ++c) {
                const QModelIndex i = model.index(r, c, parent);
                check(i.data(Qt::ToolTipRole));
                if (c == 0 && model.hasChildren(i))
                    walk(i);
            }
    };
    walk({});
    for (int c = 0; c < model.columnCount(); ++c)
        check(model.headerData(c, Qt::Horizontal, Qt::ToolTipRole));
    for (int r = 0; r < model.rowCount(); ++r)
        check(model.headerData(r, Qt::Vertical, Qt::ToolTipRole));
    return found;
}

// A tip was checked at all: the names do reach the tips, escaped.
int escapedTips(const QAbstractItemModel &model)
{
    int n = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            n += model.index(r, c).data(Qt::ToolTipRole).toString().contains(QStringLiteral("&lt;"));
    return n;
}

} // namespace

class TestHostileViews : public QObject {
    Q_OBJECT

private slots:
    // Every table the capture page shows: per-case tables, all cases,
    // repetitions, provenance; and the tabs' tips.
    void capturePageTipsArePlain()
    {
        CapturePage page(std::make_shared<const bs::Capture>(hostileCapture("r1")));
        page.show();
        int models = 0;
        for (QAbstractItemView *view : page.findChildren<QAbstractItemView *>()) {
            if (!view->model())
                continue;
            ++models;
            const QStringList raw = rawTips(*view->model());
            QVERIFY2(raw.isEmpty(), qPrintable(view->objectName() + QStringLiteral(": ") + raw.value(0)));
        }
        QVERIFY(models >= 4);
        for (QTabWidget *tabs : page.findChildren<QTabWidget *>())
            for (int t = 0; t < tabs->count(); ++t)
                for (const QString &p : pieces())
                    QVERIFY2(!tabs->tabToolTip(t).contains(p), qPrintable(tabs->tabToolTip(t)));
        for (QWidget *w : page.findChildren<QWidget *>())
            for (const QString &p : pieces())
                QVERIFY2(!w->toolTip().contains(p), qPrintable(w->objectName() + QStringLiteral(": ") + w->toolTip()));
    }

    void diffModelTipsArePlain()
    {
        DiffModel model;
        model.setCaptures(std::make_shared<const bs::Capture>(hostileCapture("r1")),
                          std::make_shared<const bs::Capture>(hostileCapture("r2")), {});
        QVERIFY(model.rowCount() > 0);
        const QStringList raw = rawTips(model);
        QVERIFY2(raw.isEmpty(), qPrintable(raw.value(0)));
        QVERIFY(escapedTips(model) > 0);
    }

    void captureListTipsArePlain()
    {
        CaptureListModel model;
        model.addCapture(1, std::make_shared<const bs::Capture>(hostileCapture("r1")));
        model.addCapture(2, std::make_shared<const bs::Capture>(hostileCapture("r2")));
        const QStringList raw = rawTips(model);
        QVERIFY2(raw.isEmpty(), qPrintable(raw.value(0)));
    }

    void historyTipsArePlain()
    {
        const bs::Capture a = hostileCapture("r1");
        bs::Capture b = hostileCapture("r2");
        b.revision.date = "2026-09-09";
        std::string error;
        auto built = bs::History::build({&a, &b}, {}, error);
        QVERIFY2(built, error.c_str());
        HistoryModel model;
        model.setHistory(std::make_shared<const bs::History>(std::move(*built)));
        QVERIFY(model.rowCount() > 0);
        HistoryStepsModel steps(&model);
        for (const QAbstractItemModel *m : std::initializer_list<const QAbstractItemModel *>{&model, &steps}) {
            const QStringList raw = rawTips(*m);
            QVERIFY2(raw.isEmpty(), qPrintable(raw.value(0)));
        }
        QVERIFY(escapedTips(model) > 0);
    }

    // A 1 MiB name of every kind: each table cell, header, label and tab of
    // the page shows it cut before layout (laying out the whole name took
    // minutes); the copy of the participant's cell keeps all of it.
    void longNamesAreCutBeforeLayout()
    {
        const std::string name = QString(QStringLiteral("word ")).repeated(210000).toStdString();
        bs::Capture c = guitest::capture();
        c.suite.title = name;
        c.participants[0].label = name;
        c.cases[0].label = name;
        c.cases[0].description = name;
        c.metrics[0].label = name;
        CapturePage page(std::make_shared<const bs::Capture>(std::move(c)));
        page.show();
        constexpr int kMost = 4 * 400 + 100; // the longest cut (notes, descriptions) with its words around
        bool copied = false;
        for (QAbstractItemView *view : page.findChildren<QAbstractItemView *>()) {
            const QAbstractItemModel *model = view->model();
            if (!model)
                continue;
            for (int col = 0; col < model->columnCount(); ++col) {
                QVERIFY(model->headerData(col, Qt::Horizontal).toString().size() < kMost);
                for (int row = 0; row < model->rowCount(); ++row) {
                    const QModelIndex i = model->index(row, col);
                    QVERIFY2(i.data().toString().size() < kMost, qPrintable(view->objectName()));
                    copied = copied || i.data(TableRole::CellTextRole).toString().size() >= int(name.size());
                }
            }
        }
        QVERIFY(copied);
        for (QLabel *label : page.findChildren<QLabel *>()) // a label of notes: each note cut
            for (const QString &line : label->text().split(QLatin1Char('\n')))
                QVERIFY2(line.size() < kMost, qPrintable(line.left(120)));
        for (QTabWidget *tabs : page.findChildren<QTabWidget *>())
            for (int t = 0; t < tabs->count(); ++t)
                QVERIFY(tabs->tabText(t).size() < kMost);
    }

    // A right-to-left override in every name: no cell, header, label or tab
    // shows it (it would show "gnp.exe" as "exe.png"); the copy keeps it.
    void bidiControlsAreNotShown()
    {
        const std::string name = "Right\xe2\x80\xaegnp.exe\xe2\x81\xa6x";
        bs::Capture c = guitest::capture();
        c.suite.title = name;
        c.participants[0].label = name;
        c.cases[0].label = name;
        c.metrics[0].label = name;
        CapturePage page(std::make_shared<const bs::Capture>(std::move(c)));
        page.show();
        const auto shown = [](const QString &text) {
            return text.contains(QChar(0x202e)) || text.contains(QChar(0x2066));
        };
        bool copied = false, cut = false;
        for (QAbstractItemView *view : page.findChildren<QAbstractItemView *>()) {
            const QAbstractItemModel *model = view->model();
            for (int col = 0; model && col < model->columnCount(); ++col) {
                QVERIFY(!shown(model->headerData(col, Qt::Horizontal).toString()));
                for (int row = 0; row < model->rowCount(); ++row) {
                    const QModelIndex i = model->index(row, col);
                    QVERIFY2(!shown(i.data().toString()), qPrintable(view->objectName()));
                    cut = cut || i.data().toString().contains(QStringLiteral("Rightgnp.exex"));
                    copied = copied || shown(i.data(TableRole::CellTextRole).toString());
                }
            }
        }
        QVERIFY(cut && copied);
        for (QLabel *label : page.findChildren<QLabel *>())
            QVERIFY2(!shown(label->text()), qPrintable(label->text()));
        for (QTabWidget *tabs : page.findChildren<QTabWidget *>())
            for (int t = 0; t < tabs->count(); ++t)
                QVERIFY(!shown(tabs->tabText(t)));
    }
};

QTEST_MAIN(TestHostileViews)
#include "tst_hostileviews.moc"
