#include "csvtext.h"

#include "inputfailure.h"

namespace bs {

namespace {

// Reads one field starting at `i` (just after a separator or a line start);
// leaves `i` on the character after it (a comma, a line end or the end).
std::string field(const std::string &text, std::size_t &i, int &line, int recordLine)
{
    std::string out;
    if (i >= text.size() || text[i] != '"') {
        const std::size_t end = text.find_first_of(",\r\n", i);
        out = text.substr(i, end == std::string::npos ? std::string::npos : end - i);
        i = end == std::string::npos ? text.size() : end;
        return out;
    }
    for (++i;; ++i) {
        if (i >= text.size())
            throw InputFailure{"line " + std::to_string(recordLine), "a quoted field is not closed before the end of the file"};
        const char c = text[i];
        if (c == '"') {
            if (i + 1 < text.size() && text[i + 1] == '"') {
                out += '"';
                ++i;
                continue;
            }
            ++i;
            if (i < text.size() && text[i] != ',' && text[i] != '\r' && text[i] != '\n')
                throw InputFailure{"line " + std::to_string(line), "a quoted field is followed by text before its comma"};
            return out;
        }
        if (c == '\n')
            ++line;
        out += c;
    }
}

} // namespace

std::vector<CsvRecord> CsvText::records(const std::string &text)
{
    std::vector<CsvRecord> out;
    forEachRecord(text, [&](CsvRecord &r) {
        out.push_back(std::move(r));
        return true;
    });
    return out;
}

void CsvText::forEachRecord(const std::string &text, const std::function<bool(CsvRecord &)> &take)
{
    std::size_t i = 0;
    int line = 1;
    while (i < text.size()) {
        if (text[i] == '\r' || text[i] == '\n') { // a blank line
            if (text[i] == '\n')
                ++line;
            ++i;
            continue;
        }
        CsvRecord r;
        r.line = line;
        for (;;) {
            r.fields.push_back(field(text, i, line, r.line));
            if (i < text.size() && text[i] == ',') {
                ++i;
                continue;
            }
            break;
        }
        if (i < text.size() && text[i] == '\r')
            ++i;
        if (i < text.size() && text[i] == '\n') {
            ++i;
            ++line;
        }
        if (!take(r))
            return;
    }
}

} // namespace bs
