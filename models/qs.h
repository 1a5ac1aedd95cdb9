#pragma once

#include <QString>

#include <string>

// The core's UTF-8 std::string as a QString: the one shorthand the Qt
// layers use where a file converts many.
inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}
