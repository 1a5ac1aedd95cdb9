// The summary index a history reads (bs::SummaryIndex, bs::CaptureSummary):
// a history is the same read cold (files, indexed on the way), warm (from
// the index) and without the index, on the measured sample history, on
// imported runs and on a split capture; an entry whose file changed (even
// with its size and time kept), whose raw file changed, whose summary is
// damaged or gone is never used but rebuilt; a damaged index file is moved
// aside and made anew; processes sharing one index at once all print the
// history as it is without one; the files loaded on several threads come
// in their order, and the first damaged one is the one named.
#include "capturesummary.h"
#include "captureloader.h"
#include "history.h"
#include "historyjson.h"
#include "indexedload.h"
#include "summaryindex.h"

#include <sqlite3.h>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

std::string source(const std::string &path)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/" + path;
}

std::vector<std::string> sampleHistory()
{
    return bs::CaptureLoader::historyFiles(source("sample-data/history"));
}

// The history JSON of `captures`, by the default settings.
std::string historyJson(const std::vector<bs::Capture> &captures)
{
    std::vector<const bs::Capture *> list;
    for (const bs::Capture &c : captures)
        list.push_back(&c);
    std::string error;
    const std::optional<bs::History> h = bs::History::build(list, {}, error);
    if (!h)
        return "error: " + error;
    std::vector<const bs::HistorySeries *> series;
    for (const bs::HistorySeries &s : h->series())
        series.push_back(&s);
    std::ostringstream out;
    bs::HistoryJson::write(out, *h, series);
    return out.str();
}

std::vector<bs::Capture> fromFiles(const std::vector<std::string> &files)
{
    std::vector<bs::Capture> list;
    for (const std::string &f : files) {
        bs::LoadError error;
        std::optional<bs::Capture> c = bs::CaptureLoader::load(f, error);
        if (!c)
            qFatal("%s", error.toString().c_str());
        list.push_back(std::move(*c));
    }
    return list;
}

// Loads every file through `index`; `hits` counts those read from it.
std::vector<bs::Capture> throughIndex(bs::SummaryIndex &index, const std::vector<std::string> &files,
                                      std::size_t &hits)
{
    std::vector<bs::Capture> list;
    hits = 0;
    for (const std::string &f : files) {
        bs::LoadError error;
        bool fromIndex = false;
        std::optional<bs::Capture> c = index.load(f, error, &fromIndex);
        if (!c)
            qFatal("%s", error.toString().c_str());
        hits += fromIndex;
        list.push_back(std::move(*c));
    }
    return list;
}

void copy(const std::string &from, const std::string &to)
{
    fs::copy_file(from, to, fs::copy_options::overwrite_existing);
}

// Runs SQL on the index file from outside, as another program would.
void sql(const std::string &file, const std::string &statement)
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    char *message = nullptr;
    const int rc = sqlite3_exec(db, statement.c_str(), nullptr, nullptr, &message);
    const std::string why = message ? message : "";
    sqlite3_free(message);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, why.c_str());
}

} // namespace

class TstSummaryIndex : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_index = m_dir.filePath(QStringLiteral("index/history-index.sqlite")).toStdString();
        fs::remove_all(fs::path(m_index).parent_path());
    }

    void summaryKeepsWhatAHistoryReads()
    {
        // Every capture and imported run a history may read: the history of
        // its summary is its own, and every prefix of the bytes is refused.
        for (const std::string &f : sampleHistory()) {
            const bs::Capture c = fromFiles({f}).front();
            const std::string bytes = bs::CaptureSummary::encode(c);
            std::optional<bs::Capture> back = bs::CaptureSummary::decode(bytes);
            QVERIFY(back);
            QCOMPARE(back->metrics, c.metrics);
            QCOMPARE(back->cases, c.cases);
            QCOMPARE(back->participants, c.participants);
            QCOMPARE(back->results.size(), c.results.size());
            for (std::size_t i = 0; i < c.results.size(); ++i) {
                QCOMPARE(back->results[i].summary, c.results[i].summary);
                QCOMPARE(back->results[i].representative, c.results[i].representative);
                QCOMPARE(back->results[i].repetitions.size(), c.results[i].repetitions.size());
                for (std::size_t r = 0; r < c.results[i].repetitions.size(); ++r)
                    QCOMPARE(back->results[i].repetitions[r].metrics, c.results[i].repetitions[r].metrics);
            }
            for (std::size_t n = 0; n < bytes.size(); n += 1 + n / 64)
                QVERIFY(!bs::CaptureSummary::decode(bytes.substr(0, n)));
            QVERIFY(!bs::CaptureSummary::decode(bytes + "x"));
            // Any byte changed: refused, or read as some capture (the
            // index's hash of the summary is what tells), never a crash.
            for (std::size_t at = 0; at < bytes.size(); at += 1 + at / 16) {
                std::string damaged = bytes;
                damaged[at] = char(~damaged[at]);
                bs::CaptureSummary::decode(damaged);
            }
        }
    }

    void coldWarmAndNoIndexAlike_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("measured sample history") << QStringLiteral("sample-data/history");
        QTest::newRow("pytest-benchmark storage") << QStringLiteral("tests/data/importers/pytest-benchmark-storage");
    }

    void coldWarmAndNoIndexAlike()
    {
        QFETCH(QString, folder);
        const std::vector<std::string> files = bs::CaptureLoader::historyFiles(source(folder.toStdString()));
        QVERIFY(files.size() >= 3);
        const std::string none = historyJson(fromFiles(files));
        QVERIFY(none.find("\"series\"") != std::string::npos);
        std::size_t hits = 0;
        {
            bs::SummaryIndex index(m_index);
            QVERIFY2(index.isOpen(), index.problem().c_str());
            QCOMPARE(historyJson(throughIndex(index, files, hits)), none);
            QCOMPARE(hits, std::size_t(0));
        }
        bs::SummaryIndex index(m_index);
        QCOMPARE(historyJson(throughIndex(index, files, hits)), none);
        QCOMPARE(hits, files.size());
    }

    void splitCaptureFollowsItsRawFile()
    {
        const std::string dir = m_dir.filePath(QStringLiteral("split")).toStdString();
        fs::create_directories(dir);
        copy(source("tests/data/capture/split.json"), dir + "/split.json");
        copy(source("tests/data/capture/split.raw.json.gz"), dir + "/split.raw.json.gz");
        const std::vector<std::string> files{dir + "/split.json"};
        const std::string none = historyJson(fromFiles(files));
        bs::SummaryIndex index(m_index);
        std::size_t hits = 0;
        QCOMPARE(historyJson(throughIndex(index, files, hits)), none);
        QCOMPARE(historyJson(throughIndex(index, files, hits)), none);
        QCOMPARE(hits, std::size_t(1));
        // The raw file gone: the summary alone is loaded again, which says why.
        fs::remove(dir + "/split.raw.json.gz");
        bs::LoadError error;
        bool fromIndex = true;
        const std::optional<bs::Capture> c = index.load(files.front(), error, &fromIndex);
        QVERIFY(!fromIndex);
        QCOMPARE(bool(c), bool(bs::CaptureLoader::load(files.front(), error)));
    }

    void changedFileIsReadAgain()
    {
        // r1 indexed, then replaced by r2's bytes cut or padded to r1's size
        // with r1's modification time: only the content hash tells.
        const std::string dir = m_dir.filePath(QStringLiteral("changed")).toStdString();
        fs::create_directories(dir);
        const std::string file = dir + "/capture.json";
        const std::vector<std::string> files = sampleHistory();
        const bs::Capture r1 = fromFiles({files[0]}).front(), r2 = fromFiles({files[1]}).front();
        bs::LoadError error;
        QVERIFY(bs::CaptureLoader::load(files[0], error));
        copy(files[0], file);
        bs::SummaryIndex index(m_index);
        bool fromIndex = false;
        QCOMPARE(index.load(file, error, &fromIndex)->revision.id, r1.revision.id);
        QCOMPARE(index.load(file, error, &fromIndex)->revision.id, r1.revision.id);
        QVERIFY(fromIndex);
        const auto size = fs::file_size(file);
        const auto mtime = fs::last_write_time(file);
        copy(files[1], file);
        fs::resize_file(file, size); // a cut gzip: the loader says so
        fs::last_write_time(file, mtime);
        QVERIFY(!index.load(file, error, &fromIndex));
        QVERIFY(!fromIndex);
        copy(files[1], file);
        QCOMPARE(index.load(file, error, &fromIndex)->revision.id, r2.revision.id);
        QVERIFY(!fromIndex);
        QCOMPARE(index.load(file, error, &fromIndex)->revision.id, r2.revision.id);
        QVERIFY(fromIndex);
        // Removed: the loader's error, never the entry.
        fs::remove(file);
        QVERIFY(!index.load(file, error, &fromIndex));
        QVERIFY(!fromIndex);
        QVERIFY(error.message.find("No such file") != std::string::npos || !error.message.empty());
    }

    void damagedOrRemovedEntryIsRebuilt_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::newRow("summary bytes flipped")
            << QStringLiteral("UPDATE summaries SET summary = zeroblob(length(summary))");
        QTest::newRow("summary cut") << QStringLiteral("UPDATE summaries SET summary = substr(summary, 1, 20)");
        QTest::newRow("summary's hash") << QStringLiteral("UPDATE summaries SET summary_hash = 'x'");
        QTest::newRow("file's hash") << QStringLiteral("UPDATE summaries SET hash = upper(hash)");
        QTest::newRow("size") << QStringLiteral("UPDATE summaries SET size = size + 1");
        QTest::newRow("time") << QStringLiteral("UPDATE summaries SET mtime = mtime - 1");
        QTest::newRow("removed") << QStringLiteral("DELETE FROM summaries");
    }

    void damagedOrRemovedEntryIsRebuilt()
    {
        QFETCH(QString, statement);
        const std::vector<std::string> files = sampleHistory();
        const std::string none = historyJson(fromFiles(files));
        std::size_t hits = 0;
        {
            bs::SummaryIndex index(m_index);
            throughIndex(index, files, hits);
        }
        sql(m_index, statement.toStdString());
        {
            bs::SummaryIndex index(m_index);
            QCOMPARE(historyJson(throughIndex(index, files, hits)), none);
            QCOMPARE(hits, std::size_t(0));
        }
        bs::SummaryIndex index(m_index);
        QCOMPARE(historyJson(throughIndex(index, files, hits)), none);
        QCOMPARE(hits, files.size());
    }

    void damagedIndexFileIsMovedAside_data()
    {
        QTest::addColumn<int>("keep"); // bytes of a sound index kept; -1: text instead
        QTest::newRow("not a database") << -1;
        QTest::newRow("cut to its header") << 100;
        QTest::newRow("cut after two pages") << 8192;
    }

    void damagedIndexFileIsMovedAside()
    {
        QFETCH(int, keep);
        const std::vector<std::string> files = sampleHistory();
        const std::string none = historyJson(fromFiles(files));
        std::size_t hits = 0;
        {
            bs::SummaryIndex index(m_index);
            throughIndex(index, files, hits);
        }
        sql(m_index, "PRAGMA wal_checkpoint(TRUNCATE)");
        if (keep < 0)
            std::ofstream(m_index, std::ios::trunc) << "not an index, some text that is long enough to be read ......";
        else
            fs::resize_file(m_index, std::uintmax_t(keep));
        fs::remove(m_index + "-wal");
        fs::remove(m_index + "-shm");
        bs::SummaryIndex index(m_index);
        QVERIFY2(index.isOpen(), index.problem().c_str());
        QCOMPARE(QString::fromStdString(index.movedAside()), QString::fromStdString(m_index + ".corrupt"));
        QVERIFY(fs::exists(m_index + ".corrupt"));
        QCOMPARE(historyJson(throughIndex(index, files, hits)), none);
        QCOMPARE(hits, std::size_t(0));
        QCOMPARE(historyJson(throughIndex(index, files, hits)), none);
        QCOMPARE(hits, files.size());
    }

    void unusableIndexFolderMeansNoIndex()
    {
        // The index's folder is a file: no index, the same history.
        const std::string blocker = m_dir.filePath(QStringLiteral("blocker")).toStdString();
        std::ofstream(blocker) << "a file";
        bs::SummaryIndex index(blocker + "/history-index.sqlite");
        QVERIFY(!index.isOpen());
        QVERIFY(!index.problem().empty());
        const std::vector<std::string> files = sampleHistory();
        std::size_t hits = 0;
        QCOMPARE(historyJson(throughIndex(index, files, hits)), historyJson(fromFiles(files)));
        QCOMPARE(hits, std::size_t(0));
    }

    void processesShareOneIndex()
    {
        // Four copies of each sample revision, read by four processes at
        // once into one new index, then again from it: every output is the
        // history read without the index.
        const QString dir = m_dir.filePath(QStringLiteral("shared"));
        QVERIFY(QDir().mkpath(dir));
        int n = 0;
        for (int copyNo = 0; copyNo < 4; ++copyNo)
            for (const std::string &f : sampleHistory())
                copy(f, QStringLiteral("%1/c%2.json.gz").arg(dir).arg(++n, 3, 10, QLatin1Char('0')).toStdString());
        auto start = [&](QProcess &p, const QString &index, bool noIndex) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("BENCHSCOPE_INDEX"), index);
            p.setProcessEnvironment(env);
            QStringList args{QStringLiteral("history"), dir, QStringLiteral("--metric"), QStringLiteral("all"),
                             QStringLiteral("--format"), QStringLiteral("json")};
            if (noIndex)
                args << QStringLiteral("--no-index");
            p.start(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QStringLiteral("/benchscope-cli"), args);
        };
        QProcess plain;
        start(plain, QString(), true);
        QVERIFY(plain.waitForFinished(120000));
        QCOMPARE(plain.exitCode(), 0);
        const QByteArray expected = plain.readAllStandardOutput();
        QVERIFY(expected.contains("\"change_point\": true"));
        const QString index = QString::fromStdString(m_index);
        for (int round = 0; round < 2; ++round) {
            QProcess ps[4];
            for (QProcess &p : ps)
                start(p, index, false);
            for (QProcess &p : ps) {
                QVERIFY(p.waitForFinished(120000));
                QCOMPARE(p.exitCode(), 0);
                QCOMPARE(p.readAllStandardOutput(), expected);
                QCOMPARE(QString::fromUtf8(p.readAllStandardError()), QString());
            }
        }
        std::size_t hits = 0;
        std::vector<std::string> files;
        for (const QFileInfo &f : QDir(dir).entryInfoList(QDir::Files, QDir::Name))
            files.push_back(f.filePath().toStdString());
        bs::SummaryIndex shared(m_index);
        throughIndex(shared, files, hits);
        QCOMPARE(hits, files.size());
    }

    void indexedLoadKeepsOrderAndNamesFirstFailure()
    {
        // 30 copies of the sample revisions loaded on every core, cold then
        // warm: the captures come in the order of the files, progress ends
        // at the total; with two damaged files, the first of them is named
        // every time, whichever thread reached it first.
        const std::vector<std::string> files = copies(QStringLiteral("order"), 30);
        for (int round = 0; round < 2; ++round) {
            std::size_t calls = 0, lastDone = 0;
            const bs::IndexedLoad::Outcome out = bs::IndexedLoad::run(files, m_index, [&](const auto &p) {
                ++calls;
                lastDone = p.done;
                return true;
            });
            QVERIFY(!out.error);
            QCOMPARE(out.captures.size(), files.size());
            for (std::size_t i = 0; i < files.size(); ++i)
                QCOMPARE(out.captures[i].sourcePath, files[i]);
            QVERIFY(calls >= 1);
            QCOMPARE(lastDone, files.size());
            QCOMPARE(out.progress.fromFiles, round == 0 ? files.size() : std::size_t(0));
        }
        for (const std::size_t bad : {7u, 21u})
            std::ofstream(files[bad], std::ios::trunc) << "{\"suite\": ";
        for (int round = 0; round < 10; ++round) {
            const bs::IndexedLoad::Outcome out = bs::IndexedLoad::run(files, m_index, {});
            QVERIFY(out.error);
            QCOMPARE(out.error->file, files[7]);
            QVERIFY(out.captures.empty());
        }
    }

    void indexedLoadStopsWhenCancelled()
    {
        // Cancelled at the first report and after some files, cold and
        // warm: it ends (the threads finish the files they began), with
        // nothing loaded and no error.
        const std::vector<std::string> files = copies(QStringLiteral("cancel"), 40);
        for (const std::size_t after : {std::size_t(0), std::size_t(10), std::size_t(0), std::size_t(25)}) {
            std::size_t calls = 0;
            const bs::IndexedLoad::Outcome out = bs::IndexedLoad::run(files, m_index, [&](const auto &p) {
                ++calls;
                return p.done < after;
            });
            QVERIFY(out.cancelled);
            QVERIFY(!out.error);
            QVERIFY(out.captures.empty());
            QVERIFY(calls >= 1);
        }
    }

private:
    // n copies of the sample revisions in a new folder, in order.
    std::vector<std::string> copies(const QString &name, int n)
    {
        const QString dir = m_dir.filePath(name);
        QDir().mkpath(dir);
        std::vector<std::string> files;
        for (int i = 0; i < n; ++i) {
            files.push_back(QStringLiteral("%1/c%2.json.gz").arg(dir).arg(i, 3, 10, QLatin1Char('0')).toStdString());
            copy(sampleHistory()[std::size_t(i) % sampleHistory().size()], files.back());
        }
        return files;
    }

    QTemporaryDir m_dir;
    std::string m_index;
};

QTEST_GUILESS_MAIN(TstSummaryIndex)
#include "tst_summaryindex.moc"
