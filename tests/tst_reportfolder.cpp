// A report never overwrites what a folder held (issue 26): a folder of other
// files is refused unless --force, an earlier report is written over, and
// ids that become the same once made safe for file names get unique files.
#include "clirun.h"
#include "tempfolder.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string validCapture()
{
    std::ifstream in(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/tests/data/capture/valid.json");
    return std::string(std::istreambuf_iterator<char>(in), {});
}

CliRun report(const QStringList &files, const std::string &out, bool force = false)
{
    QStringList args{QStringLiteral("report")};
    args << files << QStringLiteral("--out") << q(out);
    if (force)
        args << QStringLiteral("--force");
    return CliRun::run(args);
}

QStringList filesUnder(const std::string &folder)
{
    QStringList names;
    QDirIterator it(q(folder), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        names << QDir(q(folder)).relativeFilePath(it.next());
    names.sort();
    return names;
}

} // namespace

using namespace Qt::StringLiterals;

class TestReportFolder : public QObject {
    Q_OBJECT

private slots:
    void init() { m_tmp.renew(); }

    void folderOfOtherFilesIsRefusedUnlessForced();
    void earlierReportIsWrittenOver();
    void idsThatSlugAlikeGetTheirOwnFiles();

private:
    TempFolder m_tmp;
};

void TestReportFolder::folderOfOtherFilesIsRefusedUnlessForced()
{
    const QString capture = q(m_tmp.write(QStringLiteral("valid.json"), validCapture()));
    const std::string out = m_tmp.filePath(QStringLiteral("notes"));
    m_tmp.write(QStringLiteral("notes/index.md"), "my own notes");
    const CliRun refused = report({capture}, out);
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("holds 1 entry, such as index.md")), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QStringLiteral("--force")), qPrintable(refused.err));
    QCOMPARE(filesUnder(out), QStringList{QStringLiteral("index.md")});
    // A hidden file counts too.
    m_tmp.write(QStringLiteral("hidden/.keep"), "");
    QCOMPARE(report({capture}, m_tmp.filePath(QStringLiteral("hidden"))).exitCode, 1);
    // --force writes beside the user's files, never over one: their index.md is named and kept.
    const CliRun forced = report({capture}, out, true);
    QCOMPARE(forced.exitCode, 1);
    QVERIFY2(forced.err.contains(QStringLiteral("index.md")) && forced.err.contains(QStringLiteral("kept")),
             qPrintable(forced.err));
    QCOMPARE(filesUnder(out), QStringList{QStringLiteral("index.md")});
    const CliRun beside = report({capture}, m_tmp.filePath(QStringLiteral("hidden")), true);
    QCOMPARE(beside.exitCode, 0);
    QVERIFY(filesUnder(m_tmp.filePath(QStringLiteral("hidden"))).contains(QStringLiteral(".keep")));
    QVERIFY(filesUnder(m_tmp.filePath(QStringLiteral("hidden"))).contains(QStringLiteral(".benchscope-report")));
}

void TestReportFolder::earlierReportIsWrittenOver()
{
    const QString capture = q(m_tmp.write(QStringLiteral("valid.json"), validCapture()));
    const std::string out = m_tmp.filePath(QStringLiteral("report"));
    QCOMPARE(report({capture}, out).exitCode, 0);
    const QStringList first = filesUnder(out);
    QVERIFY(first.contains(QStringLiteral(".benchscope-report")));
    QVERIFY(first.contains(QStringLiteral("index.md")));
    const CliRun again = report({capture}, out);
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(filesUnder(out), first);
    // The manifest lists every file the report wrote.
    QFile manifest(q(out + "/.benchscope-report"));
    QVERIFY(manifest.open(QIODevice::ReadOnly));
    const QString listed = QString::fromUtf8(manifest.readAll());
    for (const QString &f : first)
        if (f != u".benchscope-report")
            QVERIFY2(listed.contains(f + QLatin1Char('\n')), qPrintable(f));
}

void TestReportFolder::idsThatSlugAlikeGetTheirOwnFiles()
{
    // valid.json's "hello" case under ids that slug alike: each case gets
    // its own results, told apart by its label.
    nlohmann::json c = nlohmann::json::parse(validCapture());
    const nlohmann::json hello = c["cases"][0];
    nlohmann::json results = nlohmann::json::array();
    c["cases"] = nlohmann::json::array();
    const std::vector<std::string> ids{"x/y", "x-y", "A", "a", "\xc3\xa9", "\xc3\xaa"}; // é, ê
    for (const std::string &id : ids) {
        nlohmann::json k = hello;
        k["id"] = id;
        k["label"] = "case " + id;
        c["cases"].push_back(k);
        for (nlohmann::json r : c["results"])
            if (r["case"] == hello["id"]) {
                r["case"] = id;
                results.push_back(r);
            }
    }
    c["results"] = results;
    c.erase("contracts");
    const QString capture = q(m_tmp.write(QStringLiteral("alike.json"), c.dump()));
    const std::string out = m_tmp.filePath(QStringLiteral("report"));
    const CliRun r = report({capture}, out);
    QCOMPARE(r.exitCode, 0);
    QFile indexFile(q(out + "/index.md"));
    QVERIFY(indexFile.open(QIODevice::ReadOnly));
    const QString index = QString::fromUtf8(indexFile.readAll());
    // Every case's section: its own anchor and files of its own.
    // (The suite's, All cases' and provenance's anchors are not the cases'.)
    QStringList sections;
    for (const QString &s : index.split(QStringLiteral("<a id=\"")).mid(1)) {
        const QString a = s.left(s.indexOf(u'"'));
        if (a != u"all-cases"_s && !a.endsWith(u"-provenance"_s) && s.contains(u"tables/"_s))
            sections << s;
    }
    QCOMPARE(sections.size(), int(ids.size()));
    std::set<QString> anchors, linked;
    const QRegularExpression link(QStringLiteral("\\]\\(((charts|tables)/[^)]+)\\)"));
    for (const QString &section : sections) {
        const QString anchor = section.left(section.indexOf(u'"'));
        QVERIFY2(anchors.insert(anchor.toCaseFolded()).second, qPrintable(anchor));
        int files = 0;
        for (auto it = link.globalMatch(section); it.hasNext();) {
            const QString file = it.next().captured(1);
            QVERIFY2(QFileInfo::exists(q(out) + u'/' + file), qPrintable(file));
            ++files;
            // A file is linked from one section only (its .png from the image and its PNG link).
            if (section.count(file) == 1 || file.endsWith(u".png"))
                linked.insert(file.toCaseFolded() + u'|' + anchor);
        }
        QVERIFY(files > 0);
    }
    std::set<QString> byFile;
    for (const QString &entry : linked)
        byFile.insert(entry.section(u'|', 0, 0));
    QCOMPARE(byFile.size(), linked.size());
    // And no two files in the folder differ by case only.
    std::set<QString> folded;
    for (const QString &f : filesUnder(out))
        QVERIFY2(folded.insert(f.toCaseFolded()).second, qPrintable(f));
}

QTEST_GUILESS_MAIN(TestReportFolder)
#include "tst_reportfolder.moc"
