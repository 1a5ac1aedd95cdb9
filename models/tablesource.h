#pragma once

#include "table.h"

// A model that shows one of the core's tables column for column (its
// rows in the capture's order): what a view asks about a column's
// figures, such as bs::Table::valueless(), so the window and the exports
// follow one rule.
class TableSource {
public:
    virtual ~TableSource() = default;
    virtual const bs::Table &table() const = 0;
};
