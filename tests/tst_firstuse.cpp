// What a new user meets first: New Capture offers the sample suites
// wherever the app runs from and takes a typed path; file dialogs start
// where the last file of their kind went; focus shows at a glance.
#include "filedialogfolder.h"
#include "focusringstyle.h"
#include "newcapturedialog.h"
#include "sampledata.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

class TstFirstUse : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void samplesFromTheBuildTree();
    void samplesWhenInstalled();
    void dialogOffersTheSamples();
    void dialogTakesATypedPath();
    void foldersArePerKind();
    void focusRingOnATable_data();
    void focusRingOnATable();
    void focusRingOnATab();

private:
    static QString sourceSuites()
    {
        return QDir::cleanPath(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/suites"));
    }
};

namespace {

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::Highlight, QColor(0x1d, 0x3f, 0x73)); // a dark blue: too dim on its own
    return p;
}

// Pixels of `color` (within a small tolerance) in `image`'s rect.
int count(const QImage &image, const QRect &rect, const QColor &color)
{
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) + std::abs(c.blue() - color.blue()) < 24;
        }
    return n;
}

double luminance(const QColor &c)
{
    auto ch = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF());
}

} // namespace

void TstFirstUse::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BenchscopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_firstuse"));
    QSettings().clear();
    QApplication::setStyle(new FocusRingStyle);
}

void TstFirstUse::samplesFromTheBuildTree()
{
    // The test runs from build/tests, as the app from build/bin: no
    // share/benchscope beside it, so the source folder's samples.
    const QStringList suites = SampleData::suites();
    QVERIFY2(suites.size() >= 5, qPrintable(suites.join(u' ')));
    for (const QString &suite : suites) {
        QCOMPARE(QFileInfo(suite).absolutePath(), sourceSuites());
        QVERIFY(suite.endsWith(QStringLiteral(".json")));
    }
    QVERIFY(suites.contains(sourceSuites() + QStringLiteral("/static-servers.json")));
    QCOMPARE(SampleData::folder(), QFileInfo(sourceSuites()).absolutePath());
}

void TstFirstUse::samplesWhenInstalled()
{
    // PREFIX/bin/benchscope and PREFIX/share/benchscope/sample-data, as
    // cmake/packaging.cmake installs them: found before the source's.
    QTemporaryDir prefix;
    QVERIFY(QDir(prefix.path()).mkpath(QStringLiteral("bin")));
    QVERIFY(QDir(prefix.path()).mkpath(QStringLiteral("share/benchscope/sample-data/suites")));
    const QString installed = prefix.filePath(QStringLiteral("share/benchscope/sample-data/suites/static-servers.json"));
    QVERIFY(QFile::copy(sourceSuites() + QStringLiteral("/static-servers.json"), installed));
    QCOMPARE(SampleData::suites(prefix.filePath(QStringLiteral("bin"))), QStringList {installed});
    QCOMPARE(SampleData::folder(prefix.filePath(QStringLiteral("bin"))), prefix.filePath(QStringLiteral("share/benchscope/sample-data")));
}

void TstFirstUse::dialogOffersTheSamples()
{
    // First use: no recent suites; the samples are offered, the first chosen.
    NewCaptureDialog first({}, SampleData::suites());
    auto *box = first.findChild<QComboBox *>(QStringLiteral("suite"));
    QVERIFY(box);
    QCOMPARE(box->count(), SampleData::suites().size());
    QCOMPARE(first.suitePath(), SampleData::suites().front());
    QVERIFY2(first.suiteError().isEmpty(), qPrintable(first.suiteError()));
    QVERIFY(first.findChild<QListWidget *>(QStringLiteral("participants"))->count() > 0);
    // Later: the recent ones first, then the samples, each once.
    const QString recent = SampleData::suites().back();
    NewCaptureDialog later({recent}, SampleData::suites());
    QCOMPARE(later.suitePath(), recent);
    QCOMPARE(later.findChild<QComboBox *>(QStringLiteral("suite"))->count(), SampleData::suites().size());
}

void TstFirstUse::dialogTakesATypedPath()
{
    NewCaptureDialog dialog({}, {});
    auto *box = dialog.findChild<QComboBox *>(QStringLiteral("suite"));
    QVERIFY(box->isEditable());
    QLineEdit *edit = box->lineEdit();
    auto type = [&](const QString &text) {
        edit->clear();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    };
    const QString suite = sourceSuites() + QStringLiteral("/compressors.json");
    type(suite);
    QCOMPARE(dialog.suitePath(), suite);
    QVERIFY2(dialog.suiteError().isEmpty(), qPrintable(dialog.suiteError()));
    QVERIFY(dialog.commandLine().contains(suite));
    QVERIFY(dialog.findChild<QListWidget *>(QStringLiteral("participants"))->count() > 0);

    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("no-such-suite.json"));
    type(missing);
    QVERIFY2(dialog.suiteError().contains(QStringLiteral("No suite file at")), qPrintable(dialog.suiteError()));
    QVERIFY(dialog.suiteError().contains(QDir::toNativeSeparators(missing)));
    QVERIFY(dialog.commandLine().isEmpty());
    QCOMPARE(dialog.findChild<QListWidget *>(QStringLiteral("participants"))->count(), 0);

    type(dir.path());
    QVERIFY2(dialog.suiteError().contains(QStringLiteral("is a folder")), qPrintable(dialog.suiteError()));

    QFile bad(dir.filePath(QStringLiteral("bad.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"suite\": {\"id\": \"x\"}, \"participants\": 3}");
    bad.close();
    type(bad.fileName());
    QVERIFY2(dialog.suiteError().contains(QStringLiteral("not valid")), qPrintable(dialog.suiteError()));
    QVERIFY(dialog.suiteError().contains(QStringLiteral("bad.json")));

    // Relative to the working directory, as a shell would read it.
    const QString cwd = QDir::currentPath();
    QDir::setCurrent(sourceSuites());
    type(QStringLiteral("startup.json"));
    QDir::setCurrent(cwd);
    QCOMPARE(dialog.suitePath(), sourceSuites() + QStringLiteral("/startup.json"));
    QVERIFY2(dialog.suiteError().isEmpty(), qPrintable(dialog.suiteError()));
}

void TstFirstUse::foldersArePerKind()
{
    using Kind = FileDialogFolder::Kind;
    QSettings().clear();
    // Before any: opening starts in the samples, saving at home; never the
    // working directory.
    QCOMPARE(FileDialogFolder::start(Kind::Captures), SampleData::folder());
    QCOMPARE(FileDialogFolder::start(Kind::Suite), sourceSuites());
    QCOMPARE(FileDialogFolder::start(Kind::Chart), QDir::homePath());
    QTemporaryDir a, b, c;
    FileDialogFolder::remember(Kind::Chart, a.filePath(QStringLiteral("range.png")));
    FileDialogFolder::remember(Kind::Table, b.filePath(QStringLiteral("table.csv")));
    QVERIFY(QDir(c.path()).mkpath(QStringLiteral("report-1")));
    FileDialogFolder::remember(Kind::Report, c.filePath(QStringLiteral("report-1")));
    FileDialogFolder::remember(Kind::Report, c.filePath(QStringLiteral("report-1/"))); // as a dialog may give it
    QCOMPARE(FileDialogFolder::start(Kind::Chart), a.path());
    QCOMPARE(FileDialogFolder::remembered(Kind::Chart), a.path());
    QVERIFY(FileDialogFolder::remembered(Kind::Suite).isEmpty());
    QCOMPARE(FileDialogFolder::start(Kind::Table), b.path());
    QCOMPARE(FileDialogFolder::start(Kind::Report), c.path()); // beside the last report, for the next
    QCOMPARE(FileDialogFolder::startFile(Kind::Chart, QStringLiteral("box.svg")), a.filePath(QStringLiteral("box.svg")));
    QCOMPARE(FileDialogFolder::start(Kind::Publish), QDir::homePath()); // a kind of its own
    QCOMPARE(FileDialogFolder::start(Kind::Captures), SampleData::folder());
    // Kept in the settings, so a new session starts there too.
    QCOMPARE(QSettings().value(FileDialogFolder::settingsKey(Kind::Chart)).toString(), a.path());
    // A remembered folder since removed: back to the default.
    const QString gone = a.path();
    a.remove();
    QVERIFY(!QFileInfo::exists(gone));
    QCOMPARE(FileDialogFolder::start(Kind::Chart), QDir::homePath());
}

void TstFirstUse::focusRingOnATable_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TstFirstUse::focusRingOnATable()
{
    QFETCH(bool, dark);
    const QPalette palette = dark ? darkPalette() : QApplication::palette();
    const QColor ring = FocusRingStyle::ringColor(palette);
    // It stands out against the window, 3:1 at least.
    const double lw = luminance(palette.color(QPalette::Window)), lr = luminance(ring);
    QVERIFY2((std::max(lw, lr) + 0.05) / (std::min(lw, lr) + 0.05) >= 3.0, qPrintable(ring.name()));

    QWidget window;
    window.setPalette(palette);
    QStandardItemModel model(4, 3);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 3; ++c)
            model.setItem(r, c, new QStandardItem(QStringLiteral("%1").arg(r * 3 + c)));
    auto *table = new QTableView(&window);
    table->setModel(&model);
    table->setGeometry(10, 10, 320, 160);
    auto *other = new QLineEdit(&window);
    other->setGeometry(10, 180, 100, 24);
    window.resize(340, 220);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    other->setFocus();
    QTRY_VERIFY(other->hasFocus());
    const QImage before = table->grab().toImage();
    table->setFocus();
    table->setCurrentIndex(model.index(1, 1));
    QTRY_VERIFY(table->hasFocus());
    QCoreApplication::processEvents();
    const QImage after = table->grab().toImage();
    // The frame: a ring all round the focused table, none before.
    const QRect top(0, 0, after.width(), FocusRingStyle::kRingWidth);
    QVERIFY2(count(after, top, ring) > after.width() * 3 / 2, qPrintable(ring.name()));
    QCOMPARE(count(before, top, ring), 0);
    const QRect left(0, 0, FocusRingStyle::kRingWidth, after.height());
    QVERIFY(count(after, left, ring) > after.height() * 3 / 2);
    // The current cell too.
    const QRect cell = table->visualRect(model.index(1, 1)).translated(table->viewport()->pos());
    QVERIFY2(count(after, cell, ring) >= 2 * (cell.width() + cell.height()), qPrintable(ring.name()));
    QCOMPARE(count(before, cell, ring), 0);
}

void TstFirstUse::focusRingOnATab()
{
    QWidget window;
    auto *tabs = new QTabBar(&window);
    tabs->addTab(QStringLiteral("All cases"));
    tabs->addTab(QStringLiteral("GET /"));
    tabs->setFocusPolicy(Qt::StrongFocus);
    tabs->setGeometry(10, 10, 300, tabs->sizeHint().height());
    auto *other = new QLineEdit(&window);
    other->setGeometry(10, 60, 100, 24);
    window.resize(320, 100);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    other->setFocus();
    QTRY_VERIFY(other->hasFocus());
    const QColor ring = FocusRingStyle::ringColor(tabs->palette());
    const QImage unfocused = tabs->grab().toImage();
    tabs->setFocus();
    QTRY_VERIFY(tabs->hasFocus());
    QCoreApplication::processEvents();
    const QImage focused = tabs->grab().toImage();
    const QRect tab = tabs->tabRect(0);
    const int before = count(unfocused, tab, ring), after = count(focused, tab, ring);
    QVERIFY2(after > before + 2 * tab.width(), qPrintable(QStringLiteral("%1 → %2").arg(before).arg(after)));
    QCOMPARE(count(focused, tabs->tabRect(1), ring), count(unfocused, tabs->tabRect(1), ring)); // only the current tab
}

QTEST_MAIN(TstFirstUse)
#include "tst_firstuse.moc"
