#include "suitetemplates.h"

namespace {

const char *kHttpServers = R"({
  "suite": {"id": "my-http-servers", "title": "My HTTP servers"},
  "revision": {"git": true},
  "settings": {"mode": "saturation", "connections": 10, "warmup_s": 1, "duration_s": 3, "repetitions": 3,
               "run_order": "sequential"},
  "participants": [
    {"id": "python-http-server", "label": "python3 -m http.server",
     "start": {"command": ["python3", "-m", "http.server", "18090", "--bind", "127.0.0.1"]},
     "url": "http://127.0.0.1:18090", "version_command": ["python3", "--version"]}
  ],
  "cases": [
    {"id": "index", "label": "GET /", "group": "pages", "path": "/", "expect": {"status": 200}}
  ]
}
)";

const char *kCommands = R"({
  "suite": {"id": "my-commands", "title": "My commands"},
  "revision": {"git": true},
  "settings": {"repetitions": 5},
  "participants": [
    {"id": "gzip", "label": "gzip -6", "version_command": ["gzip", "--version"],
     "commands": {"compress": ["sh", "-c", "gzip -6 -c /usr/share/common-licenses/GPL-3 > /dev/null"]}},
    {"id": "xz", "label": "xz -6", "version_command": ["xz", "--version"],
     "commands": {"compress": ["sh", "-c", "xz -6 -c /usr/share/common-licenses/GPL-3 > /dev/null"]}}
  ],
  "cases": [
    {"id": "compress", "label": "Compress a text file", "group": "commands", "kind": "command", "runs": 5,
     "warmup_runs": 1}
  ]
}
)";

} // namespace

QStringList SuiteTemplates::names()
{
    return {QStringLiteral("HTTP servers"), QStringLiteral("Commands")};
}

QByteArray SuiteTemplates::text(const QString &name)
{
    return QByteArray(name == names().front() ? kHttpServers : kCommands);
}
