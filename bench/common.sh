# Sourced by the bench scripts (bash): the checkout as working folder,
# $build (the script's first argument, else build/), $cli (its
# benchscope-cli, which must be built) and a scratch folder $work that is
# removed on exit. A script that also needs nginx calls start_nginx.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="${1:-build}"
cli="$build/bin/benchscope-cli"
[ -x "$cli" ] || { echo "build first: cmake --build $build --target benchscope-cli" >&2; exit 1; }
work=$(mktemp -d /tmp/benchscope-bench-XXXXXX)
nginx_pid=""
bench_cleanup() {
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap bench_cleanup EXIT

# start_nginx CPU: nginx (bench/nginx.conf: one worker, stub_status) pinned
# to core CPU on a free loopback port, serving bench/www; sets $url and
# waits until it answers.
start_nginx() {
  local nginx_bin port
  nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
  port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  sed -e "s|@PORT@|$port|g" -e "s|@ROOT@|$PWD/bench/www|g" -e "s|@TMP@|$work|g" bench/nginx.conf > "$work/nginx.conf"
  taskset -c "$1" "$nginx_bin" -p "$work" -c "$work/nginx.conf" &
  nginx_pid=$!
  url="http://127.0.0.1:$port"
  for _ in $(seq 100); do
    curl -sf -o /dev/null "$url/index.html" && return 0
    sleep 0.05
  done
  echo "nginx did not start: $(cat "$work/error.log" 2>/dev/null)" >&2
  exit 1
}
