// benchscope-render: the commands of benchscope-cli that draw (export,
// report, publish). benchscope-cli runs it for them, so that its other commands load
// no widget or chart library (docs/architecture.md).
#include "command.h"
#include "exportcommand.h"
#include "publishcommand.h"
#include "reportcommand.h"
#include "version.h"

#include <cstring>
#include <iostream>

int main(int argc, char **argv)
{
    std::ios::sync_with_stdio(false);
    if (argc >= 2 && !std::strcmp(argv[1], "--version")) {
        std::cout << "benchscope-render " << bs::kVersion << "\n";
        return 0;
    }
    int (*run)(CommandContext &) = nullptr;
    if (argc >= 2 && !std::strcmp(argv[1], "export"))
        run = &ExportCommand::run;
    else if (argc >= 2 && !std::strcmp(argv[1], "report"))
        run = &ReportCommand::run;
    else if (argc >= 2 && !std::strcmp(argv[1], "publish"))
        run = &PublishCommand::run;
    if (!run) {
        std::cerr << "usage: benchscope-render export|report|publish ARGS... (as benchscope-cli export|report|publish; "
                     "see benchscope-cli --help)\n";
        return 2;
    }
    CommandContext ctx{std::vector<std::string>(argv + 2, argv + argc), std::cout, std::cerr};
    return run(ctx);
}
