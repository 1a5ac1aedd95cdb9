#pragma once

#include "importer.h"

namespace bs {

// JMH `-rf json`: an array of rows, one per benchmark method, mode and
// parameter set. The method is the participant, the parameter set the case;
// every measurement iteration (rawData[fork][iteration]) is a repetition of
// the mode's metric in canonical units (ops/s, or seconds per operation), and
// secondary metrics (gc.alloc.rate, ...) join the same repetitions. SampleTime
// rows keep each iteration's rawDataHistogram as a histogram.
class JmhImporter : public Importer {
public:
    std::string name() const override { return "JMH JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
