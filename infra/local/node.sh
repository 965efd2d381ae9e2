#!/usr/bin/env bash
# Node.js 24 LTS for machines whose `node` is older (these ship Node 20, end of life since 2026-04-30).
# The npm registry serves Node itself as the package node-linux-<arch> (a working binary inside the
# package): `npm pack` brings it into infra/local/.cache/node/<version>/ once, and `make` and .ci/run
# put its bin folder first on PATH. A machine whose own node already satisfies `engines` (>= 24.6)
# uses its own.
# usage: infra/local/node.sh bin|env
#   bin  print the folder to put first on PATH (nothing when the machine's node will do)
#   env  print `export PATH=...` for eval (nothing when the machine's node will do)
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" node

REPO_DIR="$(cd "$LOCAL_DIR/../.." && pwd)"
VERSION="${NODE_VERSION:-$(tr -d ' \n' <"$REPO_DIR/.node-version")}"
MIN_MAJOR=24
MIN_MINOR=6

# True when the given `node -v` output (v24.21.0) is at least MIN_MAJOR.MIN_MINOR.
recent_enough() {
  local major minor
  IFS=. read -r major minor _ <<<"${1#v}"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] || return 1
  ((major > MIN_MAJOR || (major == MIN_MAJOR && minor >= MIN_MINOR)))
}

ensure_binary() {
  local dir="$CACHE_DIR/v$VERSION"
  if [[ ! -x "$dir/bin/node" ]]; then
    local arch
    case "$(uname -m)" in
      x86_64) arch=x64 ;;
      aarch64 | arm64) arch=arm64 ;;
      *) die "no node-linux package for $(uname -m); install Node $VERSION yourself" ;;
    esac
    mkdir -p "$CACHE_ROOT"
    exec 9>"$CACHE_ROOT/.node.lock"
    flock -w 900 9 || die "could not take the Node download lock"
    if [[ ! -x "$dir/bin/node" ]]; then
      local tmp
      tmp="$(mktemp -d "$CACHE_ROOT/.node.XXXXXX")"
      (cd "$tmp" && npm pack --silent "node-linux-$arch@$VERSION" >/dev/null) ||
        die "npm pack node-linux-$arch@$VERSION failed (is the npm registry reachable?)"
      tar -xzf "$tmp"/node-linux-*.tgz -C "$tmp"
      mkdir -p "$CACHE_DIR"
      rm -rf "$dir"
      mv "$tmp/package" "$dir"
      rm -rf "$tmp"
    fi
  fi
  "$dir/bin/node" -v >/dev/null || die "$dir/bin/node does not run"
  echo "$dir/bin"
}

# The folder to put first on PATH, or nothing when the machine's node will do.
node_bin() {
  local current
  current="$(node -v 2>/dev/null || true)"
  if recent_enough "$current"; then return 0; fi
  local bin
  bin="$(ensure_binary)"
  printf 'Using Node v%s from the npm registry (%s); this machine has %s\n' \
    "$VERSION" "${bin#"$REPO_DIR"/}" "${current:-no node}" >&2
  echo "$bin"
}

case "${1:-}" in
  bin) node_bin ;;
  env)
    bin="$(node_bin)"
    if [[ -n "$bin" ]]; then printf 'export PATH=%q:"$PATH"\n' "$bin"; fi
    ;;
  *)
    echo "usage: $0 bin|env" >&2
    exit 2
    ;;
esac
