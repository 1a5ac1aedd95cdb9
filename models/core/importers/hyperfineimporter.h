#pragma once

#include "importer.h"

namespace bs {

// hyperfine `--export-json`: every timed run becomes a repetition (seconds).
// Without parameters each command is a participant of one case; with a
// parameter scan (-P/-L) each parameter value set is a case and the command
// template (values put back as {name}) the participant.
class HyperfineImporter : public Importer {
public:
    std::string name() const override { return "hyperfine JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
