#include "machineinfo.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace bs {

namespace {

// The value after "key" and ':' (or '=') on the first line starting with key.
std::string valueOf(const char *path, const std::string &key, char separator)
{
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(key, 0) != 0)
            continue;
        const auto sep = line.find(separator);
        if (sep == std::string::npos)
            continue;
        std::string v = line.substr(sep + 1);
        const auto first = v.find_first_not_of(" \t\"");
        const auto last = v.find_last_not_of(" \t\"");
        return first == std::string::npos ? std::string() : v.substr(first, last - first + 1);
    }
    return {};
}

} // namespace

Machine MachineInfo::current()
{
    Machine m;
    m.cpu = valueOf("/proc/cpuinfo", "model name", ':');
    m.cores = int(sysconf(_SC_NPROCESSORS_ONLN));
    const std::string memKb = valueOf("/proc/meminfo", "MemTotal", ':');
    m.memoryBytes = std::strtod(memKb.c_str(), nullptr) * 1024.0;
    utsname u {};
    uname(&u);
    const std::string distro = valueOf("/etc/os-release", "PRETTY_NAME", '=');
    m.os = (distro.empty() ? std::string(u.sysname) : distro) + ", " + u.sysname + " " + u.release;
    m.hostname = u.nodename;
    return m;
}

} // namespace bs
