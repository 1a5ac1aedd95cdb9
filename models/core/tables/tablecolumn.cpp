#include "tablecolumn.h"

namespace bs {

std::string TableColumn::caption() const
{
    if (kind != ColumnKind::Value || scale.suffix.empty())
        return name;
    return name + " (" + scale.suffix + ")";
}

} // namespace bs
