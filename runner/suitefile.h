#pragma once

#include "loaderror.h"
#include "suitespec.h"

#include <optional>
#include <string>

namespace bs {

// Reads and validates a suite file. Every error names the file, the field as
// a JSON path ("$.cases[1].expect.status") and what was expected there.
class SuiteFile {
public:
    static std::optional<SuiteSpec> read(const std::string &path, LoadError &error);
    // `directory` resolves relative paths (body_file, cwd); `path` names the file in errors.
    static std::optional<SuiteSpec> parse(const std::string &text, const std::string &path,
                                          const std::string &directory, LoadError &error);
};

} // namespace bs
