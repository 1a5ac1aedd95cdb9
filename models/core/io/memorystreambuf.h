#pragma once

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
};

} // namespace bs
