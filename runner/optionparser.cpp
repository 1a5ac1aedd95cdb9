#include "optionparser.h"

#include <cstdlib>

namespace bs {

void OptionParser::flag(const std::string &name, bool &target)
{
    Option o {name, Option::Flag};
    o.flag = &target;
    m_options.push_back(o);
}

void OptionParser::text(const std::string &name, std::string &target)
{
    Option o {name, Option::Text};
    o.text = &target;
    m_options.push_back(o);
}

void OptionParser::number(const std::string &name, const SettingRange &range, bool whole,
                          std::optional<double> &target)
{
    Option o {name, Option::Number};
    o.number = &target;
    o.range = range;
    o.whole = whole;
    m_options.push_back(o);
}

const OptionParser::Option *OptionParser::find(const std::string &name) const
{
    for (const Option &o : m_options)
        if (o.name == name)
            return &o;
    return nullptr;
}

bool OptionParser::assign(const Option &o, const std::string &value, std::string &error)
{
    if (o.kind == Option::Text) {
        *o.text = value;
        return true;
    }
    char *end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    if (end == value.c_str() || *end != '\0' || !o.range.contains(v) || (o.whole && v != double(long(v)))) {
        error = o.name + " needs a " + (o.whole ? "whole " : "") + "number " + o.range.text() + ", found \"" + value
            + "\"";
        return false;
    }
    *o.number = v;
    return true;
}

bool OptionParser::parse(int argc, const char *const *argv, std::vector<std::string> &positional,
                         std::string &error) const
{
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.empty() || a[0] != '-') {
            positional.push_back(a);
            continue;
        }
        const Option *o = find(a);
        if (!o) {
            error = "unknown option " + a;
            return false;
        }
        if (o->kind == Option::Flag) {
            *o->flag = true;
            continue;
        }
        if (i + 1 >= argc) {
            error = a + " needs a value";
            return false;
        }
        if (!assign(*o, argv[++i], error))
            return false;
    }
    return true;
}

} // namespace bs
