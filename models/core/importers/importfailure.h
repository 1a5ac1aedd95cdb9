#pragma once

#include <string>

namespace bs {

// Thrown inside an importer and turned into a LoadError (with the file name)
// at Importer::read. `place` is a JSON path ("$.summary.total") or a text
// position ("line 12").
struct ImportFailure {
    std::string place;
    std::string message;
};

} // namespace bs
