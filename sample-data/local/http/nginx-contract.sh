#!/bin/sh
# nginx (nginx-light, one worker) in the foreground on 127.0.0.1:$1 with
# nginx-contract.conf, its pid, logs and temp files in a fresh folder under
# /tmp. It has no scripting, so it cannot parse a JSON body: POST /echo is
# missing.
set -eu
port=${1:-18104}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d /tmp/benchscope-nginx-contract-XXXXXX)
sed -e "s|@PORT@|$port|" -e "s|@HERE@|$here|" "$here/nginx-contract.conf" > "$tmp/nginx.conf"
exec nginx -p "$tmp" -c "$tmp/nginx.conf" -e "$tmp/error.log" -g "daemon off; pid $tmp/nginx.pid;"
