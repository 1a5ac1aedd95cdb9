#!/bin/sh
# Starts nginx in the foreground on 127.0.0.1:$1 serving ./www, with its
# pid, logs and temp files in a fresh folder under /tmp (so no root and no
# system config are needed). Used by static-servers.json.
set -eu
port=${1:-18081}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d /tmp/benchscope-nginx-XXXXXX)
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
    types { text/html html; application/json json; }
    server {
        listen 127.0.0.1:$port;
        root $here/www;
    }
}
CONF
exec nginx -p "$tmp" -c "$tmp/nginx.conf"
