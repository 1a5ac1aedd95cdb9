// Long labels cost bounded memory wherever they are drawn (issue 41): a
// capture whose metric, participant, suite and case are named with 10^3 to
// 10^6 characters goes through every chart (in the window's Charts tab and
// headless) and through `publish`, `report` and `export --chart`, each run
// in a child process whose peak memory (wait4's ru_maxrss) is held to a
// bound; the full name stays in the tables and the downloads.
#include "benchchart.h"
#include "captureloader.h"
#include "capturemodels.h"
#include "chartfactory.h"
#include "charttexts.h"
#include "charttext.h"
#include "diffmodel.h"
#include "participantfilterproxy.h"
#include "sourcedata.h"
#include "tempfolder.h"
#include "textescape.h"

#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QDir>
#include <QDirIterator>
#include <QGraphicsScene>
#include <QLegendMarker>
#include <QPainter>
#include <QThread>
#include <QtTest>

#include <cstring>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <memory>

namespace {

const std::size_t kLengths[] = {1000, 10000, 100000, 1000000};

// Words ("Label1000 Label1000 ..."), so the charts' line breaking runs too,
// then a mark that ends the name: only the full name carries it.
std::string longName(std::size_t length)
{
    const std::string word = "Label" + std::to_string(length) + " ";
    std::string out;
    while (out.size() + word.size() < length)
        out += word;
    out.resize(length - 4, 'x');
    return out + "@end";
}

// tests/data/capture/valid.json with the first metric, participant and case
// and the suite named `name`, every result with five repetitions (a box
// plot's least), as a file in `dir`.
QString captureNamed(TempFolder &dir, const QString &file, const std::string &name)
{
    nlohmann::ordered_json capture = nlohmann::ordered_json::parse(sourcedata::text("tests/data/capture/valid.json"));
    if (!name.empty()) {
        capture["metrics"][0]["label"] = name;
        capture["participants"][0]["label"] = name;
        capture["cases"][0]["label"] = name;
        capture["suite"]["title"] = name;
    }
    for (nlohmann::ordered_json &result : capture["results"]) {
        nlohmann::ordered_json &reps = result["repetitions"];
        if (reps.is_array() && !reps.empty())
            while (reps.size() < 5)
                reps.push_back(reps[0]);
    }
    return QString::fromStdString(dir.write(file, capture.dump()));
}

std::shared_ptr<const bs::Capture> load(const QString &path)
{
    bs::LoadError error;
    auto capture = bs::CaptureLoader::load(path.toStdString(), error);
    if (!capture)
        qFatal("%s", error.toString().c_str());
    return std::make_shared<const bs::Capture>(std::move(*capture));
}

// Every text a chart lays out: its rich texts, its note and message.
QStringList drawnTexts(BenchChart *chart)
{
    return charttexts::richTexts(chart) << chart->note() << chart->emptyMessage();
}

// The longest a drawn text may be: a title joins three elided names with
// their markup and words; a note lists ten absences.
constexpr qsizetype kMostDrawn = 12 * ChartText::kMost;

struct Run {
    int exitCode = -1;
    long peakKiB = 0;
};

// `benchscope-cli ARGS` in a child process, its output to `log`; stopped
// after 120 s (exit code -1). Its own peak resident memory from wait4.
Run runMeasured(const QStringList &args, const QString &log)
{
    QList<QByteArray> bytes{qEnvironmentVariable("BENCHSCOPE_BIN_DIR").toLocal8Bit() + "/benchscope-cli"};
    for (const QString &a : args)
        bytes << a.toLocal8Bit();
    std::vector<char *> argv;
    for (QByteArray &b : bytes)
        argv.push_back(b.data());
    argv.push_back(nullptr);
    const int out = ::open(log.toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    Run run;
    if (out < 0)
        return run;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(out, 1);
        ::dup2(out, 2);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(out);
    int status = 0;
    rusage usage{};
    for (int waited = 0; ::wait4(pid, &status, WNOHANG, &usage) != pid; waited += 20) {
        if (waited > 120000) {
            ::kill(pid, SIGKILL);
            ::wait4(pid, &status, 0, &usage);
            return run;
        }
        QThread::msleep(20);
    }
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.peakKiB = usage.ru_maxrss;
    return run;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The files under `folder` (recursively) whose bytes contain `text`.
int filesHolding(const QString &folder, const QByteArray &text, const QStringList &patterns)
{
    int n = 0;
    QDirIterator it(folder, patterns, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        n += readAll(it.next()).contains(text) ? 1 : 0;
    return n;
}

// The commands that draw (every chart kind is drawn in process above; the
// bars chart names all four: suite, metric, case and participant).
const QStringList kCommands{QStringLiteral("publish"), QStringLiteral("report"), QStringLiteral("bars")};

QStringList commandArgs(const QString &command, const QString &capture, const QString &out)
{
    if (command == QLatin1String("publish") || command == QLatin1String("report"))
        return {command, capture, QStringLiteral("--out"), out};
    return {QStringLiteral("export"), capture, QStringLiteral("--chart"), command, QStringLiteral("--out"),
            out + QStringLiteral(".svg")};
}

} // namespace

class TestLongLabels : public QObject {
    Q_OBJECT
    TempFolder m_dir;

private slots:
    void init() { m_dir.renew(); }
    void elidedIsBoundedAndWhole_data();
    void elidedIsBoundedAndWhole();
    void chartsDrawBoundedTexts_data();
    void chartsDrawBoundedTexts();
    void commandsStayWithinMemory_data();
    void commandsStayWithinMemory();
};

void TestLongLabels::elidedIsBoundedAndWhole_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("most");
    const QString astral = QString::fromUtf8("\xf0\x9f\x93\x88"); // U+1F4C8, two QChars
    for (int most : {2, 3, 28, ChartText::kMost})
        for (qsizetype length : {qsizetype(0), qsizetype(most - 1), qsizetype(most), qsizetype(most + 1), qsizetype(5000)}) {
            QTest::addRow("ascii %d of %lld", most, qlonglong(length)) << QString(length, QLatin1Char('a')) << most;
            QString mixed;
            while (mixed.size() < length)
                mixed += (mixed.size() % 3 ? QStringLiteral("é ") : astral);
            mixed.truncate(length);
            if (!mixed.isEmpty() && mixed.back().isHighSurrogate()) // whole characters only
                mixed.chop(1);
            QTest::addRow("astral %d of %lld", most, qlonglong(length)) << mixed << most;
        }
}

// At most `most` characters, the text itself when it fits, else its start
// and "…"; never half a surrogate pair. The UTF-8 form gives the same.
void TestLongLabels::elidedIsBoundedAndWhole()
{
    QFETCH(QString, text);
    QFETCH(int, most);
    const QString cut = ChartText::elided(text, most);
    QVERIFY(cut.size() <= most);
    if (text.size() <= most) {
        QCOMPARE(cut, text);
    } else {
        QVERIFY(cut.endsWith(QChar(0x2026)));
        QVERIFY(text.startsWith(cut.chopped(1)));
    }
    for (qsizetype i = 0; i < cut.size(); ++i)
        QVERIFY(!cut[i].isHighSurrogate() || (i + 1 < cut.size() && cut[i + 1].isLowSurrogate()));
    QCOMPARE(ChartText::elided(text.toStdString(), most), cut);
}

void TestLongLabels::chartsDrawBoundedTexts_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<qulonglong>("length");
    for (ChartFactory::Kind kind : {ChartFactory::Kind::Range, ChartFactory::Kind::Box, ChartFactory::Kind::Bars,
                                    ChartFactory::Kind::Latency, ChartFactory::Kind::Paired})
        for (std::size_t length : kLengths)
            QTest::addRow("%s, %zu", qPrintable(ChartFactory::name(kind)), length) << int(kind) << qulonglong(length);
}

// Every chart kind, built as the window and the exports build it, lays out
// no text longer than a few elided names, and draws.
void TestLongLabels::chartsDrawBoundedTexts()
{
    QFETCH(int, kind);
    QFETCH(qulonglong, length);
    const auto capture = load(captureNamed(m_dir, QStringLiteral("long.json"), longName(length)));
    CaptureModels models(capture);
    DiffModel diff;
    diff.setCaptures(capture, capture);
    const auto k = ChartFactory::Kind(kind);
    const std::string caseId = capture->cases.front().id, metricId = capture->metrics.front().id;
    QAbstractItemModel *rows = k == ChartFactory::Kind::Paired ? static_cast<QAbstractItemModel *>(&diff)
        : k == ChartFactory::Kind::Bars                        ? static_cast<QAbstractItemModel *>(models.allCases(metricId))
                                                               : static_cast<QAbstractItemModel *>(models.caseTable(caseId));
    std::unique_ptr<BenchChart> chart(ChartFactory::create(k, capture, caseId, metricId, rows));
    QVERIFY(chart);
    QCoreApplication::processEvents(); // the legend's fitting
    const QStringList texts = drawnTexts(chart.get());
    QVERIFY(texts.join(QString()).contains(QStringLiteral("Label%1").arg(length)));
    for (const QString &text : texts)
        QVERIFY2(text.size() <= kMostDrawn, qPrintable(text.left(200)));
    const QSize size = chart->reportSize();
    QVERIFY2(size.height() <= 2400, qPrintable(QString::number(size.height())));
    QGraphicsScene scene;
    scene.addItem(chart.get());
    chart->resize(size);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    scene.render(&painter);
    painter.end();
    scene.removeItem(chart.get());
}

void TestLongLabels::commandsStayWithinMemory_data()
{
    QTest::addColumn<QString>("command");
    for (const QString &c : kCommands)
        QTest::newRow(qPrintable(c)) << c;
}

// Each command on the plain capture, then with the four names 10^3 ... 10^6
// characters long: it writes its output, its peak memory stays within
// twice the plain capture's plus 128 bytes per character of the names (a
// 50,000-character name once cost 3 GB), and the page's and report's
// tables and the downloads keep the whole name.
void TestLongLabels::commandsStayWithinMemory()
{
    QFETCH(QString, command);
    const QString log = QString::fromStdString(m_dir.filePath(QStringLiteral("log.txt")));
    const QString plainOut = QString::fromStdString(m_dir.filePath(QStringLiteral("plain-") + command));
    const Run plain = runMeasured(commandArgs(command, captureNamed(m_dir, QStringLiteral("plain.json"), {}), plainOut), log);
    QVERIFY2(plain.exitCode == 0, readAll(log).constData());
    for (std::size_t length : kLengths) {
        const std::string name = longName(length);
        const QString out = QString::fromStdString(m_dir.filePath(command + QString::number(length)));
        const Run run = runMeasured(commandArgs(command, captureNamed(m_dir, QStringLiteral("long.json"), name), out), log);
        QVERIFY2(run.exitCode == 0, readAll(log).left(2000).constData());
        const long bound = 2 * plain.peakKiB + long(4 * length * 128 / 1024);
        QVERIFY2(run.peakKiB <= bound, qPrintable(QStringLiteral("%1 characters: %2 KiB, bound %3 KiB (plain %4 KiB)")
                                                      .arg(length)
                                                      .arg(run.peakKiB)
                                                      .arg(bound)
                                                      .arg(plain.peakKiB)));
        const QByteArray whole = QByteArray::fromStdString(name);
        if (command == QLatin1String("publish")) {
            const QByteArray page = readAll(out + QStringLiteral("/index.html"));
            QVERIFY(page.contains(whole)); // its tables
            // A region's name and a chart's caption name it cut (HtmlText::cut).
            for (const char *tag : {"aria-label=\"", "<figcaption>"}) {
                const QByteArray end = tag[0] == 'a' ? "\"" : "</figcaption>";
                for (qsizetype at = page.indexOf(tag); at >= 0; at = page.indexOf(tag, at + 1)) {
                    const qsizetype from = at + qsizetype(std::strlen(tag));
                    QVERIFY2(page.indexOf(end, from) - from < 4096, tag);
                }
            }
            QCOMPARE(filesHolding(out + QStringLiteral("/downloads"), whole, {QStringLiteral("*.json")}), 1);
        } else if (command == QLatin1String("report")) {
            // As Markdown shows it: the name's "@end" with a joiner, so it mentions no one.
            const QByteArray shown = QByteArray::fromStdString(bs::TextEscape::markdown(name));
            QVERIFY(filesHolding(out + QStringLiteral("/tables"), shown, {QStringLiteral("*.md")}) >= 2);
        } else { // a chart: its names cut, the file no larger than a page of text
            const QByteArray svg = readAll(out + QStringLiteral(".svg"));
            QVERIFY(svg.startsWith("<?xml"));
            QVERIFY(!svg.contains("@end"));
            QVERIFY2(svg.size() < 4 * readAll(plainOut + QStringLiteral(".svg")).size() + 65536,
                     qPrintable(QString::number(svg.size())));
        }
    }
}

QTEST_MAIN(TestLongLabels)
#include "tst_longlabels.moc"
