// benchscope: the desktop explorer.
#include "asynccaptureloader.h"
#include "chartfactory.h"
#include "comparisoncontroller.h"
#include "focusringstyle.h"
#include "mainwindow.h"
#include "screenshotharness.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QStyleFactory>

#include <cstdio>
#include <optional>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    // The style Qt chose (or -style named), with a focus ring that shows.
    QApplication::setStyle(new FocusRingStyle(QStyleFactory::create(QApplication::style()->name())));
    QApplication::setOrganizationName(QStringLiteral("Benchscope"));
    QApplication::setApplicationName(QStringLiteral("benchscope"));
    QApplication::setApplicationVersion(QString::fromLatin1(bs::kVersion));
    QApplication::setDesktopFileName(QStringLiteral("benchscope"));
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/benchscope-%1.png").arg(size));
    QApplication::setWindowIcon(icon);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Explore benchmark captures."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Captures to open (.json, .json.gz)."),
                                 QStringLiteral("[FILE...]"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Open the files, wait until they are loaded, render the window to PATH (PNG) and exit."),
                                        QStringLiteral("PATH"));
    const QCommandLineOption tab(QStringLiteral("tab"), QStringLiteral("With --screenshot: show tab N (0 = All cases)."),
                                 QStringLiteral("N"));
    const QCommandLineOption chart(QStringLiteral("chart"),
                                   QStringLiteral("With --screenshot: show the Charts tab with this chart (range, box, bars, latency)."),
                                   QStringLiteral("KIND"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size, e.g. 1400x860."),
                                  QStringLiteral("WxH"));
    const QCommandLineOption diff(QStringLiteral("diff"),
                                  QStringLiteral("Open two files, BEFORE and AFTER, and compare them on the Diff page."));
    const QCommandLineOption history(QStringLiteral("history"),
                                     QStringLiteral("Show the History page of the captures in FILEs and DIRs, read "
                                                    "through the summary index, without opening them."));
    const QCommandLineOption page(QStringLiteral("page"),
                                  QStringLiteral("With --screenshot: picture %1 instead of the window.")
                                      .arg(ScreenshotHarness::pageNames().join(QStringLiteral(", "))),
                                  QStringLiteral("NAME"));
    const QCommandLineOption suite(QStringLiteral("suite"),
                                   QStringLiteral("With --page new-capture or run: the suite file (run: captured, to a temporary file)."),
                                   QStringLiteral("PATH"));
    parser.addOptions({screenshot, tab, chart, size, diff, history, page, suite});
    parser.process(app);
    const std::optional<ChartFactory::Kind> chartKind = ChartFactory::kindFromName(parser.value(chart));
    if (parser.isSet(chart) && !chartKind) {
        std::fprintf(stderr, "benchscope: --chart expects one of %s\n", qPrintable(ChartFactory::names().join(QStringLiteral(", "))));
        return 2;
    }
    if (parser.isSet(page) && !ScreenshotHarness::pageNames().contains(parser.value(page))) {
        std::fprintf(stderr, "benchscope: --page expects one of %s\n", qPrintable(ScreenshotHarness::pageNames().join(QStringLiteral(", "))));
        return 2;
    }
    if (parser.value(page) == QStringLiteral("run") && !parser.isSet(suite)) {
        std::fprintf(stderr, "benchscope: --page run needs --suite PATH\n");
        return 2;
    }
    if (parser.isSet(history) && parser.positionalArguments().isEmpty()) {
        std::fprintf(stderr, "benchscope: --history expects FILEs or DIRs of captures\n");
        return 2;
    }
    if (parser.isSet(diff) && parser.positionalArguments().size() != 2) {
        std::fprintf(stderr, "benchscope: --diff expects two files, BEFORE and AFTER\n");
        return 2;
    }

    MainWindow window;
    const bool shooting = parser.isSet(screenshot);
    window.setPersistent(!shooting);
    window.restoreWindowState();
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    window.show();

    // Connected before the screenshot, so the picture shows the Diff page.
    if (parser.isSet(diff))
        QObject::connect(window.loader(), &AsyncCaptureLoader::idle, &window, [&] {
            window.comparisons()->showDiff(parser.positionalArguments().at(0), parser.positionalArguments().at(1));
        }, Qt::SingleShotConnection);
    // --history: the files are read as a history, not opened as pages.
    const bool asHistory = parser.isSet(history);
    if (asHistory)
        window.comparisons()->showFolderHistory(parser.positionalArguments());
    if (shooting) {
        ScreenshotHarness::Options shot{parser.value(screenshot), std::nullopt, chartKind, parser.value(page), parser.value(suite)};
        if (parser.isSet(tab))
            shot.tab = parser.value(tab).toInt();
        new ScreenshotHarness(window, shot, !asHistory && !parser.positionalArguments().isEmpty());
    }
    if (!asHistory)
        window.openFiles(parser.positionalArguments());
    return app.exec();
}
