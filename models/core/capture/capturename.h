#pragma once

#include "capture.h"

#include <string>
#include <vector>

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

// The names of captures shown together (the capture list, the pickers, a
// diff's columns and legends, a page's sections), each told apart from the
// others: revision() (with `withDate`, its date, else when it was
// captured: "8c31a50 · 2026-12-05 10:20", and a capture without a revision
// by that time alone); where two read alike, when each
// was captured ("· captured 2026-12-05 11:02:07"); where still alike, the
// load generator, then the machine, where those differ; last, the file's
// name. A name alone in the list gets nothing added.
std::vector<std::string> apart(const std::vector<const Capture *> &captures, bool withDate);
// "2026-12-01T19:50:32+00:00" → "2026-12-01 19:50"; a date alone stays.
std::string shortTime(const std::string &when);

} // namespace CaptureName

} // namespace bs
