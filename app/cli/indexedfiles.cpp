#include "indexedfiles.h"

#include "command.h"
#include "summaryindex.h"
#include "textescape.h"

#include <cmath>
#include <ostream>

namespace {

// Says on stderr how a scan that reads files rather than the index goes:
// at most a line a second once it has run a second, with the time left,
// and how long it took.
class ScanProgress {
public:
    explicit ScanProgress(std::ostream &err)
        : m_err(err)
    {
    }

    void step(const bs::IndexedLoad::Progress &p)
    {
        if (!p.lastFromFile || p.seconds < m_nextLine || p.done == p.total)
            return;
        m_nextLine = p.seconds + 1;
        m_err << "benchscope-cli: indexing captures: " << p.done << " of " << p.total << ", about "
              << std::lround(p.secondsLeft()) << " s left\n";
    }

    void finish(const bs::IndexedLoad::Outcome &out)
    {
        const bs::IndexedLoad::Progress &p = out.progress;
        if (m_nextLine <= 1 || !p.fromFiles)
            return; // quick, or nothing to say
        m_err << "benchscope-cli: read " << p.fromFiles << " of " << p.total << " captures from their files in "
              << std::lround(p.seconds) << " s"
              << (out.indexFile.empty() ? std::string() : "; the next history of them reads the index " + out.indexFile)
              << "\n";
    }

private:
    std::ostream &m_err;
    double m_nextLine = 1;
};

} // namespace

bool IndexedFiles::load(CommandContext &ctx, const std::vector<std::string> &files, bool useIndex,
                        std::vector<bs::Capture> &captures, bs::IndexedLoad::Progress *done)
{
    ScanProgress progress(ctx.err);
    bs::IndexedLoad::Outcome out = bs::IndexedLoad::run(
        files, useIndex ? bs::SummaryIndex::defaultFile() : std::string(), [&](const bs::IndexedLoad::Progress &p) {
            progress.step(p);
            return true;
        });
    if (!out.movedAside.empty())
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(out.movedAside)
                << ": the summary index was not sound; moved aside and made anew\n";
    if (!out.refused.empty())
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(out.refused) << "\n";
    if (out.error) {
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(out.error->toString()) << "\n";
        return false;
    }
    progress.finish(out);
    if (done)
        *done = out.progress;
    captures = std::move(out.captures);
    return true;
}

