#include "summaryindex.h"

#include "captureloader.h"
#include "capturesummary.h"
#include "capturewriter.h"
#include "sha256.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <vector>

namespace bs {

namespace fs = std::filesystem;

namespace {

constexpr int kSchemaVersion = 1; // PRAGMA user_version of our index
constexpr int kBusyMs = 10000;    // how long a process waits for another's write

const char *kSchema = "CREATE TABLE IF NOT EXISTS summaries("
                      "path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, hash TEXT NOT NULL, "
                      "raw_size INTEGER NOT NULL, raw_mtime INTEGER NOT NULL, raw_hash TEXT NOT NULL, "
                      "summary BLOB NOT NULL, summary_hash TEXT NOT NULL)";

std::string sha256(const std::string &bytes)
{
    Sha256 h;
    h.update(bytes.data(), bytes.size());
    return h.hexDigest();
}

// The SHA-256 of the file's first `size` bytes, or "" when it cannot be
// read or is longer or shorter than that.
std::string fileHash(const std::string &path, std::uint64_t size)
{
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> f(std::fopen(path.c_str(), "rb"), std::fclose);
    if (!f)
        return {};
    Sha256 h;
    // One buffer a thread: a new 256 KiB buffer for each file was mapped,
    // zeroed and unmapped again by the allocator, page by page.
    thread_local std::vector<char> buffer(1 << 18);
    std::uint64_t total = 0;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), f.get())) {
        total += n;
        if (total > size)
            return {};
        h.update(buffer.data(), n);
    }
    return total == size && !std::ferror(f.get()) ? h.hexDigest() : std::string();
}

struct Statement {
    sqlite3_stmt *s = nullptr;
    Statement(sqlite3 *db, const char *sql) { sqlite3_prepare_v2(db, sql, -1, &s, nullptr); }
    ~Statement() { sqlite3_finalize(s); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    void text(int i, const std::string &t) { sqlite3_bind_text(s, i, t.data(), int(t.size()), SQLITE_TRANSIENT); }
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

} // namespace

// A file as it is now: absent, or its size, modification time and (once
// read) content hash.
struct SummaryIndex::FileState {
    struct One {
        bool present = false;
        std::int64_t size = -1;
        std::int64_t mtime = -1;
        std::string hash;
        bool operator==(const One &o) const { return present == o.present && size == o.size && mtime == o.mtime; }
    };
    One capture, raw;

    static One stat(const std::string &path)
    {
        One s;
        std::error_code ec;
        if (!fs::is_regular_file(path, ec))
            return s;
        const std::uintmax_t size = fs::file_size(path, ec);
        const auto mtime = fs::last_write_time(path, ec);
        if (ec)
            return s;
        s.present = true;
        s.size = std::int64_t(size);
        s.mtime = std::int64_t(mtime.time_since_epoch().count());
        return s;
    }
    static bool hash(const std::string &path, One &s)
    {
        if (s.present)
            s.hash = fileHash(path, std::uint64_t(s.size));
        return !s.present || !s.hash.empty();
    }
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

SummaryIndex::SummaryIndex(const std::string &file)
    : m_file(file)
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

// Opens the index; a file that SQLite finds is no sound database is moved
// aside and made anew, once.
bool SummaryIndex::open()
{
    for (int attempt = 0; attempt < 2; ++attempt) {
        std::error_code ec;
        fs::create_directories(fs::path(m_file).parent_path(), ec);
        int rc = sqlite3_open_v2(m_file.c_str(), &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                                 nullptr);
        if (rc == SQLITE_OK) {
            sqlite3_busy_timeout(m_db, kBusyMs);
            rc = sqlite3_exec(m_db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL", nullptr, nullptr, nullptr);
        }
        int version = 0;
        std::string check;
        if (rc == SQLITE_OK) {
            Statement q(m_db, "PRAGMA quick_check");
            rc = sqlite3_step(q.s);
            check = rc == SQLITE_ROW ? q.column(0) : std::string();
            rc = rc == SQLITE_ROW ? SQLITE_OK : rc;
        }
        if (rc == SQLITE_OK) {
            Statement v(m_db, "PRAGMA user_version");
            rc = sqlite3_step(v.s);
            version = rc == SQLITE_ROW ? sqlite3_column_int(v.s, 0) : -1;
            rc = rc == SQLITE_ROW ? SQLITE_OK : rc;
        }
        const bool sound = rc == SQLITE_OK && check == "ok" && (version == 0 || version == kSchemaVersion);
        if (sound) {
            rc = sqlite3_exec(m_db, kSchema, nullptr, nullptr, nullptr);
            if (rc == SQLITE_OK && version == 0)
                rc = sqlite3_exec(m_db, ("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str(), nullptr,
                                  nullptr, nullptr);
            if (rc == SQLITE_OK) {
                m_problem.clear();
                return true;
            }
        }
        m_problem = m_file + ": " + (sound || !corruption(rc) ? sqlite3_errmsg(m_db) : "not a sound index");
        close();
        if (sound || (rc != SQLITE_OK && !corruption(rc)))
            return false; // cannot be opened or written: no index
        moveAside();
    }
    return false;
}

void SummaryIndex::moveAside()
{
    std::error_code ec;
    m_movedAside = m_file + ".corrupt";
    fs::rename(m_file, m_movedAside, ec);
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

// The entry is read under the lock; the files and the summary are hashed
// and decoded outside it, so that several threads read entries at once.
std::optional<Capture> SummaryIndex::lookup(const std::string &key, const FileState &now)
{
    FileState then;
    std::string summary, summaryHash;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_db)
            return std::nullopt;
        Statement q(m_db, "SELECT size, mtime, hash, raw_size, raw_mtime, raw_hash, summary, summary_hash "
                          "FROM summaries WHERE path = ?1");
        q.text(1, key);
        const int rc = sqlite3_step(q.s);
        if (rc != SQLITE_ROW) {
            broken(rc);
            return std::nullopt;
        }
        then.capture = {true, sqlite3_column_int64(q.s, 0), sqlite3_column_int64(q.s, 1), q.column(2)};
        then.raw = {sqlite3_column_int64(q.s, 3) >= 0, sqlite3_column_int64(q.s, 3), sqlite3_column_int64(q.s, 4),
                    q.column(5)};
        if (!(then.capture == now.capture) || !(then.raw == now.raw))
            return std::nullopt;
        summary = q.column(6);
        summaryHash = q.column(7);
    }
    FileState hashed = now;
    const std::string raw = CaptureWriter::rawPathFor(key);
    if (!FileState::hash(key, hashed.capture) || hashed.capture.hash != then.capture.hash
        || !FileState::hash(raw, hashed.raw) || hashed.raw.hash != then.raw.hash)
        return std::nullopt;
    if (sha256(summary) != summaryHash)
        return std::nullopt;
    return CaptureSummary::decode(summary);
}

void SummaryIndex::store(const std::string &key, const FileState &state, const std::string &summary)
{
    const std::string summaryHash = sha256(summary);
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_db)
        return;
    Statement s(m_db, "INSERT OR REPLACE INTO summaries VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    s.text(1, key);
    sqlite3_bind_int64(s.s, 2, state.capture.size);
    sqlite3_bind_int64(s.s, 3, state.capture.mtime);
    s.text(4, state.capture.hash);
    sqlite3_bind_int64(s.s, 5, state.raw.present ? state.raw.size : -1);
    sqlite3_bind_int64(s.s, 6, state.raw.mtime);
    s.text(7, state.raw.hash);
    sqlite3_bind_blob(s.s, 8, summary.data(), int(summary.size()), SQLITE_TRANSIENT);
    s.text(9, summaryHash);
    broken(sqlite3_step(s.s)); // busy past the timeout or read-only: not indexed this time
}

std::optional<Capture> SummaryIndex::load(const std::string &path, LoadError &error, bool *fromIndex) noexcept
{
    if (fromIndex)
        *fromIndex = false;
    try {
        std::error_code ec;
        const fs::path absolute = fs::absolute(path, ec);
        const std::string key = ec ? path : absolute.lexically_normal().string();
        const std::string raw = CaptureWriter::rawPathFor(key);
        FileState before{FileState::stat(key), FileState::stat(raw)};
        if (before.capture.present) {
            if (std::optional<Capture> c = lookup(key, before)) {
                c->sourcePath = path;
                if (fromIndex)
                    *fromIndex = true;
                return c;
            }
        }
        std::optional<Capture> loaded = CaptureLoader::load(path, error);
        if (!loaded)
            return loaded;
        std::string summary = CaptureSummary::encode(*loaded);
        loaded.reset();
        const FileState after{FileState::stat(key), FileState::stat(raw)};
        // Indexed only when the file did not change while it was read.
        if (isOpen() && before.capture.present && after.capture == before.capture && after.raw == before.raw
            && FileState::hash(key, before.capture) && FileState::hash(raw, before.raw))
            store(key, before, summary);
        std::optional<Capture> c = CaptureSummary::decode(summary);
        if (!c) {
            error = LoadError{path, "while indexing", "its summary does not read back"};
            return c;
        }
        c->sourcePath = path;
        return c;
    } catch (const std::exception &e) {
        error = LoadError{path, "while indexing", std::string("unexpected error: ") + e.what()};
    }
    return std::nullopt;
}

} // namespace bs
