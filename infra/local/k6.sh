#!/usr/bin/env bash
# k6 (Grafana's load generator, a Go program) for the scripts in infra/k6/.
# Built once with `go install go.k6.io/k6@$K6_VERSION` from the Go module proxy into
# infra/local/.cache/k6 (GOPATH, GOBIN and GOCACHE all live there; ~3 min cold, 68 MB). Not a server:
# nothing to start or stop.
# usage: infra/local/k6.sh build|path|env|run <k6 args...>
#   build  build k6 if it is not cached yet
#   path   print the binary's path (exit 3 when it is not built)
#   env    print `export K6_BIN=...` (building first)
#   run    build if needed, then run k6: `run script.js [k6 run options]` is `k6 run ...`; a k6
#          command first (`run version`, `run inspect x.js`, `run run x.js`) is passed as given
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" k6

VERSION="${K6_VERSION:-v1.8.1}"
GOBIN_DIR="$CACHE_DIR/$VERSION/bin"
BIN="$GOBIN_DIR/k6"

ensure_binary() {
  [[ -x "$BIN" ]] && return 0
  mkdir -p "$CACHE_ROOT"
  exec 9>"$CACHE_ROOT/.k6.lock"
  flock -w 900 9 || die "could not take the k6 build lock"
  go_install "go.k6.io/k6@$VERSION" "first run only, ~3 min"
}

cmd="${1:-}"
case "$cmd" in
  build) ensure_binary ;;
  path)
    [[ -x "$BIN" ]] || exit 3
    echo "$BIN"
    ;;
  env)
    ensure_binary
    print_env "K6_BIN=$BIN"
    ;;
  run)
    shift
    ensure_binary
    case "${1:-}" in
      run | version | inspect | archive | cloud | new | login | pause | resume | scale | stats | status | help | completion | -h | --help | -v | --version)
        exec "$BIN" "$@"
        ;;
      *) exec "$BIN" run "$@" ;;
    esac
    ;;
  *)
    echo "usage: $0 build|path|env|run <k6 args...>" >&2
    exit 2
    ;;
esac
