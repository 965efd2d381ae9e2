#!/usr/bin/env bash
# ClickHouse's HTTP interface on 127.0.0.1:8123, served by the chDB library the project already installs
# (node_modules/@chdb/lib-linux-x64-gnu/libchdb.so, ClickHouse 26.7): clickhouse-local's
# `SYSTEM START LISTEN HTTP`, called through libchdb's chdb_query_cmdline from Python's ctypes
# (clickhouse/serve.py). No server package, no Docker, nothing downloaded.
# - Loopback only: the interface has no authentication (user `default`, no password).
# - Bounded lifetime: the process ends by itself after LOCAL_CLICKHOUSE_LIFETIME seconds (default 7200).
# - Fresh data on every up, under .run/clickhouse/data.
# usage: infra/local/clickhouse.sh up|down|env|status
#   LOCAL_CLICKHOUSE_PORT      HTTP port (default 8123)
#   LOCAL_CLICKHOUSE_LIFETIME  seconds before the server stops by itself (default 7200)
#   LOCAL_CLICKHOUSE_LIB       path of libchdb.so (default: the one under node_modules)
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" clickhouse

PORT="${LOCAL_CLICKHOUSE_PORT:-8123}"
LIFETIME="${LOCAL_CLICKHOUSE_LIFETIME:-7200}"
REPO_ROOT="$(cd "$LOCAL_DIR/../.." && pwd)"
SERVE="$LOCAL_DIR/clickhouse/serve.py"
PROC_MATCH="clickhouse/serve.py"
ENV_LINES=("CLICKHOUSE_URL=http://$HOST:$PORT")

probe() {
  [[ "$(curl -s -m 2 "http://$HOST:$PORT/ping")" == "Ok." ]]
}

# libchdb.so: LOCAL_CLICKHOUSE_LIB, else the @chdb/lib-linux-x64-gnu package npm installed (hoisted or
# under chdb's own node_modules).
chdb_lib() {
  first_path -f "${LOCAL_CLICKHOUSE_LIB:-}" \
    "$REPO_ROOT/node_modules/@chdb/lib-linux-x64-gnu/libchdb.so" \
    "$REPO_ROOT/node_modules/chdb/node_modules/@chdb/lib-linux-x64-gnu/libchdb.so"
}

do_up() {
  if engine_running && probe; then
    log "already running (pid $(read_pid "$PID_FILE")) on $HOST:$PORT"
    return 0
  fi
  local lib
  lib="$(chdb_lib)" || die "libchdb.so not found under $REPO_ROOT/node_modules/@chdb (run npm ci first, or set LOCAL_CLICKHOUSE_LIB)"
  command -v python3 >/dev/null 2>&1 || apt_install python3
  engine_running && do_down
  require_free_port "$PORT"
  rm -rf "$RUN_DIR"
  mkdir -p "$RUN_DIR/data"
  log "starting chDB's ClickHouse HTTP server on $HOST:$PORT for ${LIFETIME}s ($lib)"
  start_detached python3 "$SERVE" "$lib" "$PORT" "$RUN_DIR/data" "$LIFETIME"
  wait_ready 60 "ClickHouse /ping" "$(read_pid "$PID_FILE")" probe
  log "ready: http://$HOST:$PORT, ClickHouse $(curl -s -m 2 "http://$HOST:$PORT/?query=SELECT%20version()") (pid $(read_pid "$PID_FILE"))"
}

do_down() {
  stop_recorded_engine 10
}

main "$@"
