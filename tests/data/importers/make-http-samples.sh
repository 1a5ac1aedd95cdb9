#!/bin/sh
# Makes the real ab, hey and h2load outputs under ab/, hey/ and h2load/
# against a loopback nginx (nginx-light from Debian: HTTP/1.1 on one port,
# cleartext HTTP/2 "h2c" with prior knowledge on another, which h2load uses
# for http:// URLs). Run from this folder as root, or with the tools
# installed. Short runs: a few thousand requests each.
#   /            a 30-byte static page (200)
#   /missing     no such file (every response a 404)
#   /counter     a body that names the request's number on its connection,
#                so its length changes under keep-alive (ab's "Length" failures)
# Failure cases: a closed port (connection refused), and nginx stopped
# mid-run (hey and h2load).
set -eu
here=$(pwd)
if ! command -v ab >/dev/null || ! command -v hey >/dev/null || ! command -v h2load >/dev/null \
   || ! command -v nginx >/dev/null; then
  apt-get install -y apache2-utils hey nghttp2-client nginx-light >/dev/null
fi
tmp=$(mktemp -d /tmp/benchscope-http-samples-XXXXXX)
chmod 755 "$tmp" # the nginx workers run as another user
trap 'stop_nginx; rm -rf "$tmp"' EXIT
h1=18611
h2=18612
closed=18619

mkdir "$tmp/www"
echo '<html>hello from nginx</html>' > "$tmp/www/index.html"
cat > "$tmp/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $tmp/body;
    proxy_temp_path $tmp/proxy;
    fastcgi_temp_path $tmp/fastcgi;
    uwsgi_temp_path $tmp/uwsgi;
    scgi_temp_path $tmp/scgi;
    keepalive_requests 100000;
    types { text/html html; }
    server {
        listen 127.0.0.1:$h1;
        listen 127.0.0.1:$h2 http2;
        root $tmp/www;
        location = /counter {
            default_type text/plain;
            return 200 "request \$connection_requests on this connection\n";
        }
    }
}
CONF

nginx_pid=
start_nginx() {
  nginx -p "$tmp" -c "$tmp/nginx.conf" &
  nginx_pid=$!
  for _ in $(seq 50); do
    curl -s -o /dev/null "http://127.0.0.1:$h1/" && return 0
    sleep 0.1
  done
  echo "nginx did not start" >&2
  exit 1
}
stop_nginx() {
  if [ -n "$nginx_pid" ]; then
    kill "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
    nginx_pid=
  fi
}
# Runs "$@" in the background and stops nginx after $1 seconds.
stop_after() {
  delay=$1
  shift
  "$@" &
  run=$!
  sleep "$delay"
  stop_nginx
  wait "$run" || true
}

start_nginx
url=http://127.0.0.1:$h1

# ab: a normal run with its percentile CSV and per-request TSV; all 404; Length
# failures under keep-alive; a closed port (ab stops at the first refusal).
ab -n 3000 -c 8 -e ab/ab-nginx-root.csv -g ab/ab-nginx-root.tsv "$url/" > ab/ab-nginx-root.txt 2>/dev/null
ab -n 2000 -c 8 "$url/missing" > ab/ab-nginx-missing.txt 2>/dev/null
ab -k -n 2000 -c 4 "$url/counter" > ab/ab-nginx-counter-keepalive.txt 2>/dev/null
ab -n 100 -c 4 "http://127.0.0.1:$closed/" > ab/ab-refused.txt 2>&1 || true
# Three runs of the same URL: one capture with three repetitions.
folder=ab/folder/20261201-193000-nginx
mkdir -p "$folder"
for n in 1 2 3; do
  ab -n 2000 -c 8 "$url/" > "$folder/run$n.txt" 2>/dev/null
done

# hey: a normal run, its per-request CSV, all 404, a closed port, nginx stopped mid-run.
hey -n 3000 -c 8 "$url/" > hey/hey-nginx-root.txt
hey -n 3000 -c 8 -o csv "$url/" > hey/hey-nginx-root.csv
hey -n 2000 -c 8 "$url/missing" > hey/hey-nginx-missing.txt
hey -n 200 -c 4 "http://127.0.0.1:$closed/" > hey/hey-refused.txt
stop_after 1 sh -c "hey -z 2s -c 4 -q 500 '$url/' > hey/hey-nginx-stopped-midrun.txt"

# h2load over h2c: a normal run with its per-request log, all 404, a closed
# port, nginx stopped mid-run.
start_nginx
h2url=http://127.0.0.1:$h2
h2load -n 3000 -c 8 --log-file=h2load/h2load-nginx-root.log "$h2url/" > h2load/h2load-nginx-root.txt
h2load -n 2000 -c 8 "$h2url/missing" > h2load/h2load-nginx-missing.txt
h2load -n 200 -c 4 "http://127.0.0.1:$closed/" > h2load/h2load-refused.txt || true
# In -n mode the requests never sent count as failed; with -D they would not show.
stop_after 0.5 sh -c "h2load -n 60000 -c 4 '$h2url/' > h2load/h2load-nginx-stopped-midrun.txt || true"
