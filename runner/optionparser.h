#pragma once

#include "settingrange.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

// Command-line options of the form "--name" and "--name VALUE"; anything
// not starting with '-' is positional. Qt-free, for benchscope-run.
class OptionParser {
public:
    void flag(const std::string &name, bool &target);
    void text(const std::string &name, std::string &target);
    // A number within `range` (a whole number when `whole`).
    void number(const std::string &name, const SettingRange &range, bool whole, std::optional<double> &target);

    // False with `error` set on an unknown option or a bad or missing value.
    bool parse(int argc, const char *const *argv, std::vector<std::string> &positional, std::string &error) const;

private:
    struct Option {
        std::string name;
        enum Kind { Flag, Text, Number } kind;
        bool *flag = nullptr;
        std::string *text = nullptr;
        std::optional<double> *number = nullptr;
        SettingRange range {0, 0};
        bool whole = false;
    };
    const Option *find(const std::string &name) const;
    static bool assign(const Option &o, const std::string &value, std::string &error);

    std::vector<Option> m_options;
};

} // namespace bs
