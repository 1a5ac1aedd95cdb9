#pragma once

#include "capture.h"

#include <QString>
#include <QStringList>

#include <vector>

// How the capture list names what it lists, so each entry is told apart at
// a glance in a narrow panel (docs/gui.md, "The capture list").
namespace CaptureLabels {

// Suite titles as listed: where two titles share a long beginning (which
// the panel would cut to the same "HTTP framework under the web…"), each is
// cut where they differ: "HTTP framework… saturation".
QStringList suiteTitles(const QStringList &titles);

// "0df3723 · 2026-12-01 19:50": the entries of one suite, each the
// revision and when it was made, told apart where two would read alike
// (bs::CaptureName::apart), each led by its mark().
QStringList entries(const std::vector<const bs::Capture *> &captures);

// A capture stopped before the end ("Partial capture" caveat, or results
// cancelled), and one where nothing succeeded.
bool isPartial(const bs::Capture &capture);
bool isFailed(const bs::Capture &capture);
// "partial · ", "failed · " or empty: what leads an entry's text.
QString mark(const bs::Capture &capture);

} // namespace CaptureLabels
