#pragma once

#include "capture.h"
#include "loaderror.h"

#include <optional>
#include <string>

namespace bs {

// Opens anything Benchscope can show: a Benchscope capture (.json or
// .json.gz), or another tool's output, told apart by content rather than by
// file name. The one entry point for the CLI and the GUI.
class CaptureLoader {
public:
    static std::optional<Capture> load(const std::string &path, LoadError &error);
};

} // namespace bs
