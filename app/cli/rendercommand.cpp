#include "rendercommand.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

std::filesystem::path ownDirectory(const char *argv0)
{
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    return (ec ? std::filesystem::path(argv0) : self).parent_path();
}

} // namespace

int RenderCommand::exec(char **argv)
{
    const std::string path = (ownDirectory(argv[0]) / "benchscope-render").string();
    std::vector<char *> args{const_cast<char *>(path.c_str())};
    for (char **a = argv + 1; *a; ++a)
        args.push_back(*a);
    args.push_back(nullptr);
    std::cout.flush();
    ::execv(path.c_str(), args.data());
    std::cerr << "benchscope-cli: " << argv[1] << " needs " << path << ", which could not be started: "
              << std::strerror(errno) << "\n";
    return 1;
}
