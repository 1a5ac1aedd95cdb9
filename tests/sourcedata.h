#pragma once

// A file of the source tree as the hardening tests start from it, and a
// variant of it with one piece of text replaced. Either fails the test
// program when the file or the piece is not there.
#include "fileio.h"

#include <QString>
#include <QtGlobal>

#include <string>

namespace sourcedata {

inline std::string text(const std::string &relative)
{
    bs::LoadError error;
    auto bytes = bs::FileIO::readFile(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/" + relative,
                                      error, bs::InputLimits::current().captureFile());
    if (!bytes)
        qFatal("%s", error.toString().c_str());
    return *bytes;
}

// `text` with the first `from` replaced by `to`.
inline std::string replaced(std::string text, const std::string &from, const std::string &to)
{
    const auto at = text.find(from);
    if (at == std::string::npos)
        qFatal("not in the text: %s", from.c_str());
    return text.replace(at, from.size(), to);
}

} // namespace sourcedata
