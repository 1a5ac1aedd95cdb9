// Text from a file as the commands show it: control characters never reach
// the terminal raw and no HTML tag reaches Markdown; options and settings out
// of range are refused by name; a headless command prints only its own output;
// the runner leaves no log folder behind unless asked.
#include "sourcedata.h"
#include "suitefile.h"
#include "tempfolder.h"

#include <QDir>
#include <QProcess>
#include <QtTest>

namespace {

using sourcedata::replaced;

std::string validCapture()
{
    return sourcedata::text("tests/data/capture/valid.json");
}


struct Ran {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Runs a built program with XDG_RUNTIME_DIR unset (as under sudo or in CI),
// and the environment changes given.
Ran runProgram(const QString &name, const QStringList &args, const QStringList &setEnv = {})
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    for (const QString &kv : setEnv)
        env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QLatin1Char('/') + name, args);
    Ran r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// A label with an escape sequence (clear screen), a C1 control (CSI), a
// right-to-left override and a tag.
const char *kHostileLabel = "Al\\u001b[2J\\u009bpha\\u202egnp.exe <script>alert(1)</script>";

bool raw(const QByteArray &bytes)
{
    return bytes.contains('\x1b') || bytes.contains("\xc2\x9b") || bytes.contains("\xe2\x80\xae");
}

const char *kCommandSuite = "{\"suite\": {\"id\": \"s\"}, \"participants\": [{\"id\": \"a\"}], \"cases\": "
                            "[{\"id\": \"t\", \"kind\": \"command\", \"runs\": 1, \"warmup_runs\": 0, "
                            "\"command\": [\"true\"]}]}";

} // namespace

class TestHostileText : public QObject {
    Q_OBJECT
    TempFolder m_dir;
    QString m_capture;

private slots:
    void init()
    {
        m_dir.renew();
        m_capture = QString::fromStdString(m_dir.write(
            QStringLiteral("hostile.json"),
            replaced(replaced(validCapture(), "\"Alpha\"", std::string("\"") + kHostileLabel + "\""),
                     "\"Tiny test suite\"", "\"Tiny \\u001b]0;title\\u0007suite\"")));
    }
    void inspectEscapesControlCharacters_data();
    void inspectEscapesControlCharacters();
    void errorsEscapeControlCharacters();
    void reportMarkdownHasNoTags();
    void reportNamesFileInertly();
    void pixelRatioOutOfRange_data();
    void pixelRatioOutOfRange();
    void headlessCommandsPrintNoQtWarnings_data();
    void headlessCommandsPrintNoQtWarnings();
    void cpuSetErrorNamesFileAndField();
    void logFolderIsRemovedUnlessKept();
    void exportedSvgHoldsNoMarkup_data();
    void exportedSvgHoldsNoMarkup();
};

void TestHostileText::inspectEscapesControlCharacters_data()
{
    QTest::addColumn<QString>("format");
    for (const char *f : {"text", "markdown", "csv"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TestHostileText::inspectEscapesControlCharacters()
{
    QFETCH(QString, format);
    const Ran r = runProgram(QStringLiteral("benchscope-cli"),
                             {QStringLiteral("inspect"), m_capture, QStringLiteral("--format"), format});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(!raw(r.out), r.out.constData());
    // Markdown escapes the backslash again, so that the reader sees the
    // text as the terminal shows it.
    const bool md = format == QLatin1String("markdown");
    QVERIFY2(r.out.contains(md ? "\\\\x1b[2J" : "\\x1b[2J") && r.out.contains(md ? "\\\\u009b" : "\\u009b")
                 && r.out.contains(md ? "\\\\u202egnp" : "\\u202egnp"),
             r.out.constData());
    if (format != QLatin1String("csv")) // the suite's title, in the heading
        QVERIFY2(r.out.contains(md ? "\\\\x1b]0;title\\\\x07" : "\\x1b]0;title\\x07"), r.out.constData());
    if (md) {
        QVERIFY2(!r.out.contains("<script>"), r.out.constData());
        QVERIFY2(r.out.contains("&lt;script&gt;"), r.out.constData());
    }
}

void TestHostileText::errorsEscapeControlCharacters()
{
    const QString bad = QString::fromStdString(m_dir.write(
        QStringLiteral("bad.json"), replaced(validCapture(), "\"participant\": \"a\"", "\"participant\": \"a\\u001b[31m\"")));
    const Ran r = runProgram(QStringLiteral("benchscope-cli"), {QStringLiteral("inspect"), bad});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(!raw(r.err), r.err.constData());
    QVERIFY2(r.err.contains("a\\x1b[31m"), r.err.constData());
}

void TestHostileText::reportMarkdownHasNoTags()
{
    const QString out = QString::fromStdString(m_dir.filePath(QStringLiteral("report")));
    const Ran r = runProgram(QStringLiteral("benchscope-cli"), {QStringLiteral("report"), m_capture, QStringLiteral("--out"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    int files = 0;
    for (const QString &folder : QStringList{out, out + QStringLiteral("/tables")}) {
        for (const QFileInfo &md : QDir(folder).entryInfoList({QStringLiteral("*.md")}, QDir::Files)) {
            QFile f(md.filePath());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray text = f.readAll();
            QVERIFY2(!text.contains("<script>") && !raw(text), qPrintable(md.filePath()));
            ++files;
        }
    }
    QVERIFY(files >= 2);
    QFile index(out + QStringLiteral("/index.md"));
    QVERIFY(index.open(QIODevice::ReadOnly));
    QVERIFY(index.readAll().contains("&lt;script&gt;"));
}

// A file name with backticks cannot end the report's mention of it early
// and let the markup after it through (it was put in a code span).
void TestHostileText::reportNamesFileInertly()
{
    const QString named = QString::fromStdString(m_dir.filePath(QStringLiteral("a`<img src=x>`b.json")));
    QVERIFY(QFile::copy(m_capture, named));
    const QString out = QString::fromStdString(m_dir.filePath(QStringLiteral("report")));
    const Ran r = runProgram(QStringLiteral("benchscope-cli"), {QStringLiteral("report"), named, QStringLiteral("--out"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile index(out + QStringLiteral("/index.md"));
    QVERIFY(index.open(QIODevice::ReadOnly));
    const QByteArray text = index.readAll();
    QVERIFY2(!text.contains("<img") && text.contains("&lt;img"), text.left(600).constData());
}

void TestHostileText::pixelRatioOutOfRange_data()
{
    QTest::addColumn<QString>("ratio");
    for (const char *r : {"nan", "NaN", "inf", "-inf", "1e999", "0.4", "4.5"})
        QTest::newRow(r) << QString::fromLatin1(r);
}

void TestHostileText::pixelRatioOutOfRange()
{
    QFETCH(QString, ratio);
    const QString png = QString::fromStdString(m_dir.filePath(QStringLiteral("x.png")));
    const Ran r = runProgram(QStringLiteral("benchscope-cli"), {QStringLiteral("export"), m_capture, QStringLiteral("--chart"),
                                                                QStringLiteral("range"), QStringLiteral("--out"), png,
                                                                QStringLiteral("--pixel-ratio"), ratio});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--pixel-ratio"), r.err.constData());
    QVERIFY(!QFileInfo::exists(png));
}

void TestHostileText::headlessCommandsPrintNoQtWarnings_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("inspect") << QStringList{QStringLiteral("inspect"), QStringLiteral("CAPTURE")};
    QTest::newRow("inspect --format json") << QStringList{QStringLiteral("inspect"), QStringLiteral("CAPTURE"),
                                                          QStringLiteral("--format"), QStringLiteral("json")};
    QTest::newRow("diff") << QStringList{QStringLiteral("diff"), QStringLiteral("CAPTURE"), QStringLiteral("CAPTURE")};
    QTest::newRow("convert") << QStringList{QStringLiteral("convert"), QStringLiteral("CAPTURE"), QStringLiteral("--out"),
                                            QStringLiteral("OUT")};
    QTest::newRow("export") << QStringList{QStringLiteral("export"), QStringLiteral("CAPTURE"), QStringLiteral("--chart"),
                                           QStringLiteral("range"), QStringLiteral("--out"), QStringLiteral("OUT.svg")};
    QTest::newRow("a usage error") << QStringList{QStringLiteral("inspect"), QStringLiteral("--no-such-option")};
}

void TestHostileText::headlessCommandsPrintNoQtWarnings()
{
    QFETCH(QStringList, args);
    args.replaceInStrings(QStringLiteral("CAPTURE"), m_capture);
    args.replaceInStrings(QStringLiteral("OUT"), QString::fromStdString(m_dir.filePath(QStringLiteral("out.json.gz"))));
    const Ran r = runProgram(QStringLiteral("benchscope-cli"), args);
    QVERIFY(r.exitCode >= 0);
    QVERIFY2(!r.err.contains("QStandardPaths") && !r.err.contains("XDG_RUNTIME_DIR"), r.err.constData());
    QVERIFY2(!r.err.startsWith("Q") && !r.err.contains("qt."), r.err.constData());
}

void TestHostileText::cpuSetErrorNamesFileAndField()
{
    for (const char *key : {"cpu_set_server", "cpu_set_client"}) {
        const std::string suite = replaced(kCommandSuite, "\"participants\"",
                                           std::string("\"settings\": {\"") + key + "\": \"0-x\"}, \"participants\"");
        const std::string path = m_dir.write(QStringLiteral("suite.json"), suite);
        bs::LoadError error;
        QVERIFY(!bs::SuiteFile::read(path, error));
        QCOMPARE(error.file, path);
        QCOMPARE(error.place, std::string("$.settings.") + key);
        QVERIFY2(error.message.find("\"0-x\"") != std::string::npos, error.toString().c_str());
    }
    const QString suite = QString::fromStdString(m_dir.write(QStringLiteral("good.json"), kCommandSuite));
    const Ran r = runProgram(QStringLiteral("benchscope-run"),
                             {suite, QStringLiteral("--out"), QString::fromStdString(m_dir.filePath(QStringLiteral("o.json.gz"))),
                              QStringLiteral("--cpu-set-client"), QStringLiteral("7-3")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--cpu-set-client: expected a CPU list"), r.err.constData());
}

void TestHostileText::logFolderIsRemovedUnlessKept()
{
    const QString suite = QString::fromStdString(m_dir.write(QStringLiteral("suite.json"), kCommandSuite));
    for (bool keep : {false, true}) {
        const QString tmp = QString::fromStdString(m_dir.filePath(keep ? QStringLiteral("tmp-keep") : QStringLiteral("tmp")));
        QVERIFY(QDir().mkpath(tmp));
        QStringList args{suite, QStringLiteral("--out"), tmp + QStringLiteral("/../o.json.gz"), QStringLiteral("--quiet")};
        if (keep)
            args << QStringLiteral("--keep-logs");
        const Ran r = runProgram(QStringLiteral("benchscope-run"), args, {QStringLiteral("TMPDIR=") + tmp});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList left = QDir(tmp).entryList({QStringLiteral("benchscope-run-*")}, QDir::Dirs);
        QCOMPARE(left.size(), keep ? 1 : 0);
    }
}


void TestHostileText::exportedSvgHoldsNoMarkup_data()
{
    QTest::addColumn<QString>("chart");
    QTest::addColumn<QString>("label");
    for (const char *chart : {"range", "bars", "latency"})
        for (const char *label : {"</title><script>alert(1)</script>", "<img src=\\\"IMAGE\\\">",
                                  "a\\u0000\\u001b\\u007f\\u0001b <b>c</b>"})
            QTest::addRow("%s, %s", chart, label) << QString::fromLatin1(chart) << QString::fromLatin1(label);
}

// A chart exported as SVG from a capture whose suite, participant, case and
// metric names are markup or control characters: no element of theirs (script,
// image, an embedded file), no control character XML cannot hold.
void TestHostileText::exportedSvgHoldsNoMarkup()
{
    QFETCH(QString, chart);
    QFETCH(QString, label);
    // An image that is there, so Qt would embed it if it read the name as markup.
    label.replace(QStringLiteral("IMAGE"), qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR")
                                               + QStringLiteral("/resources/icons/hicolor/48x48/apps/benchscope.png"));
    const std::string json = "\"" + label.toStdString() + "\"";
    const QString capture = QString::fromStdString(m_dir.write(
        QStringLiteral("markup.json"),
        replaced(replaced(replaced(replaced(validCapture(), "\"Alpha\"", json), "\"Tiny test suite\"", json),
                          "\"Requests/s\"", json),
                 "\"GET /hello\"", json)));
    const QString svg = QString::fromStdString(m_dir.filePath(QStringLiteral("chart.svg")));
    const Ran r = runProgram(QStringLiteral("benchscope-cli"), {QStringLiteral("export"), capture, QStringLiteral("--chart"),
                                                                chart, QStringLiteral("--out"), svg});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    for (const char *bad : {"<script", "<image", "base64", "<b>", "<img"})
        QVERIFY2(!bytes.contains(bad), bad);
    for (char c : bytes)
        QVERIFY2(!((static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f),
                 qPrintable(QString::number(int(c))));
    QVERIFY(bytes.contains("&lt;"));
}

QTEST_GUILESS_MAIN(TestHostileText)
#include "tst_hostiletext.moc"
