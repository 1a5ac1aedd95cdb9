#pragma once

#include <functional>
#include <string>
#include <vector>

namespace bs {

// One record of a CSV file as Python's csv module writes it (RFC 4180:
// fields with a comma, a quote or a line break are quoted, a quote inside
// is doubled), with the number of the line it starts on.
struct CsvRecord {
    std::vector<std::string> fields;
    int line = 0;
    std::string place() const { return "line " + std::to_string(line); }
};

namespace CsvText {

// Every record of `text`, in order; a blank line is no record. A quote left
// open at the end throws InputFailure naming the line where it opened.
std::vector<CsvRecord> records(const std::string &text);
// The same, one record at a time (a long file's records are never all held):
// `take` gets each in order and returns false to stop.
void forEachRecord(const std::string &text, const std::function<bool(CsvRecord &)> &take);

} // namespace CsvText

} // namespace bs
