#!/usr/bin/env bash
# Remakes tests/data/importers/locust/ (tst_importers_locust reads its
# figures by hand: a new run needs them read again): a real Locust run (Debian's
# python3-locust, a master and two local workers) against Python's
# http.server on 127.0.0.1, with one route that answers 404 so that the
# failures file has rows. Writes Locust's own --csv files (stats,
# stats_history, failures, exceptions) and, as Locust 2.16 and later print
# it with --json, the stats.serialize_stats() list of StatsEntry.serialize() (Debian's 2.12.1 has no
# --json flag: the locustfile prints the same list when the master quits).
set -euo pipefail
cd "$(dirname "$0")/.."
out=tests/data/importers/locust
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/www" && echo hello > "$work/www/index.html"
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
(cd "$work/www" && exec /usr/bin/python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
cat > "$work/locustfile.py" <<'PY'
import json, os
import locust.runners
if not locust.runners.__version__:  # Debian's 2.12.1 ships an empty version
    locust.runners.__version__ = "0.0.0+benchscope"
from locust import FastHttpUser, task, constant, events

class Site(FastHttpUser):
    wait_time = constant(0.01)
    @task(3)
    def index(self):
        self.client.get("/index.html", name="GET /index.html")
    @task(1)
    def missing(self):
        self.client.get("/missing", name="GET /missing")

@events.quitting.add_listener
def write_json(environment, **kw):
    if isinstance(environment.runner, locust.runners.MasterRunner):
        with open(os.environ["LOCUST_JSON_OUT"], "w") as f:
            # serialize_stats() without its reset, which would empty the CSV written after this
            entries = environment.runner.stats.entries.values()
            json.dump([e.serialize() for e in entries if e.num_requests or e.num_failures], f, indent=4)
PY
sleep 1
mport=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
LOCUST_JSON_OUT="$work/run.json" locust -f "$work/locustfile.py" --headless --master --master-bind-host 127.0.0.1 \
  --master-bind-port "$mport" --expect-workers 2 -u 4 -r 4 -t 5s --csv "$work/run" --host "http://127.0.0.1:$port" \
  --exit-code-on-error 0 --only-summary >"$work/master.log" 2>&1 &
master=$!
for i in 1 2; do
  locust -f "$work/locustfile.py" --worker --master-host 127.0.0.1 --master-port "$mport" >"$work/worker$i.log" 2>&1 &
done
wait "$master"
mkdir -p "$out"
cp "$work"/run_stats.csv "$work"/run_stats_history.csv "$work"/run_failures.csv "$work"/run_exceptions.csv "$work"/run.json "$out/"
echo "wrote $out (Locust $(dpkg-query -W -f '${Version}' python3-locust), $(date -u +%F))"
