#pragma once

#include "command.h"

// `benchscope-cli publish FILE|DIR... --out SITE [--title T] [--force]`:
// the captures as a web page, SITE/index.html with its assets and
// downloads, all local (PagePublisher; docs/publish.md). Every FILE is
// loaded before anything is written: a bad one exits 1 naming the file and
// the place, and SITE is left as it was. Runs without a display.
namespace PublishCommand {

int run(CommandContext &ctx);

} // namespace PublishCommand
