#pragma once

#include "textline.h"
#include "textreport.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bs {

class CaptureBuilder;

// Reads benchmark-ips's text line by line for BenchmarkIpsImporter (which
// see): the sections, the report lines (a label on a line of its own joined
// to the figures below it), the Comparison, and at the end the figures into
// the capture. Bad figures, a label without figures or figures without a
// label are errors at their line; the warm-up's i/100ms lines are not read.
class BenchmarkIpsReader {
public:
    explicit BenchmarkIpsReader(CaptureBuilder &b);

    void read(const TextLine &line);
    void finish(const TextLine &last);

private:
    enum class Section { None, Warming, Calculating, Comparison };
    struct Report {
        std::string label;
        double ips = 0;
        double rounding = 0; // half a unit of the printed figure's last digit
        double margin = 0;
        double iterations = 0;
        TextLine line;
    };

    void section(Section s);
    bool report(const std::string &label, const std::string &figures, const TextLine &line);
    void comparison(const TextLine &line);
    void checkLayout(bool perIteration, const TextLine &line);
    void noPendingLabel();

    CaptureBuilder &m_b;
    TextReport m_report;
    Section m_section = Section::None;
    std::optional<TextLine> m_pendingLabel;
    std::vector<Report> m_reports;             // in the order first reported
    std::map<std::string, Report> m_compared; // label → the Comparison's i/s and its rounding
    std::set<std::string> m_blockLabels, m_blockCompared; // of the last Calculating block
    std::optional<std::pair<bool, TextLine>> m_layout; // with the per-iteration time, and where first seen
    std::vector<TextLine> m_replaced;
    std::string m_ruby;
    bool m_bootstrap = false;
};

} // namespace bs
