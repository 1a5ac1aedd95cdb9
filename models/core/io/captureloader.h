#pragma once

#include "capture.h"
#include "loaderror.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

class InputStreamBuf;

// Opens anything Benchscope can show: a Benchscope capture (.json or
// .json.gz), or another tool's output, told apart by content rather than by
// file name, from the first decoded window of the file; the file is read
// and decompressed once, within InputLimits. The one entry point for the CLI
// and the GUI: nothing thrown inside leaves it, every failure is a LoadError.
namespace CaptureLoader {

std::optional<Capture> load(const std::string &path, LoadError &error) noexcept;
// The same for a file's content already in memory; `path` names it.
std::optional<Capture> loadBytes(const std::string &bytes, const std::string &path,
                                 LoadError &error) noexcept;
// `paths` without the raw-repetitions files of summaries also in `paths`
// (X.raw.json.gz beside X.json.gz, as CaptureWriter names them): loading
// the summary reads them, and alone they are no capture. So a glob such as
// `local/*.json.gz` opens each split capture once.
std::vector<std::string> withoutJoinedRawFiles(const std::vector<std::string> &paths);
// The Benchscope captures directly in `folder` (told by content, so a
// folder of another tool's per-run results has none), by name, without the
// raw files their summaries read; a *.json(.gz) that cannot be decoded is
// listed, so that loading it says why. Empty when `folder` is not one.
std::vector<std::string> capturesInFolder(const std::string &folder);
// The files of `folder` that a history reads (by name): its Benchscope
// captures; else, when it has no benchscope-map.json and is no criterion
// tree, the other tools' files in it when each is a whole run: every file
// an importer reads records when or at which revision it ran, or holds
// more than one result (a pytest-benchmark storage folder, a series of go
// test outputs). Empty for a folder of per-run results (one capture, read
// by FolderImporter) and for any other folder.
// A folder holding only subfolders, exactly one of which is a history
// (pytest-benchmark's storage root .benchmarks/ with one machine folder),
// gives that history's files; with several, none (noHistoryReason names them).
std::vector<std::string> historyFiles(const std::string &folder);
// The subfolders of `folder` that are histories (historyFiles not empty), by name.
std::vector<std::string> historySubfolders(const std::string &folder);
// Why `folder` gives no history files: the histories in its subfolders to
// pick from when it holds several, else that it holds none.
std::string noHistoryReason(const std::string &folder);
// Whether `path` is a Benchscope capture (told by content), not another
// tool's output.
bool isCapture(const std::string &path);

} // namespace CaptureLoader

} // namespace bs
