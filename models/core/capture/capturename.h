#pragma once

#include "capture.h"

#include <string>

namespace bs {

// The one way a capture is named where it is shown: window and page
// titles, report headings, diff and history labels.
namespace CaptureName {

// "Suku overhead · r2": the suite and the revision, either alone when the
// other is not recorded, else the file's name.
std::string title(const Capture &capture);
// "r2": the revision, else the file's name: what tells captures of one
// suite apart (a diff's before and after, a history's revisions).
std::string revision(const Capture &capture);
// The file's name without its folder ("after.json.gz"), or empty.
std::string fileName(const Capture &capture);

} // namespace CaptureName

} // namespace bs
