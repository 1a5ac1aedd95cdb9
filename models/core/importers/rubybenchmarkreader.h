#pragma once

#include "rubybenchmarktable.h"
#include "textline.h"
#include "textreport.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

class CaptureBuilder;

// Reads Ruby's Benchmark text line by line for RubyBenchmarkImporter (which
// see): each "user system total real" header and the rows under it, bmbm's
// rehearsal before its header, the line that titles a table, and at the end
// the tables into the capture. A table's lines may all carry a "#" comment
// marker (output pasted into Ruby source); it ends at a blank line, a
// Markdown fence or a line with another marker. Inside a table a line
// shaped as a row with a bad figure is an error at its line; any other line
// there is named in a caveat (its figures, if any, are not read).
class RubyBenchmarkReader {
public:
    explicit RubyBenchmarkReader(CaptureBuilder &b);

    // Whether the line opens a table: a header (its last four words "user
    // system total real"), or bmbm's "Rehearsal -----" line.
    static bool opensTable(const std::string &line);
    // Whether the line, without its comment marker, is shaped as a row.
    static bool isRow(const std::string &line);

    void read(const TextLine &line);
    void finish(const TextLine &last);

private:
    // A rehearsal or a table being read: its lines share a comment marker.
    struct Block {
        bool rehearsal = false;
        std::string marker;
        RubyBenchmarkTable table; // a rehearsal's title, start and rows too
    };
    // A line that may title the next table; inside a table, one not read.
    struct Candidate {
        TextLine line;
        bool inBlock = false;
    };
    // The first of some lines and how many there are, for a caveat.
    struct Lines {
        int first = 0;
        std::size_t count = 0;
        void add(const TextLine &l)
        {
            if (count++ == 0)
                first = l.number;
        }
        std::string text() const
        {
            return "line " + std::to_string(first) + (count > 1 ? " and " + std::to_string(count - 1) + " more" : "");
        }
    };

    void open(bool rehearsal, const std::string &marker, const TextLine &line);
    void close();
    void settleCandidate();
    void orphanRehearsal();
    void store(const RubyBenchmarkTable &table, const std::string &caseLabel);
    void addCaveats(const TextLine &last);

    CaptureBuilder &m_b;
    TextReport m_report;
    std::optional<Block> m_open;
    std::optional<Block> m_rehearsal; // read, its table not yet begun
    std::optional<Candidate> m_candidate;
    std::vector<RubyBenchmarkTable> m_tables;
    Lines m_stray, m_orphans, m_empty, m_summaries, m_twice, m_rehearsals;
    std::vector<std::string> m_short; // bmbm tables with fewer rows than their rehearsal
};

} // namespace bs
