#include "summaryindex.h"

#include "captureloader.h"
#include "capturesummary.h"
#include "openedfile.h"
#include "readerid.h"
#include "sha256.h"

#include <sqlite3.h>

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <vector>

namespace bs {

namespace fs = std::filesystem;

namespace {

constexpr int kApplicationId = 0x42536869; // "BShi": PRAGMA application_id of our index
constexpr int kSchemaVersion = 3;           // PRAGMA user_version of our index's layout
constexpr int kBusyMs = 10000;              // how long a process waits for another's write

const char *kSchema = "CREATE TABLE IF NOT EXISTS summaries("
                      "path TEXT PRIMARY KEY, device INTEGER NOT NULL, inode INTEGER NOT NULL, "
                      "size INTEGER NOT NULL, mtime INTEGER NOT NULL, hash TEXT NOT NULL, "
                      "depends BLOB NOT NULL, summary BLOB NOT NULL, summary_hash TEXT NOT NULL, reader TEXT NOT NULL)";

// What is said of a file named as the index that is refused.
const char *const kLeftAlone =
    "it is left as it is and no index is used (set BENCHSCOPE_INDEX to another file, or to \"off\")";

// The columns of our first layout (user_version 1, no application id).
const char *const kFirstLayout = "path,size,mtime,hash,raw_size,raw_mtime,raw_hash,summary,summary_hash,";

std::string sha256(const std::string &bytes)
{
    Sha256 h;
    h.update(bytes.data(), bytes.size());
    return h.hexDigest();
}

struct Statement {
    sqlite3_stmt *s = nullptr;
    Statement(sqlite3 *db, const char *sql) { sqlite3_prepare_v2(db, sql, -1, &s, nullptr); }
    ~Statement() { sqlite3_finalize(s); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    void text(int i, const std::string &t) { sqlite3_bind_text(s, i, t.data(), int(t.size()), SQLITE_TRANSIENT); }
    void blob(int i, const std::string &b) { sqlite3_bind_blob(s, i, b.data(), int(b.size()), SQLITE_TRANSIENT); }
    std::string column(int i) const
    {
        const void *p = sqlite3_column_blob(s, i);
        return p ? std::string(static_cast<const char *>(p), std::size_t(sqlite3_column_bytes(s, i))) : std::string();
    }
};

bool corruption(int code)
{
    return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

// One file an entry depends on: its path and what it was, or that it was
// absent (an empty hash).
struct Dependency {
    std::string path;
    OpenedFile::Identity identity;
    std::string hash;
};

// The dependencies as bytes: per file its path, device, inode, size,
// modification time and hash, each ended by a NUL (no path holds one).
std::string encodeDependencies(const std::vector<Dependency> &deps)
{
    std::string out;
    for (const Dependency &d : deps)
        for (const std::string &field :
             {d.path, std::to_string(d.identity.device), std::to_string(d.identity.inode),
              std::to_string(d.identity.size), std::to_string(d.identity.mtimeNs), d.hash})
            out += field + '\0';
    return out;
}

std::optional<std::vector<Dependency>> decodeDependencies(const std::string &bytes)
{
    std::vector<std::string> fields;
    for (std::size_t at = 0; at < bytes.size();) {
        const std::size_t end = bytes.find('\0', at);
        if (end == std::string::npos)
            return std::nullopt;
        fields.push_back(bytes.substr(at, end - at));
        at = end + 1;
    }
    if (fields.size() % 6 != 0)
        return std::nullopt;
    std::vector<Dependency> deps;
    try {
        for (std::size_t i = 0; i < fields.size(); i += 6)
            deps.push_back({fields[i],
                            {std::stoull(fields[i + 1]), std::stoull(fields[i + 2]), std::stoll(fields[i + 3]),
                             std::stoll(fields[i + 4])},
                            fields[i + 5]});
    } catch (const std::exception &) {
        return std::nullopt;
    }
    return deps;
}

// What the regular file at `path` is now and the hash of its bytes, read
// from one descriptor; false when it cannot be opened or read.
bool describe(const std::string &path, OpenedFile::Identity &identity, std::string &hash)
{
    OpenedFile file;
    LoadError error;
    if (!file.open(path, error, InputLimits::current().captureFile()))
        return false;
    const std::optional<std::string> bytes = file.readAll(error, InputLimits::current().captureFile());
    identity = file.identity();
    hash = bytes ? sha256(*bytes) : std::string();
    return bytes.has_value();
}

// Whether the file a dependency names is as it was: still absent, or the
// same inode, size and time with the same content.
bool unchanged(const Dependency &d)
{
    if (d.hash.empty())
        return OpenedFile::absent(d.path);
    OpenedFile::Identity identity;
    std::string hash;
    return describe(d.path, identity, hash) && identity == d.identity && hash == d.hash;
}

// The files the reader read besides the capture, as they are now, when each
// is still what was read (else nothing: not indexed this time).
std::optional<std::vector<Dependency>> dependenciesOf(const Capture &c)
{
    std::vector<Dependency> deps;
    for (const ReadAlso &r : c.readAlso) {
        Dependency d{r.path, {}, r.sha256};
        std::string now;
        if (r.sha256.empty() ? !OpenedFile::absent(r.path) : !describe(r.path, d.identity, now) || now != r.sha256)
            return std::nullopt;
        deps.push_back(std::move(d));
    }
    return deps;
}

// What guards an entry's summary and its dependencies against damage.
std::string entryHash(const std::string &depends, const std::string &summary)
{
    return sha256(std::to_string(depends.size()) + ":" + depends + summary);
}

} // namespace

// A capture file as opened: its key (real path), what it is and the hash
// of its bytes; with the dependencies and summary when read from an entry.
struct SummaryIndex::Entry {
    std::string key;
    OpenedFile::Identity identity;
    std::string hash;
    std::vector<Dependency> depends;
};

std::string SummaryIndex::defaultFile()
{
    if (const char *set = std::getenv("BENCHSCOPE_INDEX"))
        return std::string(set) == "off" ? std::string() : std::string(set);
    const char *xdg = std::getenv("XDG_CACHE_HOME");
    const char *home = std::getenv("HOME");
    fs::path folder;
    if (xdg && *xdg && fs::path(xdg).is_absolute())
        folder = xdg;
    else if (home && *home)
        folder = fs::path(home) / ".cache";
    else
        return {};
    return (folder / "benchscope" / "history-index.sqlite").string();
}

SummaryIndex::SummaryIndex(const std::string &file, std::string reader)
    : m_file(file)
    , m_reader(reader.empty() ? std::string(kReaderId) : std::move(reader))
{
    if (m_file.empty()) {
        m_problem = "no index";
        return;
    }
    open();
}

SummaryIndex::~SummaryIndex()
{
    close();
}

void SummaryIndex::close()
{
    sqlite3_close(m_db);
    m_db = nullptr;
}

// What is at the index's file, looked at read-only (nothing in it is
// changed): nothing yet, our index (of this layout or another, or a new
// empty database), someone else's database, or no sound database.
SummaryIndex::Found SummaryIndex::inspect(std::string &why) const
{
    std::error_code ec;
    const fs::file_status st = fs::status(m_file, ec); // through links, as SQLite opens it
    if (!fs::exists(st))
        return st.type() == fs::file_type::not_found ? Found::Nothing : Found::Unreadable;
    if (!fs::is_regular_file(st)) {
        // A FIFO would hang SQLite's open, a device (a link to /dev/null)
        // would get a journal made beside it: none is opened.
        why = std::string(fs::is_directory(st) ? "a folder" : "not a regular file (a FIFO, device or socket)")
            + "; " + kLeftAlone;
        return Found::Foreign;
    }
    // A file that does not begin as every SQLite database does is someone's
    // own (BENCHSCOPE_INDEX naming notes.txt), not a damaged index: never moved.
    char header[16] = {};
    std::ifstream(m_file, std::ios::binary).read(header, sizeof header);
    if (fs::file_size(m_file, ec) > 0 && std::string(header, sizeof header) != std::string("SQLite format 3\0", 16)) {
        why = std::string("not an SQLite database (it does not begin with SQLite's header); ") + kLeftAlone;
        return Found::Foreign;
    }
    sqlite3 *db = nullptr;
    int rc = sqlite3_open_v2(m_file.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
    sqlite3_busy_timeout(db, kBusyMs);
    std::int64_t appId = 0, version = 0;
    std::string check;
    std::set<std::string> tables;
    auto each = [&](const char *sql, const std::function<void(const Statement &)> &row) {
        if (rc != SQLITE_OK)
            return;
        Statement s(db, sql);
        while ((rc = sqlite3_step(s.s)) == SQLITE_ROW)
            row(s);
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    };
    // One read transaction (its snapshot starts at the first read): another
    // process making the index commits its tables and application id at
    // once, and reads taken apart could see the tables without the id.
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr);
    each("PRAGMA application_id", [&](const Statement &s) { appId = sqlite3_column_int64(s.s, 0); });
    each("PRAGMA user_version", [&](const Statement &s) { version = sqlite3_column_int64(s.s, 0); });
    each("PRAGMA quick_check", [&](const Statement &s) { check += s.column(0); });
    each("SELECT name FROM sqlite_master WHERE type = 'table'", [&](const Statement &s) { tables.insert(s.column(0)); });
    std::string columns; // of a table "summaries"
    each("PRAGMA table_info(summaries)", [&](const Statement &s) { columns += s.column(1) + ","; });
    why = rc == SQLITE_OK ? std::string() : sqlite3_errmsg(db);
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    if (corruption(rc) || (rc == SQLITE_OK && check != "ok"))
        return Found::Unsound;
    if (rc != SQLITE_OK)
        return Found::Unreadable;
    if (appId == kApplicationId)
        return version == kSchemaVersion ? Found::Ours : Found::Rebuild;
    if (appId == 0 && tables.empty() && version == 0)
        return Found::Rebuild; // a new, empty database: made ours
    if (appId == 0 && version == 1 && tables == std::set<std::string>{"summaries"} && columns == kFirstLayout)
        return Found::Rebuild; // our first layout, before the application id
    why = "an SQLite database that is not a Benchscope history index (application id " + std::to_string(appId)
        + ", " + std::to_string(tables.size()) + " tables); " + kLeftAlone;
    return Found::Foreign;
}

// Opens the index for reading and writing, making it (or, when `rebuild`,
// its table anew: another layout's entries are dropped) in one transaction.
bool SummaryIndex::openForWriting(bool rebuild)
{
    std::error_code ec;
    fs::create_directories(fs::path(m_file).parent_path(), ec);
    int rc = sqlite3_open_v2(m_file.c_str(), &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                             nullptr);
    if (rc == SQLITE_OK) {
        sqlite3_busy_timeout(m_db, kBusyMs);
        rc = sqlite3_exec(m_db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL", nullptr, nullptr, nullptr);
    }
    if (rc == SQLITE_OK && rebuild)
        rc = sqlite3_exec(m_db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK && rebuild) {
        // Another process may have made it meanwhile: then it is kept.
        bool made = false;
        {
            Statement v(m_db, "PRAGMA user_version");
            made = sqlite3_step(v.s) == SQLITE_ROW && sqlite3_column_int64(v.s, 0) == kSchemaVersion;
        }
        const std::string make = std::string("DROP TABLE IF EXISTS summaries; ") + kSchema
            + "; PRAGMA application_id=" + std::to_string(kApplicationId)
            + "; PRAGMA user_version=" + std::to_string(kSchemaVersion) + "; ";
        rc = sqlite3_exec(m_db, ((made ? std::string() : make) + "COMMIT").c_str(), nullptr, nullptr, nullptr);
    }
    if (rc == SQLITE_OK)
        return true;
    m_problem = m_file + ": " + (m_db ? sqlite3_errmsg(m_db) : "cannot be opened");
    sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
    close();
    return false;
}

// Opens the index; a file that SQLite finds is no sound database is moved
// aside and made anew, once; someone else's database is left alone.
bool SummaryIndex::open()
{
    for (int attempt = 0; attempt < 2; ++attempt) {
        std::string why;
        switch (inspect(why)) {
        case Found::Foreign:
            m_problem = m_refused = m_file + ": " + why;
            return false;
        case Found::Unreadable:
            m_problem = m_file + ": " + (why.empty() ? std::string("cannot be read") : why);
            return false;
        case Found::Unsound:
            m_problem = m_file + ": not a sound index";
            moveAside();
            continue;
        case Found::Nothing:
        case Found::Rebuild:
            if (!openForWriting(true))
                return false;
            m_problem.clear();
            return true;
        case Found::Ours:
            if (!openForWriting(false))
                return false;
            m_problem.clear();
            return true;
        }
    }
    return false;
}

// Renames the unsound index to FILE.corrupt, or FILE.corrupt.2, .3, ...:
// never over a file moved aside before, which is kept for a look.
void SummaryIndex::moveAside()
{
    for (int n = 1; n < 1000; ++n) {
        const std::string aside = m_file + ".corrupt" + (n == 1 ? std::string() : "." + std::to_string(n));
        if (::renameat2(AT_FDCWD, m_file.c_str(), AT_FDCWD, aside.c_str(), RENAME_NOREPLACE) == 0) {
            m_movedAside = aside;
            break;
        }
        if (errno != EEXIST)
            break;
    }
    std::error_code ec;
    fs::remove(m_file + "-wal", ec);
    fs::remove(m_file + "-shm", ec);
}

void SummaryIndex::broken(int code)
{
    if (!corruption(code))
        return;
    close();
    moveAside();
    m_problem.clear();
    open();
}

// The entry is read under the lock; the dependencies and the summary are
// hashed and decoded outside it, so that several threads read entries at once.
std::optional<Capture> SummaryIndex::lookup(const Entry &now)
{
    std::string depends, summary, summaryHash;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_db)
            return std::nullopt;
        Statement q(m_db, "SELECT device, inode, size, mtime, hash, depends, summary, summary_hash "
                          "FROM summaries WHERE path = ?1 AND reader = ?2");
        q.text(1, now.key);
        q.text(2, m_reader);
        const int rc = sqlite3_step(q.s);
        if (rc != SQLITE_ROW) {
            broken(rc);
            return std::nullopt;
        }
        const OpenedFile::Identity then{std::uint64_t(sqlite3_column_int64(q.s, 0)),
                                        std::uint64_t(sqlite3_column_int64(q.s, 1)), sqlite3_column_int64(q.s, 2),
                                        sqlite3_column_int64(q.s, 3)};
        if (then != now.identity || q.column(4) != now.hash)
            return std::nullopt;
        depends = q.column(5);
        summary = q.column(6);
        summaryHash = q.column(7);
    }
    if (entryHash(depends, summary) != summaryHash)
        return std::nullopt;
    const std::optional<std::vector<Dependency>> deps = decodeDependencies(depends);
    if (!deps)
        return std::nullopt;
    for (const Dependency &d : *deps)
        if (!unchanged(d))
            return std::nullopt;
    return CaptureSummary::decode(summary);
}

void SummaryIndex::store(const Entry &entry, const std::string &summary)
{
    const std::string depends = encodeDependencies(entry.depends);
    const std::string hash = entryHash(depends, summary);
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_db)
        return;
    Statement s(m_db, "INSERT OR REPLACE INTO summaries VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    s.text(1, entry.key);
    sqlite3_bind_int64(s.s, 2, sqlite3_int64(entry.identity.device));
    sqlite3_bind_int64(s.s, 3, sqlite3_int64(entry.identity.inode));
    sqlite3_bind_int64(s.s, 4, entry.identity.size);
    sqlite3_bind_int64(s.s, 5, entry.identity.mtimeNs);
    s.text(6, entry.hash);
    s.blob(7, depends);
    s.blob(8, summary);
    s.text(9, hash);
    s.text(10, m_reader);
    broken(sqlite3_step(s.s)); // busy past the timeout or read-only: not indexed this time
}

std::optional<Capture> SummaryIndex::load(const std::string &path, LoadError &error, bool *fromIndex) noexcept
{
    if (fromIndex)
        *fromIndex = false;
    try {
        // The file is opened once: its key is the real path of what was
        // opened, its state that descriptor's, its hash that of the bytes
        // read from it, and those very bytes are what is loaded.
        OpenedFile file;
        LoadError notOpened;
        const ByteLimit limit = InputLimits::current().captureFile();
        if (!file.open(path, notOpened, limit))
            return CaptureLoader::load(path, error); // a folder, or the loader's own error
        if (m_afterOpen)
            m_afterOpen(path);
        const std::optional<std::string> bytes = file.readAll(error, limit);
        if (!bytes)
            return std::nullopt;
        // No key (so no entry) for a file removed or replaced meanwhile.
        Entry entry{file.realPath(), file.identity(), sha256(*bytes), {}};
        std::optional<Capture> c = entry.key.empty() ? std::nullopt : lookup(entry);
        if (c) {
            if (fromIndex)
                *fromIndex = true;
        } else {
            const std::string &name = entry.key.empty() ? path : entry.key;
            std::optional<Capture> loaded = CaptureLoader::loadBytes(*bytes, name, error);
            if (!loaded) {
                if (error.file == name)
                    error.file = path;
                return loaded;
            }
            const std::string summary = CaptureSummary::encode(*loaded);
            std::optional<std::vector<Dependency>> deps = dependenciesOf(*loaded);
            loaded.reset();
            // Indexed only when no file it depends on changed while it was read.
            if (!entry.key.empty() && deps && file.identityNow() == entry.identity && isOpen()) {
                entry.depends = std::move(*deps);
                store(entry, summary);
            }
            c = CaptureSummary::decode(summary);
            if (!c) {
                error = LoadError{path, "while indexing", "its summary does not read back"};
                return c;
            }
        }
        c->sourcePath = path;
        return c;
    } catch (const std::exception &e) {
        error = LoadError{path, "while indexing", std::string("unexpected error: ") + e.what()};
    }
    return std::nullopt;
}

} // namespace bs
