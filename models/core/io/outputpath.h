#pragma once

#include "loaderror.h"

#include <string>
#include <vector>

namespace bs {

// Where an output really goes, and whether writing there would destroy
// what the user had (docs/limits.md, "Outputs"):
// - an output that is one of the inputs (the same file by device and inode,
//   whatever the spelling: ./x, a symlink, a hard link), or that lies inside
//   an input folder, or a folder output that holds an input, is refused;
// - a symlink is followed: its target is replaced, never the link;
// - a character device or a FIFO is written into as a stream (a FIFO only
//   when it has a reader, so a write never hangs); a folder, a socket or a
//   block device is refused. A special file is never replaced by a regular one.
namespace OutputPath {

enum class Kind { Replace, Stream };

// The file a write to `path` replaces (symlinks followed, so the temporary
// file goes in the target's folder), or the path to stream into; false
// with `error` when it cannot be written.
bool resolve(const std::string &path, std::string &target, Kind &kind, LoadError &error);

// Opens `path` (a character device or FIFO) and writes `bytes` into it.
bool stream(const std::string &path, const std::string &bytes, LoadError &error);

// False with `error` ("OUT: is the input IN ...") when writing `out` would
// overwrite one of `inputs` (files or folders) or `out` is a folder that
// holds one.
bool notAnInput(const std::string &out, const std::vector<std::string> &inputs, LoadError &error);

// "a/b/c.json" -> "a/b"; "c.json" -> "."; "/c.json" -> "/".
std::string folderOf(const std::string &path);

} // namespace OutputPath

} // namespace bs
