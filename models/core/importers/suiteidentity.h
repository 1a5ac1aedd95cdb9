#pragma once

#include "capture.h"

#include <string>
#include <vector>

namespace bs {

// The suite of an imported run, from its tool and what it measured, never
// from the file's name, so that the runs of one suite saved as separate
// files (a pytest-benchmark storage folder, a series of go test outputs)
// form one history and two files of the same benchmarks diff as one suite.
// `measured` names what the run measured: Go's packages, pytest-benchmark's
// test modules, else the participants (see docs/history.md). The id is the
// tool's slug and, for one name, its slug ("go-test--example.com-pkg"); for
// several, the first's slug, how many more, and a digest of them all, so
// that the same set gives the same id in any order; none gives the tool's
// slug alone. The title reads "TOOL: NAME, NAME and N more" ("TOOL" alone
// when the one name is the tool's own, as Benchmark.js's participant is).
namespace SuiteIdentity {

Suite of(const std::string &tool, std::vector<std::string> measured);

} // namespace SuiteIdentity

} // namespace bs
