#!/usr/bin/env bash
# stripe-mock (Stripe's OpenAPI-driven fake API, a Go program) on 127.0.0.1:12111 (HTTP) / 12112 (HTTPS).
# Built once with `go install` from the Go module proxy into infra/local/.cache/stripe-mock (GOPATH,
# GOBIN and GOCACHE all live there). It is stateless: it validates requests and answers fixtures.
# usage: infra/local/stripe-mock.sh up|down|env|status
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" stripe-mock

VERSION="${STRIPE_MOCK_VERSION:-v0.203.0}"
PORT="${LOCAL_STRIPE_MOCK_PORT:-12111}"
HTTPS_PORT="${LOCAL_STRIPE_MOCK_HTTPS_PORT:-12112}"
GOBIN_DIR="$CACHE_DIR/$VERSION/bin"
BIN="$GOBIN_DIR/stripe-mock"
PROC_MATCH="stripe-mock"
ENV_LINES=("STRIPE_MOCK_URL=http://$HOST:$PORT")

probe() {
  # Any HTTP answer will do (stripe-mock answers 401 without a key).
  curl -s -o /dev/null -w '%{http_code}' "http://$HOST:$PORT/v1/customers" | grep -qE '^[1-5][0-9][0-9]$'
}

ensure_binary() {
  go_install "github.com/stripe/stripe-mock@$VERSION" "first run only"
}

do_up() {
  if engine_running && probe; then
    log "already running (pid $(read_pid "$PID_FILE")) on $HOST:$PORT"
    return 0
  fi
  ensure_binary
  engine_running && do_down
  require_free_port "$PORT" "$HTTPS_PORT"
  rm -rf "$RUN_DIR"
  mkdir -p "$RUN_DIR"
  log "starting stripe-mock $VERSION on $HOST:$PORT"
  start_detached "$BIN" -http-addr "$HOST:$PORT" -https-addr "$HOST:$HTTPS_PORT"
  wait_ready 30 "stripe-mock HTTP" "$(read_pid "$PID_FILE")" probe
  log "ready: http://$HOST:$PORT (pid $(read_pid "$PID_FILE"))"
}

do_down() {
  stop_recorded_engine 10
}

main "$@"
