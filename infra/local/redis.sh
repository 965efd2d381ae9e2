#!/usr/bin/env bash
# Redis 7 from Debian, run by us (not the distro service) on 127.0.0.1:6390, no persistence.
# usage: infra/local/redis.sh up|down|env|status
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" redis

PORT="${LOCAL_REDIS_PORT:-6390}"
PROC_MATCH="redis-server"
ENV_LINES=("REDIS_URL=redis://$HOST:$PORT")

probe() {
  [[ "$(redis-cli -h "$HOST" -p "$PORT" ping 2>/dev/null)" == PONG ]]
}

do_up() {
  if engine_running && probe; then
    log "already running (pid $(read_pid "$PID_FILE")) on $HOST:$PORT"
    return 0
  fi
  if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
    apt_install redis-server
  fi
  engine_running && do_down
  require_free_port "$PORT"
  rm -rf "$RUN_DIR"
  mkdir -p "$RUN_DIR/data"
  log "starting redis-server on $HOST:$PORT"
  start_detached redis-server --bind "$HOST" --port "$PORT" --dir "$RUN_DIR/data" \
    --save '' --appendonly no --daemonize no --protected-mode yes --logfile ''
  wait_ready 30 "redis PING" "$(read_pid "$PID_FILE")" probe
  log "ready: redis://$HOST:$PORT (pid $(read_pid "$PID_FILE"))"
}

do_down() {
  stop_recorded_engine 20
}

main "$@"
