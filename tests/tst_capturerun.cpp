// Capturing from the app with the real benchscope-run against the test
// server: progress reaches the Run page, the capture opens selected; cancel
// opens a partial capture and leaves no server behind; a missing runner and
// a bad suite reach the banner; Run Again opens a diff; one run at a time;
// closing asks first; the New Capture dialog turns choices into options.
#include "capturecontroller.h"
#include "capturediff.h"
#include "capturelistmodel.h"
#include "capturelistpanel.h"
#include "capturepage.h"
#include "comparisoncontroller.h"
#include "diffmodel.h"
#include "diffpage.h"
#include "errorbanner.h"
#include "runnerharness.h"
#include "mainwindow.h"
#include "mannwhitney.h"
#include "newcapturedialog.h"
#include "runpage.h"
#include "runplan.h"
#include "suitefile.h"
#include "suitetemplates.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QProcess>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTreeView>
#include <QTemporaryDir>
#include <QtTest>


namespace {

// Processes whose command line mentions `needle` (ps, as a person would check).
QStringList processesWith(const QString &needle)
{
    QProcess ps;
    ps.start(QStringLiteral("ps"), {QStringLiteral("-eo"), QStringLiteral("pid,args")});
    ps.waitForFinished(5000);
    QStringList found;
    for (const QString &line : QString::fromUtf8(ps.readAllStandardOutput()).split(u'\n'))
        if (line.contains(needle) && !line.contains(QStringLiteral("ps -eo")))
            found << line.trimmed();
    return found;
}

} // namespace

class TestCaptureRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void runToTheEndOpensTheCapture();
    void cancelOpensAPartialCapture();
    void runAgainOpensADiff();
    void secondStartIsRefused();
    void closingDuringARunAsksAndLeavesNothing();
    void missingRunnerReachesTheBanner();
    void badSuiteReachesTheBanner();
    void dialogTurnsChoicesIntoOptions();
    void templatesAreValidSuites();

private:
    struct Suite {
        QString path;
        quint16 port = 0;
    };
    Suite writeSuite(double durationSeconds, int repetitions, const QJsonValue &durationOverride = {});
    CaptureRun::Outcome runAndWait(MainWindow &window, const QString &suite, const QString &out, const QString &before = {});
    QString outPath(const QString &name) const { return m_dir.filePath(name + QStringLiteral(".json.gz")); }

    QTemporaryDir m_dir;
    QString m_bin;
    int m_suites = 0;
};

void TestCaptureRun::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BenchscopeTest"));
    qRegisterMetaType<CapturePage *>();
    m_bin = qEnvironmentVariable("BENCHSCOPE_BIN_DIR");
    QVERIFY(QFileInfo::exists(m_bin + QStringLiteral("/benchscope-run")));
    QVERIFY(QFileInfo::exists(m_bin + QStringLiteral("/benchscope-testserver")));
    qputenv("BENCHSCOPE_RUNNER", (m_bin + QStringLiteral("/benchscope-run")).toUtf8());
    QVERIFY(m_dir.isValid());
}

TestCaptureRun::Suite TestCaptureRun::writeSuite(double durationSeconds, int repetitions, const QJsonValue &durationOverride)
{
    Suite s;
    s.port = RunnerHarness::freePort();
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(s.port);
    const QJsonObject server {
        {QStringLiteral("id"), QStringLiteral("testserver")},
        {QStringLiteral("start"),
         QJsonObject {{QStringLiteral("command"), QJsonArray {QString(m_bin + QStringLiteral("/benchscope-testserver")), QStringLiteral("--port"),
                                                             QString::number(s.port)}}}},
        {QStringLiteral("url"), url}};
    const QJsonObject hello {{QStringLiteral("id"), QStringLiteral("hello")},
                             {QStringLiteral("path"), QStringLiteral("/")},
                             {QStringLiteral("expect"), QJsonObject {{QStringLiteral("status"), 200}, {QStringLiteral("body"), QStringLiteral("hello")}}}};
    const QJsonObject suite {
        {QStringLiteral("suite"), QJsonObject {{QStringLiteral("id"), QStringLiteral("tiny")}, {QStringLiteral("title"), QStringLiteral("Tiny suite")}}},
        {QStringLiteral("revision"), QJsonObject {{QStringLiteral("id"), QStringLiteral("r%1").arg(m_suites)}}},
        {QStringLiteral("settings"),
         QJsonObject {{QStringLiteral("duration_s"), durationOverride.isNull() ? QJsonValue(durationSeconds) : durationOverride},
                      {QStringLiteral("warmup_s"), 0.1},
                      {QStringLiteral("repetitions"), repetitions},
                      {QStringLiteral("connections"), 2},
                      {QStringLiteral("stop_grace_s"), 1}}},
        {QStringLiteral("participants"), QJsonArray {server}},
        {QStringLiteral("cases"), QJsonArray {hello}}};
    s.path = m_dir.filePath(QStringLiteral("suite%1.json").arg(++m_suites));
    QFile f(s.path);
    if (f.open(QIODevice::WriteOnly))
        f.write(QJsonDocument(suite).toJson());
    return s;
}

CaptureRun::Outcome TestCaptureRun::runAndWait(MainWindow &window, const QString &suite, const QString &out, const QString &before)
{
    CaptureRun::Outcome outcome;
    bool finished = false;
    auto connection = connect(window.captureController(), &CaptureController::runFinished, this,
                              [&](const CaptureRun::Outcome &o) {
                                  outcome = o;
                                  finished = true;
                              });
    window.captureController()->start(suite, {}, out, before);
    if (!QTest::qWaitFor([&] { return finished; }, 30000))
        outcome.problems << QStringLiteral("the test gave up waiting for the run to finish");
    disconnect(connection);
    return outcome;
}

void TestCaptureRun::runToTheEndOpensTheCapture()
{
    MainWindow window;
    window.setPersistent(false);
    window.show();
    const Suite suite = writeSuite(0.3, 2);
    const QString out = outPath(QStringLiteral("end"));
    QSignalSpy opened(&window, &MainWindow::captureOpened);
    const CaptureRun::Outcome outcome = runAndWait(window, suite.path, out);
    QVERIFY2(outcome.captureWritten && outcome.complete, qPrintable(outcome.problems.join(u'\n')));
    QVERIFY2(outcome.problems.isEmpty(), qPrintable(outcome.problems.join(u'\n')));

    RunPage *page = window.captureController()->runPage();
    QCOMPARE(page->repetitionsModel()->rowCount(), 2);
    QCOMPARE(page->repetitionsModel()->item(1, 2)->text(), QStringLiteral("2 of 2"));
    QVERIFY(page->repetitionsModel()->item(0, 3)->text().toDouble() > 0);
    QCOMPARE(page->contractsModel()->rowCount(), 1);
    QCOMPARE(page->contractsModel()->item(0, 2)->text(), QStringLiteral("passed"));
    QCOMPARE(page->liveSeriesCount(), 1);
    QCOMPARE(page->progressValue(), 1000);
    QVERIFY(page->logText().contains(QStringLiteral("plan:")));

    QTRY_COMPARE(opened.count(), 1);
    CapturePage *capture = window.currentCapturePage();
    QVERIFY(capture);
    QCOMPARE(QFileInfo(capture->path()).absoluteFilePath(), QFileInfo(out).absoluteFilePath());
    CaptureListModel *list = window.captureList()->model();
    QCOMPARE(list->captureCount(), 1);
    QVERIFY(list->captureId(window.captureList()->view()->currentIndex()) >= 0);
    const auto &extra = capture->capture()->provenance.conditions.extra;
    QCOMPARE(QString::fromStdString(extra.at("suite_file")), QFileInfo(suite.path).canonicalFilePath());
    QCOMPARE(extra.at("suite_sha256").size(), std::size_t(64));
    QVERIFY(processesWith(QStringLiteral("--port %1").arg(suite.port)).isEmpty());
}

void TestCaptureRun::cancelOpensAPartialCapture()
{
    MainWindow window;
    window.setPersistent(false);
    window.show();
    const Suite suite = writeSuite(0.4, 50);
    const QString out = outPath(QStringLiteral("cancelled"));
    CaptureController *controller = window.captureController();
    CaptureRun::Outcome outcome;
    bool finished = false;
    connect(controller, &CaptureController::runFinished, this, [&](const CaptureRun::Outcome &o) {
        outcome = o;
        finished = true;
    });
    QVERIFY(controller->start(suite.path, {}, out));
    RunPage *page = controller->runPage();
    QTRY_VERIFY_WITH_TIMEOUT(page->repetitionsModel()->rowCount() >= 1, 20000);
    QVERIFY(page->phaseText().contains(QStringLiteral("testserver · hello")));
    QVERIFY(!processesWith(QStringLiteral("--port %1").arg(suite.port)).isEmpty());
    controller->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(finished, 20000);
    QVERIFY(outcome.cancelled);
    QVERIFY(outcome.captureWritten);
    QVERIFY(!outcome.complete);
    QCOMPARE(outcome.exitCode, 3);
    QTRY_VERIFY(window.currentCapturePage());
    const auto &caveats = window.currentCapturePage()->capture()->provenance.caveats;
    QVERIFY(std::any_of(caveats.begin(), caveats.end(), [](const std::string &c) { return c.rfind("Partial capture", 0) == 0; }));
    QVERIFY(page->statusText().contains(QStringLiteral("partial")));
    QVERIFY(window.errorBanner()->messages().join(u'\n').contains(QStringLiteral("Partial capture: cancelled.json.gz opens")));
    QVERIFY(processesWith(QStringLiteral("--port %1").arg(suite.port)).isEmpty());
    // The list marks it.
    CaptureListPanel *list = window.captureList();
    QVERIFY2(list->view()->currentIndex().data().toString().startsWith(QStringLiteral("partial · ")),
             qPrintable(list->view()->currentIndex().data().toString()));
    // The banner speaks of that capture: closing it takes the message away.
    window.closeCurrentPage();
    QTRY_VERIFY(!window.errorBanner()->messages().join(u'\n').contains(QStringLiteral("Partial capture")));
    QVERIFY(!window.errorBanner()->isVisibleTo(&window));
}

void TestCaptureRun::runAgainOpensADiff()
{
    MainWindow window;
    window.setPersistent(false);
    window.show();
    const Suite suite = writeSuite(0.2, 1);
    QVERIFY(runAndWait(window, suite.path, outPath(QStringLiteral("first"))).captureWritten);
    QTRY_VERIFY(window.currentCapturePage());
    CapturePage *first = window.currentCapturePage();

    CaptureController *controller = window.captureController();
    bool finished = false;
    connect(controller, &CaptureController::runFinished, this, [&] { finished = true; });
    bool asked = false;
    controller->setConfirm([&](const QString &) { return asked = true; });
    controller->runAgain(first);
    QVERIFY(controller->isRunning());
    QVERIFY(!asked);
    QTRY_VERIFY_WITH_TIMEOUT(finished, 30000);
    QTRY_VERIFY(qobject_cast<DiffPage *>(window.currentPage()));
    DiffPage *diff = window.comparisons()->diffPage();
    QTRY_VERIFY_WITH_TIMEOUT(!diff->isBusy(), 20000);
    QCOMPARE(diff->model()->before(), first->capture());
    QVERIFY(diff->model()->after() && diff->model()->after() != first->capture());
    QCOMPARE(diff->model()->after()->suite.id, std::string("tiny"));

    // A changed suite file is said before running, and a "no" runs nothing.
    QFile f(suite.path);
    QVERIFY(f.open(QIODevice::Append));
    f.write("\n");
    f.close();
    controller->setConfirm([&](const QString &question) {
        asked = question.contains(QStringLiteral("has changed"));
        return false;
    });
    controller->runAgain(first);
    QVERIFY(asked);
    QVERIFY(!controller->isRunning());
}

void TestCaptureRun::secondStartIsRefused()
{
    MainWindow window;
    window.setPersistent(false);
    const Suite suite = writeSuite(0.3, 2);
    CaptureController *controller = window.captureController();
    QVERIFY(controller->start(suite.path, {}, outPath(QStringLiteral("one"))));
    QVERIFY(!controller->start(suite.path, {}, outPath(QStringLiteral("two"))));
    QVERIFY(!controller->start(suite.path, {}, outPath(QStringLiteral("three"))));
    const QStringList said = window.errorBanner()->messages().filter(QStringLiteral("already running"));
    QCOMPARE(said.size(), 1); // said once, however often refused
    // Once the run has ended, the message about it is gone.
    QTRY_VERIFY_WITH_TIMEOUT(!controller->isRunning(), 30000);
    QTRY_VERIFY(window.errorBanner()->messages().filter(QStringLiteral("already running")).isEmpty());
    controller->setConfirm([](const QString &) { return true; });
    QVERIFY(controller->confirmClose());
    QVERIFY(processesWith(QStringLiteral("--port %1").arg(suite.port)).isEmpty());
}

void TestCaptureRun::closingDuringARunAsksAndLeavesNothing()
{
    auto window = std::make_unique<MainWindow>();
    window->setPersistent(false);
    window->show();
    const Suite suite = writeSuite(0.3, 50);
    CaptureController *controller = window->captureController();
    QVERIFY(controller->start(suite.path, {}, outPath(QStringLiteral("closed"))));
    QTRY_VERIFY_WITH_TIMEOUT(!processesWith(QStringLiteral("--port %1").arg(suite.port)).isEmpty(), 10000);
    const qint64 runner = controller->run()->processId();
    QString question;
    controller->setConfirm([&](const QString &q) {
        question = q;
        return false;
    });
    QVERIFY(!window->close());
    QVERIFY(question.contains(QStringLiteral("running")));
    QVERIFY(controller->isRunning());
    controller->setConfirm([](const QString &) { return true; });
    QVERIFY(window->close());
    window.reset();
    QVERIFY(processesWith(QStringLiteral("--port %1").arg(suite.port)).isEmpty());
    QVERIFY(processesWith(QStringLiteral("%1 ").arg(runner)).filter(QStringLiteral("benchscope-run")).isEmpty());
}

void TestCaptureRun::missingRunnerReachesTheBanner()
{
    MainWindow window;
    window.setPersistent(false);
    const QByteArray saved = qgetenv("BENCHSCOPE_RUNNER");
    qputenv("BENCHSCOPE_RUNNER", "/nonexistent/benchscope-run");
    const Suite suite = writeSuite(0.2, 1);
    const CaptureRun::Outcome outcome = runAndWait(window, suite.path, outPath(QStringLiteral("missing")));
    qputenv("BENCHSCOPE_RUNNER", saved);
    QVERIFY(!outcome.captureWritten);
    const QString banner = window.errorBanner()->messages().join(u'\n');
    QVERIFY2(banner.contains(QStringLiteral("benchscope-run was not found")), qPrintable(banner));
    QVERIFY(banner.contains(QStringLiteral("/nonexistent/benchscope-run")));
    QVERIFY(window.captureController()->runPage()->statusText().contains(QStringLiteral("Failed")));
    // The failure is about that run: the next one takes it away when it starts.
    QVERIFY(runAndWait(window, suite.path, outPath(QStringLiteral("found"))).captureWritten);
    QVERIFY(!window.errorBanner()->messages().join(u'\n').contains(QStringLiteral("was not found")));
}

void TestCaptureRun::badSuiteReachesTheBanner()
{
    MainWindow window;
    window.setPersistent(false);
    const Suite suite = writeSuite(0, 1, QStringLiteral("two seconds"));
    const CaptureRun::Outcome outcome = runAndWait(window, suite.path, outPath(QStringLiteral("bad")));
    QVERIFY(!outcome.captureWritten);
    QCOMPARE(outcome.exitCode, 2);
    const QString banner = window.errorBanner()->messages().join(u'\n');
    QVERIFY2(banner.contains(QStringLiteral("not valid")), qPrintable(banner));
    QVERIFY(banner.contains(QFileInfo(suite.path).fileName()));
    QVERIFY(banner.contains(QStringLiteral("$.settings.duration_s")));
    QVERIFY(!window.captureController()->runPage()->logText().isEmpty());
}

void TestCaptureRun::dialogTurnsChoicesIntoOptions()
{
    const Suite suite = writeSuite(0.5, 3);
    NewCaptureDialog dialog({}, {suite.path});
    QCOMPARE(dialog.suitePath(), suite.path);
    QVERIFY(dialog.suiteError().isEmpty());
    QVERIFY(dialog.options().isEmpty());
    QVERIFY(dialog.estimateText().contains(QStringLiteral("0 min 2 s")));
    auto *duration = dialog.findChild<QDoubleSpinBox *>(QStringLiteral("duration"));
    duration->setValue(1.5);
    QCOMPARE(dialog.options(), (QStringList {QStringLiteral("--duration"), QStringLiteral("1.5")}));
    QVERIFY(dialog.commandLine().contains(QStringLiteral("--duration 1.5")));
    QVERIFY(dialog.commandLine().contains(suite.path));
    QVERIFY(dialog.estimateText().contains(QStringLiteral("0 min 5 s")));
    auto *cases = dialog.findChild<QListWidget *>(QStringLiteral("cases"));
    QCOMPARE(cases->count(), 1);
    cases->item(0)->setCheckState(Qt::Unchecked);
    QVERIFY(dialog.estimateText().contains(QStringLiteral("at least one")));
    QVERIFY(dialog.outPath().contains(QStringLiteral("captures/tiny-r")));
    // Beside the repetitions: the smallest p that n vs n can reach.
    auto *repetitions = dialog.findChild<QSpinBox *>(QStringLiteral("repetitions"));
    auto *minimumP = dialog.findChild<QLabel *>(QStringLiteral("repetitionsMinimumP"));
    QVERIFY(repetitions && minimumP);
    QCOMPARE(repetitions->value(), 3);
    QVERIFY2(minimumP->text().contains(QStringLiteral("3 vs 3 can reach p = 0.1 at best")), qPrintable(minimumP->text()));
    QVERIFY(minimumP->text().contains(QStringLiteral("never establish a change")));
    for (int n : {4, 5}) {
        repetitions->setValue(n);
        const QString p = QString::fromStdString(bs::CaptureDiff::pText(bs::MannWhitney::minimumP(std::size_t(n), std::size_t(n))));
        QVERIFY2(minimumP->text().contains(QStringLiteral("%1 vs %1 can reach p = %2").arg(n).arg(p)), qPrintable(minimumP->text()));
        QVERIFY(!minimumP->text().contains(QStringLiteral("never")));
    }
    repetitions->setValue(10);
    QVERIFY2(minimumP->text().contains(QStringLiteral("10 vs 10 can reach p < 0.0001")), qPrintable(minimumP->text())); // 2/184756

    const Suite bad = writeSuite(0, 1, QStringLiteral("two seconds"));
    dialog.setSuite(bad.path);
    QVERIFY(dialog.suiteError().contains(QStringLiteral("$.settings.duration_s")));
}

void TestCaptureRun::templatesAreValidSuites()
{
    for (const QString &name : SuiteTemplates::names()) {
        bs::LoadError error;
        const auto suite = bs::SuiteFile::parse(SuiteTemplates::text(name).toStdString(), name.toStdString(), ".", error);
        QVERIFY2(suite, error.toString().c_str());
        QVERIFY(!suite->participants.empty());
        QVERIFY(bs::RunPlan::steps(*suite) > 0);
    }
}

QTEST_MAIN(TestCaptureRun)
#include "tst_capturerun.moc"
