#!/bin/sh
# nginx (nginx-light, one worker) answering the contract and the coverage
# API from its config alone, in the foreground on 127.0.0.1:$1, with its
# pid, logs and temp files in a fresh folder under /tmp. It has no
# scripting, so it cannot parse a JSON body: POST /echo is missing.
set -eu
port=${1:-18104}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d /tmp/benchscope-nginx-contract-XXXXXX)
cat > "$tmp/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $tmp/body;
    default_type text/plain;
    server {
        listen 127.0.0.1:$port;
        location = / { return 200 ""; }
        location ~ "^/user/([0-9]+)\$" { return 200 \$1; }
        location = /user {
            if (\$request_method != POST) { return 405; }
            return 200 "";
        }
        location = /health { default_type application/json; return 200 '{"status":"ok"}'; }
        location /static/ { root $here; }
    }
}
CONF
exec nginx -p "$tmp" -c "$tmp/nginx.conf"
