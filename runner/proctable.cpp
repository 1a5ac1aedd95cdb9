#include "proctable.h"

#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace bs {

const char *const ProcTable::kMarkVariable = "BENCHSCOPE_PARTICIPANT";

namespace {

bool readEntry(pid_t pid, ProcEntry &e)
{
    const std::string dir = "/proc/" + std::to_string(pid);
    std::ifstream statFile(dir + "/stat");
    std::string stat;
    std::getline(statFile, stat);
    const auto close = stat.rfind(')');
    if (close == std::string::npos)
        return false;
    std::istringstream fields(stat.substr(close + 2));
    std::string state;
    long long ppid = 0, pgrp = 0;
    fields >> state >> ppid >> pgrp;
    if (!fields || state == "Z" || state == "X")
        return false; // a zombie holds nothing; its parent reaps it
    e = {pid, pid_t(ppid), pid_t(pgrp), {}};
    std::ifstream environ(dir + "/environ", std::ios::binary);
    const std::string prefix = std::string(ProcTable::kMarkVariable) + "=";
    std::string var;
    while (std::getline(environ, var, '\0'))
        if (var.compare(0, prefix.size(), prefix) == 0) {
            e.mark = var.substr(prefix.size());
            break;
        }
    return true;
}

} // namespace

std::vector<ProcEntry> ProcTable::read()
{
    std::vector<ProcEntry> all;
    if (DIR *proc = opendir("/proc")) {
        while (dirent *d = readdir(proc)) {
            ProcEntry e;
            if (d->d_name[0] >= '0' && d->d_name[0] <= '9' && readEntry(pid_t(std::atol(d->d_name)), e))
                all.push_back(e);
        }
        closedir(proc);
    }
    return all;
}

std::vector<pid_t> ProcTable::withDescendants(const std::vector<ProcEntry> &all, std::set<pid_t> in)
{
    for (bool grew = true; grew;) {
        grew = false;
        for (const ProcEntry &e : all)
            if (in.count(e.ppid) && in.insert(e.pid).second)
                grew = true;
    }
    in.erase(getpid());
    return {in.begin(), in.end()};
}

} // namespace bs
