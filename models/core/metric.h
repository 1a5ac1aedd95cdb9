#pragma once

#include <string>

namespace bs {

enum class Direction { HigherIsBetter, LowerIsBetter };

// A quantity measured per repetition. Values are stored in the canonical unit
// named by `unit` (see docs/capture-format.md: "s", "B", "req/s", "ops/s",
// "B/s", "count", "ratio", "%"); views choose a human scale when displaying.
struct Metric {
    std::string id;
    std::string label;
    std::string unit;
    Direction direction = Direction::HigherIsBetter;
    bool primary = false;
    std::string description;

    bool operator==(const Metric &o) const
    {
        return id == o.id && label == o.label && unit == o.unit && direction == o.direction
            && primary == o.primary && description == o.description;
    }
};

} // namespace bs
