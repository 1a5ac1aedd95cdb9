#pragma once

#include <string>

namespace bs {

// Small text helpers the page file's readers share.
namespace PageText {

// Without the spaces, tabs and carriage returns at either end.
std::string trim(const std::string &s);

} // namespace PageText

} // namespace bs
