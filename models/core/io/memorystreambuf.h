#pragma once

#include <ios>
#include <streambuf>
#include <string>

namespace bs {

// Reads a string in memory as a stream, without copying it. The string must
// outlive the buffer.
class MemoryStreamBuf : public std::streambuf {
public:
    explicit MemoryStreamBuf(const std::string &bytes)
    {
        char *p = const_cast<char *>(bytes.data());
        setg(p, p, p + bytes.size());
    }

protected:
    // Seeks to an absolute place (InputStreamBuf::rewind goes back to 0).
    pos_type seekpos(pos_type pos, std::ios_base::openmode which) override
    {
        if (!(which & std::ios_base::in) || pos < 0 || pos > pos_type(egptr() - eback()))
            return pos_type(off_type(-1));
        setg(eback(), eback() + off_type(pos), egptr());
        return pos;
    }
};

} // namespace bs
