#include "captureloader.h"

#include "capturereader.h"
#include "capturewriter.h"
#include "endswith.h"
#include "fileio.h"
#include "importers/criterionimporter.h"
#include "importers/folderimporter.h"
#include "importers/importerregistry.h"
#include "inputlimits.h"
#include "inputstreambuf.h"
#include "memorystreambuf.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>
#include <set>

namespace bs {

namespace {

// Where the first NUL byte is in `head`, or npos: text formats never hold one.
std::size_t binaryByte(const std::string &head)
{
    return head.find('\0');
}

// Runs `read`, turning anything it throws into an error naming the file and
// the stage it was in.
template<typename Read>
std::optional<Capture> guarded(const std::string &path, LoadError &error, const std::string &stage, Read &&read) noexcept
{
    try {
        return read();
    } catch (const std::bad_alloc &) {
        error = LoadError{path, stage, "out of memory (the file needs more memory than this machine has free)"};
    } catch (const std::exception &e) {
        error = LoadError{path, stage, std::string("unexpected error: ") + e.what()};
    } catch (...) {
        error = LoadError{path, stage, "unexpected error"};
    }
    return std::nullopt;
}

std::optional<Capture> loadStream(InputStreamBuf &in, const std::string &path, LoadError &error,
                                                 std::string &stage)
{
    stage = "while telling the format";
    const std::string head = in.head();
    if (in.failed()) {
        error = LoadError{path, in.errorPlace(), in.error()};
        return std::nullopt;
    }
    // The capture reader also says what is wrong with an empty file.
    const bool blank = head.size() < InputStreamBuf::kWindow && head.find_first_not_of(" \t\r\n") == std::string::npos;
    if (CaptureReader::looksLikeCapture(head) || blank) {
        stage = "while reading the capture";
        return CaptureReader::readStream(in, path, error);
    }
    if (const std::size_t at = binaryByte(head); at != std::string::npos) {
        error = LoadError{path, "byte " + std::to_string(at),
                          "not a format Benchscope can open: binary data (a zero byte"
                              + std::string(in.isGzip() ? " after decompression" : "")
                              + "), where a capture, JSON or a tool's text output was expected"};
        return std::nullopt;
    }
    stage = "while decompressing";
    in.setLimit(InputLimits::current().importBytes, "BENCHSCOPE_MAX_IMPORT_MB");
    const std::string text = in.readAll();
    if (in.failed()) {
        error = LoadError{path, in.errorPlace(), in.error()};
        return std::nullopt;
    }
    stage = "while importing";
    return ImporterRegistry::instance().importText(text, path, error);
}

} // namespace

std::optional<Capture> CaptureLoader::load(const std::string &path, LoadError &error) noexcept
{
    std::string stage = "while opening";
    return guarded(path, error, stage, [&]() -> std::optional<Capture> {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) {
            stage = "while importing the folder";
            return FolderImporter::import(path, error);
        }
        std::filebuf file;
        if (!FileIO::openForReading(file, path, error, InputLimits::current().captureFile()))
            return std::nullopt;
        InputStreamBuf in(file, InputLimits::current().captureBytes, "BENCHSCOPE_MAX_CAPTURE_MB");
        return loadStream(in, path, error, stage);
    });
}

std::optional<Capture> CaptureLoader::loadBytes(const std::string &bytes, const std::string &path,
                                                LoadError &error) noexcept
{
    std::string stage = "while opening";
    return guarded(path, error, stage, [&] {
        MemoryStreamBuf memory(bytes);
        InputStreamBuf in(memory, InputLimits::current().captureBytes, "BENCHSCOPE_MAX_CAPTURE_MB");
        return loadStream(in, path, error, stage);
    });
}


std::vector<std::string> CaptureLoader::withoutJoinedRawFiles(const std::vector<std::string> &paths)
{
    auto normal = [](const std::string &p) {
        std::error_code ec;
        const std::filesystem::path abs = std::filesystem::absolute(p, ec);
        return (ec ? std::filesystem::path(p) : abs).lexically_normal().string();
    };
    std::set<std::string> joined;
    for (const std::string &p : paths)
        joined.insert(normal(CaptureWriter::rawPathFor(p)));
    std::vector<std::string> kept;
    for (const std::string &p : paths)
        if (!joined.count(normal(p)))
            kept.push_back(p);
    return kept;
}

namespace {

bool captureName(const std::string &name)
{
    return endsWith(name, ".json.gz") || endsWith(name, ".json");
}

// A capture by content; a *.json(.gz) that cannot be opened or decoded
// counts as one, so that loading it says why.
bool captureContent(const std::string &path)
{
    const bool named = captureName(std::filesystem::path(path).filename().string());
    std::filebuf file;
    LoadError unreadable;
    if (!FileIO::openForReading(file, path, unreadable, InputLimits::current().captureFile()))
        return named;
    InputStreamBuf in(file, InputLimits::current().captureBytes, "BENCHSCOPE_MAX_CAPTURE_MB");
    const std::string head = in.head();
    return in.failed() ? named : CaptureReader::looksLikeCapture(head);
}

// The files directly in `folder`, by name, without hidden ones: the regular
// ones, and anything else but a folder that is named as a capture (a FIFO,
// a device, a dangling link), so that loading it says what it is rather
// than its being left out unsaid.
std::vector<std::string> filesIn(const std::string &folder)
{
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto &entry : std::filesystem::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.')
            continue;
        std::error_code typeError;
        if (entry.is_regular_file(typeError) || (captureName(name) && !entry.is_directory(typeError)))
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// A run of a history rather than one file of a per-run folder.
bool wholeRun(const Capture &c)
{
    const auto measured = std::count_if(c.results.begin(), c.results.end(),
                                        [](const Result &r) { return r.status != ResultStatus::Missing; });
    return !c.capturedAt.empty() || !c.revision.id.empty() || !c.revision.date.empty() || measured > 1;
}

} // namespace

bool CaptureLoader::isCapture(const std::string &path)
{
    return captureContent(path);
}

std::vector<std::string> CaptureLoader::capturesInFolder(const std::string &folder)
{
    std::vector<std::string> found;
    for (const std::string &path : filesIn(folder))
        if (captureContent(path))
            found.push_back(path);
    return withoutJoinedRawFiles(found);
}

namespace {

// historyFiles of the folder's own files.
std::vector<std::string> historyFilesHere(const std::string &folder)
{
    std::vector<std::string> found = CaptureLoader::capturesInFolder(folder);
    std::error_code ec;
    if (!found.empty() || !std::filesystem::is_directory(folder, ec)
        || std::filesystem::exists(std::filesystem::path(folder) / FolderImporter::kMapFileName, ec)
        || CriterionImporter::holdsBenchmarks(folder))
        return found;
    for (const std::string &path : ImporterRegistry::instance().oneFilePerRun(filesIn(folder))) {
        LoadError error;
        bool unrecognised = false;
        const std::optional<Capture> c = guarded(path, error, {}, [&] {
            return ImporterRegistry::instance().importFile(path, error, &unrecognised);
        });
        if (c && !wholeRun(*c))
            return {}; // a file of a per-run folder
        if (!unrecognised)
            found.push_back(path); // a file that fails is listed, so that loading it says why
    }
    return found;
}

} // namespace

std::vector<std::string> CaptureLoader::historyFiles(const std::string &folder)
{
    std::vector<std::string> here = historyFilesHere(folder);
    std::error_code ec;
    if (!here.empty() || !std::filesystem::is_directory(folder, ec))
        return here;
    // A root of histories, one per subfolder (pytest-benchmark's .benchmarks/,
    // one per machine; asv's results/, beside its benchmarks.json): with one,
    // it is that history.
    const std::vector<std::string> subfolders = historySubfolders(folder);
    return subfolders.size() == 1 ? historyFilesHere(subfolders.front()) : std::vector<std::string>{};
}

std::vector<std::string> CaptureLoader::historySubfolders(const std::string &folder)
{
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto &entry : std::filesystem::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        std::error_code typeError;
        if (!name.empty() && name[0] != '.' && entry.is_directory(typeError)
            && !historyFilesHere(entry.path().string()).empty())
            found.push_back(entry.path().string());
    }
    std::sort(found.begin(), found.end());
    return found;
}

std::string CaptureLoader::noHistoryReason(const std::string &folder)
{
    const std::vector<std::string> subfolders = historySubfolders(folder);
    if (subfolders.size() < 2)
        return "no captures or runs of a history in this folder";
    std::string names;
    for (const std::string &s : subfolders)
        names += (names.empty() ? "" : ", ") + std::filesystem::path(s).filename().string();
    return "this folder holds " + std::to_string(subfolders.size())
        + " histories, one per subfolder (as pytest-benchmark keeps one per machine): " + names
        + "; open one of them";
}

} // namespace bs
