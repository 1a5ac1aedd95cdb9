// The summary index a history reads (bs::SummaryIndex, bs::CaptureSummary):
// a history is the same read cold (files, indexed on the way), warm (from
// the index) and without the index, on the measured sample history, on
// imported runs and on a split capture; an entry whose file changed (even
// with its size and time kept), whose raw file changed, whose summary is
// damaged or gone is never used but rebuilt; a damaged index file is moved
// aside and made anew; processes sharing one index at once all print the
// history as it is without one; the files loaded on several threads come
// in their order, and the first damaged one is the one named. An entry is
// keyed by the real path of the file opened (a symbolic link, "..") and
// holds the bytes parsed (a file replaced while it is read), and checks
// every file the capture depends on (a raw file of any name); someone
// else's SQLite database is refused and left byte for byte, and so is what
// is not a regular file (a folder, a FIFO, a link to /dev/null); unsound
// index files moved aside are all kept.
#include "capturesummary.h"
#include "fileio.h"
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

#include <sys/stat.h>

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

std::string bytesOf(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write(const std::string &path, const std::string &bytes)
{
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The capture's JSON text, followed by spaces up to `size` bytes.
std::string paddedJson(const std::string &capture, std::size_t size)
{
    bs::LoadError error;
    std::string text = bs::FileIO::readMaybeGzip(capture, error).value();
    text.resize(std::max(size, text.size()), ' ');
    return text;
}

// The revision and the history of what `index` loads of `path`, and
// whether it came from the index; "error" when it does not load.
std::string loaded(bs::SummaryIndex &index, const std::string &path, bool &fromIndex)
{
    bs::LoadError error;
    std::optional<bs::Capture> c = index.load(path, error, &fromIndex);
    if (c)
        c->sourcePath = "capture"; // the figures, not the name given
    return c ? c->revision.id + " " + historyJson({*c}) : "error: " + error.message;
}

// The same of the file itself (no index).
std::string loaded(const std::string &path)
{
    bs::LoadError error;
    std::optional<bs::Capture> c = bs::CaptureLoader::load(path, error);
    if (c)
        c->sourcePath = "capture";
    return c ? c->revision.id + " " + historyJson({*c}) : "error: " + error.message;
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

    void otherReadersEntriesAreNotServed()
    {
        // An entry written by another build's readers (importers changed
        // since) is read again from the file, never served.
        const std::string file = sampleHistory().front();
        bs::LoadError error;
        bool fromIndex = false;
        // Each load writes the entry as its readers read it.
        const std::vector<std::pair<std::string, bool>> loads{
            {"old", false}, {"old", true}, {"new", false}, {"new", true}, {"old", false}};
        for (const auto &[reader, expected] : loads) {
            bs::SummaryIndex index(m_index, reader);
            QVERIFY2(index.load(file, error, &fromIndex), error.message.c_str());
            QCOMPARE(fromIndex, expected);
        }
        // The default is this build's readers: not "old"'s entry.
        bs::SummaryIndex index(m_index);
        QVERIFY(index.load(file, error, &fromIndex));
        QVERIFY(!fromIndex);
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
        QTest::newRow("inode") << QStringLiteral("UPDATE summaries SET inode = inode + 1");
        QTest::newRow("dependencies") << QStringLiteral("UPDATE summaries SET depends = 'x'");
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
        QTest::addColumn<int>("keep"); // bytes of a sound index kept
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

    void keyIsTheFileOpened()
    {
        // DIR/link/../x reads DIR/real/x (link -> real/sub), which the path
        // cleaned up as text would call DIR/x; a link to the file reads the
        // same entry; a split capture named by a link elsewhere reads the
        // raw file beside the file itself.
        const std::string dir = m_dir.filePath(QStringLiteral("links")).toStdString();
        const std::vector<std::string> files = sampleHistory();
        fs::create_directories(dir + "/real/sub");
        copy(files[0], dir + "/real/x.json.gz");
        copy(files[1], dir + "/x.json.gz");
        fs::create_directory_symlink("real/sub", dir + "/link");
        fs::create_symlink("real/x.json.gz", dir + "/alias.json.gz");
        fs::create_directories(dir + "/split");
        copy(source("tests/data/capture/split.json"), dir + "/split/split.json");
        copy(source("tests/data/capture/split.raw.json.gz"), dir + "/split/split.raw.json.gz");
        fs::create_directories(dir + "/elsewhere");
        fs::create_symlink("../split/split.json", dir + "/elsewhere/split.json");
        const std::string viaDots = dir + "/link/../x.json.gz", plain = dir + "/x.json.gz",
                          alias = dir + "/alias.json.gz", real = dir + "/real/x.json.gz",
                          split = dir + "/elsewhere/split.json";
        QVERIFY(loaded(viaDots) != loaded(plain));
        QCOMPARE(loaded(viaDots), loaded(real));
        QVERIFY(loaded(split).rfind("error", 0) != 0);
        QCOMPARE(loaded(split), loaded(dir + "/split/split.json"));
        bs::SummaryIndex index(m_index);
        bool fromIndex = true;
        for (int round = 0; round < 2; ++round)
            for (const std::string &p : {viaDots, plain, alias, real, split}) {
                QCOMPARE(loaded(index, p, fromIndex), loaded(p));
                // Cold, only the first name of each file is read from it.
                QCOMPARE(fromIndex, round == 1 || p == alias || p == real);
            }
    }

    void fileReplacedWhileReadGivesWhatWasParsed_data()
    {
        QTest::addColumn<bool>("inPlace");
        QTest::addColumn<bool>("indexedBefore");
        QTest::newRow("renamed over, cold") << false << false;
        QTest::newRow("renamed over, indexed") << false << true;
        QTest::newRow("rewritten in place, cold") << true << false;
        QTest::newRow("rewritten in place, indexed") << true << true;
    }

    void fileReplacedWhileReadGivesWhatWasParsed()
    {
        // r1 replaced by r2 of the same size, its modification time put
        // back, between the open and the read (the test hook): the load
        // gives the capture of the bytes it read, and every later one that
        // of the file as it is, never r1's summary for r2.
        QFETCH(bool, inPlace);
        QFETCH(bool, indexedBefore);
        const std::vector<std::string> files = sampleHistory();
        const std::size_t size = std::max(paddedJson(files[0], 0).size(), paddedJson(files[1], 0).size());
        const std::string r1 = paddedJson(files[0], size), r2 = paddedJson(files[1], size);
        QCOMPARE(r1.size(), r2.size());
        const std::string file = m_dir.filePath(QStringLiteral("replaced/capture.json")).toStdString();
        write(file, r1);
        const auto mtime = fs::last_write_time(file);
        const std::string first = loaded(file);
        bs::SummaryIndex index(m_index);
        bool fromIndex = false;
        if (indexedBefore) {
            QCOMPARE(loaded(index, file, fromIndex), first);
            QCOMPARE(loaded(index, file, fromIndex), first);
            QVERIFY(fromIndex);
        }
        int swaps = 0;
        index.setAfterOpen([&](const std::string &path) {
            ++swaps;
            if (inPlace) {
                std::fstream f(path, std::ios::binary | std::ios::in | std::ios::out);
                f.write(r2.data(), std::streamsize(r2.size()));
            } else {
                write(path + ".new", r2);
                fs::last_write_time(path + ".new", mtime);
                fs::rename(path + ".new", path);
            }
            fs::last_write_time(path, mtime);
        });
        const std::string during = loaded(index, file, fromIndex);
        index.setAfterOpen({});
        QCOMPARE(swaps, 1);
        QCOMPARE(fs::file_size(file), std::uintmax_t(size));
        QVERIFY(fs::last_write_time(file) == mtime);
        const std::string second = loaded(file);
        QVERIFY(second != first);
        QCOMPARE(during, inPlace ? second : first); // the bytes read: the new inode's or the old one's
        QCOMPARE(loaded(index, file, fromIndex), second);
        QCOMPARE(loaded(index, file, fromIndex), second);
        QVERIFY(fromIndex);
    }

    void rawFileOfAnyNameIsTracked_data()
    {
        QTest::addColumn<QString>("rawName");
        QTest::newRow("the runner's name") << QStringLiteral("s.raw.json.gz");
        QTest::newRow("another name") << QStringLiteral("repetitions.gz");
        QTest::newRow("in a subfolder, with a space") << QStringLiteral("reps/all of them.bin");
    }

    void rawFileOfAnyNameIsTracked()
    {
        // A summary whose raw.path names its raw file: changed (size and
        // time kept), removed and back again, the index gives what the
        // loader gives, never the old figures.
        QFETCH(QString, rawName);
        const std::string dir = m_dir.filePath(QStringLiteral("rawnames")).toStdString();
        std::string summary = bytesOf(source("tests/data/capture/split.json"));
        const std::string named = "\"path\": \"split.raw.json.gz\"";
        QVERIFY(summary.find(named) != std::string::npos);
        summary.replace(summary.find(named), named.size(), "\"path\": \"" + rawName.toStdString() + "\"");
        const std::string file = dir + "/s.json", raw = dir + "/" + rawName.toStdString();
        write(file, summary);
        const std::string rawBytes = bytesOf(source("tests/data/capture/split.raw.json.gz"));
        write(raw, rawBytes);
        const std::string whole = loaded(file);
        QVERIFY2(whole.rfind("error", 0) != 0, whole.c_str());
        bs::SummaryIndex index(m_index);
        bool fromIndex = true;
        QCOMPARE(loaded(index, file, fromIndex), whole);
        QVERIFY(!fromIndex);
        QCOMPARE(loaded(index, file, fromIndex), whole);
        QVERIFY(fromIndex);
        // Changed: one byte, the size and time kept; the loader refuses it.
        const auto mtime = fs::last_write_time(raw);
        std::string changed = rawBytes;
        changed[changed.size() / 2] = char(~changed[changed.size() / 2]);
        write(raw, changed);
        fs::last_write_time(raw, mtime);
        QVERIFY(loaded(file).rfind("error", 0) == 0);
        QCOMPARE(loaded(index, file, fromIndex), loaded(file));
        QVERIFY(!fromIndex);
        // Removed: the summary alone, also from the index once indexed.
        fs::remove(raw);
        const std::string alone = loaded(file);
        QVERIFY(alone.rfind("error", 0) != 0);
        QCOMPARE(loaded(index, file, fromIndex), alone);
        QVERIFY(!fromIndex);
        QCOMPARE(loaded(index, file, fromIndex), alone);
        QVERIFY(fromIndex);
        // Back again: read with it.
        write(raw, rawBytes);
        QCOMPARE(loaded(index, file, fromIndex), whole);
        QVERIFY(!fromIndex);
    }

    void foreignDatabaseIsLeftAlone_data()
    {
        QTest::addColumn<QString>("statements");
        QTest::newRow("a table of its own") << QStringLiteral("CREATE TABLE notes(x TEXT); INSERT INTO notes VALUES('mine')");
        QTest::newRow("its own table named summaries")
            << QStringLiteral("CREATE TABLE summaries(path TEXT, note TEXT); PRAGMA user_version=1");
        QTest::newRow("another application's id, no table") << QStringLiteral("PRAGMA application_id=12345");
        QTest::newRow("write-ahead log") << QStringLiteral("PRAGMA journal_mode=WAL; CREATE TABLE t(x); INSERT INTO t VALUES(1)");
        QTest::newRow("only a user version") << QStringLiteral("PRAGMA user_version=7");
    }

    void foreignDatabaseIsLeftAlone()
    {
        // An SQLite database that is not ours, named as the index: refused
        // with a message naming it, never changed nor moved; the history is
        // read from the files.
        QFETCH(QString, statements);
        fs::create_directories(fs::path(m_index).parent_path());
        sql(m_index, statements.toStdString());
        sql(m_index, "PRAGMA wal_checkpoint(TRUNCATE)");
        const std::string before = bytesOf(m_index);
        QVERIFY(!before.empty());
        const std::vector<std::string> files = sampleHistory();
        {
            bs::SummaryIndex index(m_index);
            QVERIFY(!index.isOpen());
            QVERIFY2(index.refused().find("not a Benchscope history index") != std::string::npos,
                     index.refused().c_str());
            QVERIFY(index.refused().rfind(m_index, 0) == 0);
            std::size_t hits = 0;
            QCOMPARE(historyJson(throughIndex(index, files, hits)), historyJson(fromFiles(files)));
            QCOMPARE(hits, std::size_t(0));
            const bs::IndexedLoad::Outcome out = bs::IndexedLoad::run(files, m_index, {});
            QCOMPARE(out.refused, index.refused());
            QVERIFY(out.indexFile.empty());
        }
        QVERIFY(bytesOf(m_index) == before);
        QVERIFY(!fs::exists(m_index + ".corrupt"));
    }

    void someonesFileIsLeftAlone_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("notes") << QByteArray("not an index, some text that is long enough to be read ......");
        QTest::newRow("one byte") << QByteArray("x");
        QTest::newRow("gzip") << QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
        QTest::newRow("SQLite's header cut short") << QByteArray("SQLite format");
    }

    void someonesFileIsLeftAlone()
    {
        // A file that is no SQLite database (BENCHSCOPE_INDEX naming the
        // user's notes by mistake) is refused, never moved aside nor changed.
        QFETCH(QByteArray, bytes);
        fs::create_directories(fs::path(m_index).parent_path());
        write(m_index, bytes.toStdString());
        const std::vector<std::string> files = sampleHistory();
        {
            bs::SummaryIndex index(m_index);
            QVERIFY(!index.isOpen());
            QVERIFY2(index.refused().find("not an SQLite database") != std::string::npos, index.refused().c_str());
            std::size_t hits = 0;
            QCOMPARE(historyJson(throughIndex(index, files, hits)), historyJson(fromFiles(files)));
        }
        QCOMPARE(QByteArray::fromStdString(bytesOf(m_index)), bytes);
        QVERIFY(!fs::exists(m_index + ".corrupt"));
        QVERIFY(!fs::exists(m_index + "-wal") && !fs::exists(m_index + "-journal"));
    }

    void nonFileIndexIsLeftAlone_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("a folder") << QStringLiteral("folder");
        QTest::newRow("a FIFO") << QStringLiteral("fifo");
        QTest::newRow("a link to /dev/null") << QStringLiteral("null");
    }

    void nonFileIndexIsLeftAlone()
    {
        // Named as the index, what is not a regular file is refused, never
        // opened: a FIFO would hang the open, a device would get a journal
        // made beside it (/dev/null-journal). The history is read from the files.
        QFETCH(QString, kind);
        fs::create_directories(fs::path(m_index).parent_path());
        if (kind == QLatin1String("folder"))
            fs::create_directory(m_index);
        else if (kind == QLatin1String("fifo"))
            QCOMPARE(::mkfifo(m_index.c_str(), 0600), 0);
        else
            fs::create_symlink("/dev/null", m_index);
        const bool nullJournal = fs::exists("/dev/null-journal");
        const std::vector<std::string> files = sampleHistory();
        bs::SummaryIndex index(m_index);
        QVERIFY(!index.isOpen());
        QVERIFY2(index.refused().rfind(m_index + ": ", 0) == 0, index.refused().c_str());
        QVERIFY2(index.refused().find("left as it is") != std::string::npos, index.refused().c_str());
        std::size_t hits = 0;
        QCOMPARE(historyJson(throughIndex(index, files, hits)), historyJson(fromFiles(files)));
        QCOMPARE(hits, std::size_t(0));
        QCOMPARE(fs::exists("/dev/null-journal"), nullJournal);
        QCOMPARE(fs::symlink_status(m_index).type(), kind == QLatin1String("folder") ? fs::file_type::directory
                                                     : kind == QLatin1String("fifo")  ? fs::file_type::fifo
                                                                                      : fs::file_type::symlink);
        QVERIFY(!fs::exists(m_index + ".corrupt"));
    }

    void firstLayoutIsMadeAnew()
    {
        // Our own index of the first layout (no application id, version 1):
        // its entries are dropped and it is used.
        fs::create_directories(fs::path(m_index).parent_path());
        sql(m_index, "CREATE TABLE summaries(path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, "
                     "hash TEXT NOT NULL, raw_size INTEGER NOT NULL, raw_mtime INTEGER NOT NULL, raw_hash TEXT NOT "
                     "NULL, summary BLOB NOT NULL, summary_hash TEXT NOT NULL); PRAGMA user_version=1");
        const std::vector<std::string> files = sampleHistory();
        std::size_t hits = 0;
        bs::SummaryIndex index(m_index);
        QVERIFY2(index.isOpen(), index.problem().c_str());
        QVERIFY(index.movedAside().empty());
        QCOMPARE(historyJson(throughIndex(index, files, hits)), historyJson(fromFiles(files)));
        QCOMPARE(historyJson(throughIndex(index, files, hits)), historyJson(fromFiles(files)));
        QCOMPARE(hits, files.size());
    }

    void everyUnsoundIndexIsKept()
    {
        // Three unsound index files in turn (SQLite's header, then no
        // database): each moved aside under a name of its own, none over another.
        std::vector<std::string> kept;
        for (int n = 1; n <= 3; ++n) {
            const std::string text =
                std::string("SQLite format 3\0", 16) + "not an index, number " + std::to_string(n) + std::string(100, '.');
            write(m_index, text);
            bs::SummaryIndex index(m_index);
            QVERIFY2(index.isOpen(), index.problem().c_str());
            QVERIFY(std::find(kept.begin(), kept.end(), index.movedAside()) == kept.end());
            kept.push_back(index.movedAside());
            QCOMPARE(bytesOf(kept.back()), text);
        }
        QCOMPARE(kept.front(), m_index + ".corrupt");
        for (int n = 1; n <= 3; ++n)
            QVERIFY(bytesOf(kept[std::size_t(n - 1)]).find("number " + std::to_string(n)) != std::string::npos);
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
